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
