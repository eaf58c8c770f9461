extension Snapshot {
    /// Marks items whose content changed, so that their cells are created anew.
    ///
    /// The marks travel to the ``SnapshotDifference`` computed *to* this snapshot, as its
    /// ``SnapshotDifference/reloadedItems``. Moving an item keeps its mark; deleting it drops
    /// the mark. Repeated identifiers are marked once.
    ///
    /// - Parameter identifiers: The items to reload.
    /// - Throws: ``SnapshotError/unknownItem(_:)`` if an identifier is not in the snapshot;
    ///   the snapshot is then unchanged.
    /// - Complexity: O(*k*) expected, where *k* is the number of identifiers.
    @inlinable
    public mutating func reloadItems(
        _ identifiers: some Sequence<ItemID>
    ) throws(SnapshotError<SectionID, ItemID>) {
        mark(try checkedItems(identifiers), as: .reload)
    }

    /// Marks items whose content changed, so that their existing cells are updated in place.
    ///
    /// This is the cheaper relative of ``reloadItems(_:)``, as in UIKit; the marks travel to
    /// the difference as its ``SnapshotDifference/reconfiguredItems``.
    ///
    /// - Parameter identifiers: The items to reconfigure.
    /// - Throws: ``SnapshotError/unknownItem(_:)`` if an identifier is not in the snapshot;
    ///   the snapshot is then unchanged.
    /// - Complexity: O(*k*) expected, where *k* is the number of identifiers.
    @inlinable
    public mutating func reconfigureItems(
        _ identifiers: some Sequence<ItemID>
    ) throws(SnapshotError<SectionID, ItemID>) {
        mark(try checkedItems(identifiers), as: .reconfigure)
    }

    /// Marks sections whose header, footer or items must be created anew.
    ///
    /// The marks travel to the difference as its ``SnapshotDifference/reloadedSections``;
    /// deleting a section drops its mark.
    ///
    /// - Parameter identifiers: The sections to reload.
    /// - Throws: ``SnapshotError/unknownSection(_:)`` if an identifier is not in the
    ///   snapshot; the snapshot is then unchanged.
    /// - Complexity: O(*k*) expected, where *k* is the number of identifiers.
    @inlinable
    public mutating func reloadSections(
        _ identifiers: some Sequence<SectionID>
    ) throws(SnapshotError<SectionID, ItemID>) {
        let sections = Array(identifiers)
        for section in sections {
            _ = try index(of: section)
        }
        reloadedSectionSet.formUnion(sections)
    }

    /// The items marked by ``reloadItems(_:)``, in display order.
    ///
    /// - Complexity: O(*k* log *k*), where *k* is the number of marked items.
    @inlinable
    public var reloadedItemIdentifiers: [ItemID] {
        inDisplayOrder(reloadedItemSet)
    }

    /// The items marked by ``reconfigureItems(_:)``, in display order.
    ///
    /// - Complexity: O(*k* log *k*), where *k* is the number of marked items.
    @inlinable
    public var reconfiguredItemIdentifiers: [ItemID] {
        inDisplayOrder(reconfiguredItemSet)
    }

    /// The sections marked by ``reloadSections(_:)``, in display order.
    ///
    /// - Complexity: O(*k* log *k*), where *k* is the number of marked sections.
    @inlinable
    public var reloadedSectionIdentifiers: [SectionID] {
        reloadedSectionSet.sorted { (sectionIndexes[$0] ?? 0) < (sectionIndexes[$1] ?? 0) }
    }

    /// The two marks an item carries into a difference, as in UIKit: reload (its cell is
    /// created anew) and reconfigure (its cell is updated in place).
    @usableFromInline
    enum ItemMark: Sendable {
        /// ``reloadItems(_:)``: the difference lists it in ``SnapshotDifference/reloadedItems``.
        case reload
        /// ``reconfigureItems(_:)``: the difference lists it in
        /// ``SnapshotDifference/reconfiguredItems``.
        case reconfigure
    }

    /// Marks items, already known to be in the snapshot; marking one twice marks it once.
    @inlinable
    mutating func mark(_ items: some Sequence<ItemID>, as mark: ItemMark) {
        switch mark {
        case .reload: reloadedItemSet.formUnion(items)
        case .reconfigure: reconfiguredItemSet.formUnion(items)
        }
    }

    @inlinable
    func checkedItems(_ identifiers: some Sequence<ItemID>) throws(Failure) -> [ItemID] {
        let items = Array(identifiers)
        for item in items {
            _ = try location(of: item)
        }
        return items
    }

    @inlinable

    func inDisplayOrder(_ items: Set<ItemID>) -> [ItemID] {
        items.compactMap { item in position(ofItem: item).map { (item, $0) } }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
    }
}
