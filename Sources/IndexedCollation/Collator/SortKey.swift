/// A collation sort key: bytes whose plain byte order (memcmp) is the collator's order.
///
/// Keys from the same ``Collator`` compare like the strings they came from; keys from
/// different collators, options or ICU versions must not be mixed (see
/// ``Collator/version``). Store them as binary (`bytea`, `BINARY`) to sort in a database
/// exactly as the collator would.
public struct SortKey: Sendable, Hashable, Comparable {
    /// The key bytes, without ICU's terminating zero byte.
    public let bytes: [UInt8]

    /// Wraps sort key bytes, such as ones read back from storage.
    ///
    /// - Parameter bytes: Bytes of a key made by a ``Collator`` (without ICU's terminating
    ///   zero), or by ``LocalizedIndexedCollation/storageKeys(for:by:reading:positionOffset:)``.
    public init(bytes: [UInt8]) { self.bytes = bytes }

    /// The key as lowercase hexadecimal, for text formats and `LC_ALL=C sort`.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Returns whether one key sorts before another: plain byte order, a proper prefix first.
    ///
    /// - Parameters:
    ///   - lhs: A sort key.
    ///   - rhs: A sort key from the same collator.
    /// - Returns: `true` if `lhs`'s string sorts before `rhs`'s.
    /// - Complexity: O(*k*) in the shorter key's length (one `memcmp`).
    public static func < (lhs: SortKey, rhs: SortKey) -> Bool {
        compareBytes(lhs.bytes[...], rhs.bytes[...]) < 0
    }
}
