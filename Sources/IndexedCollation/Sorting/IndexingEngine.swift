import Dispatch

/// The sort-and-section pipeline shared by the library and the `collate` tool.
///
/// The performance model (DESIGN.md): one ICU sort key per record, computed once and in
/// parallel; the section found by binary search over the index's primary boundary keys
/// (memcmp); records sorted by memcmp of their keys. ICU is called O(n) times in all.
package struct IndexingEngine: Sendable {
    package let collation: LocalizedIndexedCollation
    /// Worker threads for key generation and sorting; 1 runs everything inline.
    package var threads: Int

    package init(collation: LocalizedIndexedCollation, threads: Int = IndexingEngine.defaultThreads) {
        self.collation = collation
        self.threads = max(1, threads)
    }

    package static var defaultThreads: Int { max(1, min(8, sysconfProcessors())) }

    /// Records as UTF-8 byte ranges inside one buffer: the display key of each record and
    /// its optional reading (an empty reading means "none").
    package struct Input: @unchecked Sendable {
        // @unchecked: the caller keeps `bytes` alive and unmodified during `run`.
        package let bytes: UnsafeBufferPointer<UInt8>
        package let keys: [Range<Int>]
        package let readings: [Range<Int>]?

        package init(bytes: UnsafeBufferPointer<UInt8>, keys: [Range<Int>], readings: [Range<Int>]? = nil) {
            self.bytes = bytes
            self.keys = keys
            self.readings = readings
        }

        package var count: Int { keys.count }

        func text(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[range])
        }
    }

    /// The result: sections in title order, each listing record positions in sorted order.
    package struct Output: Sendable {
        /// Section (index into the collation's titles) of every input record.
        package var sectionOfRecord: [Int32]
        /// Record positions in output order: grouped by section, sorted within each.
        package var order: [Int32]
        /// The non-empty sections in output order, each with its slice of `order`.
        package var groups: [Group]
        /// Sort keys (of the reading where present, else of the display key).
        package var keys: SortKeyArena
        /// Display-key sort keys of records with a reading (empty entries otherwise), or
        /// nil when no record has a reading.
        package var ties: SortKeyArena?

        /// A key whose plain byte order (memcmp, `LC_ALL=C sort` on its hex) is exactly
        /// the output order: section (2 bytes, big-endian), sort key, 0x00, display-key
        /// sort key, 0x00, input position (4 bytes, big-endian). ICU sort keys contain no
        /// 0x00 byte, so the separators keep shorter keys first, as the sort does.
        package func storageKey(_ record: Int) -> [UInt8] {
            let section = UInt16(truncatingIfNeeded: sectionOfRecord[record])
            var bytes: [UInt8] = [UInt8(section >> 8), UInt8(section & 0xFF)]
            let key = keys.key(record)
            bytes += key
            bytes.append(0)
            if let ties, !ties.key(record).isEmpty { bytes += ties.key(record) } else { bytes += key }
            bytes.append(0)
            let position = UInt32(truncatingIfNeeded: record)
            bytes += [UInt8(position >> 24), UInt8((position >> 16) & 0xFF), UInt8((position >> 8) & 0xFF), UInt8(position & 0xFF)]
            return bytes
        }
    }

    /// Computes keys, sections and the sorted order.
    /// - Parameters:
    ///   - input: The records' key and reading bytes.
    ///   - descending: Reverse the order of sections and of records (equal keys keep
    ///     input order either way).
    /// - Complexity: O(*n* log *n*) memcmp comparisons; O(*n*) ICU calls.
    package func run(_ input: Input, descending: Bool = false) -> Output {
        let count = input.count
        let chunkCount = count < 20_000 ? 1 : min(threads * 4, count / 5_000)
        var chunks = [Chunk](repeating: Chunk(), count: chunkCount)
        let sectionsBox = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
        defer { sectionsBox.deallocate() }
        let sections = SendablePointer(sectionsBox)
        chunks.withUnsafeMutableBufferPointer { chunkBuffer in
            let chunkPointer = SendablePointer(chunkBuffer)
            parallelFor(chunkCount, threads: threads) { chunk in
                let range = (count * chunk / chunkCount)..<(count * (chunk + 1) / chunkCount)
                chunkPointer.buffer[chunk] = makeKeys(input, range, sections: sections.buffer)
            }
        }
        var keys = SortKeyArena()
        var ties = SortKeyArena()
        var hasTies = false
        keys.bytes.reserveCapacity(chunks.reduce(0) { $0 + $1.keys.bytes.count })
        keys.starts.reserveCapacity(count + 1)
        for chunk in chunks {
            keys.append(contentsOf: chunk.keys)
            hasTies = hasTies || chunk.hasTies
        }
        if hasTies { for chunk in chunks { ties.append(contentsOf: chunk.ties) } }
        let sectionOfRecord = Array(sectionsBox)
        let (order, groups) = sortBySection(sectionOfRecord, keys: keys, ties: hasTies ? ties : nil, descending: descending)
        return Output(sectionOfRecord: sectionOfRecord, order: order, groups: groups, keys: keys, ties: hasTies ? ties : nil)
    }

    /// One non-empty section of the output.
    package struct Group: Sendable, Hashable {
        /// Index into the collation's `sectionTitles`.
        package var section: Int
        /// The section's records: `order[range]`.
        package var range: Range<Int>

        package init(section: Int, range: Range<Int>) {
            self.section = section
            self.range = range
        }
    }

    struct Chunk {
        var keys = SortKeyArena()
        /// Display-key sort keys, used to break ties between equal readings; for records
        /// without a reading the entry is empty and the main key decides.
        var ties = SortKeyArena()
        var hasTies = false
    }

    private func makeKeys(_ input: Input, _ range: Range<Int>, sections: UnsafeMutableBufferPointer<Int32>) -> Chunk {
        let collator = collation.collator.handle
        let index = collation.index
        let primaryFromKey = collation.primaryFromSortKey
        var chunk = Chunk()
        chunk.keys.starts.reserveCapacity(range.count + 1)
        chunk.keys.bytes.reserveCapacity(range.count * 24)
        let names = collation.surnameReadings
        var scratch = [UInt8]()
        var nameKey = [UInt8]()
        for record in range {
            let display = input.text(input.keys[record])
            let reading = input.readings?[record]
            let hasReading = reading.map { !$0.isEmpty } ?? false
            // What decides section and order: the reading, else (name mode) the name with
            // its surname's reading, else the display key. The display key breaks ties.
            nameKey.removeAll(keepingCapacity: true)
            let renamed = !hasReading && (names?.substitute(display, into: &nameKey) ?? false)
            nameKey.withUnsafeBufferPointer { renamedText in
                let sortText = hasReading ? input.text(reading ?? 0..<0) : renamed ? renamedText : display
                let start = chunk.keys.bytes.count
                collator.appendSortKey(of: sortText, to: &chunk.keys.bytes)
                chunk.keys.starts.append(chunk.keys.bytes.count)
                let bucket: Int32
                if primaryFromKey {
                    bucket = chunk.keys.bytes.withUnsafeBufferPointer { all in
                        var end = start
                        while end < all.count && all[end] > 1 { end += 1 }
                        return index.bucket(forPrimaryKey: UnsafeBufferPointer(rebasing: all[start..<end]))
                    }
                } else {
                    scratch.removeAll(keepingCapacity: true)
                    index.appendPrimaryKey(of: sortText, to: &scratch)
                    bucket = scratch.withUnsafeBufferPointer { index.bucket(forPrimaryKey: $0) }
                }
                sections[record] = collation.sectionOfBucket[Int(bucket)]
            }
            if hasReading || renamed {
                collator.appendSortKey(of: display, to: &chunk.ties.bytes)
                chunk.hasTies = true
            }
            chunk.ties.starts.append(chunk.ties.bytes.count)
        }
        return chunk
    }

    private func sortBySection(
        _ sectionOfRecord: [Int32], keys: SortKeyArena, ties: SortKeyArena?, descending: Bool
    ) -> ([Int32], [Group]) {
        // Counting sort by section (in output order), then a comparison sort per section.
        let sectionCount = collation.sectionTitles.count
        var sizes = [Int](repeating: 0, count: sectionCount)
        for section in sectionOfRecord { sizes[Int(section)] += 1 }
        let outputSections = descending ? Array((0..<sectionCount).reversed()) : Array(0..<sectionCount)
        var groups = [Group]()
        var fill = [Int](repeating: 0, count: sectionCount)
        var running = 0
        for section in outputSections where sizes[section] > 0 {
            groups.append(Group(section: section, range: running..<running + sizes[section]))
            fill[section] = running
            running += sizes[section]
        }
        var order = [Int32](repeating: 0, count: sectionOfRecord.count)
        for (record, section) in sectionOfRecord.enumerated() {
            order[fill[Int(section)]] = Int32(record)
            fill[Int(section)] += 1
        }
        let sectionRanges = groups.map(\.range).filter { $0.count > 1 }
        keys.bytes.withUnsafeBufferPointer { keyBytes in
            keys.starts.withUnsafeBufferPointer { keyStarts in
                let tieBytes = ties?.bytes ?? []
                let tieStarts = ties?.starts ?? []
                tieBytes.withUnsafeBufferPointer { tieBytes in
                    tieStarts.withUnsafeBufferPointer { tieStarts in
                        let comparator = RecordComparator(
                            keyBytes: keyBytes, keyStarts: keyStarts, tieBytes: tieBytes,
                            tieStarts: tieStarts, hasTies: ties != nil, descending: descending)
                        order.withUnsafeMutableBufferPointer { orderBuffer in
                            let orderPointer = SendablePointer(orderBuffer)
                            parallelFor(sectionRanges.count, threads: threads) { item in
                                comparator.sort(UnsafeMutableBufferPointer(rebasing: orderPointer.buffer[sectionRanges[item]]))
                            }
                        }
                    }
                }
            }
        }
        return (order, groups)
    }
}

/// Orders record positions by key, then display key (readings), then input position.
///
/// Sorting compares the first 16 key bytes as two big-endian integers held next to the
/// record position, so most comparisons touch no key memory at all; only records whose
/// first 16 bytes tie fall back to memcmp of the rest.
struct RecordComparator: @unchecked Sendable {
    // @unchecked: read-only views of arenas that outlive every use of the comparator.
    let keyBytes: UnsafeBufferPointer<UInt8>
    let keyStarts: UnsafeBufferPointer<Int>
    let tieBytes: UnsafeBufferPointer<UInt8>
    let tieStarts: UnsafeBufferPointer<Int>
    let hasTies: Bool
    let descending: Bool

    struct Entry {
        var high: UInt64
        var low: UInt64
        var record: Int32
    }

    /// Sorts record positions in place.
    func sort(_ records: UnsafeMutableBufferPointer<Int32>) {
        var entries = records.map { record in
            let (high, low) = prefix(Int(record))
            return Entry(high: high, low: low, record: record)
        }
        if descending {
            entries.sort { a, b in
                if a.high != b.high { return a.high > b.high }
                if a.low != b.low { return a.low > b.low }
                return precedes(a.record, b.record, from: 16)
            }
        } else {
            entries.sort { a, b in
                if a.high != b.high { return a.high < b.high }
                if a.low != b.low { return a.low < b.low }
                return precedes(a.record, b.record, from: 16)
            }
        }
        for (index, entry) in entries.enumerated() { records[index] = entry.record }
    }

    /// The first 16 key bytes as two big-endian integers, zero-padded (keys contain no
    /// zero bytes, so padding sorts a shorter key first, as memcmp would).
    @inline(__always)
    func prefix(_ record: Int) -> (UInt64, UInt64) {
        let start = keyStarts[record]
        let count = keyStarts[record + 1] - start
        var high: UInt64 = 0
        var low: UInt64 = 0
        for offset in 0..<16 {
            let byte: UInt64 = offset < count ? UInt64(keyBytes[start + offset]) : 0
            if offset < 8 { high = high << 8 | byte } else { low = low << 8 | byte }
        }
        return (high, low)
    }

    @inline(__always)
    func precedes(_ a: Int32, _ b: Int32, from skip: Int = 0) -> Bool {
        let a = Int(a)
        let b = Int(b)
        let aStart = min(keyStarts[a] + skip, keyStarts[a + 1])
        let bStart = min(keyStarts[b] + skip, keyStarts[b + 1])
        var result = compareBytes(
            UnsafeBufferPointer(rebasing: keyBytes[aStart..<keyStarts[a + 1]]),
            UnsafeBufferPointer(rebasing: keyBytes[bStart..<keyStarts[b + 1]]))
        if result == 0 && hasTies {
            let aTie = tieStarts[a]..<tieStarts[a + 1]
            let bTie = tieStarts[b]..<tieStarts[b + 1]
            // A record without a reading has no tie key: its main key is its display key.
            let aKey = aTie.isEmpty ? keyBytes[keyStarts[a]..<keyStarts[a + 1]] : tieBytes[aTie]
            let bKey = bTie.isEmpty ? keyBytes[keyStarts[b]..<keyStarts[b + 1]] : tieBytes[bTie]
            result = compareBytes(UnsafeBufferPointer(rebasing: aKey), UnsafeBufferPointer(rebasing: bKey))
        }
        if result != 0 { return descending ? result > 0 : result < 0 }
        return a < b
    }
}

/// A buffer pointer handed to worker threads that write disjoint elements.
struct SendablePointer<Element>: @unchecked Sendable {
    // @unchecked: each worker touches only its own indices; the owner outlives the workers.
    let buffer: UnsafeMutableBufferPointer<Element>
    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }
}

/// Runs `body(0..<count)` on up to `threads` threads (inline when 1).
func parallelFor(_ count: Int, threads: Int, _ body: @Sendable (Int) -> Void) {
    if threads <= 1 || count <= 1 {
        for item in 0..<count { body(item) }
    } else {
        DispatchQueue.concurrentPerform(iterations: count, execute: body)
    }
}
