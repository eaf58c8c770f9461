import SystemSupport

/// Where a chunk of a run's sort keys is written, key after key
/// (``IndexingEngine/makeKeys(_:_:_:sections:into:)``): an arena of its own
/// (``SortKeyArena``), or its region of a buffer that every chunk of the run shares
/// (``RegionKeyWriter``).
protocol SortKeySink {
    /// Whether the sink grows as keys come (and is worth reserving for once a sample of
    /// keys says their size), rather than writing into room it was given.
    static var growsAsKeysCome: Bool { get }

    /// The bytes written so far.
    var byteCount: Int { get }

    /// Makes room for `extra` more bytes (a sink that grows).
    mutating func reserveBytes(_ extra: Int)

    /// Appends the sort key of UTF-8 `text` to the key being made.
    mutating func appendSortKey(of text: UnsafeBufferPointer<UInt8>, collator: CollatorHandle)

    /// Calls `body` with the bytes appended since the last key was closed. (Mutating
    /// only so that the sink is used in place: a copy of an arena retains its arrays.)
    mutating func withOpenKey<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result

    /// Ends the key being made.
    mutating func closeKey()
}

extension SortKeyArena: SortKeySink {
    static var growsAsKeysCome: Bool { true }

    var byteCount: Int { bytes.count }

    @inline(__always)
    mutating func appendSortKey(of text: UnsafeBufferPointer<UInt8>, collator: CollatorHandle) {
        collator.appendSortKey(of: text, to: &bytes)
    }

    mutating func withOpenKey<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let start = openKeyStart
        return bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start...])) }
    }
}

/// One chunk's keys written straight into its region of a buffer shared by every chunk of
/// a run (``IndexingEngine/keysInRegions(_:_:textCount:chunkCount:sections:room:)``), each key's
/// end stored at its text's place in the run's ends; keys that outgrow the region go on in
/// an arena of the chunk's own (``overflow``), the keys so far copied there first.
struct RegionKeyWriter: SortKeySink {
    /// The chunk's room in the shared buffer.
    let region: UnsafeMutableBufferPointer<UInt8>
    /// Where the region starts in the shared buffer (what ends are counted from).
    let offset: Int
    /// Where the chunk's keys' ends go: key *k* of the chunk ends at `ends[k]`.
    let ends: UnsafeMutablePointer<UInt32>
    /// The bytes written into the region.
    private(set) var used = 0
    /// Where the key being made starts in the region.
    private var openStart = 0
    /// How many keys were closed in the region.
    private var closed = 0
    /// Every key of the chunk, once they outgrew the region (nil before).
    private(set) var overflow: SortKeyArena?

    init(region: UnsafeMutableBufferPointer<UInt8>, offset: Int, ends: UnsafeMutablePointer<UInt32>) {
        (self.region, self.offset, self.ends) = (region, offset, ends)
    }

    static var growsAsKeysCome: Bool { false }

    var byteCount: Int { overflow?.bytes.count ?? used }

    func reserveBytes(_ extra: Int) {}

    @inline(__always)
    mutating func appendSortKey(of text: UnsafeBufferPointer<UInt8>, collator: CollatorHandle) {
        if overflow == nil {
            let room = region.count - used
            if let base = region.baseAddress {
                let length = Int(collator.writeSortKey(of: text, to: base + used, capacity: room))
                if length < room {
                    used += length
                    return
                }
            }
            moveToArena()
        }
        overflow?.appendSortKey(of: text, collator: collator)
    }

    mutating func withOpenKey<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if overflow != nil { return overflow!.withOpenKey(body) }
        return body(UnsafeBufferPointer(rebasing: region[openStart..<used]))
    }

    @inline(__always)
    mutating func closeKey() {
        guard overflow == nil else {
            overflow?.closeKey()
            return
        }
        ends[closed] = UInt32(truncatingIfNeeded: offset + used)
        closed += 1
        openStart = used
    }

    /// Copies the region's keys (and the open key's bytes) into an arena that takes the rest.
    private mutating func moveToArena() {
        var arena = SortKeyArena()
        arena.reserveCapacity(keys: 2 * closed + 16, bytes: 2 * used + 4_096)
        var start = 0
        for key in 0..<closed {
            let end = Int(ends[key]) - offset
            arena.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: region[start..<end]))
            arena.closeKey()
            start = end
        }
        arena.bytes.append(contentsOf: UnsafeBufferPointer(rebasing: region[openStart..<used]))
        overflow = arena
    }
}
