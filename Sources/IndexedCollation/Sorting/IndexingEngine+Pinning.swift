extension IndexingEngine.Output {
    /// The output with the records `isPinned` picks moved to the collation's pinned
    /// section (``LocalizedIndexedCollation/Configuration/pinnedSectionTitle``, section 0),
    /// in collation order (keys, the tie rule, input position; their sections aside). With `copies`, they also stay in their own
    /// section (a starred list shown above the letters, as Android shows it).
    /// - Parameters:
    ///   - isPinned: Whether the record at an input position is pinned.
    ///   - copies: Whether pinned records are also listed under their own section.
    /// - Returns: The output with the pinned section first; unchanged when none is pinned.
    /// - Complexity: O(*n*) plus O(*p* log *p*) key comparisons for *p* pinned records.
    package func pinning(_ isPinned: (Int) -> Bool, copies: Bool) -> IndexingEngine.Output {
        var pinned = [Int32]()
        var others = [Int32]()
        var groups = [IndexingEngine.Group]()
        var sectionOfRecord = self.sectionOfRecord
        for group in self.groups {
            let start = others.count
            for record in order[group.range] {
                if isPinned(Int(record)) {
                    pinned.append(record)
                    if !copies {
                        sectionOfRecord[Int(record)] = 0
                        continue
                    }
                }
                others.append(record)
            }
            if others.count > start { groups.append(IndexingEngine.Group(section: group.section, range: start..<others.count)) }
        }
        guard !pinned.isEmpty else { return self }
        // Collation order across the sections they came from (keys, the tie rule, position),
        // as a spilled run orders section 0: 123 before Bob.
        pinned.sort { a, b in
            let (textA, textB) = (text(ofRecord: Int(a)), text(ofRecord: Int(b)))
            let byKeys =
                textA == textB
                ? 0
                : withKeys(ofText: textA) { keyA, tieA in
                    withKeys(ofText: textB) { keyB, tieB in OrderKey.compareKeys(keyA, keyB, ties: (tieA, tieB)) }
                }
            return OrderKey.precedes(keys: byKeys, descending: false, positions: Int(a), Int(b))
        }
        var result = self
        result.order = pinned + others
        result.groups =
            [IndexingEngine.Group(section: 0, range: 0..<pinned.count)]
            + groups.map {
                IndexingEngine.Group(
                    section: $0.section, range: ($0.range.lowerBound + pinned.count)..<($0.range.upperBound + pinned.count))
            }
        result.sectionOfRecord = sectionOfRecord
        return result
    }
}
