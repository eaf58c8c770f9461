extension IndexedDataSource {
    /// Files records into sections by several key paths, ordered key by key; the same as
    /// `init(collation:records:id:keys:readings:cellProvider:)` with key paths held in
    /// variables (`let keys: [KeyPath<Contact, String>] = [\.familyName, \.givenName]`).
    ///
    /// - Parameters:
    ///   - collation: The collation that decides sections and order.
    ///   - records: The records, in any order; records with equal keys keep this order.
    ///   - id: Returns a record's identifier; identifiers must be unique.
    ///   - keys: Key paths to a record's display keys, most significant first.
    ///   - readings: Key paths to each key's reading, by position.
    ///   - cellProvider: Makes the cell for a record at a position, only when asked.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` naming the first identifier
    ///   shared by two records.
    /// - Complexity: As `init(collation:records:id:keys:readings:cellProvider:)`.
    @inlinable
    public init(
        collation: LocalizedIndexedCollation,
        records: [Record],
        id: @escaping (Record) -> ID,
        keys: [KeyPath<Record, String>],
        readings: [KeyPath<Record, String?>] = [],
        cellProvider: @escaping CellProvider
    ) throws(IndexedDataSourceError<ID>) {
        try self.init(
            collation: collation, records: records, id: id, keys: keys.map { path in { $0[keyPath: path] } },
            readings: readings.map { path in { $0[keyPath: path] } }, cellProvider: cellProvider)
    }
}

extension IndexedDataSource where Record: Identifiable, Record.ID == ID {
    /// Files `Identifiable` records into sections by several key paths, ordered key by key;
    /// the same as `init(collation:records:keys:readings:cellProvider:)` with key paths
    /// held in variables.
    ///
    /// - Parameters:
    ///   - collation: The collation that decides sections and order.
    ///   - records: The records, in any order; records with equal keys keep this order.
    ///   - keys: Key paths to a record's display keys, most significant first.
    ///   - readings: Key paths to each key's reading, by position.
    ///   - cellProvider: Makes the cell for a record at a position, only when asked.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` naming the first identifier
    ///   shared by two records.
    /// - Complexity: As `init(collation:records:id:keys:readings:cellProvider:)`.
    @inlinable
    public init(
        collation: LocalizedIndexedCollation,
        records: [Record],
        keys: [KeyPath<Record, String>],
        readings: [KeyPath<Record, String?>] = [],
        cellProvider: @escaping CellProvider
    ) throws(IndexedDataSourceError<ID>) {
        try self.init(
            collation: collation, records: records, id: { $0.id }, keys: keys.map { path in { $0[keyPath: path] } },
            readings: readings.map { path in { $0[keyPath: path] } }, cellProvider: cellProvider)
    }
}
