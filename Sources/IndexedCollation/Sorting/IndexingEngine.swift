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
        /// Which distinct (key, reading) text each record has: keys are computed once per
        /// distinct text, and records share them.
        package var textOfRecord: [Int32]
        /// Sort keys per distinct text (of the reading where present, else of the key).
        package var keys: SortKeyArena
        /// Display-key sort keys per distinct text that has a reading or a surname reading
        /// (empty entries otherwise), or nil when no text has one.
        package var ties: SortKeyArena?

        /// The sort key that orders `record`.
        package func sortKey(ofRecord record: Int) -> ArraySlice<UInt8> { keys.key(Int(textOfRecord[record])) }

        /// The display-key sort key that breaks ties for `record`, when it has a reading.
        package func tieKey(ofRecord record: Int) -> ArraySlice<UInt8>? {
            guard let ties else { return nil }
            let tie = ties.key(Int(textOfRecord[record]))
            return tie.isEmpty ? nil : tie
        }

        /// A key whose plain byte order (memcmp, `LC_ALL=C sort` on its hex) is exactly
        /// the output order: section (2 bytes, big-endian), sort key, 0x00, display-key
        /// sort key, 0x00, input position (4 bytes, big-endian). ICU sort keys contain no
        /// 0x00 byte, so the separators keep shorter keys first, as the sort does.
        package func storageKey(_ record: Int) -> [UInt8] {
            let section = UInt16(truncatingIfNeeded: sectionOfRecord[record])
            var bytes: [UInt8] = [UInt8(section >> 8), UInt8(section & 0xFF)]
            let key = sortKey(ofRecord: record)
            bytes += key
            bytes.append(0)
            bytes += tieKey(ofRecord: record) ?? key
            bytes.append(0)
            let position = UInt32(truncatingIfNeeded: record)
            bytes += [UInt8(position >> 24), UInt8((position >> 16) & 0xFF), UInt8((position >> 8) & 0xFF), UInt8(position & 0xFF)]
            return bytes
        }
    }

    /// Computes keys, sections and the sorted order.
    ///
    /// Records with the same key and reading share one ICU sort key (name lists repeat a
    /// lot: 김민준, Smith); distinct texts are sorted once, and records follow their text
    /// in input order, which keeps equal keys stable.
    /// - Parameters:
    ///   - input: The records' key and reading bytes.
    ///   - descending: Reverse the order of sections and of records (equal keys keep
    ///     input order either way).
    /// - Complexity: O(*n*) hashing, O(*u*) ICU calls and O(*u* log *u*) comparisons for
    ///   *u* distinct texts.
    package func run(_ input: Input, descending: Bool = false) -> Output {
        let count = input.count
        // 1. Distinct texts: one representative record each.
        let (textOfRecord, representatives) = distinctTexts(input)
        let textCount = representatives.count
        // 2. One sort key (two with a reading) and a section per distinct text, in parallel.
        let chunkCount = textCount < 20_000 ? 1 : min(threads * 4, textCount / 5_000)
        var chunks = [Chunk](repeating: Chunk(), count: chunkCount)
        var sectionOfText = [Int32](repeating: 0, count: textCount)
        sectionOfText.withUnsafeMutableBufferPointer { sectionBuffer in
            let sections = SendablePointer(sectionBuffer)
            representatives.withUnsafeBufferPointer { representatives in
                let records = UnsafeSendableBuffer(representatives)
                chunks.withUnsafeMutableBufferPointer { chunkBuffer in
                    let chunkPointer = SendablePointer(chunkBuffer)
                    parallelFor(chunkCount, threads: threads) { chunk in
                        let range = (textCount * chunk / chunkCount)..<(textCount * (chunk + 1) / chunkCount)
                        chunkPointer.buffer[chunk] = makeKeys(input, records.buffer, range, sections: sections.buffer)
                    }
                }
            }
        }
        var keys = SortKeyArena()
        var ties = SortKeyArena()
        var hasTies = false
        keys.bytes.reserveCapacity(chunks.reduce(0) { $0 + $1.keys.bytes.count })
        keys.starts.reserveCapacity(textCount + 1)
        for index in chunks.indices {
            keys.append(contentsOf: chunks[index].keys)
            hasTies = hasTies || chunks[index].hasTies
            chunks[index].keys = SortKeyArena()
        }
        if hasTies { for chunk in chunks { ties.append(contentsOf: chunk.ties) } }
        chunks.removeAll()
        // 3. Sort the distinct texts, then lay records out behind their text, in input order.
        let (textOrder, equalToPrevious) = sortTexts(sectionOfText, keys: keys, ties: hasTies ? ties : nil, descending: descending)
        if textCount == count && representatives.last.map({ Int($0) == count - 1 }) ?? true {
            // Every record is its own text (numbered in input order): equal keys are
            // already in input order, so the text order is the record order.
            return Output(
                sectionOfRecord: sectionOfText, order: textOrder, groups: Self.groups(textOrder.lazy.map { Int(sectionOfText[Int($0)]) }),
                textOfRecord: textOfRecord, keys: keys, ties: hasTies ? ties : nil)
        }
        // Texts with equal keys (different bytes, same order: "Anna"/"anna" at primary
        // strength) share a rank, so their records interleave in input order.
        var rankOfText = [Int32](repeating: 0, count: textCount)
        var sectionOfRank = [Int32]()
        var rank = -1
        for (position, text) in textOrder.enumerated() {
            if rank < 0 || !equalToPrevious[position] {
                rank += 1
                sectionOfRank.append(sectionOfText[Int(text)])
            }
            rankOfText[Int(text)] = Int32(rank)
        }
        let rankCount = rank + 1
        var sizes = [Int](repeating: 0, count: rankCount)
        for text in textOfRecord { sizes[Int(rankOfText[Int(text)])] += 1 }
        var next = [Int](repeating: 0, count: rankCount)
        var running = 0
        for rank in 0..<rankCount {
            next[rank] = running
            running += sizes[rank]
        }
        var order = [Int32](repeating: 0, count: count)
        var sectionOfRecord = [Int32](repeating: 0, count: count)
        for (record, text) in textOfRecord.enumerated() {
            let rank = Int(rankOfText[Int(text)])
            order[next[rank]] = Int32(record)
            next[rank] += 1
            sectionOfRecord[record] = sectionOfText[Int(text)]
        }
        var groups = [Group]()
        var position = 0
        for rank in 0..<rankCount {
            let section = Int(sectionOfRank[rank])
            let size = sizes[rank]
            if let last = groups.last, last.section == section {
                groups[groups.count - 1].range = last.range.lowerBound..<position + size
            } else {
                groups.append(Group(section: section, range: position..<position + size))
            }
            position += size
        }
        return Output(
            sectionOfRecord: sectionOfRecord, order: order, groups: groups, textOfRecord: textOfRecord, keys: keys,
            ties: hasTies ? ties : nil)
    }

    /// Runs of equal sections, as groups.
    static func groups(_ sections: some Sequence<Int>) -> [Group] {
        var groups = [Group]()
        var position = 0
        for section in sections {
            if let last = groups.last, last.section == section {
                groups[groups.count - 1].range = last.range.lowerBound..<position + 1
            } else {
                groups.append(Group(section: section, range: position..<position + 1))
            }
            position += 1
        }
        return groups
    }

    /// Groups records whose key and reading bytes are identical (hashing, no ICU call).
    /// When the first eighth of a large input is mostly distinct, grouping would cost more
    /// than it saves, and every record is its own text.
    /// - Returns: Each record's text number and each text's first record.
    func distinctTexts(_ input: Input) -> (textOfRecord: [Int32], representatives: [Int32]) {
        let count = input.count
        let probe = count >= 65_536 ? count / 8 : count
        let identity = { () -> ([Int32], [Int32]) in
            let all = (0..<Int32(count)).map { $0 }
            return (all, all)
        }
        var capacity = 16
        while capacity < count * 2 { capacity <<= 1 }
        let mask = capacity - 1
        var table = [Int32](repeating: -1, count: capacity)  // text number, or -1
        var textOfRecord = [Int32](repeating: 0, count: count)
        var representatives = [Int32]()
        func reading(_ record: Int) -> Range<Int> { input.readings?[record] ?? 0..<0 }
        let grouped: Bool = table.withUnsafeMutableBufferPointer { table in
            for record in 0..<count {
                // (Never with guessed readings: a guess costs ~10 µs, far more than grouping.)
                if record == probe && probe < count && representatives.count * 10 > probe * 7 && !collation.guessesWithDictionary {
                    return false
                }
                let key = input.keys[record]
                let read = reading(record)
                let hash = hashBytes(input.text(key), seed: hashBytes(input.text(read), seed: 0x51_7C_C1_B7))
                var slot = Int(truncatingIfNeeded: hash) & mask
                while true {
                    let text = table[slot]
                    if text < 0 {
                        table[slot] = Int32(representatives.count)
                        textOfRecord[record] = Int32(representatives.count)
                        representatives.append(Int32(record))
                        break
                    }
                    let other = Int(representatives[Int(text)])
                    if equalBytes(input.text(input.keys[other]), input.text(key)) && equalBytes(input.text(reading(other)), input.text(read)) {
                        textOfRecord[record] = text
                        break
                    }
                    slot = (slot + 1) & mask
                }
            }
            return true
        }
        return grouped ? (textOfRecord, representatives) : identity()
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

    private func makeKeys(
        _ input: Input, _ representatives: UnsafeBufferPointer<Int32>, _ range: Range<Int>, sections: UnsafeMutableBufferPointer<Int32>
    ) -> Chunk {
        let collator = collation.collator.handle
        var chunk = Chunk()
        chunk.keys.starts.reserveCapacity(range.count + 1)
        chunk.keys.bytes.reserveCapacity(range.count * 24)
        let names = collation.surnameReadings
        var scratch = [UInt8]()
        var nameKey = [UInt8]()
        for text in range {
            let record = Int(representatives[text])
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
                sections[text] = chunk.keys.bytes.withUnsafeBufferPointer { all in
                    collation.section(ofText: sortText, sortKey: UnsafeBufferPointer(rebasing: all[start...]), scratch: &scratch)
                }
            }
            if hasReading || renamed {
                collator.appendSortKey(of: display, to: &chunk.ties.bytes)
                chunk.hasTies = true
            }
            chunk.ties.starts.append(chunk.ties.bytes.count)
        }
        return chunk
    }

    /// Distinct texts in output order: by section (reversed when descending), then by key.
    /// - Returns: The texts in order, and for each position whether its text sorts equal to
    ///   the one before it (same section, same keys).
    private func sortTexts(_ sectionOfText: [Int32], keys: SortKeyArena, ties: SortKeyArena?, descending: Bool) -> ([Int32], [Bool]) {
        let sectionCount = collation.sectionTitles.count
        var sizes = [Int](repeating: 0, count: sectionCount)
        for section in sectionOfText { sizes[Int(section)] += 1 }
        let outputSections = descending ? Array((0..<sectionCount).reversed()) : Array(0..<sectionCount)
        var ranges = [Range<Int>]()
        var fill = [Int](repeating: 0, count: sectionCount)
        var running = 0
        for section in outputSections where sizes[section] > 0 {
            ranges.append(running..<running + sizes[section])
            fill[section] = running
            running += sizes[section]
        }
        var order = [Int32](repeating: 0, count: sectionOfText.count)
        for (text, section) in sectionOfText.enumerated() {
            order[fill[Int(section)]] = Int32(text)
            fill[Int(section)] += 1
        }
        let sortable = ranges.filter { $0.count > 1 }
        var equalToPrevious = [Bool](repeating: false, count: sectionOfText.count)
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
                            equalToPrevious.withUnsafeMutableBufferPointer { equalBuffer in
                                let orderPointer = SendablePointer(orderBuffer)
                                let equalPointer = SendablePointer(equalBuffer)
                                parallelFor(sortable.count, threads: threads) { item in
                                    let range = sortable[item]
                                    comparator.sort(
                                        UnsafeMutableBufferPointer(rebasing: orderPointer.buffer[range]),
                                        equalToPrevious: UnsafeMutableBufferPointer(rebasing: equalPointer.buffer[range]))
                                }
                            }
                        }
                    }
                }
            }
        }
        return (order, equalToPrevious)
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

    /// Sorts record positions in place, and marks each position whose key (and tie key)
    /// equals the previous one's; only prefix-equal neighbours touch key memory.
    func sort(_ records: UnsafeMutableBufferPointer<Int32>, equalToPrevious: UnsafeMutableBufferPointer<Bool>) {
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
        !precedes(a, b, from: skip, positionTieBreak: false) && !precedes(b, a, from: skip, positionTieBreak: false)
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
    func precedes(_ a: Int32, _ b: Int32, from skip: Int = 0, positionTieBreak: Bool = true) -> Bool {
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
        return positionTieBreak && a < b
    }
}

/// A read-only buffer handed to worker threads.
struct UnsafeSendableBuffer<Element>: @unchecked Sendable {
    // @unchecked: read only, and the owner outlives the workers.
    let buffer: UnsafeBufferPointer<Element>
    init(_ buffer: UnsafeBufferPointer<Element>) { self.buffer = buffer }
}

/// A fast 64-bit hash of bytes (8 at a time, multiply-xorshift mixing).
@inline(__always)
func hashBytes(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> UInt64 {
    var hash = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
    var index = 0
    let count = bytes.count
    if let base = bytes.baseAddress {
        let raw = UnsafeRawPointer(base)
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            hash = (hash ^ word) &* 0xBF58_476D_1CE4_E5B9
            hash ^= hash >> 31
            index += 8
        }
        var tail: UInt64 = 0
        while index < count {
            tail = tail << 8 | UInt64(base[index])
            index += 1
        }
        hash = (hash ^ tail) &* 0x94D0_49BB_1331_11EB
    }
    return hash ^ (hash >> 29)
}

@inline(__always)
func equalBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    a.count == b.count && compareBytes(a, b) == 0
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
