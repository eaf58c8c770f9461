extension Snapshot {
    /// Adds items after the last item of a section.
    ///
    /// ```swift
    /// try snapshot.appendItems(["Åsa", "Östen"], toSection: "Å")
    /// ```
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers of the new items, in order.
    ///   - section: The section to add them to; `nil`, the default, means the last section.
    /// - Throws: ``SnapshotError/unknownSection(_:)`` if `section` is not in the snapshot,
    ///   ``SnapshotError/noSections`` if `section` is `nil` and there are no sections, or
    ///   ``SnapshotError/duplicateItem(_:existingSection:)`` if an identifier is already in
    ///   any section or repeated; the snapshot is then unchanged.
    /// - Complexity: O(*k*) expected, where *k* is the number of new items.
    @inlinable
    public mutating func appendItems(
        _ identifiers: some Sequence<ItemID>, toSection section: SectionID? = nil
    ) throws(SnapshotError<SectionID, ItemID>) {
        let index: Int
        if let section {
            index = try self.index(of: section)
        } else {
            guard !sectionIDs.isEmpty else { throw .noSections }
            index = sectionIDs.count - 1
        }
        let items = Array(identifiers)
        guard !items.isEmpty else { return }
        try claimItems(items, slot: sectionSlots[index], firstOffset: sectionItems[index].count)
        sectionItems[index].append(contentsOf: items)
    }

    /// Inserts items in front of an existing item, in that item's section.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers of the new items, in order.
    ///   - beforeIdentifier: The item the new items go in front of.
    /// - Throws: ``SnapshotError/unknownItem(_:)`` if `beforeIdentifier` is not in the
    ///   snapshot, or ``SnapshotError/duplicateItem(_:existingSection:)`` if a new
    ///   identifier is already in any section or repeated; the snapshot is then unchanged.
    /// - Complexity: O(*m* + *k*) expected, where *m* is the number of items in the section
    ///   and *k* the number of new items.
    @inlinable
    public mutating func insertItems(
        _ identifiers: some Sequence<ItemID>, beforeItem beforeIdentifier: ItemID
    ) throws(SnapshotError<SectionID, ItemID>) {
        try insertItems(Array(identifiers), relativeTo: beforeIdentifier, after: false)
    }

    /// Inserts items behind an existing item, in that item's section.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers of the new items, in order.
    ///   - afterIdentifier: The item the new items follow.
    /// - Throws: ``SnapshotError/unknownItem(_:)`` if `afterIdentifier` is not in the
    ///   snapshot, or ``SnapshotError/duplicateItem(_:existingSection:)`` if a new
    ///   identifier is already in any section or repeated; the snapshot is then unchanged.
    /// - Complexity: O(*m* + *k*) expected, where *m* is the number of items in the section
    ///   and *k* the number of new items.
    @inlinable
    public mutating func insertItems(
        _ identifiers: some Sequence<ItemID>, afterItem afterIdentifier: ItemID
    ) throws(SnapshotError<SectionID, ItemID>) {
        try insertItems(Array(identifiers), relativeTo: afterIdentifier, after: true)
    }

    /// Removes items from whichever sections hold them; the sections stay, even if empty.
    ///
    /// Repeating an identifier in `identifiers` deletes the item once.
    ///
    /// - Parameter identifiers: The items to delete.
    /// - Throws: ``SnapshotError/unknownItem(_:)`` if an identifier is not in the snapshot;
    ///   the snapshot is then unchanged.
    /// - Complexity: O(*k* log *k* + *m*) expected, where *k* is the number of identifiers and
    ///   *m* the number of items in the sections they are deleted from.
    @inlinable
    public mutating func deleteItems(
        _ identifiers: some Sequence<ItemID>
    ) throws(SnapshotError<SectionID, ItemID>) {
        let items = Array(identifiers)
        var offsetsBySlot: [Int32: [Int]] = [:]
        for item in items {
            let location = try location(of: item)
            offsetsBySlot[location.slot, default: []].append(Int(location.offset))
        }
        for item in items {
            itemLocations[item] = nil
            unmark(item)
        }
        for (slot, offsets) in offsetsBySlot {
            let sorted = offsets.sorted()
            var distinct: [Int] = []
            distinct.reserveCapacity(sorted.count)
            for offset in sorted where distinct.last != offset {
                distinct.append(offset)
            }
            removeItems(atSortedOffsets: distinct, fromSection: sectionIndex(ofSlot: slot))
        }
    }

    /// Removes every item and every section, as UIKit's `deleteAllItems()` does.
    ///
    /// Append sections again before appending items.
    ///
    /// - Complexity: O(1), plus releasing the storage if no other snapshot shares it.
    @inlinable
    public mutating func deleteAllItems() {
        self = Snapshot()
    }

    /// Moves an item in front of another item, which may be in another section.
    ///
    /// - Parameters:
    ///   - identifier: The item to move.
    ///   - beforeIdentifier: The item it is to precede.
    /// - Throws: ``SnapshotError/unknownItem(_:)`` if either item is not in the snapshot, or
    ///   ``SnapshotError/itemMovedRelativeToItself(_:)`` if both are the same.
    /// - Complexity: O(*m*) expected, where *m* is the number of items in the two sections
    ///   involved.
    @inlinable
    public mutating func moveItem(
        _ identifier: ItemID, beforeItem beforeIdentifier: ItemID
    ) throws(SnapshotError<SectionID, ItemID>) {
        try moveItem(identifier, relativeTo: beforeIdentifier, after: false)
    }

    /// Moves an item behind another item, which may be in another section.
    ///
    /// - Parameters:
    ///   - identifier: The item to move.
    ///   - afterIdentifier: The item it is to follow.
    /// - Throws: ``SnapshotError/unknownItem(_:)`` if either item is not in the snapshot, or
    ///   ``SnapshotError/itemMovedRelativeToItself(_:)`` if both are the same.
    /// - Complexity: O(*m*) expected, where *m* is the number of items in the two sections
    ///   involved.
    @inlinable
    public mutating func moveItem(
        _ identifier: ItemID, afterItem afterIdentifier: ItemID
    ) throws(SnapshotError<SectionID, ItemID>) {
        try moveItem(identifier, relativeTo: afterIdentifier, after: true)
    }

    @inlinable

    mutating func insertItems(
        _ items: [ItemID], relativeTo anchor: ItemID, after: Bool
    ) throws(Failure) {
        let anchorLocation = try location(of: anchor)
        guard !items.isEmpty else { return }
        try claimItems(items, slot: anchorLocation.slot, firstOffset: nil)
        let index = sectionIndex(ofSlot: anchorLocation.slot)
        let offset = Int(anchorLocation.offset) + (after ? 1 : 0)
        sectionItems[index].insert(contentsOf: items, at: offset)
        relocateItems(inSection: index, from: offset)
    }

    @inlinable

    mutating func moveItem(
        _ item: ItemID, relativeTo anchor: ItemID, after: Bool
    ) throws(Failure) {
        let source = try location(of: item)
        _ = try location(of: anchor)
        guard item != anchor else { throw .itemMovedRelativeToItself(item) }
        let sourceIndex = sectionIndex(ofSlot: source.slot)
        sectionItems[sourceIndex].remove(at: Int(source.offset))
        relocateItems(inSection: sourceIndex, from: Int(source.offset))
        let anchorLocation = try location(of: anchor)
        let destinationIndex = sectionIndex(ofSlot: anchorLocation.slot)
        let offset = Int(anchorLocation.offset) + (after ? 1 : 0)
        sectionItems[destinationIndex].insert(item, at: offset)
        relocateItems(inSection: destinationIndex, from: offset)
    }
}
