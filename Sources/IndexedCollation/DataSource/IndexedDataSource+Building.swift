extension IndexedDataSource {
    /// Builds a data source, sorting the records on other threads while the caller's actor
    /// stays free.
    ///
    /// Sorting a large list costs one ICU sort key per key of each record; on the main
    /// actor that is a frozen screen. This function reads the keys (and readings) on the
    /// caller's actor, sends only those strings to the global concurrent executor to be
    /// sorted on all cores, and files the records and attaches the cell provider back on the
    /// caller's actor. The records and the cell provider never leave it, so neither has to
    /// be `Sendable`:
    ///
    /// ```swift
    /// @MainActor final class ContactsScreen {
    ///     var source: IndexedDataSource<Contact, Int, String>?
    ///     var cellsBuilt = 0
    ///
    ///     func load(_ people: [Contact]) async throws {
    ///         let collation = try LocalizedIndexedCollation(locale: "ko_KR")
    ///         source = try await IndexedDataSource.build(
    ///             people, collation: collation, id: \.id, keys: { RecordKeys($0.familyName) }
    ///         ) { _, person in self.cellsBuilt += 1; return person.familyName }
    ///     }
    /// }
    /// ```
    ///
    /// The order and sections are exactly those of ``init(_:collation:id:keys:cellProvider:)``.
    ///
    /// - Parameters:
    ///   - records: The records, in any order; records with equal keys keep this order.
    ///   - collation: The collation that decides sections and order.
    ///   - id: Returns a record's identifier, such as `\.id`; identifiers must be unique.
    ///   - keys: Returns a record's keys, most significant first, each with its optional
    ///     reading (see ``RecordKeys``); called once per record here, and again for each
    ///     record inserted or updated later.
    ///   - isolation: The caller's actor, where the records, keys and cell provider are
    ///     used; leave the default, which is the caller's own.
    ///   - cellProvider: Makes the cell for a record at a position, only when asked.
    /// - Returns: The data source, on the caller's actor.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` naming the first identifier
    ///   shared by two records.
    /// - Complexity: O(*k* *n*) on the caller's actor for *k* keys (reading keys, filing
    ///   records); the O(*n* log *n*) memcmp comparisons and O(*k* *n*) ICU calls
    ///   elsewhere, on all cores.
    public static func build(
        _ records: [Record],
        collation: LocalizedIndexedCollation,
        id: @escaping (Record) -> ID,
        keys: @escaping (Record) -> RecordKeys,
        isolation: isolated (any Actor)? = #isolation,
        cellProvider: @escaping CellProvider
    ) async throws(IndexedDataSourceError<ID>) -> IndexedDataSource {
        let flat = SortedRecords.flattened(records, keys: keys)
        let sorted = await SortedRecords.sorting(
            keys: flat.keys, keysPerRecord: flat.keysPerRecord, readings: flat.readings, collation: collation)
        return try IndexedDataSource(
            collation: collation, records: records, sorted: sorted, id: id,
            keys: KeyReaders(count: flat.keysPerRecord, keys), cellProvider: cellProvider)
    }

    /// Builds a data source off the caller's actor, for records with one or more keys: reads
    /// the keys and readings here, sorts the strings elsewhere, files the records here.
    /// - Parameters:
    ///   - recordKeys: How to read the records' keys and readings.
    ///   - Others: As in ``build(_:collation:id:keys:isolation:cellProvider:)``.
    /// - Returns: The data source, on the caller's actor.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` for the first repeated identifier.
    static func build(
        collation: LocalizedIndexedCollation,
        records: [Record],
        id: @escaping (Record) -> ID,
        recordKeys: KeyReaders<Record>,
        isolation: isolated (any Actor)? = #isolation,
        cellProvider: @escaping CellProvider
    ) async throws(IndexedDataSourceError<ID>) -> IndexedDataSource {
        let keys: [String]
        var readings: [String?]? = nil
        if let single = recordKeys.singleKey {
            keys = records.map(single.key)
            readings = single.reading.map { reading in records.map(reading) }
        } else {
            keys = records.flatMap { recordKeys.keyStrings(of: $0) }
            if !recordKeys.readings.isEmpty { readings = records.flatMap { recordKeys.readingStrings(of: $0) } }
        }
        let sorted = await SortedRecords.sorting(
            keys: keys, keysPerRecord: recordKeys.count, readings: readings, collation: collation)
        return try IndexedDataSource(
            collation: collation, records: records, sorted: sorted, id: id, keys: recordKeys, cellProvider: cellProvider)
    }
}
