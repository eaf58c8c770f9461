extension RecordComparator {
    /// Below this many entries a bucket is finished by insertion sort.
    static let insertionSortLimit = 24

    /// Sorts entries by their 16-byte prefixes (``Entry/high``, then ``Entry/low``) with a
    /// most-significant-byte-first radix sort, as DuckDB sorts its normalized keys; runs
    /// whose 16 prefix bytes are all equal are sorted by the rest of their keys
    /// (``precedes(_:_:from:positionTieBreak:)``), the only comparisons that touch key
    /// memory. The result is the order of ``precedes(_:_:from:positionTieBreak:)`` from
    /// byte 0 (prefixes hold the first 16 key bytes, inverted when descending).
    /// - Parameters:
    /// - Parameter entries: The entries, sorted in place.
    /// - Complexity: O(*n*) per prefix byte on which entries differ, plus the comparison
    ///   sorts of equal-prefix runs.
    func radixSort(_ entries: UnsafeMutableBufferPointer<Entry>) {
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 512 * 17) { counts in
            radixSort(entries, byte: 0, counts: counts)
        }
    }

    /// One radix level: distributes `entries` by prefix byte `byte`, then sorts each
    /// bucket at the next byte. `counts` holds 256 counters and 256 bucket
    /// positions per prefix byte.
    private func radixSort(
        _ entries: UnsafeMutableBufferPointer<Entry>, byte: Int, counts: UnsafeMutableBufferPointer<Int>
    ) {
        let count = entries.count
        if count <= Self.insertionSortLimit {
            insertionSort(entries)
            return
        }
        if byte == 16 {
            sortBeyondPrefix(entries)
            return
        }
        var level = UnsafeMutableBufferPointer(rebasing: counts[byte * 512..<byte * 512 + 256])
        var byte = byte
        // Skip bytes every entry shares (names share their script's lead bytes).
        while true {
            level.update(repeating: 0)
            for entry in entries { level[Self.digit(entry, byte)] += 1 }
            if level[Self.digit(entries[0], byte)] != count { break }
            byte += 1
            if byte == 16 {
                sortBeyondPrefix(entries)
                return
            }
            level = UnsafeMutableBufferPointer(rebasing: counts[byte * 512..<byte * 512 + 256])
        }
        // In place (American flag sort): each entry is swapped straight into its bucket, so
        // sorting needs no second array of entries.
        let next = UnsafeMutableBufferPointer(rebasing: counts[byte * 512 + 256..<byte * 512 + 512])
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
        var start = 0
        for digit in 0..<256 {
            let size = level[digit]
            if size > 1 {
                radixSort(
                    UnsafeMutableBufferPointer(rebasing: entries[start..<start + size]),
                    byte: byte + 1, counts: counts)
            }
            start += size
        }
    }

    /// Prefix byte `byte` (0–15) of an entry.
    @inline(__always)
    private static func digit(_ entry: Entry, _ byte: Int) -> Int {
        byte < 8 ? Int(truncatingIfNeeded: entry.high >> (56 - 8 * byte)) & 0xFF : Int(truncatingIfNeeded: entry.low >> (120 - 8 * byte)) & 0xFF
    }

    /// Sorts entries whose 16 prefix bytes are all equal by the rest of their keys.
    private func sortBeyondPrefix(_ entries: UnsafeMutableBufferPointer<Entry>) {
        var entries = entries
        entries.sort { a, b in precedes(a.record, b.record, from: 16) }
    }

    /// Sorts a few entries by prefix, then by the rest of their keys.
    private func insertionSort(_ entries: UnsafeMutableBufferPointer<Entry>) {
        guard entries.count > 1 else { return }
        for index in 1..<entries.count {
            let entry = entries[index]
            var slot = index
            while slot > 0 && ascends(entry, entries[slot - 1]) {
                entries[slot] = entries[slot - 1]
                slot -= 1
            }
            entries[slot] = entry
        }
    }

    /// Whether `a` sorts before `b`: by prefix (already inverted when descending), then by
    /// the rest of the keys.
    @inline(__always)
    func ascends(_ a: Entry, _ b: Entry) -> Bool {
        if a.high != b.high { return a.high < b.high }
        if a.low != b.low { return a.low < b.low }
        return precedes(a.record, b.record, from: 16)
    }
}
