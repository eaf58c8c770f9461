import SectionedData

extension IndexedDataSource {
    private typealias Difference = SnapshotDifference<String, ID>

    /// Adds a record at its place: in its section, after every record that sorts before it
    /// and after existing records with an equal key.
    ///
    /// ```swift
    /// let change = try contacts.insert(Contact(id: 7, familyName: "김", givenName: "철수"))
    /// change.difference.itemInsertions   // 7 at its row in ㄱ
    /// // or, if ㄱ had no records: difference.sectionInsertions, ㄱ with [7]
    /// ```
    ///
    /// - Parameter record: The new record.
    /// - Returns: The change: one item insertion, or a section insertion when the record's
    ///   section was empty.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` if a record with the same
    ///   identifier is already there; the data source is then unchanged.
    /// - Complexity: One ICU sort key (two with a reading), O(log *n*) memcmp comparisons,
    ///   and moving at most one chunk of 1,024 rows.
    @discardableResult
    public mutating func insert(_ record: Record) throws(IndexedDataSourceError<ID>) -> Change {
        let id = identify(record)
        guard locations[id] == nil else { throw .duplicateID(id) }
        if locations.isEmpty, let keys = recordKeys.whole {
            // An empty source orders by as many keys as its first record has.
            let count = keys(record).count
            if count > recordKeys.count { recordKeys = KeyReaders(count: count, keys) }
        }
        let location = collation.placement(of: record, keys: recordKeys, sequence: nextSequence)
        nextSequence += 1
        let (position, sectionIsNew) = table.insert(
            RecordEntry(order: location.order, id: id, record: record), titleIndex: location.titleIndex)
        locations[id] = location
        indexInserted(record, titleIndex: location.titleIndex, row: position.row)
        let difference =
            sectionIsNew
            ? Difference { $0.sectionInsertions = [sectionInsertion(of: id, titleIndex: location.titleIndex, at: position)] }
            : Difference { $0.itemInsertions = [.init(identifier: id, location: position)] }
        return Change(difference: difference, table: table, reconfiguredIDs: [])
    }

    /// Removes the record with an identifier.
    ///
    /// - Parameter id: The identifier of a record in the data source.
    /// - Returns: The change: one item deletion, or a section deletion when the record was
    ///   the last of its section.
    /// - Throws: ``IndexedDataSourceError/unknownID(_:)`` if no record has that identifier.
    /// - Complexity: O(log *n*) memcmp comparisons, no ICU call.
    @discardableResult
    public mutating func remove(id: ID) throws(IndexedDataSourceError<ID>) -> Change {
        guard let location = locations[id], let removed = table.remove(at: location) else {
            throw .unknownID(id)
        }
        locations[id] = nil
        indexRemoved(titleIndex: location.titleIndex, row: removed.position.row)
        let difference =
            removed.sectionIsGone
            ? Difference { $0.sectionDeletions = [sectionChange(titleIndex: location.titleIndex, at: removed.position)] }
            : Difference { $0.itemDeletions = [.init(identifier: id, location: removed.position)] }
        return Change(difference: difference, table: table, reconfiguredIDs: [])
    }

    /// Replaces the record that has the same identifier, moving it if its key or reading
    /// changed, possibly to another section.
    ///
    /// The record keeps its arrival order, so among records with equal keys it keeps its
    /// place relative to the others.
    ///
    /// - Parameter record: The new value of a record in the data source.
    /// - Returns: The change. A record that stays at its row, or moves between rows of
    ///   sections that stay shown, is an item move (none if the row is the same) and is
    ///   marked for reconfiguring. A record that leaves a section it was the last of, or
    ///   arrives in an empty one, is an item deletion or insertion with the section's
    ///   insertion or deletion.
    /// - Throws: ``IndexedDataSourceError/unknownID(_:)`` if no record has that identifier.
    /// - Complexity: One ICU sort key (two with a reading) and O(log *n*) memcmp
    ///   comparisons.
    @discardableResult
    public mutating func update(_ record: Record) throws(IndexedDataSourceError<ID>) -> Change {
        let id = identify(record)
        guard let old = locations[id] else { throw .unknownID(id) }
        let new = collation.placement(of: record, keys: recordKeys, sequence: old.order.sequence)
        if new.titleIndex == old.titleIndex && new.order == old.order, let position = table.position(of: old) {
            table.replaceRecord(at: position, with: record)
            indexRemoved(titleIndex: old.titleIndex, row: position.row)
            indexInserted(record, titleIndex: old.titleIndex, row: position.row)
            return Change(
                difference: Difference { $0.reconfiguredItems = [.init(identifier: id, location: position)] },
                table: table, reconfiguredIDs: [id])
        }
        guard let removed = table.remove(at: old) else {
            preconditionFailure("record \(String(reflecting: id)) is missing from its section")
        }
        let (position, sectionIsNew) = table.insert(
            RecordEntry(order: new.order, id: id, record: record), titleIndex: new.titleIndex)
        locations[id] = new
        indexRemoved(titleIndex: old.titleIndex, row: removed.position.row)
        indexInserted(record, titleIndex: new.titleIndex, row: position.row)

        let oldPosition = removed.position
        let atNewPosition = [Difference.ItemChange(identifier: id, location: position)]
        if new.titleIndex == old.titleIndex || !(removed.sectionIsGone || sectionIsNew) {
            // Between sections that stay shown: a move, unless the row is the same.
            let difference = Difference {
                $0.itemMoves = oldPosition == position ? [] : [.init(identifier: id, source: oldPosition, destination: position)]
                $0.reconfiguredItems = atNewPosition
            }
            return Change(difference: difference, table: table, reconfiguredIDs: [id])
        }
        // The old section empties or the new one appears: the record leaves or arrives with it.
        let difference = Difference {
            if removed.sectionIsGone {
                $0.sectionDeletions = [sectionChange(titleIndex: old.titleIndex, at: oldPosition)]
            } else {
                $0.itemDeletions = [.init(identifier: id, location: oldPosition)]
            }
            if sectionIsNew {
                $0.sectionInsertions = [sectionInsertion(of: id, titleIndex: new.titleIndex, at: position)]
            } else {
                $0.itemInsertions = atNewPosition
            }
        }
        return Change(difference: difference, table: table, reconfiguredIDs: [])
    }

    /// The insertion of a section holding one record.
    private func sectionInsertion(
        of id: ID, titleIndex: Int, at position: Position
    ) -> Difference.SectionInsertion {
        .init(identifier: table.identifiers[titleIndex], location: position.section, itemIdentifiers: [id])
    }

    /// The deletion of the section a record was the last of.
    private func sectionChange(titleIndex: Int, at position: Position) -> Difference.SectionChange {
        .init(identifier: table.identifiers[titleIndex], location: position.section)
    }
}
