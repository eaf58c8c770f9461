/// One value per record, as UTF-8 byte ranges into one buffer: the fast way to hand a key
/// column of a large file to a collator without making a `String` per record.
public struct FieldValues: Sendable {
    /// The decoded values, back to back.
    public let bytes: [UInt8]
    /// The `i`-th record's value in ``bytes``; an empty range when the record lacks it.
    public let ranges: [Range<Int>]

    /// Creates values from a buffer and one range per record.
    /// - Parameters:
    ///   - bytes: The values' bytes.
    ///   - ranges: One range into `bytes` per record.
    public init(bytes: [UInt8], ranges: [Range<Int>]) {
        self.bytes = bytes
        self.ranges = ranges
    }

    /// The `i`-th value as a string.
    /// - Parameter index: A record index.
    /// - Returns: The decoded value (empty when the record lacks it).
    public func string(at index: Int) -> String {
        String(decoding: bytes[ranges[index]], as: UTF8.self)
    }
}
