// The read-only view of a key arena that hot loops read keys through (the sort, the
// run writer): boundaries decoded from whichever form the arena keeps them in.
extension SortKeyArena {
    /// A read-only view of an arena, valid inside ``withUnsafeKeys(_:)``. Inlinable: the
    /// run writer of the `collate` tool reads every key through it.
    package struct Keys: @unchecked Sendable {
        // @unchecked: views of an arena that outlives every use (see withUnsafeKeys).
        package let bytes: UnsafeBufferPointer<UInt8>
        @usableFromInline let narrowEnds: UnsafeBufferPointer<UInt32>
        @usableFromInline let wideEnds: UnsafeBufferPointer<Int>
        /// Compact boundaries (nil otherwise): each key's length, and every 16th key's start.
        @usableFromInline let lengths: UnsafePointer<UInt8>?
        @usableFromInline let groupStarts: UnsafePointer<UInt32>?

        init(
            bytes: UnsafeBufferPointer<UInt8>, narrowEnds: UnsafeBufferPointer<UInt32>, wideEnds: UnsafeBufferPointer<Int>,
            lengths: UnsafePointer<UInt8>?, groupStarts: UnsafePointer<UInt32>?
        ) {
            self.bytes = bytes
            self.narrowEnds = narrowEnds
            self.wideEnds = wideEnds
            self.lengths = lengths
            self.groupStarts = groupStarts
        }

        /// Where key `index` starts (for `index` = the count: where the bytes end).
        @inlinable @inline(__always)
        package func start(_ index: Int) -> Int {
            if let lengths {
                // The group's start plus the lengths of the keys before `index` in its
                // group: the group's 16 lengths are two words, the ones past `index`
                // masked off, each word's bytes summed in 16-bit lanes.
                let group = index / SortKeyArena.groupSize
                let before = index % SortKeyArena.groupSize
                let words = UnsafeRawPointer(lengths + group * SortKeyArena.groupSize)
                let low = words.loadUnaligned(as: UInt64.self)
                let high = words.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let lowMask: UInt64 = before >= 8 ? ~0 : (1 << UInt64(8 * before)) &- 1
                let highMask: UInt64 = before <= 8 ? 0 : (1 << UInt64(8 * (before - 8))) &- 1
                return Int(groupStarts.unsafelyUnwrapped[group]) + SortKeyArena.byteSum(low & lowMask)
                    + SortKeyArena.byteSum(high & highMask)
            }
            return wideEnds.isEmpty ? Int(narrowEnds[index]) : wideEnds[index]
        }

        /// Where key `index` ends.
        @inlinable @inline(__always)
        package func end(_ index: Int) -> Int {
            if let lengths { return start(index) + Int(lengths[index]) }
            return start(index + 1)
        }

        /// The bytes of key `index`.
        @inlinable @inline(__always)
        package func key(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            let start = start(index)
            let count = lengths.map { Int($0[index]) } ?? self.start(index + 1) - start
            return UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + start }, count: count)
        }

        /// In a view of tie keys: the tie-break key of text `index` whose sort key is
        /// `sortKey` (``OrderKey/tieBreakKey(_:sortKey:)``), for loops that hold views.
        @inlinable @inline(__always)
        package func tieBreakKey(_ index: Int, sortKey: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
            OrderKey.tieBreakKey(key(index), sortKey: sortKey)
        }

        /// The bytes of key `index` from byte `skip` on (empty when the key is shorter).
        @inlinable @inline(__always)
        package func key(_ index: Int, from skip: Int) -> UnsafeBufferPointer<UInt8> {
            let key = key(index)
            return UnsafeBufferPointer(rebasing: key[min(skip, key.count)...])
        }
    }

    /// The sum of a word's eight bytes (at most 2,040): bytes added in pairs into 16-bit
    /// lanes, the four lanes then added by one multiplication into the top lane.
    @inlinable @inline(__always)
    static func byteSum(_ word: UInt64) -> Int {
        let pairs = (word & 0x00FF_00FF_00FF_00FF) &+ ((word >> 8) & 0x00FF_00FF_00FF_00FF)
        return Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
    }
}
