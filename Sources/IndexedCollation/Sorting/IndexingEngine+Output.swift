extension IndexingEngine {
    /// The result: sections in title order, each listing record positions in sorted order.
    package struct Output: Sendable {
        /// How many sections the collation has (the width of ``OrderKeyEncoding``'s
        /// reversed section numbers).
        package var sectionCount: Int
        /// Section (index into the collation's titles) of every input record.
        package var sectionOfRecord: SectionNumbers
        /// Record positions in output order: grouped by section, sorted within each.
        package var order: [Int32]
        /// The non-empty sections in output order, each with its slice of `order`.
        package var groups: [Group]
        /// Which distinct (key, reading) text each record has: keys are computed once per
        /// distinct text, and records share them. Empty when every record is its own text
        /// (numbered as the record): see ``text(ofRecord:)``.
        package var textOfRecord: [Int32]
        /// Sort keys per distinct text (of the ordering text: see
        /// `LocalizedIndexedCollation.withOrderingText`).
        package var keys: SortKeyArena
        /// Display-key sort keys per distinct text that has a reading or a surname reading
        /// (empty entries otherwise), or nil when no text has one.
        package var ties: SortKeyArena?

        /// The distinct text of `record` (the index of its keys in ``keys`` and ``ties``).
        @inline(__always)
        package func text(ofRecord record: Int) -> Int { textOfRecord.isEmpty ? record : Int(textOfRecord[record]) }

        /// The sort key that orders `record`.
        package func sortKey(ofRecord record: Int) -> ArraySlice<UInt8> { keys.key(text(ofRecord: record)) }

        /// The display-key sort key that breaks ties for `record`, when it has a reading.
        package func tieKey(ofRecord record: Int) -> ArraySlice<UInt8>? {
            guard let ties else { return nil }
            let tie = ties.key(text(ofRecord: record))
            return tie.isEmpty ? nil : tie
        }

        /// Calls `body` with the sort key of `text` and the key that breaks its ties
        /// (``OrderKey/tieBreakKey(_:sortKey:)``: its tie key, else the sort key itself).
        @inline(__always)
        func withKeys<Result>(
            ofText text: Int, _ body: (_ sortKey: UnsafeBufferPointer<UInt8>, _ tieBreak: UnsafeBufferPointer<UInt8>) -> Result
        ) -> Result {
            keys.bytes.withUnsafeBufferPointer { keyBytes in
                let key = UnsafeBufferPointer(rebasing: keyBytes[keys.range(text)])
                guard let ties else { return body(key, key) }
                return ties.bytes.withUnsafeBufferPointer { tieBytes in
                    body(key, OrderKey.tieBreakKey(UnsafeBufferPointer(rebasing: tieBytes[ties.range(text)]), sortKey: key))
                }
            }
        }

        /// The key that breaks ties between records with equal sort keys (see
        /// ``OrderKey/tieBreakKey(_:sortKey:)``).
        package func tieBreakKey(ofRecord record: Int) -> ArraySlice<UInt8> {
            withKeys(ofText: text(ofRecord: record)) { Array($1)[...] }
        }

        /// Whether two records sort as equals (same section aside): ``OrderKey``'s key
        /// comparison, positions aside.
        package func sortsEqual(_ a: Int, _ b: Int) -> Bool {
            let (textA, textB) = (text(ofRecord: a), text(ofRecord: b))
            if textA == textB { return true }
            return withKeys(ofText: textA) { keyA, tieA in
                withKeys(ofText: textB) { keyB, tieB in OrderKey.compareKeys(keyA, keyB, ties: (tieA, tieB)) == 0 }
            }
        }

        /// Every record in the order sections aside (keys, the tie rule, position).
        /// - Complexity: O(*n* log *n*) key comparisons.
        package func recordsIgnoringSections() -> [Int] {
            (0..<sectionOfRecord.count).sorted { a, b in
                let (textA, textB) = (text(ofRecord: a), text(ofRecord: b))
                let byKeys =
                    textA == textB
                    ? 0
                    : withKeys(ofText: textA) { keyA, tieA in
                        withKeys(ofText: textB) { keyB, tieB in OrderKey.compareKeys(keyA, keyB, ties: (tieA, tieB)) }
                    }
                return OrderKey.precedes(keys: byKeys, descending: false, positions: a, b)
            }
        }

        /// `record`'s place in the order as a value.
        /// - Parameters:
        ///   - record: The record's position in this run's input.
        ///   - position: Its global input position, or nil for its place alone.
        ///   - descending: The output's direction.
        package func order(ofRecord record: Int, position: Int?, descending: Bool = false) -> OrderKey {
            OrderKey(
                section: sectionOfRecord[record], sortKey: Array(sortKey(ofRecord: record)),
                tieKey: tieKey(ofRecord: record).map(Array.init), position: position, descending: descending)
        }

        /// The bytes of `record`'s place in the output order (see ``OrderKeyEncoding``).
        /// - Parameters:
        ///   - record: The record's position in this run's input.
        ///   - position: Its global input position (records before this input included).
        ///   - encoding: Direction and position width.
        /// - Returns: The encoded key.
        package func orderKey(_ record: Int, position: Int, encoding: OrderKeyEncoding) -> [UInt8] {
            encoding.encode(
                section: sectionOfRecord[record], sectionCount: sectionCount, key: sortKey(ofRecord: record),
                tie: tieBreakKey(ofRecord: record), position: position)
        }

        /// The storage key of `record` (see ``OrderKeyEncoding/storage``): its plain byte
        /// order (memcmp, `LC_ALL=C sort` on its hex) is exactly the output order.
        /// - Parameters:
        ///   - record: The record's position in this run's input.
        ///   - positionOffset: Records before this input in the whole data set.
        package func storageKey(_ record: Int, positionOffset: Int = 0) -> [UInt8] {
            orderKey(record, position: positionOffset + record, encoding: .storage)
        }
    }
}

extension IndexingEngine {
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
}

extension IndexingEngine {
    /// Lays records out behind their distinct text, in input order, and finds the
    /// non-empty sections.
    ///
    /// Texts with equal keys (different bytes, same order: "Anna"/"anna" at primary
    /// strength) share a rank, so their records interleave in input order.
    /// - Parameters:
    ///   - texts: Each record's text and each text's first record.
    ///   - sectionOfText: Each text's section.
    ///   - textOrder: The texts in output order.
    ///   - equalToPrevious: For each position of `textOrder`, whether its text sorts equal
    ///     to the one before it.
    /// - Returns: Each record's section, the records in output order, and the groups.
    /// - Complexity: O(*n* + *u*) for *n* records and *u* texts.
    func layOut(
        texts: DistinctTexts, sectionOfText: SectionNumbers, textOrder: [Int32], equalToPrevious: [Bool]
    ) -> (sectionOfRecord: SectionNumbers, order: [Int32], groups: [Group]) {
        if texts.isIdentity {
            // Every record is its own text, in input order: the text order is the order,
            // and each section's records are one run (a section is read once per run, not
            // once per record: those reads would land at random places).
            var sizes = [Int](repeating: 0, count: collation.sectionTitles.count)
            for section in sectionOfText { sizes[section] += 1 }
            var runs = [(section: Int, count: Int)]()
            var position = 0
            while position < textOrder.count {
                let section = sectionOfText[Int(textOrder[position])]
                runs.append((section, sizes[section]))
                position += sizes[section]
            }
            return (sectionOfText, textOrder, Self.groups(runs))
        }
        let textCount = sectionOfText.count
        var rankOfText = [Int32](repeating: 0, count: textCount)
        var sectionOfRank = [Int32]()
        var rank = -1
        for (position, text) in textOrder.enumerated() {
            if rank < 0 || !equalToPrevious[position] {
                rank += 1
                sectionOfRank.append(Int32(sectionOfText[Int(text)]))
            }
            rankOfText[Int(text)] = Int32(rank)
        }
        let rankCount = rank + 1
        var sizes = [Int](repeating: 0, count: rankCount)
        for text in texts.textOfRecord { sizes[Int(rankOfText[Int(text)])] += 1 }
        var next = [Int](repeating: 0, count: rankCount)
        var running = 0
        for rank in 0..<rankCount {
            next[rank] = running
            running += sizes[rank]
        }
        let count = texts.textOfRecord.count
        var order = [Int32](repeating: 0, count: count)
        var sectionOfRecord = SectionNumbers(count: count, sectionCount: collation.sectionTitles.count)
        for (record, text) in texts.textOfRecord.enumerated() {
            let rank = Int(rankOfText[Int(text)])
            order[next[rank]] = Int32(record)
            next[rank] += 1
            sectionOfRecord[record] = sectionOfText[Int(text)]
        }
        let runs = (0..<rankCount).lazy.map { (section: Int(sectionOfRank[$0]), count: sizes[$0]) }
        return (sectionOfRecord, order, Self.groups(runs))
    }

    /// The groups of consecutive runs of records: runs of the same section join.
    /// - Parameter runs: Each run's section and record count, in output order.
    /// - Returns: One group per maximal stretch of one section.
    /// - Complexity: O(*r*) for *r* runs.
    static func groups(_ runs: some Sequence<(section: Int, count: Int)>) -> [Group] {
        var groups = [Group]()
        var position = 0
        for run in runs {
            if let last = groups.last, last.section == run.section {
                groups[groups.count - 1].range = last.range.lowerBound..<position + run.count
            } else {
                groups.append(Group(section: run.section, range: position..<position + run.count))
            }
            position += run.count
        }
        return groups
    }
}
