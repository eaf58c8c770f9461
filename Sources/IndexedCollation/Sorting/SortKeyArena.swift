import SystemSupport

/// Many sort keys in one contiguous byte array: key *i* is `bytes[start(i)..<end(i)]`.
///
/// One allocation for a million keys instead of a million arrays; comparison is memcmp
/// over two slices of the same buffer. Key boundaries are kept in one of three ways:
/// - *narrow*, while keys are built: a 4-byte end a key, while the bytes stay under 4 GiB;
/// - *wide*: an 8-byte end a key, once the bytes passed 4 GiB;
/// - *compact*, for an arena of at least ``compactMinimum`` keys joined from chunks
///   (``joined(_:threads:compactMinimum:)``, the engine's keys) whose keys are each at most 255 bytes long:
///   a 1-byte length a key and the 4-byte start of every 16th key, 1.25 bytes a key
///   instead of 4. A key's start is its group's start plus the lengths before it in the
///   group, summed eight bytes at a time (``Keys/start(_:)``).
///
/// At 10M keys the compact boundaries take 12.5 MB instead of 40.
package struct SortKeyArena: Sendable {
    package var bytes: [UInt8] = []
    /// Key boundaries while narrow: key *i* ends at `narrowEnds[i + 1]`.
    private var narrowEnds: [UInt32] = [0]
    /// Key boundaries once `bytes` passed 4 GiB (then `narrowEnds` is empty).
    private var wideEnds: [Int] = []
    /// Compact boundaries: each key's length (then `narrowEnds` and `wideEnds` are empty),
    /// padded with zeros to a whole group of 16 and 16 more bytes, so a group's two words
    /// are always in the array.
    private var lengths: [UInt8] = []
    /// Compact boundaries: where key 16 *g* starts, for every group *g* (and, for a count
    /// that is a multiple of 16, the end of the bytes).
    private var groupStarts: [UInt32] = []
    /// How many keys a compact arena holds.
    private var compactCount = 0
    /// The longest key closed so far (for ``joined(_:threads:compactMinimum:)``'s choice of boundaries).
    private var longestKey = 0
    /// The most bytes kept with 4-byte boundaries (4 GiB; smaller in tests of the switch).
    private let narrowLimit: Int

    /// Keys a compact group holds.
    static let groupSize = 16
    /// The longest key compact boundaries can hold.
    static let longestCompactKey = Int(UInt8.max)
    /// The fewest keys a joined arena keeps with compact boundaries. Finding a start costs
    /// more than reading an end: about 4 % more sort time on 1M and on 10M distinct Korean
    /// lines (farm-bench, 2026-11-28), for 3 bytes a key. Below this count the 4-byte ends
    /// stay (4M keys: 16 MB of ends, memory that matters next to a run's input; below, the
    /// time does).
    package static let compactMinimum = 4_000_000

    package init() { narrowLimit = Int(UInt32.max) }

    /// An arena that switches to 8-byte boundaries past `narrowLimit` bytes (for tests:
    /// the real limit is 4 GiB).
    package init(narrowLimit: Int) { self.narrowLimit = min(narrowLimit, Int(UInt32.max)) }

    /// An arena of the keys in `bytes` whose boundaries are `ends` (key *i* is
    /// `bytes[ends[i]..<ends[i + 1]]`; `ends` starts with 0 and ends with the byte count).
    init(bytes: [UInt8], ends: [UInt32]) {
        precondition(ends.first == 0 && ends.last.map(Int.init) == bytes.count, "ends must run from 0 to the byte count")
        narrowLimit = Int(UInt32.max)
        self.bytes = bytes
        narrowEnds = ends
    }

    /// Whether boundaries are 8-byte offsets.
    package var isWide: Bool { !wideEnds.isEmpty }

    /// Whether boundaries are compact (lengths and group starts).
    package var isCompact: Bool { !groupStarts.isEmpty }

    package var count: Int {
        if isCompact { return compactCount }
        return (wideEnds.isEmpty ? narrowEnds.count : wideEnds.count) - 1
    }

    /// Where key `index` starts in ``bytes``.
    @inline(__always)
    package func start(_ index: Int) -> Int {
        if isCompact { return withUnsafeKeys { $0.start(index) } }
        return wideEnds.isEmpty ? Int(narrowEnds[index]) : wideEnds[index]
    }

    /// The byte range of key `index` in ``bytes``.
    @inline(__always)
    package func range(_ index: Int) -> Range<Int> {
        guard isCompact else { return start(index)..<start(index + 1) }
        precondition(index >= 0 && index < compactCount, "key index out of range")
        return withUnsafeKeys { $0.start(index)..<$0.end(index) }
    }

    package func key(_ index: Int) -> ArraySlice<UInt8> { bytes[range(index)] }

    /// Ends the key being built: the bytes appended to ``bytes`` since the previous key
    /// (or the start) form the next key.
    @inline(__always)
    package mutating func closeKey() {
        if isCompact { expand() }
        let end = bytes.count
        longestKey = max(longestKey, end - openKeyStart)
        if wideEnds.isEmpty && end <= narrowLimit {
            narrowEnds.append(UInt32(truncatingIfNeeded: end))
        } else {
            widen()
            wideEnds.append(end)
        }
    }

    /// Where the key being built starts in ``bytes`` (the end of the last closed key).
    var openKeyStart: Int {
        precondition(!isCompact, "a compact arena has no key being built")
        return wideEnds.isEmpty ? Int(narrowEnds[narrowEnds.count - 1]) : wideEnds[wideEnds.count - 1]
    }

    /// Closes empty keys until the arena holds `count` keys (a chunk's tie keys, made only
    /// for the texts that have one, filled in before the next).
    mutating func appendEmptyKeys(upTo count: Int) {
        while self.count < count { closeKey() }
    }

    /// Reserves room for `keys` more keys of `bytes` more bytes.
    package mutating func reserveCapacity(keys: Int, bytes extra: Int) {
        expand()
        reserveBytes(extra)
        if wideEnds.isEmpty { narrowEnds.reserveCapacity(narrowEnds.count + keys) } else { wideEnds.reserveCapacity(wideEnds.count + keys) }
    }

    /// Makes room for `extra` more key bytes in storage advised for huge pages, moving the
    /// bytes so far there when the present storage is too small.
    package mutating func reserveBytes(_ extra: Int) {
        guard bytes.capacity < bytes.count + extra else { return }
        var larger = [UInt8](hugePagesCapacity: bytes.count + extra)
        larger.append(contentsOf: bytes)
        bytes = larger
    }

    /// Appends the contents of another arena (a chunk computed on another thread).
    package mutating func append(contentsOf other: SortKeyArena) {
        expand()
        var other = other
        other.expand()
        longestKey = max(longestKey, other.longestKey)
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
    package static func joined(
        _ chunks: inout [SortKeyArena], threads: Int, compactMinimum: Int = SortKeyArena.compactMinimum
    ) -> SortKeyArena {
        let keyCount = chunks.reduce(0) { $0 + $1.count }
        if chunks.count == 1 && keyCount < compactMinimum && chunks[0].narrowLimit == Int(UInt32.max) {
            // One chunk: its arena is the join (taken, not copied).
            defer { chunks[0] = SortKeyArena() }
            return chunks[0]
        }
        let total = chunks.reduce(0) { $0 + $1.bytes.count }
        guard total <= Int(UInt32.max), chunks.allSatisfy({ !$0.isWide && !$0.isCompact && $0.narrowLimit == Int(UInt32.max) })
        else {
            var joined = SortKeyArena()
            for index in chunks.indices {
                joined.append(contentsOf: chunks[index])
                chunks[index] = SortKeyArena()
            }
            return joined
        }
        // Small arenas (a spilled piece's) are copied on this thread: waking the workers
        // costs more than the copy (and libdispatch's descriptors, under a small `ulimit -n`).
        let threads = total < 1 << 20 ? 1 : threads
        let compact = keyCount >= compactMinimum && chunks.allSatisfy { $0.longestKey <= longestCompactKey }
        var joined = SortKeyArena()
        joined.longestKey = chunks.reduce(0) { max($0, $1.longestKey) }
        var lengths = [UInt8]()
        var groupStarts = [UInt32]()
        var narrowEnds = [UInt32]()
        if compact {
            let padded = (keyCount + groupSize - 1) / groupSize * groupSize + groupSize
            lengths = [UInt8](hugePagesRepeating: 0, count: padded)
            groupStarts = [UInt32](repeating: 0, count: keyCount / groupSize + 1)
            if keyCount % groupSize == 0 { groupStarts[keyCount / groupSize] = UInt32(truncatingIfNeeded: total) }
        } else {
            narrowEnds = [UInt32](hugePagesRepeating: 0, count: keyCount + 1)
        }
        joined.bytes = [UInt8](hugePagesCount: total) { bytes in
            lengths.withUnsafeMutableBufferPointer { lengths in
                groupStarts.withUnsafeMutableBufferPointer { groupStarts in
                    narrowEnds.withUnsafeMutableBufferPointer { ends in
                        let (bytes, ends) = (SendablePointer(bytes), SendablePointer(ends))
                        let (lengths, groupStarts) = (SendablePointer(lengths), SendablePointer(groupStarts))
                        var (byteStart, keyStart) = (0, 0)
                        for index in chunks.indices {
                            let chunk = chunks[index]
                            let (firstByte, firstKey) = (byteStart, keyStart)
                            // Each thread copies a share of the chunk's bytes and of its key
                            // boundaries.
                            parallelFor(threads, threads: threads) { part in
                                chunk.bytes.withUnsafeBufferPointer { from in
                                    let range = parallelShare(part, of: threads, count: from.count)
                                    guard let source = from.baseAddress, let target = bytes.buffer.baseAddress, !range.isEmpty else {
                                        return
                                    }
                                    (target + firstByte + range.lowerBound).initialize(from: source + range.lowerBound, count: range.count)
                                }
                                chunk.narrowEnds.withUnsafeBufferPointer { from in
                                    let shift = UInt32(truncatingIfNeeded: firstByte)
                                    let keysOfPart = parallelShare(part, of: threads, count: from.count - 1)
                                    guard compact else {
                                        for key in keysOfPart { ends.buffer[firstKey + key + 1] = from[key + 1] &+ shift }
                                        return
                                    }
                                    for key in keysOfPart {
                                        let global = firstKey + key
                                        lengths.buffer[global] = UInt8(truncatingIfNeeded: from[key + 1] &- from[key])
                                        if global % groupSize == 0 { groupStarts.buffer[global / groupSize] = from[key] &+ shift }
                                    }
                                }
                            }
                            byteStart += chunk.bytes.count
                            keyStart += chunk.count
                            chunks[index] = SortKeyArena()
                        }
                    }
                }
            }
        }
        // (Emptied above as each is copied; keys of no bytes at all are never copied.)
        for index in chunks.indices { chunks[index] = SortKeyArena() }
        if compact {
            (joined.narrowEnds, joined.lengths, joined.groupStarts, joined.compactCount) = ([], lengths, groupStarts, keyCount)
        } else {
            joined.narrowEnds = narrowEnds
        }
        return joined
    }

    /// Switches compact boundaries back to 4-byte ends (before keys are added).
    private mutating func expand() {
        guard isCompact else { return }
        var ends = [UInt32](repeating: 0, count: compactCount + 1)
        for index in 0..<compactCount { ends[index + 1] = ends[index] &+ UInt32(lengths[index]) }
        (narrowEnds, lengths, groupStarts, compactCount) = (ends, [], [], 0)
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
                    try lengths.withUnsafeBufferPointer { lengths in
                        try groupStarts.withUnsafeBufferPointer { groupStarts in
                            try body(
                                Keys(
                                    bytes: bytes, narrowEnds: narrow, wideEnds: wide,
                                    lengths: groupStarts.isEmpty ? nil : lengths.baseAddress,
                                    groupStarts: groupStarts.baseAddress))
                        }
                    }
                }
            }
        }
    }
}
