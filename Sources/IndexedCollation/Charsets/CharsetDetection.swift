/// The charset of text that is not UTF-8, guessed by ICU's charset detector with a
/// locale's language as the hint.
///
/// The policy: a candidate counts only if it decodes the whole input without an error or
/// a C1 control character. A candidate the detector is sure of (confidence at least
/// ``certainConfidence``, or ``unhintedConfidence`` when the locale gives no hint) wins;
/// else the first candidate whose charset is one the locale's
/// language is written in (`ja`: Shift_JIS, EUC-JP, ISO-2022-JP; `ko`: EUC-KR; `zh`:
/// GB18030, Big5; `ru`: Windows-1251, KOI8-R; `de`, `en`, `fr`, `sv`…: Windows-1252…; a
/// single-byte one only when at least 70% of the bytes above 0x7F are in 0xC0–0xFF, where
/// those charsets keep their letters);
/// else nothing is chosen, and the caller reports the candidates instead of garbling the
/// text. Detected charsets are read with their Windows supersets (Shift_JIS as
/// windows-31j (CP932), EUC-KR as windows-949 (CP949), Big5 as windows-950, ISO-8859-1 as
/// windows-1252), which is what Excel and Outlook write.
///
/// The corresponding ICU API is `ucsdet_detectAll`.
public struct CharsetDetection: Sendable, Equatable {
    /// One charset the detector considered.
    public struct Candidate: Sendable, Equatable {
        /// The charset name as ICU's detector reports it (`Shift_JIS`, `EUC-KR`).
        public var name: String
        /// The language the detector associates with the match (may be empty).
        public var language: String
        /// The detector's confidence, 0–100.
        public var confidence: Int
    }

    /// Every candidate, best first.
    public let candidates: [Candidate]
    /// The converter name chosen (a superset of the detected charset), or `nil` when no
    /// candidate is certain enough.
    public let charset: String?
    /// The input decoded with ``charset`` (so it is converted once), or `nil`.
    public let utf8: [UInt8]?

    /// A detector confidence that wins over the locale's hint.
    public static let certainConfidence = 80
    /// A detector confidence that wins when the locale gives no hint (root, or a language
    /// without a table entry).
    public static let unhintedConfidence = 50

    /// Guesses the charset of `bytes`.
    /// - Parameters:
    ///   - bytes: Input that is not valid UTF-8 and has no byte order mark.
    ///   - language: The locale's language subtag (`ja`, `ko`), or `nil` for no hint.
    /// - Returns: The candidates, the choice (if any) and the decoded text.
    /// - Complexity: O(*n*) per candidate tried; the detector sees at most 256 KiB.
    public static func detect(_ bytes: [UInt8], language: String?) -> CharsetDetection {
        let candidates = bytes.withUnsafeBufferPointer { rawCandidates(sample(of: $0)) }
        let hinted = language.map { hintedCharsets[$0] ?? [] } ?? []
        var decoded: [String: [UInt8]?] = [:]
        func decoding(_ candidate: Candidate) -> [UInt8]? {
            let name = readingName(of: candidate.name)
            if let known = decoded[name] { return known }
            var result: [UInt8]? = try? CharsetConversion.utf8(from: bytes, charset: name)
            if let text = result, hasC1Control(text) { result = nil }
            decoded[name] = result
            return result
        }
        let plausible = candidates.filter { !$0.name.hasPrefix("UTF-") || bytes.contains(0) }
        let threshold = hinted.isEmpty ? unhintedConfidence : certainConfidence
        if let top = plausible.first, top.confidence >= threshold, let text = decoding(top) {
            return CharsetDetection(candidates: candidates, charset: readingName(of: top.name), utf8: text)
        }
        let lettersInUpperHalf = upperHalfLetterShare(bytes)
        for candidate in plausible where hinted.contains(candidate.name) || (language != nil && candidate.language == language) {
            // The locale's single-byte charset must look like letters (Shift_JIS bytes also
            // decode as Windows-1252, into “Ž‚ƒ punctuation).
            if isSingleByte(candidate.name) && lettersInUpperHalf < 0.7 { continue }
            if let text = decoding(candidate) {
                return CharsetDetection(candidates: candidates, charset: readingName(of: candidate.name), utf8: text)
            }
        }
        // The locale's charsets the detector did not list (it lists few for short text).
        for name in hinted where !candidates.contains(where: { $0.name == name }) {
            if isSingleByte(name) && lettersInUpperHalf < 0.7 { continue }
            let candidate = Candidate(name: name, language: language ?? "", confidence: 0)
            if let text = decoding(candidate) {
                return CharsetDetection(candidates: candidates, charset: readingName(of: name), utf8: text)
            }
        }
        return CharsetDetection(candidates: candidates, charset: nil, utf8: nil)
    }

    /// The converter a detected charset is read with: the Windows superset that exporters
    /// actually write.
    static func readingName(of detected: String) -> String {
        switch detected {
        case "Shift_JIS": "windows-31j"
        case "EUC-KR": "windows-949"
        case "Big5": "windows-950"
        case "ISO-8859-1": "windows-1252"
        case "GB2312": "GB18030"
        default: detected
        }
    }

    /// The charsets each language is commonly written in, as the detector names them.
    static let hintedCharsets: [String: [String]] = {
        var table: [String: [String]] = [
            "ja": ["Shift_JIS", "EUC-JP", "ISO-2022-JP"], "ko": ["EUC-KR", "ISO-2022-KR"],
            "zh": ["GB18030", "Big5", "ISO-2022-CN"], "yue": ["Big5", "GB18030"],
            "el": ["windows-1253", "ISO-8859-7"], "he": ["windows-1255", "ISO-8859-8"], "ar": ["windows-1256", "ISO-8859-6"],
            "tr": ["windows-1254", "ISO-8859-9"],
            // ICU's detector has no Thai recognizer: a Thai file must not pass as Windows-1252.
            "th": ["windows-874"],
        ]
        for language in ["ru", "uk", "bg", "be", "mk", "sr"] { table[language] = ["windows-1251", "KOI8-R", "ISO-8859-5", "IBM866"] }
        for language in ["cs", "sk", "pl", "hu", "sl", "hr", "ro", "bs"] { table[language] = ["windows-1250", "ISO-8859-2"] }
        for language in [
            "en", "de", "fr", "es", "it", "pt", "nl", "sv", "da", "nb", "nn", "no", "fi", "is", "ca", "ga", "gl", "eu", "af", "id", "ms",
            "sw",
        ] {
            table[language] = ["windows-1252", "ISO-8859-1"]
        }
        return table
    }()

    /// At most 256 KiB for the detector, starting shortly before the first non-ASCII byte
    /// (a long ASCII header says nothing about the charset).
    static func sample(of bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        let limit = 256 << 10
        guard bytes.count > limit else { return bytes }
        let firstHigh = bytes.firstIndex(where: { $0 >= 0x80 || $0 == 0 }) ?? 0
        let start = max(0, min(firstHigh - 1024, bytes.count - limit))
        return UnsafeBufferPointer(rebasing: bytes[start..<(start + limit)])
    }

    /// The detector's matches, best first.
    static func rawCandidates(_ bytes: UnsafeBufferPointer<UInt8>) -> [Candidate] {
        ICUCharsets.detect(bytes).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 3, let confidence = Int(parts[2]) else { return nil }
            return Candidate(name: String(parts[0]), language: String(parts[1]), confidence: confidence)
        }
    }

    /// Whether a charset is one of the single-byte ones whose letters lie in 0xC0–0xFF
    /// (Windows-125x, ISO-8859-x, KOI8).
    static func isSingleByte(_ name: String) -> Bool {
        name.hasPrefix("windows-125") || name.hasPrefix("ISO-8859") || name.hasPrefix("KOI8")
    }

    /// The share of bytes at or above 0x80 that lie in 0xC0–0xFF, where the single-byte
    /// charsets keep their letters (accented Latin, Cyrillic, Greek, Hebrew, Arabic); text
    /// in a double-byte charset has most of its bytes below (lead bytes 0x81–0x9F, trail
    /// bytes from 0x40). 1 when there is no such byte.
    static func upperHalfLetterShare(_ bytes: [UInt8]) -> Double {
        var high = 0
        var letters = 0
        for byte in bytes where byte >= 0x80 {
            high += 1
            if byte >= 0xC0 && byte != 0xD7 && byte != 0xF7 { letters += 1 }
        }
        return high == 0 ? 1 : Double(letters) / Double(high)
    }

    /// Whether decoded text holds a C1 control (U+0080–U+009F), which no address book
    /// means: the sign of a wrong single-byte charset.
    static func hasC1Control(_ utf8: [UInt8]) -> Bool {
        var index = 0
        while index + 1 < utf8.count {
            if utf8[index] == 0xC2 && utf8[index + 1] >= 0x80 && utf8[index + 1] <= 0x9F { return true }
            index += 1
        }
        return false
    }
}
