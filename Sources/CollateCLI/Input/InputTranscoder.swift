import IndexedCollation
import ContactRecords

/// Turns an input in any charset into UTF-8 once, before it is read (`--encoding`).
///
/// The policy (DESIGN.md, "Text encodings"): a byte order mark decides (UTF-8, UTF-16,
/// UTF-32); else a named charset converts; else, under `auto`, valid UTF-8 is taken as it
/// is (no ICU call: the fast path) and anything else is given to ICU's charset detector
/// with the locale's language as the hint; a guess it is not sure of is an error that names
/// the candidates. A vCard file in a single-byte or double-byte charset is not converted
/// as a whole: its charset becomes the default of the values that declare no `CHARSET=`,
/// so each value is decoded by its own charset and `--format vcard` keeps each card's bytes.
struct InputTranscoder {
    /// What `--encoding` asks for.
    var encoding: InputEncoding
    /// The locale's language, the detector's hint.
    var language: String?
    /// Whether undecodable bytes become U+FFFD (`--invalid replace`).
    var replacing: Bool

    /// The input as the readers take it.
    struct Decoded {
        /// UTF-8 (or, for a vCard file in a byte charset, the bytes as read).
        var bytes: [UInt8]
        /// For vCard input: the charset of values that declare none, or nil.
        var defaultCharset: String?
        /// Whether ``defaultCharset`` was guessed (`auto`), so that it decodes only values
        /// that are not UTF-8 (and every value of a 7-bit stateful charset).
        var defaultCharsetIsGuess = false
        /// For vCard input under `auto` that is not all UTF-8: whether the charset of the
        /// values that declare none is to be detected if any such value is not UTF-8
        /// (most such files declare `CHARSET=` on every value, and need no detection).
        var detectsDefaultCharset = false
        /// Whether ``bytes`` were checked as UTF-8 without NUL here (the readers need not
        /// check them again).
        var isCheckedUTF8 = false
    }

    /// Converts `input` as the encoding says.
    /// - Parameters:
    ///   - input: The input's bytes.
    ///   - name: The input's name for errors.
    ///   - keepsByteCharset: Whether a byte charset is left to the reader (vCard).
    /// - Throws: ``InputError`` naming the line, the charset tried and what to do.
    func decode(_ input: [UInt8], name: String, keepsByteCharset: Bool) throws(InputError) -> Decoded {
        if let mark = CharsetConversion.byteOrderMark(of: input), mark.charset != "UTF-8" {
            return Decoded(bytes: try convert(Array(input[mark.length...]), charset: mark.charset, name: name, skipped: mark.length))
        }
        switch encoding {
        case .named(let charset):
            if charset.isUTF8 { return Decoded(bytes: input) }
            if keepsByteCharset && !charset.isWide { return Decoded(bytes: input, defaultCharset: charset.name) }
            return Decoded(bytes: try convert(input, charset: charset.name, name: name, skipped: 0))
        case .auto:
            guard let problem = input.withUnsafeBufferPointer({ UTF8Validation.firstProblem(in: $0)?.offset }) else {
                if let escape = Self.stateful7BitEscape(in: input) {
                    // ISO-2022 text is valid UTF-8 but never meant as it. A vCard's values
                    // that declare no charset take the one its escapes name (ASCII values
                    // only: see VCardRecords.defaultCharsetIsGuess); other input is refused.
                    guard keepsByteCharset else { throw Self.statefulInputError(name: name, input: input, escape: escape) }
                    return Decoded(bytes: input, defaultCharset: escape.charset, defaultCharsetIsGuess: true, isCheckedUTF8: true)
                }
                return Decoded(bytes: input, isCheckedUTF8: true)
            }
            // NUL bytes in a vCard file's text: UTF-16 or UTF-32 without a byte order mark,
            // which must be converted as a whole; otherwise the values decode one by one.
            // Binary values (a 2.1 PHOTO's raw JPEG, NULs included) are no clue either way.
            let text = keepsByteCharset ? VCardRecords.textPropertyBytes(of: input) : input
            if keepsByteCharset && !text.contains(0) { return Decoded(bytes: input, detectsDefaultCharset: true) }
            let detection = CharsetDetection.detect(text, language: language)
            if keepsByteCharset, let charset = detection.charset, (try? Charset(charset))?.isWide != true {
                return Decoded(bytes: input, defaultCharset: charset, defaultCharsetIsGuess: true)
            }
            if let utf8 = detection.utf8 { return Decoded(bytes: utf8) }
            if replacing { return Decoded(bytes: input) }
            let candidates = detection.candidates.prefix(5).map {
                "\($0.name)\($0.language.isEmpty ? "" : " (\($0.language))") \($0.confidence)%"
            }
            let (line, column) = Self.position(of: problem, in: input)
            throw InputError(
                file: name, line: line,
                message: "not UTF-8 (byte 0x\(String(input[problem], radix: 16, uppercase: true)) at byte \(column) of the line), "
                    + "and the charset cannot be told with confidence"
                    + (candidates.isEmpty ? "" : " (candidates: \(candidates.joined(separator: ", ")))")
                    + "; give it with --encoding NAME (e.g. --encoding CP932, CP949, GB18030, WINDOWS-1252), or a --locale "
                    + "whose language it is written in, or use --invalid replace")
        }
    }

    /// The first ISO-2022 designation of a double-byte set in `input`: its offset and the
    /// charset it belongs to (`ESC $ B`, `ESC $ @`, `ESC $ ( D`: ISO-2022-JP; `ESC $ ) C`:
    /// ISO-2022-KR; `ESC $ A`, `ESC $ ) A`, `ESC $ ) G`, `ESC $ * H`: ISO-2022-CN), or nil.
    /// Terminal colours (`ESC [`) and single-byte designations are not one.
    static func stateful7BitEscape(in input: [UInt8]) -> (offset: Int, charset: String)? {
        var from = 0
        while let escape = input[from...].firstIndex(of: 0x1B) {
            from = escape + 1
            guard escape + 2 < input.count, input[escape + 1] == UInt8(ascii: "$") else { continue }
            let final = escape + 3 < input.count ? input[escape + 3] : 0
            switch input[escape + 2] {
            case UInt8(ascii: "@"), UInt8(ascii: "B"): return (escape, "ISO-2022-JP")
            case UInt8(ascii: "A"): return (escape, "ISO-2022-CN")
            case UInt8(ascii: "("): if final == UInt8(ascii: "D") || final == UInt8(ascii: "B") { return (escape, "ISO-2022-JP") }
            case UInt8(ascii: ")"):
                if final == UInt8(ascii: "C") { return (escape, "ISO-2022-KR") }
                if final == UInt8(ascii: "A") || final == UInt8(ascii: "G") || final == UInt8(ascii: "E") { return (escape, "ISO-2022-CN") }
            case UInt8(ascii: "*"), UInt8(ascii: "+"): return (escape, "ISO-2022-CN")
            default: break
            }
        }
        return nil
    }

    /// The error for input under `auto` that is valid UTF-8 but written in a 7-bit
    /// stateful charset (its escape at `escape`): read as UTF-8, its shifted bytes (which
    /// hold `"` and `,`) would break fields and rows.
    static func statefulInputError(name: String, input: [UInt8], escape: (offset: Int, charset: String)) -> InputError {
        let (line, column) = position(of: escape.offset, in: input)
        return InputError(
            file: name, line: line,
            message: "the input looks like \(escape.charset): an escape sequence (ESC $) at byte \(column) of the line shifts to "
                + "double-byte text, which is not UTF-8; give the charset with --encoding \(escape.charset)")
    }

    /// The charset ICU's detector picks for `input` (hinted by the locale), or nil.
    func detectedCharset(of input: [UInt8]) -> String? {
        CharsetDetection.detect(input, language: language).charset
    }

    /// The whole input converted from `charset`, or an error at the first bad byte.
    private func convert(_ bytes: [UInt8], charset: String, name: String, skipped: Int) throws(InputError) -> [UInt8] {
        do {
            return try CharsetConversion.utf8(from: bytes, charset: charset, replacing: replacing)
        } catch {
            guard let offset = error.offset else {
                throw InputError(file: name, message: "no converter is called '\(charset)'; give a charset ICU knows with --encoding NAME")
            }
            // The line: the text before the bad bytes, decoded, counted in line feeds.
            let before = (try? CharsetConversion.utf8(from: Array(bytes[..<offset]), charset: charset, replacing: true)) ?? []
            let line = 1 + before.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            let byte = offset < bytes.count ? " (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)))" : ""
            throw InputError(
                file: name, line: line,
                message: "not valid \(charset) at offset \(offset + skipped) of the file\(byte); give the file's charset with "
                    + "--encoding NAME (--encoding auto guesses it), or use --invalid replace to keep going with U+FFFD")
        }
    }

    /// The 1-based line of byte `offset` and its byte offset in that line.
    static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var start = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            start = index + 1
        }
        return (line, offset - start)
    }
}

/// `ContactRecords`' charset seam, backed by ICU's converters through `IndexedCollation`
/// (the only module that calls ICU): any ICU converter name or alias decodes.
struct ICUCharsetDecoder: CharsetDecoding {
    func utf8(from bytes: [UInt8], charset: String, replacing: Bool) throws(CharsetDecodingFailure) -> [UInt8] {
        do {
            return try CharsetConversion.utf8(from: bytes, charset: charset, replacing: replacing)
        } catch {
            throw CharsetDecodingFailure(offset: error.offset)
        }
    }
}
