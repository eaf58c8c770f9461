/// Many strings copied once into one UTF-8 byte buffer, each known by its byte range: the
/// engine's input shape, built from `String` keys without a per-string array.
struct UTF8Buffer {
    /// The bytes of every appended string, back to back.
    private(set) var bytes: [UInt8] = []

    /// Appends a string.
    /// - Parameter text: The string.
    /// - Returns: Its range in ``bytes``.
    mutating func append(_ text: String) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        return start..<bytes.count
    }
}
