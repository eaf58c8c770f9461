/// A hash table of non-zero 64-bit keys to 32-bit values, open addressing with linear
/// probing: the list numbers of ``StartPostings``' keys, and the places of jamo weights in
/// ``SyllableSpellings``.
///
/// A search index numbers every start key of every distinct lookup once when it is
/// built (some twelve a Korean name, and more for the paths of split lists): `Dictionary`
/// hashes each key with SipHash, a tenth of the build; this table hashes by one multiply
/// and holds 12 bytes a key. Keys are never removed (a list stays, maybe empty).
struct StartKeyTable: Sendable {
    /// The keys, 0 for an empty bucket; a power of two of them.
    private var keys: [UInt64]
    private var values: [Int32]
    /// The number of keys held.
    private(set) var count = 0
    /// 64 minus the base-2 logarithm of the bucket count: a hash's top bits pick the bucket.
    private var shift: UInt64

    /// An empty table with room for `capacity` keys before it grows.
    init(capacity: Int = 0) {
        var buckets = 16
        while buckets < capacity + capacity / 2 { buckets *= 2 }
        keys = Array(repeating: 0, count: buckets)
        values = Array(repeating: 0, count: buckets)
        shift = UInt64(64 - buckets.trailingZeroBitCount)
    }

    /// The bucket a key's probe starts at.
    @inline(__always)
    private func home(_ key: UInt64) -> Int { Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift) }

    /// The value of a key, or nil.
    /// - Parameter key: A non-zero key.
    subscript(key: UInt64) -> Int32? {
        let mask = keys.count - 1
        var bucket = home(key)
        while true {
            let found = keys[bucket]
            if found == key { return values[bucket] }
            if found == 0 { return nil }
            bucket = (bucket + 1) & mask
        }
    }

    /// Gives a key a value (a key not held yet).
    /// - Parameters:
    ///   - key: A non-zero key.
    ///   - value: Its value.
    mutating func insert(_ key: UInt64, _ value: Int32) {
        precondition(key != 0, "a start key is never 0")
        if (count + 1) * 3 > keys.count * 2 { grow() }
        let mask = keys.count - 1
        var bucket = home(key)
        while keys[bucket] != 0 && keys[bucket] != key { bucket = (bucket + 1) & mask }
        if keys[bucket] == 0 { count += 1 }
        keys[bucket] = key
        values[bucket] = value
    }

    /// The bytes the table holds.
    var memoryFootprint: Int { keys.capacity * 8 + values.capacity * 4 }

    /// Twice the buckets, every key placed again.
    private mutating func grow() {
        var larger = StartKeyTable(capacity: keys.count)
        for (key, value) in zip(keys, values) where key != 0 { larger.insert(key, value) }
        self = larger
    }
}
