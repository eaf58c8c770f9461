extension Snapshot {
    /// Returns the changes that turn an older snapshot into this one.
    ///
    /// ```swift
    /// let old = try Snapshot<String, String>(sections: [("A", ["Anna", "Åsa"]), ("B", ["Bo"])])
    /// var new = old
    /// try new.moveItem("Bo", beforeItem: "Anna")
    /// try new.deleteItems(["Åsa"])
    /// let difference = new.difference(from: old)
    /// // difference.itemMoves:     Bo [1, 0] → [0, 0]
    /// // difference.itemDeletions: Åsa at [0, 1]
    /// try old.applying(difference) == new   // true
    /// ```
    ///
    /// Items and sections are matched by identifier with the snapshots' hash tables, in the
    /// spirit of Paul Heckel's algorithm, not by comparing sequences as
    /// `CollectionDifference` does. Among the elements found in both snapshots, a longest
    /// run that kept its relative order stays put and the rest are moves, so the moves are
    /// as few as possible; see ``SnapshotDifference`` for the rules the result follows.
    ///
    /// - Parameter old: The snapshot to compare against, usually the one currently shown.
    /// - Returns: The difference that ``applying(_:)`` replays on `old` to give `self`.
    /// - Complexity: O(*n* + *s*) expected, where *n* is the number of items and *s* the
    ///   number of sections in both snapshots, plus O(*r* log *r*) for the *r* elements that
    ///   are out of order (each costs a binary search).
    @inlinable
    public func difference(from old: Snapshot) -> SnapshotDifference<SectionID, ItemID> {
        typealias Difference = SnapshotDifference<SectionID, ItemID>
        let new = self
        var difference = Difference { _ in }  // filled in below, list by list

        // Sections: match by identifier; the common ones that kept their order stay put.
        var newIndexOfOld = [Int](repeating: -1, count: old.sectionIDs.count)
        var oldIndexOfNew = [Int](repeating: -1, count: new.sectionIDs.count)
        for (newIndex, section) in new.sectionIDs.enumerated() {
            if let oldIndex = old.sectionIndexes[section] {
                newIndexOfOld[oldIndex] = newIndex
                oldIndexOfNew[newIndex] = oldIndex
            }
        }
        for (oldIndex, newIndex) in newIndexOfOld.enumerated() where newIndex < 0 {
            difference.sectionDeletions.append(
                .init(identifier: old.sectionIDs[oldIndex], location: oldIndex))
        }
        var commonNewIndexes: [Int] = []
        var commonOldIndexes: [Int] = []
        for (newIndex, oldIndex) in oldIndexOfNew.enumerated() {
            if oldIndex < 0 {
                difference.sectionInsertions.append(
                    .init(
                        identifier: new.sectionIDs[newIndex], location: newIndex,
                        itemIdentifiers: new.sectionItems[newIndex]))
            } else {
                commonNewIndexes.append(newIndex)
                commonOldIndexes.append(oldIndex)
            }
        }
        if !LongestIncreasingSubsequence.isIncreasing(commonOldIndexes) {
            let stays = LongestIncreasingSubsequence.membership(of: commonOldIndexes)
            for (position, newIndex) in commonNewIndexes.enumerated() where !stays[position] {
                difference.sectionMoves.append(
                    .init(
                        identifier: new.sectionIDs[newIndex],
                        source: commonOldIndexes[position], destination: newIndex))
            }
        }

        // Items: for each old storage slot, where its section went and where its items start
        // in a flat table of "found in the new snapshot" flags.
        var newIndexOfOldSlot = [Int](repeating: -1, count: old.slotIndexes.count)
        var flagStartOfOldSlot = [Int](repeating: 0, count: old.slotIndexes.count)
        var flagCount = 0
        for (oldIndex, slot) in old.sectionSlots.enumerated() {
            newIndexOfOldSlot[Int(slot)] = newIndexOfOld[oldIndex]
            flagStartOfOldSlot[Int(slot)] = flagCount
            flagCount += old.sectionItems[oldIndex].count
        }
        var found = [Bool](repeating: false, count: flagCount)

        var stayingRows: [Int] = []
        var stayingOldOffsets: [Int] = []
        for (newIndex, oldIndex) in oldIndexOfNew.enumerated() where oldIndex >= 0 {
            stayingRows.removeAll(keepingCapacity: true)
            stayingOldOffsets.removeAll(keepingCapacity: true)
            var inOrder = true
            let firstMove = difference.itemMoves.count
            let items = new.sectionItems[newIndex]
            for (row, item) in items.enumerated() {
                let destination = Position(row: row, section: newIndex)
                guard let location = old.itemLocations[item] else {
                    difference.itemInsertions.append(.init(identifier: item, location: destination))
                    continue
                }
                let slot = Int(location.slot)
                let offset = Int(location.offset)
                let oldSectionDestination = newIndexOfOldSlot[slot]
                if oldSectionDestination == newIndex {
                    found[flagStartOfOldSlot[slot] + offset] = true
                    inOrder = inOrder && (stayingOldOffsets.last ?? -1) < offset
                    stayingRows.append(row)
                    stayingOldOffsets.append(offset)
                } else if oldSectionDestination < 0 {
                    // Its old section is deleted, taking the item with it.
                    difference.itemInsertions.append(.init(identifier: item, location: destination))
                } else {
                    found[flagStartOfOldSlot[slot] + offset] = true
                    let source = Position(row: offset, section: old.slotIndexes[slot])
                    difference.itemMoves.append(
                        .init(identifier: item, source: source, destination: destination))
                }
            }
            if !inOrder {
                let stays = LongestIncreasingSubsequence.membership(of: stayingOldOffsets)
                for (position, row) in stayingRows.enumerated() where !stays[position] {
                    difference.itemMoves.append(
                        .init(
                            identifier: items[row],
                            source: Position(row: stayingOldOffsets[position], section: oldIndex),
                            destination: Position(row: row, section: newIndex)))
                }
                difference.itemMoves[firstMove...].sort { $0.destination < $1.destination }
            }
        }

        // Deletions: the items of surviving sections that were not found above.
        for (oldIndex, newIndex) in newIndexOfOld.enumerated() where newIndex >= 0 {
            let start = flagStartOfOldSlot[Int(old.sectionSlots[oldIndex])]
            let items = old.sectionItems[oldIndex]
            for offset in items.indices where !found[start + offset] {
                difference.itemDeletions.append(
                    .init(
                        identifier: items[offset],
                        location: Position(row: offset, section: oldIndex)))
            }
        }

        difference.reloadedSections = new.reloadedSectionSet.compactMap { section in
            new.sectionIndexes[section].map { .init(identifier: section, location: $0) }
        }.sorted { $0.location < $1.location }
        difference.reloadedItems = markedItemChanges(reloadedItemSet)
        difference.reconfiguredItems = markedItemChanges(reconfiguredItemSet)
        return difference
    }

    @inlinable

    func markedItemChanges(
        _ items: Set<ItemID>
    ) -> [SnapshotDifference<SectionID, ItemID>.ItemChange] {
        items.compactMap { item in
            position(ofItem: item).map { .init(identifier: item, location: $0) }
        }.sorted { $0.location < $1.location }
    }
}
