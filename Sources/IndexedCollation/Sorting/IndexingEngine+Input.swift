extension IndexingEngine {
    /// Records as UTF-8 byte ranges inside one buffer: *n* records × *k* keys, each key with
    /// an optional reading (an empty reading range means "none").
    ///
    /// Ranges are stored record-major: key `j` of record `r` is `keys[r * keysPerRecord + j]`,
    /// its reading `readings[r * keysPerRecord + j]`. With one key per record (the default)
    /// `keys[r]` is the record's display key, as before several keys existed.
    ///
    /// Records compare key by key (each by its ordering text: the reading when present and
    /// non-empty, else the key; the person-name rules apply to the first key only), then by
    /// the display keys where readings were used, then by input order. The section comes
    /// from the first key whose ordering text is non-empty; a record whose keys are all
    /// empty files under the catch-all.
    package struct Input: @unchecked Sendable {
        // @unchecked: the caller keeps `bytes` alive and unmodified during `run`.
        package let bytes: UnsafeBufferPointer<UInt8>
        /// Every record's key ranges, record-major (`count * keysPerRecord` ranges).
        package let keys: [Range<Int>]
        /// Every key's reading range, parallel to `keys`, or nil when no key has readings.
        package let readings: [Range<Int>]?
        /// How many keys each record has (at least 1).
        package let keysPerRecord: Int

        /// Records with one key each (and optionally one reading each).
        /// - Parameters:
        ///   - bytes: The buffer the ranges point into.
        ///   - keys: Each record's display key.
        ///   - readings: Each record's reading (empty range: none), or nil.
        package init(bytes: UnsafeBufferPointer<UInt8>, keys: [Range<Int>], readings: [Range<Int>]? = nil) {
            self.init(bytes: bytes, keys: keys, keysPerRecord: 1, readings: readings)
        }

        /// Records with `keysPerRecord` keys each, record-major.
        /// - Parameters:
        ///   - bytes: The buffer the ranges point into.
        ///   - keys: `count * keysPerRecord` ranges: record 0's keys, then record 1's, …
        ///   - keysPerRecord: Keys per record, most significant first; at least 1.
        ///   - readings: The reading of each key, parallel to `keys` (empty range: none), or
        ///     nil when no key has a reading.
        package init(bytes: UnsafeBufferPointer<UInt8>, keys: [Range<Int>], keysPerRecord: Int, readings: [Range<Int>]? = nil) {
            precondition(keysPerRecord >= 1 && keys.count % keysPerRecord == 0, "keys must hold keysPerRecord ranges per record")
            precondition(readings.map { $0.count == keys.count } ?? true, "readings must be parallel to keys")
            self.bytes = bytes
            self.keys = keys
            self.readings = readings
            self.keysPerRecord = keysPerRecord
        }

        package var count: Int { keys.count / keysPerRecord }

        /// The bytes of a range of the buffer.
        func text(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[range])
        }

        /// The reading's range of `record` (with one key per record), empty when it has none.
        func reading(_ record: Int) -> Range<Int> { readings?[record] ?? 0..<0 }

        /// The range of key `key` of `record`.
        @inline(__always)
        func key(_ key: Int, of record: Int) -> Range<Int> { keys[record * keysPerRecord + key] }

        /// The reading's range of key `key` of `record`, empty when it has none.
        @inline(__always)
        func reading(_ key: Int, of record: Int) -> Range<Int> { readings?[record * keysPerRecord + key] ?? 0..<0 }
    }
}
