import SystemSupport

// The radix sort of `RecordComparator`: one section on one thread, or on every thread
// (`loadInBuckets`, `sortBuckets`).
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
        let differences = parallelMap(parts, threads: parts) { part in
            var (high, low): (UInt64, UInt32) = (0, 0)
            for index in parallelShare(part, of: parts, count: count) {
                let entry = entry(recordPointer.buffer[index])
                high |= entry.high ^ first.high
                low |= entry.low ^ first.low
            }
            return (high: high, low: low)
        }
        let (high, low) = differences.reduce((UInt64(0), UInt32(0))) { ($0.0 | $1.high, $0.1 | $1.low) }
        let byte = Self.sharedBytes(differentHigh: high, differentLow: low)
        guard byte < Self.prefixWidth else { return nil }
        // Each part's count of each value, then each part's place in each bucket.
        var places = [Int](repeating: 0, count: parts * 256)
        places.withUnsafeMutableBufferPointer { places in
            let placePointer = SendablePointer(places)
            parallelFor(parts, threads: parts) { part in
                let counts = UnsafeMutableBufferPointer(rebasing: placePointer.buffer[part * 256..<(part + 1) * 256])
                for index in parallelShare(part, of: parts, count: count) {
                    counts[Self.digit(entry(recordPointer.buffer[index]), byte)] &+= 1
                }
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
                for index in parallelShare(part, of: parts, count: count) {
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
        // Skip bytes every entry shares (names share their script's lead bytes): the count
        // of the first byte also finds the first byte on which entries differ.
        let differing = countDigits(
            entries, byte: byte, into: level, spare: UnsafeMutableBufferPointer(rebasing: counts[byte * 512 + 256..<byte * 512 + 512]))
        if differing > byte {
            byte = differing
            if byte == Self.prefixWidth {
                sortBeyondPrefix(entries, depth: depth)
                return
            }
            level = UnsafeMutableBufferPointer(rebasing: counts[byte * 512..<byte * 512 + 256])
            countDigits(
                entries, byte: byte, into: level, spare: UnsafeMutableBufferPointer(rebasing: counts[byte * 512 + 256..<byte * 512 + 512]))
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
    /// - Returns: The first prefix byte from `byte` on at which the entries differ (12 when
    ///   none do): `byte` unless every entry has the same value there.
    @inline(__always) @discardableResult
    private func countDigits(
        _ entries: UnsafeMutableBufferPointer<Entry>, byte: Int, into level: UnsafeMutableBufferPointer<Int>,
        spare: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        level.update(repeating: 0)
        let first = entries[0]
        var (differentHigh, differentLow): (UInt64, UInt32) = (0, 0)
        guard entries.count >= 1024 else {
            for entry in entries {
                level[Self.digit(entry, byte)] &+= 1
                differentHigh |= entry.high ^ first.high
                differentLow |= entry.low ^ first.low
            }
            return max(byte, Self.sharedBytes(differentHigh: differentHigh, differentLow: differentLow))
        }
        spare.update(repeating: 0)
        var index = 0
        while index + 1 < entries.count {
            let (a, b) = (entries[index], entries[index + 1])
            level[Self.digit(a, byte)] &+= 1
            spare[Self.digit(b, byte)] &+= 1
            differentHigh |= (a.high ^ first.high) | (b.high ^ first.high)
            differentLow |= (a.low ^ first.low) | (b.low ^ first.low)
            index += 2
        }
        if index < entries.count {
            let entry = entries[index]
            level[Self.digit(entry, byte)] &+= 1
            differentHigh |= entry.high ^ first.high
            differentLow |= entry.low ^ first.low
        }
        for digit in 0..<256 { level[digit] &+= spare[digit] }
        return max(byte, Self.sharedBytes(differentHigh: differentHigh, differentLow: differentLow))
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
