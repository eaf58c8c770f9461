import SystemSupport

/// Many sort keys in one contiguous byte array: key *i* is `bytes[start(i)..<end(i)]`.
///
/// One allocation for a million keys instead of a million arrays; comparison is memcmp
/// over two slices of the same buffer. Key boundaries are kept as 4-byte offsets while the
/// bytes stay under 4 GiB (every in-memory run in practice: 10M Korean names take
/// ~210 MB of keys) and as 8-byte offsets beyond, so a record costs 4 bytes of offsets
/// rather than 8.
package struct SortKeyArena: Sendable {
    package var bytes: [UInt8] = []
    /// Key boundaries while `bytes` is under 4 GiB: key *i* ends at `narrowEnds[i + 1]`.
    private var narrowEnds: [UInt32] = [0]
    /// Key boundaries once `bytes` passed 4 GiB (then `narrowEnds` is empty).
    private var wideEnds: [Int] = []
    /// The most bytes kept with 4-byte boundaries (4 GiB; smaller in tests of the switch).
    private let narrowLimit: Int

    package init() { narrowLimit = Int(UInt32.max) }

    /// An arena that switches to 8-byte boundaries past `narrowLimit` bytes (for tests:
    /// the real limit is 4 GiB).
    package init(narrowLimit: Int) { self.narrowLimit = min(narrowLimit, Int(UInt32.max)) }

    /// Whether boundaries are 8-byte offsets.
    package var isWide: Bool { !wideEnds.isEmpty }

    package var count: Int { (wideEnds.isEmpty ? narrowEnds.count : wideEnds.count) - 1 }

    /// Where key `index` starts in ``bytes``.
    @inline(__always)
    package func start(_ index: Int) -> Int { wideEnds.isEmpty ? Int(narrowEnds[index]) : wideEnds[index] }

    /// The byte range of key `index` in ``bytes``.
    @inline(__always)
    package func range(_ index: Int) -> Range<Int> { start(index)..<start(index + 1) }

    package func key(_ index: Int) -> ArraySlice<UInt8> { bytes[range(index)] }

    /// Ends the key being built: the bytes appended to ``bytes`` since the previous key
    /// (or the start) form the next key.
    @inline(__always)
    package mutating func closeKey() {
        let end = bytes.count
        if wideEnds.isEmpty && end <= narrowLimit {
            narrowEnds.append(UInt32(truncatingIfNeeded: end))
        } else {
            widen()
            wideEnds.append(end)
        }
    }

    /// Reserves room for `keys` more keys of `bytes` more bytes.
    package mutating func reserveCapacity(keys: Int, bytes extra: Int) {
        if bytes.isEmpty { bytes = [UInt8](hugePagesCapacity: extra) }
        bytes.reserveCapacity(bytes.count + extra)
        if wideEnds.isEmpty { narrowEnds.reserveCapacity(narrowEnds.count + keys) } else { wideEnds.reserveCapacity(wideEnds.count + keys) }
    }

    /// Appends the contents of another arena (a chunk computed on another thread).
    package mutating func append(contentsOf other: SortKeyArena) {
        let base = bytes.count
        bytes.append(contentsOf: other.bytes)
        if wideEnds.isEmpty && bytes.count <= narrowLimit && other.wideEnds.isEmpty {
            let shift = UInt32(truncatingIfNeeded: base)
            narrowEnds.append(contentsOf: other.narrowEnds.dropFirst().lazy.map { $0 &+ shift })
        } else {
            widen()
            for index in 0..<other.count { wideEnds.append(base + other.start(index + 1)) }
        }
    }

    /// The arenas one after another (chunks of keys made side by side), each copied on up
    /// to `threads` threads into arrays of the exact size and emptied once copied (so the
    /// keys are held about once, not twice).
    package static func joined(_ chunks: inout [SortKeyArena], threads: Int) -> SortKeyArena {
        let total = chunks.reduce(0) { $0 + $1.bytes.count }
        guard total <= Int(UInt32.max), chunks.allSatisfy({ !$0.isWide && $0.narrowLimit == Int(UInt32.max) }) else {
            var joined = SortKeyArena()
            for index in chunks.indices {
                joined.append(contentsOf: chunks[index])
                chunks[index] = SortKeyArena()
            }
            return joined
        }
        let keyCount = chunks.reduce(0) { $0 + $1.count }
        // Small arenas (a spilled piece's) are copied on this thread: waking the workers
        // costs more than the copy (and libdispatch's descriptors, under a small `ulimit -n`).
        let threads = total < 1 << 20 ? 1 : threads
        var joined = SortKeyArena()
        joined.bytes = [UInt8](unsafeUninitializedCapacity: total) { bytes, initialized in
            HugePages.advise(UnsafeMutableRawBufferPointer(bytes))
            joined.narrowEnds = [UInt32](unsafeUninitializedCapacity: keyCount + 1) { ends, endsInitialized in
                HugePages.advise(UnsafeMutableRawBufferPointer(ends))
                ends[0] = 0
                var (byteStart, keyStart) = (0, 0)
                for index in chunks.indices {
                    let chunk = chunks[index]
                    let (bytes, ends) = (SendablePointer(bytes), SendablePointer(ends))
                    let (firstByte, firstKey) = (byteStart, keyStart)
                    // Each thread copies a share of the chunk's bytes and of its key ends.
                    parallelFor(threads, threads: threads) { part in
                        chunk.bytes.withUnsafeBufferPointer { from in
                            let range = (from.count * part / threads)..<(from.count * (part + 1) / threads)
                            guard let source = from.baseAddress, let target = bytes.buffer.baseAddress, !range.isEmpty else { return }
                            (target + firstByte + range.lowerBound).initialize(from: source + range.lowerBound, count: range.count)
                        }
                        chunk.narrowEnds.withUnsafeBufferPointer { from in
                            let shift = UInt32(truncatingIfNeeded: firstByte)
                            let keys = from.count - 1
                            for key in (1 + keys * part / threads)..<(1 + keys * (part + 1) / threads) {
                                ends.buffer.initializeElement(at: firstKey + key, to: from[key] &+ shift)
                            }
                        }
                    }
                    byteStart += chunk.bytes.count
                    keyStart += chunk.count
                    chunks[index] = SortKeyArena()
                }
                endsInitialized = keyCount + 1
            }
            initialized = total
        }
        return joined
    }

    /// Switches to 8-byte boundaries (once the bytes pass 4 GiB).
    private mutating func widen() {
        guard wideEnds.isEmpty else { return }
        wideEnds = narrowEnds.map(Int.init)
        narrowEnds = []
    }

    /// Calls `body` with read-only views of the bytes and boundaries, for hot loops.
    package func withUnsafeKeys<Result>(_ body: (Keys) throws -> Result) rethrows -> Result {
        try bytes.withUnsafeBufferPointer { bytes in
            try narrowEnds.withUnsafeBufferPointer { narrow in
                try wideEnds.withUnsafeBufferPointer { wide in
                    try body(Keys(bytes: bytes, narrowEnds: narrow, wideEnds: wide))
                }
            }
        }
    }

    /// A read-only view of an arena, valid inside ``withUnsafeKeys(_:)``. Inlinable: the
    /// run writer of the `collate` tool reads every key through it.
    package struct Keys: @unchecked Sendable {
        // @unchecked: views of an arena that outlives every use (see withUnsafeKeys).
        package let bytes: UnsafeBufferPointer<UInt8>
        @usableFromInline let narrowEnds: UnsafeBufferPointer<UInt32>
        @usableFromInline let wideEnds: UnsafeBufferPointer<Int>

        init(bytes: UnsafeBufferPointer<UInt8>, narrowEnds: UnsafeBufferPointer<UInt32>, wideEnds: UnsafeBufferPointer<Int>) {
            self.bytes = bytes
            self.narrowEnds = narrowEnds
            self.wideEnds = wideEnds
        }

        @inlinable @inline(__always)
        package func start(_ index: Int) -> Int { wideEnds.isEmpty ? Int(narrowEnds[index]) : wideEnds[index] }

        /// The bytes of key `index`.
        @inlinable @inline(__always)
        package func key(_ index: Int) -> UnsafeBufferPointer<UInt8> {
            let start = start(index)
            return UnsafeBufferPointer(start: bytes.baseAddress.map { $0 + start }, count: self.start(index + 1) - start)
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
            let end = start(index + 1)
            return UnsafeBufferPointer(rebasing: bytes[min(start(index) + skip, end)..<end])
        }
    }
}
