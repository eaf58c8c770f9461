/// Text in any charset ICU has a converter for (Shift_JIS, CP932, EUC-KR, CP949, GB18030,
/// Big5, KOI8-R, Windows-125x, UTF-16…), decoded to UTF-8.
///
/// ```swift
/// let utf8 = try CharsetConversion.utf8(from: shiftJISBytes, charset: "SHIFT_JIS")
/// ```
/// The corresponding ICU API is `ucnv_convertEx` (to a UTF-8 converter); the names are
/// ICU's converter names and aliases (`ucnv_open`).
public enum CharsetConversion {
    /// The canonical name of a charset spelling, or `nil` when ICU has no converter of
    /// that name.
    /// - Parameter name: A charset name or alias, in any case (`shift_jis`, `CP949`).
    /// - Returns: ICU's canonical converter name.
    public static func canonicalName(of name: String) -> String? {
        ICUCharsets.canonicalName(converterName(for: name))
    }

    /// The ICU converter a charset spelling opens: Windows code page numbers (`CP949`,
    /// `cp-950`, `MS874`, `CP1252`) name Microsoft's tables (`windows-949`…), not the IBM
    /// tables ICU's own aliases give them (ICU's `CP949` is `ibm-949`, which has no
    /// Hangul beyond EUC-KR's and reads `0x81 0x41` as `¬A`; its `CP950` lacks `€`), since a
    /// file called CP949 or CP950 is one Windows wrote. Any other name is ICU's, as given.
    /// - Parameter name: A charset name or alias, in any case.
    /// - Returns: The name to open.
    static func converterName(for name: String) -> String {
        var digits = Substring(name.uppercased())
        guard digits.hasPrefix("CP") || digits.hasPrefix("MS") else { return name }
        digits = digits.dropFirst(2)
        if digits.first == "-" || digits.first == "_" { digits = digits.dropFirst() }
        guard let page = windowsCodePages[String(digits)] else { return name }
        return page
    }

    /// Windows code pages by number: the Windows table ICU has for each (CP932 is
    /// windows-31j, which ICU's alias already opens; it is listed so every CJK page reads
    /// alike).
    static let windowsCodePages: [String: String] = {
        var table = ["874": "windows-874", "932": "windows-31j", "936": "windows-936", "949": "windows-949", "950": "windows-950"]
        for page in 1250...1258 { table[String(page)] = "windows-\(page)" }
        return table
    }()

    /// Whether a charset name is UTF-8 (or US-ASCII, its subset): bytes in it need no
    /// conversion, only checking.
    /// - Parameter name: A charset name.
    /// - Returns: `true` for UTF-8, UTF8, US-ASCII and ASCII in any case.
    public static func isUTF8(_ name: String) -> Bool {
        ["UTF-8", "UTF8", "US-ASCII", "ASCII"].contains(name.uppercased())
    }

    /// Decodes bytes in a charset to UTF-8.
    /// - Parameters:
    ///   - bytes: The encoded bytes.
    ///   - charset: An ICU converter name or alias.
    ///   - replacing: Whether undecodable sequences become U+FFFD instead of an error.
    /// - Returns: The text as UTF-8.
    /// - Throws: ``CharsetConversionError`` for an unknown charset, or (unless
    ///   `replacing`) with the offset of the first undecodable sequence.
    /// - Complexity: O(*n*).
    public static func utf8(from bytes: [UInt8], charset: String, replacing: Bool = false) throws(CharsetConversionError) -> [UInt8] {
        try bytes.withUnsafeBufferPointer { (buffer) throws(CharsetConversionError) in
            try utf8(from: buffer, charset: charset, replacing: replacing)
        }
    }

    /// Decodes bytes in a charset to UTF-8, from a buffer (as the array form does).
    /// - Parameters:
    ///   - bytes: The encoded bytes.
    ///   - charset: An ICU converter name or alias.
    ///   - replacing: Whether undecodable sequences become U+FFFD instead of an error.
    /// - Returns: The text as UTF-8.
    /// - Throws: ``CharsetConversionError``.
    /// - Complexity: O(*n*).
    public static func utf8(from bytes: UnsafeBufferPointer<UInt8>, charset: String, replacing: Bool = false) throws(CharsetConversionError)
        -> [UInt8]
    {
        guard bytes.count < Int(Int32.max) / 4 else { throw CharsetConversionError(charset: charset, offset: Int(Int32.max) / 4) }
        // Three UTF-8 bytes per input byte covers every single- and double-byte charset.
        var capacity = bytes.count * 3 + 16
        while true {
            var output = [UInt8](repeating: 0, count: capacity)
            let (written, status, errorOffset) = output.withUnsafeMutableBufferPointer {
                ICUCharsets.toUTF8(bytes, charset: converterName(for: charset), replacing: replacing, into: $0)
            }
            if status == bufferOverflow && capacity < Int(Int32.max) / 2 {
                capacity *= 2
                continue
            }
            if status > 0 {
                throw CharsetConversionError(charset: charset, offset: errorOffset >= 0 ? Int(errorOffset) : nil)
            }
            output.removeSubrange(written...)
            return output
        }
    }

    /// Whether text in a charset can be cut and scanned as bytes before it is decoded:
    /// every byte 0x09, 0x0A, 0x0D and 0x20–0x7E is that ASCII character, in every state
    /// of the charset. False for UTF-16 and UTF-32, EBCDIC, UTF-7 (its `+` starts base64),
    /// and the charsets that shift into double-byte text with escapes or shift bytes, whose
    /// bytes then hold `"` and `,` (ISO-2022-JP/KR/CN, HZ, SCSU); true for ASCII supersets
    /// (Shift_JIS, EUC-KR, GB18030, Big5, Windows-125x, UTF-8).
    /// - Parameter name: A charset name ICU knows.
    /// - Returns: Whether the charset keeps ASCII bytes as ASCII.
    public static func isASCIITransparent(_ name: String) -> Bool {
        let ascii: [UInt8] = [0x09, 0x0A, 0x0D] + Array(0x20...0x7E)
        guard (try? utf8(from: ascii, charset: name, replacing: true)) == ascii else { return false }
        // After each known shift (ISO-2022 designations, ISO-2022-KR's SO, HZ's ~{, UTF-7's
        // +), the same bytes must still be the same characters.
        let probe = Array("\",\t\r\n".utf8)
        return shiftProbes.allSatisfy { shift in
            guard let text = try? utf8(from: shift + probe, charset: name, replacing: true) else { return false }
            return text.count >= probe.count && Array(text.suffix(probe.count)) == probe
        }
    }

    /// Byte sequences that shift a stateful charset out of ASCII (see ``isASCIITransparent(_:)``).
    static let shiftProbes: [[UInt8]] = [
        [0x1B, 0x24, 0x42], [0x1B, 0x24, 0x40], [0x1B, 0x24, 0x28, 0x44], [0x1B, 0x24, 0x41], [0x1B, 0x24, 0x29, 0x43, 0x0E],
        [0x1B, 0x24, 0x29, 0x41, 0x0E], [0x0E], [0x7E, 0x7B], [0x2B],
    ]

    /// ICU's `U_BUFFER_OVERFLOW_ERROR`.
    static let bufferOverflow: Int32 = 15

    /// The charset a byte order mark at the start of `bytes` names, and the mark's length.
    /// - Parameter bytes: The start of an input.
    /// - Returns: `UTF-8`, `UTF-16LE`, `UTF-16BE`, `UTF-32LE` or `UTF-32BE` with the number
    ///   of bytes of the mark, or `nil` without one.
    public static func byteOrderMark(of bytes: some Collection<UInt8>) -> (charset: String, length: Int)? {
        let head = Array(bytes.prefix(4))
        if head.starts(with: [0xEF, 0xBB, 0xBF]) { return ("UTF-8", 3) }
        if head.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return ("UTF-32LE", 4) }
        if head.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return ("UTF-32BE", 4) }
        if head.starts(with: [0xFF, 0xFE]) { return ("UTF-16LE", 2) }
        if head.starts(with: [0xFE, 0xFF]) { return ("UTF-16BE", 2) }
        return nil
    }
}

/// Bytes that a charset cannot decode, or a charset ICU does not know.
public struct CharsetConversionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The charset tried, as given.
    public var charset: String
    /// The offset of the first byte that could not be decoded, or `nil` when the charset
    /// itself is unknown.
    public var offset: Int?

    /// Creates an error.
    /// - Parameters:
    ///   - charset: The charset tried.
    ///   - offset: The offset of the first undecodable byte, or `nil` for an unknown charset.
    public init(charset: String, offset: Int?) {
        self.charset = charset
        self.offset = offset
    }

    /// A sentence saying what went wrong.
    public var description: String {
        guard let offset else { return "no converter is called '\(charset)'" }
        return "the bytes at offset \(offset) are not valid \(charset)"
    }
}
