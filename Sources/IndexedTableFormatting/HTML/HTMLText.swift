/// Text made inert for HTML: escaped so that the parser can only ever make a text node
/// (or an attribute value) of it, and so that the text node holds the input exactly.
///
/// - `&`, `<`, `>`, `"` and `'` become character references, in text and in attribute
///   values alike, so nothing can open a tag, a comment, an attribute or an entity.
/// - CR becomes `&#13;`: HTML turns a raw CR (and CR LF) into LF before parsing.
/// - NUL cannot appear in an HTML document (the parser drops it from text); it becomes
///   U+FFFD REPLACEMENT CHARACTER, the only change ever made to the text.
package enum HTMLText {
    /// Appends the escaped form of some text to a UTF-8 buffer.
    /// - Parameters:
    ///   - text: The text to escape.
    ///   - output: The buffer to append to.
    package static func append(_ text: some StringProtocol, to output: inout [UInt8]) {
        var utf8 = Array(text.utf8)
        if utf8.isEmpty { return }
        utf8.withUnsafeMutableBufferPointer { bytes in
            var runStart = 0
            for index in bytes.indices {
                let replacement: StaticString
                switch bytes[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                case 0x0D: replacement = "&#13;"
                case 0x00: replacement = "\u{FFFD}"
                default: continue
                }
                output.append(contentsOf: bytes[runStart..<index])
                replacement.withUTF8Buffer { output.append(contentsOf: $0) }
                runStart = index + 1
            }
            output.append(contentsOf: bytes[runStart...])
        }
    }

    /// Returns the escaped form of some text.
    /// - Parameter text: The text to escape.
    /// - Returns: Text safe to place between tags or inside a quoted attribute value.
    package static func escaped(_ text: some StringProtocol) -> String {
        var output = [UInt8]()
        append(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }
}
