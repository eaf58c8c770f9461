extension Snapshot {
    /// The number of sections, empty ones included.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var numberOfSections: Int {
        sectionIDs.count
    }

    /// The number of items in all sections together.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var numberOfItems: Int {
        itemCount
    }

    /// Returns the number of items in a section.
    ///
    /// - Parameter identifier: A section of the snapshot.
    /// - Returns: The number of items in that section; zero if it is empty.
    /// - Throws: ``SnapshotError/unknownSection(_:)`` if the section is not in the snapshot.
    /// - Complexity: O(1) expected.
    @inlinable
    public func numberOfItems(
        inSection identifier: SectionID
    ) throws(SnapshotError<SectionID, ItemID>) -> Int {
        sectionItems[try index(of: identifier)].count
    }

    /// The section identifiers in display order.
    ///
    /// - Complexity: O(1); the array shares storage with the snapshot.
    @inlinable
    public var sectionIdentifiers: [SectionID] {
        sectionIDs
    }

    /// The identifiers of all items, section after section, in display order.
    ///
    /// - Complexity: O(*n*), where *n* is the number of items.
    @inlinable
    public var itemIdentifiers: [ItemID] {
        var all: [ItemID] = []
        all.reserveCapacity(itemCount)
        for items in sectionItems {
            all.append(contentsOf: items)
        }
        return all
    }

    /// Returns the identifiers of the items in a section, in display order.
    ///
    /// - Parameter identifier: A section of the snapshot.
    /// - Returns: The section's item identifiers; empty if the section is empty.
    /// - Throws: ``SnapshotError/unknownSection(_:)`` if the section is not in the snapshot.
    /// - Complexity: O(1) expected; the array shares storage with the snapshot.
    @inlinable
    public func itemIdentifiers(
        inSection identifier: SectionID
    ) throws(SnapshotError<SectionID, ItemID>) -> [ItemID] {
        sectionItems[try index(of: identifier)]
    }

    /// Returns the index of a section in ``sectionIdentifiers``.
    ///
    /// - Parameter identifier: A section identifier.
    /// - Returns: The section's index, or `nil` if the snapshot does not contain it.
    /// - Complexity: O(1) expected.
    @inlinable
    public func indexOfSection(_ identifier: SectionID) -> Int? {
        sectionIndexes[identifier]
    }

    /// Returns the index of an item in ``itemIdentifiers``, counting across sections.
    ///
    /// Use ``position(ofItem:)`` for the section and row instead.
    ///
    /// - Parameter identifier: An item identifier.
    /// - Returns: The item's index among all items, or `nil` if the snapshot does not
    ///   contain it.
    /// - Complexity: O(*s*) expected, where *s* is the number of sections before the item's.
    @inlinable
    public func indexOfItem(_ identifier: ItemID) -> Int? {
        guard let location = itemLocations[identifier] else { return nil }
        let section = sectionIndex(ofSlot: location.slot)
        return sectionItems[..<section].reduce(Int(location.offset)) { $0 + $1.count }
    }

    /// Returns the section that holds an item.
    ///
    /// - Parameter identifier: An item identifier.
    /// - Returns: The identifier of the item's section, or `nil` if the snapshot does not
    ///   contain the item.
    /// - Complexity: O(1) expected.
    @inlinable
    public func sectionIdentifier(containingItem identifier: ItemID) -> SectionID? {
        itemLocations[identifier].map { sectionIdentifier(ofSlot: $0.slot) }
    }

    /// Returns the section index and row of an item.
    ///
    /// - Parameter identifier: An item identifier.
    /// - Returns: The item's position, or `nil` if the snapshot does not contain it.
    /// - Complexity: O(1) expected.
    @inlinable
    public func position(ofItem identifier: ItemID) -> Position? {
        itemLocations[identifier].map {
            Position(row: Int($0.offset), section: sectionIndex(ofSlot: $0.slot))
        }
    }

    /// Returns the item at a position.
    ///
    /// - Parameter position: A section index and a row inside that section.
    /// - Returns: The identifier of the item there, or `nil` if the position is outside the
    ///   snapshot.
    /// - Complexity: O(1).
    @inlinable
    public func itemIdentifier(at position: Position) -> ItemID? {
        guard sectionItems.indices.contains(position.section) else { return nil }
        let items = sectionItems[position.section]
        return items.indices.contains(position.row) ? items[position.row] : nil
    }
}
