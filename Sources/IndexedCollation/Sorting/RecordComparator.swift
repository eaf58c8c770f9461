import SystemSupport

/// Orders record positions by ``OrderKey``'s rule over arena views: key, then the tie
/// rule (display keys where readings ordered), then input position.
///
/// Sorting holds the first 12 key bytes as two big-endian integers next to the record
/// position, 16 bytes an entry, and radix-sorts them (``radixSort(_:depth:)``, below), so
/// most records are ordered without touching key memory; only records whose first 12
/// bytes tie are reloaded deeper, and only a few are compared by memcmp of the rest.
struct RecordComparator: @unchecked Sendable {
    // @unchecked: read-only views of arenas that outlive every use of the comparator.
    let keys: SortKeyArena.Keys
    let ties: SortKeyArena.Keys
    let hasTies: Bool
    let descending: Bool

    /// How many key bytes an entry holds.
    static let prefixWidth = 12

    /// A record and 12 bytes of its key (from byte 0, or deeper once entries that share
    /// them are reloaded: every entry of a bucket holds the same bytes).
    struct Entry {
        /// Key bytes 0–7 of the prefix, big-endian.
        var high: UInt64
        /// Key bytes 8–11 of the prefix, big-endian.
        var low: UInt32
        var record: Int32
    }

    /// Below this many records a section is sorted on one thread.
    static let parallelSortMinimum = 1 << 16

    /// Whether a section of `count` records (of `total`) is sorted alone on every thread
    /// (more than a thread's share, and large enough to pay for waking them), not on one
    /// thread beside other sections.
    static func sortsOnEveryThread(_ count: Int, of total: Int, threads: Int) -> Bool {
        threads > 1 && count >= parallelSortMinimum && count > total / threads
    }

    /// Sorts record positions in place, and marks each position whose key (and tie key)
    /// equals the previous one's in `equalToPrevious` when given; only prefix-equal
    /// neighbours touch key memory.
    /// - Parameter threads: The threads to sort on (entries loaded in parts, buckets of
    ///   the first byte that differs sorted side by side; see
    ///   ``loadInBuckets(_:into:parts:)``); 1 sorts on the calling thread.
    func sort(_ records: UnsafeMutableBufferPointer<Int32>, equalToPrevious: UnsafeMutableBufferPointer<Bool>?, threads: Int = 1) {
        let entries = UnsafeMutableBufferPointer<Entry>.allocate(capacity: records.count)
        HugePages.advise(UnsafeMutableRawBufferPointer(entries))
        defer { entries.deallocate() }
        let parts = threads > 1 && records.count >= Self.parallelSortMinimum ? threads : 1
        let (recordPointer, entryPointer) = (SendablePointer(records), SendablePointer(entries))
        let equalPointer = equalToPrevious.map(SendablePointer.init)
        let count = records.count
        if parts > 1, let (byte, sizes) = loadInBuckets(records, into: entries, parts: parts) {
            sortBuckets(entries, byte: byte, sizes: sizes, threads: parts)
        } else {
            parallelFor(parts, threads: parts) { part in
                for index in parallelShare(part, of: parts, count: count) {
                    entryPointer.buffer.initializeElement(at: index, to: entry(recordPointer.buffer[index]))
                }
            }
            radixSort(entries)
        }
        parallelFor(parts, threads: parts) { part in
            let (records, entries) = (recordPointer.buffer, entryPointer.buffer)
            for index in parallelShare(part, of: parts, count: count) { records[index] = entries[index].record }
            guard let equalToPrevious = equalPointer?.buffer else { return }
            for index in parallelShare(part, of: parts, count: count) where index > 0 {
                let (previous, entry) = (entries[index - 1], entries[index])
                // Neighbours may hold bytes of different depths: equal prefixes are only a
                // hint, the whole keys decide.
                equalToPrevious[index] =
                    previous.high == entry.high && previous.low == entry.low
                    && equalKeys(previous.record, entry.record, from: 0)
            }
        }
    }

    /// A record's entry: 12 of its key bytes from `depth` on, inverted when descending (so
    /// that inverted prefixes sort ascending in the wanted order).
    @inline(__always)
    func entry(_ record: Int32, from depth: Int = 0) -> Entry {
        let (high, low) = prefix(Int(record), from: depth)
        return descending ? Entry(high: ~high, low: ~low, record: record) : Entry(high: high, low: low, record: record)
    }

    /// How many leading prefix bytes every entry shares (12: all of them).
    func sharedPrefix(_ entries: UnsafeMutableBufferPointer<Entry>) -> Int {
        guard let first = entries.first else { return Self.prefixWidth }
        var (differentHigh, differentLow): (UInt64, UInt32) = (0, 0)
        for entry in entries {
            differentHigh |= entry.high ^ first.high
            differentLow |= entry.low ^ first.low
        }
        return Self.sharedBytes(differentHigh: differentHigh, differentLow: differentLow)
    }

    /// How many leading prefix bytes are equal, given the bits of `high` and `low` in
    /// which some entries differ (12 when none do).
    @inline(__always)
    static func sharedBytes(differentHigh: UInt64, differentLow: UInt32) -> Int {
        differentHigh != 0 ? differentHigh.leadingZeroBitCount / 8 : 8 + differentLow.leadingZeroBitCount / 8
    }

    /// Whether two records have equal keys and tie keys (from byte `skip` on).
    func equalKeys(_ a: Int32, _ b: Int32, from skip: Int) -> Bool {
        let a = Int(a)
        let b = Int(b)
        return OrderKey.compareKeys(keys.key(a), keys.key(b), from: skip, ties: hasTies ? (ties.key(a), ties.key(b)) : nil) == 0
    }

    /// Key bytes `depth..<depth + 12` as two big-endian integers, zero-padded (single keys
    /// contain no zero bytes, so padding sorts a shorter key first, as memcmp would;
    /// composite keys of several keys hold the same number of 0x00 separators, so a key
    /// that is a prefix of another ends before the other's next separator, and padding
    /// still sorts it first).
    @inline(__always)
    func prefix(_ record: Int, from depth: Int = 0) -> (UInt64, UInt32) {
        let whole = keys.key(record)
        let available = whole.count - depth
        guard available > 0, let base = whole.baseAddress.map({ $0 + depth }), let arena = keys.bytes.baseAddress else { return (0, 0) }
        if base.distance(to: arena + keys.bytes.count) >= Self.prefixWidth {
            // Twelve bytes load at once even from a shorter key (the arena goes on), and
            // the bytes past its end are masked to zero.
            let raw = UnsafeRawPointer(base)
            var high = UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self))
            var low = UInt32(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            if available <= 8 {
                high &= ~0 << UInt64(64 - 8 * available)
                low = 0
            } else if available < Self.prefixWidth {
                low &= ~0 << UInt32(96 - 8 * available)
            }
            return (high, low)
        }
        var high: UInt64 = 0
        var low: UInt32 = 0
        for offset in 0..<Self.prefixWidth {
            let byte = offset < available ? base[offset] : 0
            if offset < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt32(byte) }
        }
        return (high, low)
    }

    /// Whether record `a` comes before record `b` (``OrderKey``'s rule over the arenas'
    /// views, sections aside: keys, the tie rule, then position unless `positionTieBreak`
    /// is off).
    @inline(__always)
    func precedes(_ a: Int32, _ b: Int32, from skip: Int = 0, positionTieBreak: Bool = true) -> Bool {
        let a = Int(a)
        let b = Int(b)
        let byKeys = OrderKey.compareKeys(keys.key(a), keys.key(b), from: skip, ties: hasTies ? (ties.key(a), ties.key(b)) : nil)
        return OrderKey.precedes(keys: byKeys, descending: descending, positions: a, positionTieBreak ? b : a)
    }
}
