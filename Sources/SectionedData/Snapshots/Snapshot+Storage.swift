// Internal bookkeeping shared by the editing operations: storage slots, the section index
// table and the item location table.

extension Snapshot {
    /// The error type of every throwing snapshot operation.
    @usableFromInline
    typealias Failure = SnapshotError<SectionID, ItemID>

    /// Returns the current index of the section stored in `slot`.
    @inlinable
    func sectionIndex(ofSlot slot: Int32) -> Int {
        slotIndexes[Int(slot)]
    }

    /// Returns the identifier of the section stored in `slot`.
    @inlinable
    func sectionIdentifier(ofSlot slot: Int32) -> SectionID {
        sectionIDs[sectionIndex(ofSlot: slot)]
    }

    /// Hands out a new storage slot for a section.
    @inlinable
    mutating func makeSlot() -> Int32 {
        precondition(slotIndexes.count < Int(Int32.max), "too many sections were created")
        slotIndexes.append(-1)
        return Int32(truncatingIfNeeded: slotIndexes.count - 1)
    }

    /// Refreshes the section index table for the sections at `start` and after.
    ///
    /// - Complexity: O(*s* − `start`), where *s* is the number of sections.
    @inlinable
    mutating func reindexSections(from start: Int) {
        for index in start..<sectionIDs.count {
            sectionIndexes[sectionIDs[index]] = index
            slotIndexes[Int(sectionSlots[index])] = index
        }
    }

    /// Rewrites the locations of the items of section `index` from offset `start` on.
    ///
    /// - Complexity: O(*m* − `start`), where *m* is the number of items in the section.
    @inlinable
    mutating func relocateItems(inSection index: Int, from start: Int) {
        let slot = sectionSlots[index]
        let items = sectionItems[index]
        for offset in start..<items.count {
            itemLocations[items[offset]] = ItemLocation(slot: slot, offset: offset)
        }
    }

    /// Enters new items in the location table, or throws and changes nothing.
    ///
    /// With a `firstOffset`, the items get their final locations `firstOffset`,
    /// `firstOffset + 1`, … in `slot`; that is only right when they are appended, since then
    /// no item already in the section has an offset at or after `firstOffset`. Without one,
    /// they get provisional locations that the caller must overwrite.
    ///
    /// - Throws: ``SnapshotError/duplicateItem(_:existingSection:)`` for the first item that
    ///   is already in the snapshot or repeated in `items`.
    @inlinable
    mutating func claimItems(
        _ items: [ItemID], slot: Int32, firstOffset: Int?
    ) throws(Failure) {
        for (index, item) in items.enumerated() {
            let location =
                firstOffset.map { ItemLocation(slot: slot, offset: $0 + index) } ?? .provisional
            guard let previous = itemLocations.updateValue(location, forKey: item) else {
                continue
            }
            let claimedByThisCall =
                previous.slot == ItemLocation.provisionalSlot
                || (firstOffset.map { previous.slot == slot && Int(previous.offset) >= $0 }
                    ?? false)
            let existingSection = claimedByThisCall ? nil : sectionIdentifier(ofSlot: previous.slot)
            itemLocations[item] = previous
            for claimed in items[..<index] {
                itemLocations[claimed] = nil
            }
            throw .duplicateItem(item, existingSection: existingSection)
        }
        itemCount += items.count
    }

    /// Returns the location of an item, or throws if the snapshot does not contain it.
    @inlinable
    func location(of item: ItemID) throws(Failure) -> ItemLocation {
        guard let location = itemLocations[item] else { throw .unknownItem(item) }
        return location
    }

    /// Returns the index of a section, or throws if the snapshot does not contain it.
    @inlinable
    func index(of section: SectionID) throws(Failure) -> Int {
        guard let index = sectionIndexes[section] else { throw .unknownSection(section) }
        return index
    }

    /// Throws if any of `sections` is already in the snapshot or repeated.
    @inlinable
    func checkNewSections(_ sections: [SectionID]) throws(Failure) {
        if sections.count == 1, let section = sections.first {
            if sectionIndexes[section] != nil { throw .duplicateSection(section) }
            return
        }
        var seen = Set<SectionID>(minimumCapacity: sections.count)
        for section in sections
        where sectionIndexes[section] != nil || !seen.insert(section).inserted {
            throw .duplicateSection(section)
        }
    }

    /// Removes the items at the given offsets from section `index`, keeping the order of the
    /// rest, and rewrites the locations of the items that shifted.
    ///
    /// - Parameter offsets: Distinct offsets in increasing order; the items must already be
    ///   gone from the location table.
    @inlinable
    mutating func removeItems(atSortedOffsets offsets: [Int], fromSection index: Int) {
        guard let first = offsets.first else { return }
        var write = first
        var next = 0
        sectionItems[index].withUnsafeMutableBufferPointer { items in
            for read in first..<items.count {
                if next < offsets.count, offsets[next] == read {
                    next += 1
                    continue
                }
                items.swapAt(write, read)
                write += 1
            }
        }
        sectionItems[index].removeLast(offsets.count)
        itemCount -= offsets.count
        relocateItems(inSection: index, from: first)
    }

    /// Forgets the reload and reconfigure marks of an item that left the snapshot.
    @inlinable
    mutating func unmark(_ item: ItemID) {
        if !reloadedItemSet.isEmpty { reloadedItemSet.remove(item) }
        if !reconfiguredItemSet.isEmpty { reconfiguredItemSet.remove(item) }
    }
}
