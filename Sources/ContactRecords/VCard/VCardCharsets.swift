/// How a vCard reader decodes values that are not UTF-8: the converter, the charset of
/// values that declare none, and what to do with bytes that still do not decode.
struct VCardCharsets: Sendable {
    /// The converter for declared charsets, or nil (then only UTF-8 and ISO-8859-1 read).
    var decoder: (any CharsetDecoding)?
    /// The charset of values without `CHARSET=` that are not UTF-8, or nil.
    var defaultCharset: String?
    /// What to do with undecodable bytes.
    var invalidUTF8: InvalidUTF8Handling

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
