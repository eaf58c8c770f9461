/// How a vCard reader decodes values that are not UTF-8: the converter, the charset of
/// values that declare none, and what to do with bytes that still do not decode.
struct VCardCharsets: Sendable {
    /// The converter for declared charsets, or nil (then only UTF-8 and ISO-8859-1 read).
    var decoder: (any CharsetDecoding)?
    /// The charset of values without `CHARSET=`, or nil (see ``undeclaredCharset(of:validUTF8:)``).
    var defaultCharset: String?
    /// Whether ``defaultCharset`` is the file's own charset (`--encoding NAME`), which
    /// decodes every value without `CHARSET=`, rather than a guess for the values that
    /// are not UTF-8.
    var defaultIsFileCharset = true
    /// What to do with undecodable bytes.
    var invalidUTF8: InvalidUTF8Handling

    /// The charset a value without `CHARSET=` is decoded in, or nil when it is read as
    /// UTF-8: the file's charset always (bytes of Shift_JIS half-width kana or EUC-KR
    /// Hangul may happen to be valid UTF-8: `ﾅｶ` is `Ŷ`); a guessed charset only for bytes
    /// that are not UTF-8 — except a 7-bit stateful one (ISO-2022-JP, HZ, UTF-7), whose
    /// text is ASCII bytes, always valid UTF-8 and never meant as it (UTF-8 beyond ASCII
    /// cannot be in it, and stays UTF-8).
    ///
    /// ASCII needs no decoding in a charset that is not stateful: the card's own ASCII
    /// structure (`BEGIN:VCARD`, property names) shows that the charset keeps ASCII.
    /// - Parameters:
    ///   - bytes: The value's bytes (or a whole content line's).
    ///   - validUTF8: Whether they are valid UTF-8.
    func undeclaredCharset(of bytes: some Collection<UInt8>, validUTF8: Bool) -> String? {
        guard let defaultCharset else { return nil }
        if !validUTF8 { return defaultCharset }
        let ascii = !bytes.contains(where: { $0 >= 0x80 })
        if Self.isSevenBitStateful(defaultCharset) { return ascii || defaultIsFileCharset ? defaultCharset : nil }
        return defaultIsFileCharset && !ascii ? defaultCharset : nil
    }

    /// Whether valid UTF-8 without a charset of its own may still be decoded (the card's
    /// text must then be decoded line by line).
    var decodesValidUTF8: Bool {
        guard let defaultCharset else { return false }
        return defaultIsFileCharset || Self.isSevenBitStateful(defaultCharset)
    }

    /// Whether a charset writes its text in 7-bit bytes with shifts or escapes (the
    /// ISO-2022 family, HZ, UTF-7): text in it is valid ASCII, so valid UTF-8 says nothing.
    static func isSevenBitStateful(_ charset: String) -> Bool {
        let name = charset.uppercased().filter { $0.isLetter || $0.isNumber }
        return name.contains("2022") || name.hasPrefix("HZ") || name == "UTF7" || name.hasPrefix("CSISO2022") || name == "JIS"
    }

    /// Decodes one value (or a whole content line) in `charset`.
    /// - Parameters:
    ///   - declared: Whether the charset is the value's own `CHARSET=` (else the default).
    /// - Throws: ``RecordError`` naming the line, the charset and what to do.
    func decode(_ bytes: [UInt8], charset: String, line: Int, what: String, declared: Bool) throws(RecordError) -> [UInt8] {
        let source = declared ? "CHARSET=\(charset)" : "the charset \(charset)"
        guard let decoder else {
            if VCardValueDecoding.latin1Names.contains(charset.uppercased()) {
                return Array(String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) })).utf8)
            }
            if !bytes.contains(where: { $0 >= 0x80 || $0 == 0 }) { return bytes }
            throw RecordError(
                line: line,
                message: "\(what) is in \(source), and this reader has no charset decoder; expected UTF-8 or ISO-8859-1 "
                    + "(give the reader a CharsetDecoding, as the collate command does)")
        }
        do {
            return try decoder.utf8(from: bytes, charset: charset, replacing: invalidUTF8 == .replace)
        } catch {
            guard let offset = error.offset else {
                throw RecordError(
                    line: line,
                    message: "\(what) is in \(source), which no converter knows; expected a charset name such as SHIFT_JIS, "
                        + "EUC-KR, GB18030, BIG5 or WINDOWS-1252 (fix the name, or give the right one with --encoding NAME)")
            }
            let byte = offset < bytes.count ? " (byte 0x\(String(bytes[offset], radix: 16, uppercase: true)))" : ""
            throw RecordError(
                line: line,
                message: "the value of \(what) is not valid in \(source) at byte \(offset) of the value\(byte); "
                    + "the file may be in another charset (give it with --encoding NAME) or damaged (use --invalid replace to keep going)")
        }
    }
}
