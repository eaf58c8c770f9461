import SectionedData

extension IndexedDataSource {
    /// Adds several records, each at its place, and returns one change for them all, as a
    /// list animates one batch update.
    ///
    /// ```swift
    /// let change = try contacts.insert(contentsOf: [
    ///     Contact(id: 7, familyName: "김", givenName: "철수"),
    ///     Contact(id: 8, familyName: "Smith", givenName: "Anna"),
    /// ])
    /// change.difference   // item insertions, or section insertions for sections that were empty
    /// ```
    ///
    /// - Parameter records: The new records; records with equal keys keep this order, after
    ///   the records already there.
    /// - Returns: The change from the snapshot before the batch to the one after it.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` if a new record's identifier is
    ///   already in the data source or repeated in `records`; the data source is then
    ///   unchanged.
    /// - Complexity: O(*k* log *n*) for *k* records (one ICU sort key each, two with a
    ///   reading), plus O(*n*) to compare the snapshots before and after.
    @discardableResult
    public mutating func insert(contentsOf records: some Sequence<Record>) throws(IndexedDataSourceError<ID>) -> Change {
        try batch { (source: inout Self) throws(IndexedDataSourceError<ID>) in
            for record in records { try source.insert(record) }
            return []
        }
    }

    /// Removes several records and returns one change for them all.
    ///
    /// - Parameter ids: Identifiers of records in the data source.
    /// - Returns: The change from the snapshot before the batch to the one after it.
    /// - Throws: ``IndexedDataSourceError/unknownID(_:)`` for the first identifier that no
    ///   record has (or that `ids` repeats); the data source is then unchanged.
    /// - Complexity: O(*k* log *n*) for *k* identifiers, no ICU call, plus O(*n*) to compare
    ///   the snapshots before and after.
    @discardableResult
    public mutating func remove(ids: some Sequence<ID>) throws(IndexedDataSourceError<ID>) -> Change {
        try batch { (source: inout Self) throws(IndexedDataSourceError<ID>) in
            for id in ids { try source.remove(id: id) }
            return []
        }
    }

    /// Replaces several records that have the same identifiers, moving those whose key or
    /// reading changed, and returns one change for them all.
    ///
    /// - Parameter records: New values of records in the data source.
    /// - Returns: The change from the snapshot before the batch to the one after it. Updated
    ///   records in sections shown before and after are marked for reconfiguring.
    /// - Throws: ``IndexedDataSourceError/unknownID(_:)`` for the first record whose
    ///   identifier no record has; the data source is then unchanged.
    /// - Complexity: O(*k* log *n*) for *k* records (one ICU sort key each, two with a
    ///   reading), plus O(*n*) to compare the snapshots before and after.
    @discardableResult
    public mutating func update(contentsOf records: some Sequence<Record>) throws(IndexedDataSourceError<ID>) -> Change {
        try batch { (source: inout Self) throws(IndexedDataSourceError<ID>) in
            var updated: [ID] = []
            for record in records {
                try source.update(record)
                updated.append(source.identify(record))
            }
            return updated
        }
    }

    /// Runs edits on a copy, keeps the copy only if every edit succeeded, and describes the
    /// whole batch as one change.
    ///
    /// - Parameter edits: Edits the data source; returns the identifiers of updated records.
    /// - Returns: The change from the old snapshot to the new one.
    /// - Throws: The first error of `edits`, leaving the data source unchanged.
    private mutating func batch(
        _ edits: (inout Self) throws(IndexedDataSourceError<ID>) -> [ID]
    ) throws(IndexedDataSourceError<ID>) -> Change {
        let before = table.snapshot()
        var copy = self
        let updated = try edits(&copy)
        self = copy
        // An updated record that stays in a section shown before and after is reconfigured;
        // one that arrives with a new section comes with that section's insertion.
        var after = table.snapshot()
        var seen = Set<ID>()
        let reconfigured = updated.filter { id in
            guard seen.insert(id).inserted, let section = after.sectionIdentifier(containingItem: id) else { return false }
            return before.indexOfSection(section) != nil
        }
        if !reconfigured.isEmpty {
            do {
                try after.reconfigureItems(reconfigured)
            } catch {
                preconditionFailure("an updated record is missing from the snapshot: \(error)")
            }
        }
        return Change(difference: after.difference(from: before), table: table, reconfiguredIDs: reconfigured)
    }
}
