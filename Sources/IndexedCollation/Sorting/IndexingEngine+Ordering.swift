import SystemSupport

extension IndexingEngine {
    /// Distinct texts in output order: by section (reversed when descending), then by key,
    /// then by tie key (``RecordComparator``), then by text number (input order).
    /// - Parameters:
    ///   - sectionOfText: Each text's section.
    ///   - keys: Each text's sort key.
    ///   - ties: Each text's tie key (empty: none), or nil when no text has one.
    ///   - descending: Reverse sections and keys.
    ///   - marksEqual: Whether to mark equal neighbours. Not when every record is its own
    ///     text: the order is then the output as it stands (``layOut``), and the marks
    ///     would cost a byte and a key comparison a record for nothing.
    /// - Returns: The texts in order, and for each position whether its text sorts equal to
    ///   the one before it (same section, same keys); empty without `marksEqual`.
    func sortTexts(
        _ sectionOfText: [Int32], keys: SortKeyArena, ties: SortKeyArena?, descending: Bool, marksEqual: Bool = true
    ) -> ([Int32], [Bool]) {
        let sectionCount = collation.sectionTitles.count
        var sizes = [Int](repeating: 0, count: sectionCount)
        for section in sectionOfText { sizes[Int(section)] += 1 }
        // Sections in the output's direction (``OrderKey``'s step 1), each sorted on its own.
        let outputSections = (0..<sectionCount).sorted { OrderKey.compareSections($0, $1, descending: descending) < 0 }
        var ranges = [Range<Int>]()
        var fill = [Int](repeating: 0, count: sectionCount)
        var running = 0
        for section in outputSections where sizes[section] > 0 {
            ranges.append(running..<running + sizes[section])
            fill[section] = running
            running += sizes[section]
        }
        var order = [Int32](hugePagesRepeating: 0, count: sectionOfText.count)
        for (text, section) in sectionOfText.enumerated() {
            order[fill[Int(section)]] = Int32(text)
            fill[Int(section)] += 1
        }
        // Largest first: the threads then finish together, not one of them on a big section
        // (김 and 이 are a third of Korean names) taken last. A section holding more than a
        // thread's share (every name under one title: a locale without an index of the
        // script, or names that all start alike) is sorted alone on every thread instead.
        let sortable = ranges.filter { $0.count > 1 }.sorted { $0.count > $1.count }
        let shared =
            threads > 1 ? sortable.prefix { RecordComparator.sortsOnEveryThread($0.count, of: sectionOfText.count, threads: threads) } : []
        var equalToPrevious = [Bool](repeating: false, count: marksEqual ? sectionOfText.count : 0)
        keys.withUnsafeKeys { keys in
            (ties ?? SortKeyArena()).withUnsafeKeys { tieKeys in
                let comparator = RecordComparator(keys: keys, ties: tieKeys, hasTies: ties != nil, descending: descending)
                order.withUnsafeMutableBufferPointer { orderBuffer in
                    equalToPrevious.withUnsafeMutableBufferPointer { equalBuffer in
                        let orderPointer = SendablePointer(orderBuffer)
                        let equalPointer = SendablePointer(equalBuffer)
                        @Sendable func sort(_ range: Range<Int>, threads: Int) {
                            comparator.sort(
                                UnsafeMutableBufferPointer(rebasing: orderPointer.buffer[range]),
                                equalToPrevious: marksEqual ? UnsafeMutableBufferPointer(rebasing: equalPointer.buffer[range]) : nil,
                                threads: threads)
                        }
                        for range in shared { sort(range, threads: threads) }
                        let rest = sortable.dropFirst(shared.count)
                        parallelFor(rest.count, threads: threads) { item in sort(rest[rest.startIndex + item], threads: 1) }
                    }
                }
            }
        }
        return (order, equalToPrevious)
    }
}

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
                for index in Self.part(part, of: parts, count: count) {
                    entryPointer.buffer.initializeElement(at: index, to: entry(recordPointer.buffer[index]))
                }
            }
            radixSort(entries)
        }
        parallelFor(parts, threads: parts) { part in
            let (records, entries) = (recordPointer.buffer, entryPointer.buffer)
            for index in Self.part(part, of: parts, count: count) { records[index] = entries[index].record }
            guard let equalToPrevious = equalPointer?.buffer else { return }
            for index in Self.part(part, of: parts, count: count) where index > 0 {
                let (previous, entry) = (entries[index - 1], entries[index])
                // Neighbours may hold bytes of different depths: equal prefixes are only a
                // hint, the whole keys decide.
                equalToPrevious[index] =
                    previous.high == entry.high && previous.low == entry.low
                    && equalKeys(previous.record, entry.record, from: 0)
            }
        }
    }

    /// The indices of part `part` of `parts` equal parts of `count` elements.
    @inline(__always)
    static func part(_ part: Int, of parts: Int, count: Int) -> Range<Int> {
        (count * part / parts)..<(count * (part + 1) / parts)
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
        return differentHigh != 0 ? differentHigh.leadingZeroBitCount / 8 : 8 + differentLow.leadingZeroBitCount / 8
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

extension RecordComparator {
    /// Below this many entries a bucket is finished by insertion sort.
    static let insertionSortLimit = 24

    /// Sorts entries by their 12-byte prefixes (``Entry/high``, then ``Entry/low``) with a
    /// most-significant-byte-first radix sort, as DuckDB sorts its normalized keys; runs
    /// whose 12 prefix bytes are all equal are reloaded 12 bytes deeper and sorted again,
    /// or, when few, sorted by the rest of their keys
    /// (``precedes(_:_:from:positionTieBreak:)``), the only comparisons that touch key
    /// memory. The result is the order of ``precedes(_:_:from:positionTieBreak:)`` from
    /// byte 0 (prefixes hold key bytes, inverted when descending).
    /// - Parameters:
    ///   - entries: The entries, sorted in place; each holds key bytes `depth..<depth + 12`.
    ///   - depth: The key byte the entries' prefixes start at.
    /// - Complexity: O(*n*) per prefix byte on which entries differ, plus the comparison
    ///   sorts of equal-prefix runs.
    func radixSort(_ entries: UnsafeMutableBufferPointer<Entry>, depth: Int = 0) {
        // The prefix bytes every entry shares (names share their script's lead bytes) are
        // skipped at once, not counted byte by byte: at the start and after each reload.
        let shared = sharedPrefix(entries)
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 512 * (Self.prefixWidth + 1)) { counts in
            radixSort(entries, byte: shared, depth: depth, counts: counts)
        }
    }

    /// Writes the entries of `records` into `entries` already distributed by the first
    /// prefix byte they do not all share, on `parts` threads: the records' keys are read
    /// three times in parts (the bytes they share, each part's count of each byte value,
    /// each entry written at its bucket's next place), which costs less than moving
    /// entries into place on one thread (a cache miss a swap).
    /// - Returns: That byte and the size of each of its 256 buckets; nil when the records
    ///   share all 12 prefix bytes (nothing is written then).
    func loadInBuckets(
        _ records: UnsafeMutableBufferPointer<Int32>, into entries: UnsafeMutableBufferPointer<Entry>, parts: Int
    ) -> (byte: Int, sizes: [Int])? {
        let count = records.count
        guard count > 0 else { return nil }
        let (recordPointer, entryPointer) = (SendablePointer(records), SendablePointer(entries))
        let first = entry(records[0])
        var differences = [(high: UInt64, low: UInt32)](repeating: (0, 0), count: parts)
        differences.withUnsafeMutableBufferPointer { differences in
            let differencePointer = SendablePointer(differences)
            parallelFor(parts, threads: parts) { part in
                var (high, low): (UInt64, UInt32) = (0, 0)
                for index in Self.part(part, of: parts, count: count) {
                    let entry = entry(recordPointer.buffer[index])
                    high |= entry.high ^ first.high
                    low |= entry.low ^ first.low
                }
                differencePointer.buffer[part] = (high, low)
            }
        }
        let (high, low) = differences.reduce((UInt64(0), UInt32(0))) { ($0.0 | $1.high, $0.1 | $1.low) }
        let byte = high != 0 ? high.leadingZeroBitCount / 8 : low != 0 ? 8 + low.leadingZeroBitCount / 8 : Self.prefixWidth
        guard byte < Self.prefixWidth else { return nil }
        // Each part's count of each value, then each part's place in each bucket.
        var places = [Int](repeating: 0, count: parts * 256)
        places.withUnsafeMutableBufferPointer { places in
            let placePointer = SendablePointer(places)
            parallelFor(parts, threads: parts) { part in
                let counts = UnsafeMutableBufferPointer(rebasing: placePointer.buffer[part * 256..<(part + 1) * 256])
                for index in Self.part(part, of: parts, count: count) { counts[Self.digit(entry(recordPointer.buffer[index]), byte)] &+= 1 }
            }
        }
        var sizes = [Int](repeating: 0, count: 256)
        var running = 0
        for digit in 0..<256 {
            for part in 0..<parts {
                let counted = places[part * 256 + digit]
                places[part * 256 + digit] = running
                running += counted
                sizes[digit] += counted
            }
        }
        places.withUnsafeMutableBufferPointer { places in
            let placePointer = SendablePointer(places)
            parallelFor(parts, threads: parts) { part in
                let next = UnsafeMutableBufferPointer(rebasing: placePointer.buffer[part * 256..<(part + 1) * 256])
                for index in Self.part(part, of: parts, count: count) {
                    let entry = entry(recordPointer.buffer[index])
                    let digit = Self.digit(entry, byte)
                    entryPointer.buffer.initializeElement(at: next[digit], to: entry)
                    next[digit] += 1
                }
            }
        }
        return (byte, sizes)
    }

    /// Sorts entries as ``radixSort(_:depth:)`` does, on `threads` threads: the entries are
    /// distributed by the first prefix byte they do not all share (in place, on this
    /// thread), then their buckets sorted (``sortBuckets(_:byte:sizes:threads:)``).
    func radixSort(_ entries: UnsafeMutableBufferPointer<Entry>, threads: Int) {
        let byte = sharedPrefix(entries)
        guard threads > 1, entries.count >= Self.parallelSortMinimum, byte < Self.prefixWidth else {
            radixSort(entries)
            return
        }
        let sizes = withUnsafeTemporaryAllocation(of: Int.self, capacity: 512) { counts in
            let level = UnsafeMutableBufferPointer(rebasing: counts[0..<256])
            countDigits(entries, byte: byte, into: level, spare: UnsafeMutableBufferPointer(rebasing: counts[256..<512]))
            distribute(entries, byte: byte, level: level, next: UnsafeMutableBufferPointer(rebasing: counts[256..<512]))
            return Array(level)
        }
        sortBuckets(entries, byte: byte, sizes: sizes, threads: threads)
    }

    /// Sorts the buckets of entries distributed by prefix byte `byte` (`sizes`: each of
    /// the 256 buckets' size, in order) side by side on `threads` threads, largest first;
    /// a bucket holding more than a thread's share is sorted alone on every thread first
    /// (``radixSort(_:threads:)``).
    func sortBuckets(_ entries: UnsafeMutableBufferPointer<Entry>, byte: Int, sizes: [Int], threads: Int) {
        var buckets: [Range<Int>] = []
        var start = 0
        for size in sizes {
            if size > 1 { buckets.append(start..<start + size) }
            start += size
        }
        buckets.sort { $0.count > $1.count }
        let shared = buckets.prefix { Self.sortsOnEveryThread($0.count, of: entries.count, threads: threads) }
        for bucket in shared { radixSort(UnsafeMutableBufferPointer(rebasing: entries[bucket]), threads: threads) }
        let rest = buckets.dropFirst(shared.count)
        let pointer = SendablePointer(entries)
        parallelFor(rest.count, threads: threads) { item in
            let bucket = UnsafeMutableBufferPointer(rebasing: pointer.buffer[rest[rest.startIndex + item]])
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 512 * (Self.prefixWidth + 1)) { counts in
                radixSort(bucket, byte: byte + 1, depth: 0, counts: counts)
            }
        }
    }

    /// One radix level: distributes `entries` by prefix byte `byte`, then sorts each
    /// bucket at the next byte. `counts` holds 256 counters and 256 bucket
    /// positions per prefix byte.
    private func radixSort(
        _ entries: UnsafeMutableBufferPointer<Entry>, byte: Int, depth: Int, counts: UnsafeMutableBufferPointer<Int>
    ) {
        let count = entries.count
        if count <= Self.insertionSortLimit {
            insertionSort(entries, depth: depth)
            return
        }
        if byte == Self.prefixWidth {
            sortBeyondPrefix(entries, depth: depth)
            return
        }
        var level = UnsafeMutableBufferPointer(rebasing: counts[byte * 512..<byte * 512 + 256])
        var byte = byte
        // Skip bytes every entry shares (names share their script's lead bytes).
        while true {
            countDigits(
                entries, byte: byte, into: level, spare: UnsafeMutableBufferPointer(rebasing: counts[byte * 512 + 256..<byte * 512 + 512]))
            if level[Self.digit(entries[0], byte)] != count { break }
            byte += 1
            if byte == Self.prefixWidth {
                sortBeyondPrefix(entries, depth: depth)
                return
            }
            level = UnsafeMutableBufferPointer(rebasing: counts[byte * 512..<byte * 512 + 256])
        }
        distribute(
            entries, byte: byte, level: level, next: UnsafeMutableBufferPointer(rebasing: counts[byte * 512 + 256..<byte * 512 + 512]))
        var start = 0
        for digit in 0..<256 {
            let size = level[digit]
            if size > 1 {
                radixSort(
                    UnsafeMutableBufferPointer(rebasing: entries[start..<start + size]),
                    byte: byte + 1, depth: depth, counts: counts)
            }
            start += size
        }
    }

    /// Moves each entry into the bucket of its prefix byte `byte`, in place (American flag
    /// sort: each entry is swapped straight into its bucket, so sorting needs no second
    /// array of entries). `level` holds each bucket's size; `next` is scratch for 256
    /// positions.
    @inline(__always)
    private func distribute(
        _ entries: UnsafeMutableBufferPointer<Entry>, byte: Int, level: UnsafeMutableBufferPointer<Int>,
        next: UnsafeMutableBufferPointer<Int>
    ) {
        var running = 0
        for digit in 0..<256 {
            next[digit] = running
            running += level[digit]
        }
        var end = 0
        for digit in 0..<256 {
            end += level[digit]
            while next[digit] < end {
                var entry = entries[next[digit]]
                var home = Self.digit(entry, byte)
                while home != digit {
                    swap(&entry, &entries[next[home]])
                    next[home] += 1
                    home = Self.digit(entry, byte)
                }
                entries[next[digit]] = entry
                next[digit] += 1
            }
        }
    }

    /// Counts the entries of each value of prefix byte `byte` into `level`. Large buckets
    /// count alternate entries into `spare`, then add it: names repeat a byte value from
    /// one entry to the next, and one table would wait on its own last increment.
    @inline(__always)
    private func countDigits(
        _ entries: UnsafeMutableBufferPointer<Entry>, byte: Int, into level: UnsafeMutableBufferPointer<Int>,
        spare: UnsafeMutableBufferPointer<Int>
    ) {
        level.update(repeating: 0)
        guard entries.count >= 1024 else {
            for entry in entries { level[Self.digit(entry, byte)] &+= 1 }
            return
        }
        spare.update(repeating: 0)
        var index = 0
        while index + 1 < entries.count {
            level[Self.digit(entries[index], byte)] &+= 1
            spare[Self.digit(entries[index + 1], byte)] &+= 1
            index += 2
        }
        if index < entries.count { level[Self.digit(entries[index], byte)] &+= 1 }
        for digit in 0..<256 { level[digit] &+= spare[digit] }
    }

    /// Prefix byte `byte` (0–11) of an entry.
    @inline(__always)
    static func digit(_ entry: Entry, _ byte: Int) -> Int {
        byte < 8
            ? Int(truncatingIfNeeded: entry.high >> (56 - 8 * byte)) & 0xFF : Int(truncatingIfNeeded: entry.low >> (88 - 8 * byte)) & 0xFF
    }

    /// Sorts entries whose 12 prefix bytes are all equal by the rest of their keys: many
    /// (names that share a long start) are reloaded with the next 12 key bytes and radix
    /// sorted again; a few, or keys that end here, by comparison.
    private func sortBeyondPrefix(_ entries: UnsafeMutableBufferPointer<Entry>, depth: Int) {
        var entries = entries
        let depth = depth + Self.prefixWidth
        if entries.count > Self.insertionSortLimit && entries.contains(where: { keys.key(Int($0.record)).count > depth }) {
            for index in entries.indices { entries[index] = entry(entries[index].record, from: depth) }
            radixSort(entries, depth: depth)
            return
        }
        entries.sort { a, b in precedes(a.record, b.record, from: depth) }
    }

    /// Sorts a few entries by prefix, then by the rest of their keys.
    private func insertionSort(_ entries: UnsafeMutableBufferPointer<Entry>, depth: Int) {
        guard entries.count > 1 else { return }
        for index in 1..<entries.count {
            let entry = entries[index]
            var slot = index
            while slot > 0 && ascends(entry, entries[slot - 1], depth: depth) {
                entries[slot] = entries[slot - 1]
                slot -= 1
            }
            entries[slot] = entry
        }
    }

    /// Whether `a` sorts before `b`: by prefix (already inverted when descending), then by
    /// the rest of the keys (past `depth` and the prefix).
    @inline(__always)
    func ascends(_ a: Entry, _ b: Entry, depth: Int) -> Bool {
        if a.high != b.high { return a.high < b.high }
        if a.low != b.low { return a.low < b.low }
        return precedes(a.record, b.record, from: depth + Self.prefixWidth)
    }
}
