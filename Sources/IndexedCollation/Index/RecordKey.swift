/// One sort key of a record: the text shown, and optionally the reading that files and
/// orders it in its place (furigana, pinyin, a "sort as" value).
///
/// When the reading is present and non-empty it decides the section and the order, and
/// the text breaks ties; otherwise the text does both.
///
/// ```swift
/// let key = RecordKey("佐藤", reading: "さとう")  // files under さ in ja_JP
/// let plain: RecordKey = "김민준"                  // files under ㄱ in ko_KR
/// ```
public struct RecordKey: Hashable, Codable, Sendable, ExpressibleByStringLiteral {
    /// The key as shown, such as a family name.
    public var text: String
    /// The key's reading, or `nil` when it has none.
    public var reading: String?

    /// A key and its optional reading.
    /// - Parameters:
    ///   - text: The key as shown.
    ///   - reading: Its reading (furigana, pinyin, a "sort as" value), or `nil`.
    @inlinable
    public init(_ text: String, reading: String? = nil) {
        self.text = text
        self.reading = reading
    }

    /// A key without a reading, from a string literal.
    /// - Parameter value: The key as shown.
    @inlinable
    public init(stringLiteral value: String) {
        self.init(value)
    }
}
