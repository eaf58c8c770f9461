extension Snapshot {
    /// Returns the snapshot that a difference computed from this one leads to.
    ///
    /// For any snapshots `old` and `new`, `try old.applying(new.difference(from: old))`
    /// equals `new`, reload and reconfigure marks included. The difference is replayed the way
    /// a table view performs a batch update: deletions and move sources are removed at their
    /// old positions, insertions and move destinations are placed at their new positions, and
    /// everything else keeps its relative order.
    ///
    /// - Parameter difference: A difference computed by ``difference(from:)`` with this
    ///   snapshot as the old one.
    /// - Returns: The new snapshot.
    /// - Throws: ``SnapshotError/differenceMismatch(_:)`` if the difference does not fit this
    ///   snapshot, for example because it was computed from another one.
    /// - Complexity: O(*n* + *c* log *c*) expected, where *n* is the number of items in both
    ///   snapshots and *c* the number of changes.
    public func applying(
        _ difference: SnapshotDifference<SectionID, ItemID>
    ) throws(SnapshotError<SectionID, ItemID>) -> Snapshot {
        let newSections = try newSectionOrder(difference)

        // Items leaving surviving sections.
        var leaves = sectionItems.map { [Bool](repeating: false, count: $0.count) }
        func markLeaving(_ item: ItemID, at position: Position, _ what: String) throws(Failure) {
            guard itemIdentifier(at: position) == item,
                newSections.survivingOldIndexes.contains(position.section),
                !leaves[position.section][position.row]
            else {
                throw .differenceMismatch(
                    "\(what) of \(String(reflecting: item)) at \(position) does not match")
            }
            leaves[position.section][position.row] = true
        }
        for deletion in difference.itemDeletions {
            try markLeaving(deletion.identifier, at: deletion.location, "deletion")
        }
        for move in difference.itemMoves {
            try markLeaving(move.identifier, at: move.source, "move")
        }

        // Items arriving in surviving sections, grouped by new section.
        var arrivals = [[(row: Int, item: ItemID)]](repeating: [], count: newSections.ids.count)
        func markArriving(_ item: ItemID, at position: Position) throws(Failure) {
            guard arrivals.indices.contains(position.section),
                newSections.oldIndexes[position.section] >= 0
            else {
                throw .differenceMismatch(
                    "\(String(reflecting: item)) arrives at \(position), "
                        + "outside the sections that survive")
            }
            arrivals[position.section].append((position.row, item))
        }
        for insertion in difference.itemInsertions {
            try markArriving(insertion.identifier, at: insertion.location)
        }
        for move in difference.itemMoves {
            try markArriving(move.identifier, at: move.destination)
        }

        var result = Snapshot()
        for (newIndex, section) in newSections.ids.enumerated() {
            let oldIndex = newSections.oldIndexes[newIndex]
            let items: [ItemID]
            if oldIndex < 0 {
                items = newSections.insertedItems[newIndex]
            } else {
                let staying = zip(sectionItems[oldIndex], leaves[oldIndex]).lazy
                    .filter { !$0.1 }.map(\.0)
                items = try Self.merge(staying, arrivals[newIndex], section: section)
            }
            do {
                try result.appendSections([section])
                try result.appendItems(items, toSection: section)
            } catch {
                throw .differenceMismatch("it would repeat an identifier: \(error)")
            }
        }

        try result.copyMarks(of: difference)
        return result
    }

    /// The section order after a difference: identifiers, the old index of each surviving
    /// section (-1 for inserted ones), the items of inserted sections, and the old indexes of
    /// the sections that are not deleted.
    private typealias NewSectionOrder = (
        ids: [SectionID], oldIndexes: [Int], insertedItems: [[ItemID]],
        survivingOldIndexes: Set<Int>
    )

    private func newSectionOrder(
        _ difference: SnapshotDifference<SectionID, ItemID>
    ) throws(Failure) -> NewSectionOrder {
        var removed = [Bool](repeating: false, count: sectionIDs.count)
        var deleted = Set<Int>()
        for deletion in difference.sectionDeletions {
            let index = deletion.location
            guard sectionIDs.indices.contains(index),
                sectionIDs[index] == deletion.identifier,
                !removed[index]
            else {
                throw .differenceMismatch(
                    "deletion of section \(String(reflecting: deletion.identifier)) "
                        + "at \(index) does not match")
            }
            removed[index] = true
            deleted.insert(index)
        }
        for move in difference.sectionMoves {
            let index = move.source
            guard sectionIDs.indices.contains(index), sectionIDs[index] == move.identifier,
                !removed[index]
            else {
                throw .differenceMismatch(
                    "move of section \(String(reflecting: move.identifier)) "
                        + "from \(index) does not match")
            }
            removed[index] = true
        }

        let count =
            sectionIDs.count - difference.sectionDeletions.count
            + difference.sectionInsertions.count
        var ids = [SectionID?](repeating: nil, count: count)
        var oldIndexes = [Int](repeating: -1, count: count)
        var insertedItems = [[ItemID]](repeating: [], count: count)
        func place(_ section: SectionID, at index: Int) throws(Failure) {
            guard ids.indices.contains(index), ids[index] == nil else {
                throw .differenceMismatch(
                    "section \(String(reflecting: section)) cannot be placed at \(index)")
            }
            ids[index] = section
        }
        for insertion in difference.sectionInsertions {
            try place(insertion.identifier, at: insertion.location)
            insertedItems[insertion.location] = insertion.itemIdentifiers
        }
        for move in difference.sectionMoves {
            try place(move.identifier, at: move.destination)
            oldIndexes[move.destination] = move.source
        }
        var staying = sectionIDs.indices.lazy.filter { !removed[$0] }.makeIterator()
        for index in ids.indices where ids[index] == nil {
            guard let oldIndex = staying.next() else {
                throw .differenceMismatch("it leaves section index \(index) empty")
            }
            ids[index] = sectionIDs[oldIndex]
            oldIndexes[index] = oldIndex
        }
        if let oldIndex = staying.next() {
            throw .differenceMismatch(
                "section \(String(reflecting: sectionIDs[oldIndex])) has no place left")
        }
        return (
            ids: ids.compactMap { $0 }, oldIndexes: oldIndexes, insertedItems: insertedItems,
            survivingOldIndexes: Set(sectionIDs.indices).subtracting(deleted)
        )
    }

    /// Interleaves the items that stay in a section with the ones that arrive at given rows.
    private static func merge(
        _ staying: some Sequence<ItemID>, _ arrivals: [(row: Int, item: ItemID)],
        section: SectionID
    ) throws(Failure) -> [ItemID] {
        let arrivals = arrivals.sorted { $0.row < $1.row }
        var items: [ItemID] = []
        var stayers = staying.makeIterator()
        var next = 0
        while true {
            if next < arrivals.count, arrivals[next].row == items.count {
                items.append(arrivals[next].item)
                next += 1
            } else if let item = stayers.next() {
                items.append(item)
            } else {
                break
            }
        }
        guard next == arrivals.count else {
            throw .differenceMismatch(
                "row \(arrivals[next].row) in section \(String(reflecting: section)) "
                    + "is past the end of the section")
        }
        return items
    }

    /// Sets this snapshot's reload and reconfigure marks to those listed in a difference.
    private mutating func copyMarks(
        of difference: SnapshotDifference<SectionID, ItemID>
    ) throws(Failure) {
        for change in difference.reloadedSections {
            guard sectionIDs.indices.contains(change.location),
                sectionIDs[change.location] == change.identifier
            else {
                throw .differenceMismatch(
                    "reloaded section \(String(reflecting: change.identifier)) "
                        + "is not at \(change.location)")
            }
            reloadedSectionSet.insert(change.identifier)
        }
        for (changes, mark) in [
            (difference.reloadedItems, ItemMark.reload), (difference.reconfiguredItems, .reconfigure),
        ] {
            for change in changes where itemIdentifier(at: change.location) != change.identifier {
                throw .differenceMismatch(
                    "marked item \(String(reflecting: change.identifier)) "
                        + "is not at \(change.location)")
            }
            self.mark(changes.lazy.map(\.identifier), as: mark)
        }
    }
}
