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
        texts: DistinctTexts, sectionOfText: [Int32], textOrder: [Int32], equalToPrevious: [Bool]
    ) -> (sectionOfRecord: [Int32], order: [Int32], groups: [Group]) {
        if texts.isIdentity {
            // Every record is its own text, in input order: the text order is the order,
            // and each section's records are one run (a section is read once per run, not
            // once per record: those reads would land at random places).
            var sizes = [Int](repeating: 0, count: sectionOfText.isEmpty ? 0 : Int(sectionOfText.max() ?? 0) + 1)
            for section in sectionOfText { sizes[Int(section)] += 1 }
            var runs = [(section: Int, count: Int)]()
            var position = 0
            while position < textOrder.count {
                let section = Int(sectionOfText[Int(textOrder[position])])
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
                sectionOfRank.append(sectionOfText[Int(text)])
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
        var sectionOfRecord = [Int32](repeating: 0, count: count)
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
