extension Snapshot {
    /// Adds sections, with no items, after the last section.
    ///
    /// ```swift
    /// try snapshot.appendSections(["A", "B", "#"])
    /// ```
    ///
    /// - Parameter identifiers: The identifiers of the new sections, in order.
    /// - Throws: ``SnapshotError/duplicateSection(_:)`` if an identifier is already in the
    ///   snapshot or repeated; the snapshot is then unchanged.
    /// - Complexity: O(*k*) expected, where *k* is the number of new sections.
    @inlinable
    public mutating func appendSections(
        _ identifiers: some Sequence<SectionID>
    ) throws(SnapshotError<SectionID, ItemID>) {
        try insertSections(Array(identifiers), at: sectionIDs.count)
    }

    /// Inserts sections, with no items, before an existing section.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers of the new sections, in order.
    ///   - beforeIdentifier: The section the new sections go in front of.
    /// - Throws: ``SnapshotError/unknownSection(_:)`` if `beforeIdentifier` is not in the
    ///   snapshot, or ``SnapshotError/duplicateSection(_:)`` if a new identifier is already
    ///   there or repeated; the snapshot is then unchanged.
    /// - Complexity: O(*s* + *k*), where *s* is the number of sections and *k* the number of
    ///   new ones.
    @inlinable
    public mutating func insertSections(
        _ identifiers: some Sequence<SectionID>, beforeSection beforeIdentifier: SectionID
    ) throws(SnapshotError<SectionID, ItemID>) {
        let index = try index(of: beforeIdentifier)
        try insertSections(Array(identifiers), at: index)
    }

    /// Inserts sections, with no items, after an existing section.
    ///
    /// - Parameters:
    ///   - identifiers: The identifiers of the new sections, in order.
    ///   - afterIdentifier: The section the new sections follow.
    /// - Throws: ``SnapshotError/unknownSection(_:)`` if `afterIdentifier` is not in the
    ///   snapshot, or ``SnapshotError/duplicateSection(_:)`` if a new identifier is already
    ///   there or repeated; the snapshot is then unchanged.
    /// - Complexity: O(*s* + *k*), where *s* is the number of sections and *k* the number of
    ///   new ones.
    @inlinable
    public mutating func insertSections(
        _ identifiers: some Sequence<SectionID>, afterSection afterIdentifier: SectionID
    ) throws(SnapshotError<SectionID, ItemID>) {
        let index = try index(of: afterIdentifier)
        try insertSections(Array(identifiers), at: index + 1)
    }

    /// Removes sections together with all of their items.
    ///
    /// Repeating an identifier in `identifiers` deletes the section once.
    ///
    /// - Parameter identifiers: The sections to delete.
    /// - Throws: ``SnapshotError/unknownSection(_:)`` if an identifier is not in the
    ///   snapshot; the snapshot is then unchanged.
    /// - Complexity: O(*s* + *d*), where *s* is the number of sections and *d* the number of
    ///   items in the deleted sections.
    @inlinable
    public mutating func deleteSections(
        _ identifiers: some Sequence<SectionID>
    ) throws(SnapshotError<SectionID, ItemID>) {
        var doomed = Set<Int>()
        for section in identifiers {
            doomed.insert(try index(of: section))
        }
        guard !doomed.isEmpty else { return }
        for index in doomed {
            for item in sectionItems[index] {
                itemLocations[item] = nil
                unmark(item)
            }
            itemCount -= sectionItems[index].count
            sectionIndexes[sectionIDs[index]] = nil
            reloadedSectionSet.remove(sectionIDs[index])
            slotIndexes[Int(sectionSlots[index])] = -1
        }
        let kept = sectionIDs.indices.filter { !doomed.contains($0) }
        sectionIDs = kept.map { sectionIDs[$0] }
        sectionItems = kept.map { sectionItems[$0] }
        sectionSlots = kept.map { sectionSlots[$0] }
        reindexSections(from: 0)
    }

    /// Moves a section, with its items, in front of another section.
    ///
    /// - Parameters:
    ///   - identifier: The section to move.
    ///   - beforeIdentifier: The section it is to precede.
    /// - Throws: ``SnapshotError/unknownSection(_:)`` if either section is not in the
    ///   snapshot, or ``SnapshotError/sectionMovedRelativeToItself(_:)`` if both are the same.
    /// - Complexity: O(*s*), where *s* is the number of sections; the items are not touched.
    @inlinable
    public mutating func moveSection(
        _ identifier: SectionID, beforeSection beforeIdentifier: SectionID
    ) throws(SnapshotError<SectionID, ItemID>) {
        try moveSection(identifier, relativeTo: beforeIdentifier, after: false)
    }

    /// Moves a section, with its items, behind another section.
    ///
    /// - Parameters:
    ///   - identifier: The section to move.
    ///   - afterIdentifier: The section it is to follow.
    /// - Throws: ``SnapshotError/unknownSection(_:)`` if either section is not in the
    ///   snapshot, or ``SnapshotError/sectionMovedRelativeToItself(_:)`` if both are the same.
    /// - Complexity: O(*s*), where *s* is the number of sections; the items are not touched.
    @inlinable
    public mutating func moveSection(
        _ identifier: SectionID, afterSection afterIdentifier: SectionID
    ) throws(SnapshotError<SectionID, ItemID>) {
        try moveSection(identifier, relativeTo: afterIdentifier, after: true)
    }

    @inlinable

    mutating func insertSections(
        _ identifiers: [SectionID], at index: Int
    ) throws(Failure) {
        try checkNewSections(identifiers)
        guard !identifiers.isEmpty else { return }
        var slots: [Int32] = []
        slots.reserveCapacity(identifiers.count)
        for _ in identifiers {
            slots.append(makeSlot())
        }
        sectionIDs.insert(contentsOf: identifiers, at: index)
        sectionItems.insert(contentsOf: repeatElement([], count: identifiers.count), at: index)
        sectionSlots.insert(contentsOf: slots, at: index)
        reindexSections(from: index)
    }

    @inlinable

    mutating func moveSection(
        _ identifier: SectionID, relativeTo anchor: SectionID, after: Bool
    ) throws(Failure) {
        let source = try index(of: identifier)
        let anchorIndex = try index(of: anchor)
        guard source != anchorIndex else { throw .sectionMovedRelativeToItself(identifier) }
        let items = sectionItems.remove(at: source)
        let slot = sectionSlots.remove(at: source)
        sectionIDs.remove(at: source)
        let destination = (anchorIndex > source ? anchorIndex - 1 : anchorIndex) + (after ? 1 : 0)
        sectionIDs.insert(identifier, at: destination)
        sectionItems.insert(items, at: destination)
        sectionSlots.insert(slot, at: destination)
        reindexSections(from: min(source, destination))
    }
}
