extension IndexedDataSource where Record: Identifiable, Record.ID == ID {
    /// Files `Identifiable` records into the sections of a collation, identified by their
    /// `id`.
    ///
    /// ```swift
    /// final class Contact: Identifiable {
    ///     let id: Int
    ///     var familyName: String
    ///     init(id: Int, familyName: String) { self.id = id; self.familyName = familyName }
    /// }
    /// let contacts = try IndexedDataSource(
    ///     collation: LocalizedIndexedCollation(locale: "ko_KR"),
    ///     records: [Contact(id: 1, familyName: "박"), Contact(id: 2, familyName: "김")],
    ///     key: \.familyName
    /// ) { _, contact in contact.familyName }
    /// contacts.titleForHeader(inSection: 0)   // "ㄱ"
    /// ```
    ///
    /// - Parameters:
    ///   - collation: The collation that decides sections and order.
    ///   - records: The records, in any order; records with equal keys keep this order.
    ///   - key: Returns a record's display key, such as `\.familyName`.
    ///   - reading: Returns a record's reading (furigana, pinyin, a "sort as" value), or
    ///     `nil`, the default, when records have no readings.
    ///   - cellProvider: Makes the cell for a record at a position, only when asked.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` naming the first identifier
    ///   shared by two records.
    /// - Complexity: O(*n* log *n*) memcmp comparisons and O(*n*) ICU calls, spread over all
    ///   cores.
    @inlinable
    public init(
        collation: LocalizedIndexedCollation,
        records: [Record],
        key: @escaping (Record) -> String,
        reading: ((Record) -> String?)? = nil,
        cellProvider: @escaping CellProvider
    ) throws(IndexedDataSourceError<ID>) {
        try self.init(
            collation: collation, records: records, id: { $0.id }, key: key, reading: reading,
            cellProvider: cellProvider)
    }

    /// Builds a data source of `Identifiable` records, sorting them away from the caller's
    /// actor (see ``build(collation:records:id:key:reading:isolation:cellProvider:)``).
    ///
    /// - Parameters:
    ///   - collation: The collation that decides sections and order.
    ///   - records: The records, in any order; records with equal keys keep this order.
    ///   - key: Returns a record's display key, such as `\.familyName`.
    ///   - reading: Returns a record's reading, or `nil` when records have none.
    ///   - isolation: The caller's actor; leave the default.
    ///   - cellProvider: Makes the cell for a record at a position, only when asked.
    /// - Returns: The data source, on the caller's actor.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` naming the first identifier
    ///   shared by two records.
    /// - Complexity: O(*n*) on the caller's actor; the O(*n* log *n*) sort elsewhere.
    public static func build(
        collation: LocalizedIndexedCollation,
        records: [Record],
        key: @escaping (Record) -> String,
        reading: ((Record) -> String?)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        cellProvider: @escaping CellProvider
    ) async throws(IndexedDataSourceError<ID>) -> IndexedDataSource {
        try await build(
            collation: collation, records: records, id: { $0.id }, key: key, reading: reading,
            cellProvider: cellProvider)
    }
}
