/// Orders record positions by key, then display key (readings), then input position.
///
/// Sorting holds the first 16 key bytes as two big-endian integers next to the record
/// position and radix-sorts them (`RecordComparator+RadixSort.swift`), so most records
/// are ordered without touching key memory; only records whose first 16 bytes tie fall
/// back to memcmp of the rest.
struct RecordComparator: @unchecked Sendable {
    // @unchecked: read-only views of arenas that outlive every use of the comparator.
    let keys: SortKeyArena.Keys
    let ties: SortKeyArena.Keys
    let hasTies: Bool
    let descending: Bool

    struct Entry {
        var high: UInt64
        var low: UInt64
        var record: Int32
    }

    /// Sorts record positions in place, and marks each position whose key (and tie key)
    /// equals the previous one's; only prefix-equal neighbours touch key memory.
    func sort(_ records: UnsafeMutableBufferPointer<Int32>, equalToPrevious: UnsafeMutableBufferPointer<Bool>) {
        let count = records.count
        let entries = UnsafeMutableBufferPointer<Entry>.allocate(capacity: count)
        defer { entries.deallocate() }
        // Descending: inverted prefixes sort ascending in the wanted order.
        let flip: UInt64 = descending ? ~0 : 0
        for (index, record) in records.enumerated() {
            let (high, low) = prefix(Int(record))
            entries.initializeElement(at: index, to: Entry(high: high ^ flip, low: low ^ flip, record: record))
        }
        radixSort(entries)
        for (index, entry) in entries.enumerated() {
            records[index] = entry.record
            if index > 0 {
                let previous = entries[index - 1]
                equalToPrevious[index] = previous.high == entry.high && previous.low == entry.low
                    && equalKeys(previous.record, entry.record, from: 16)
            }
        }
    }

    /// Whether two records have equal keys and tie keys (from byte `skip` on).
    func equalKeys(_ a: Int32, _ b: Int32, from skip: Int) -> Bool {
        let a = Int(a)
        let b = Int(b)
        return OrderKey.compareKeys(keys.key(a), keys.key(b), from: skip, ties: hasTies ? (ties.key(a), ties.key(b)) : nil) == 0
    }

    /// The first 16 key bytes as two big-endian integers, zero-padded (single keys contain
    /// no zero bytes, so padding sorts a shorter key first, as memcmp would; composite keys
    /// of several keys hold the same number of 0x00 separators, so a key that is a prefix
    /// of another ends before the other's next separator, and padding still sorts it first).
    @inline(__always)
    func prefix(_ record: Int) -> (UInt64, UInt64) {
        let key = keys.key(record)
        if key.count >= 16, let base = key.baseAddress {
            let raw = UnsafeRawPointer(base)
            return (UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self)), UInt64(bigEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)))
        }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for offset in 0..<16 {
            let byte: UInt64 = offset < key.count ? UInt64(key[offset]) : 0
            if offset < 8 { high = high << 8 | byte } else { low = low << 8 | byte }
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
