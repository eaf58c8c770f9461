extension IndexedDataSource {
    /// Builds a data source, sorting the records on other threads while the caller's actor
    /// stays free.
    ///
    /// Sorting a large list costs one ICU sort key per record; on the main actor that is
    /// a frozen screen. This function reads the keys (and readings) on the caller's actor,
    /// sends only those strings to the global concurrent executor to be sorted on all cores,
    /// and files the records and attaches the cell provider back on the caller's actor. The
    /// records and the cell provider never leave it, so neither has to be `Sendable`:
    ///
    /// ```swift
    /// @MainActor final class ContactsScreen {
    ///     var source: IndexedDataSource<Contact, Int, String>?
    ///     var cellsBuilt = 0
    ///
    ///     func load(_ people: [Contact]) async throws {
    ///         let collation = try LocalizedIndexedCollation(locale: "ko_KR")
    ///         source = try await IndexedDataSource.build(
    ///             collation: collation, records: people, id: \.id, key: \.familyName
    ///         ) { _, person in self.cellsBuilt += 1; return person.familyName }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - collation: The collation that decides sections and order.
    ///   - records: The records, in any order; records with equal keys keep this order.
    ///   - id: Returns a record's identifier, such as `\.id`; identifiers must be unique.
    ///   - key: Returns a record's display key, such as `\.familyName`.
    ///   - reading: Returns a record's reading (furigana, pinyin, a "sort as" value), or
    ///     `nil`, the default, when records have no readings.
    ///   - isolation: The caller's actor, where the records, keys and cell provider are
    ///     used; leave the default, which is the caller's own.
    ///   - cellProvider: Makes the cell for a record at a position, only when asked.
    /// - Returns: The data source, on the caller's actor.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` naming the first identifier
    ///   shared by two records.
    /// - Complexity: O(*n*) on the caller's actor (reading keys, filing records); the
    ///   O(*n* log *n*) memcmp comparisons and O(*n*) ICU calls elsewhere, on all cores.
    public static func build(
        collation: LocalizedIndexedCollation,
        records: [Record],
        id: @escaping (Record) -> ID,
        key: @escaping (Record) -> String,
        reading: ((Record) -> String?)? = nil,
        isolation: isolated (any Actor)? = #isolation,
        cellProvider: @escaping CellProvider
    ) async throws(IndexedDataSourceError<ID>) -> IndexedDataSource {
        try await build(
            collation: collation, records: records, id: id, recordKeys: RecordKeys(key: key, reading: reading),
            cellProvider: cellProvider)
    }

    /// Builds a data source of records with several keys, sorting them away from the
    /// caller's actor (see ``build(collation:records:id:key:reading:isolation:cellProvider:)``
    /// and, for the order, `init(collation:records:id:keys:readings:cellProvider:)`).
    ///
    /// `keys` return a record's display keys, most significant first; `readings` the reading
    /// of each key by position. The other parameters, the result and the error are those of
    /// ``build(collation:records:id:key:reading:isolation:cellProvider:)``.
    ///
    /// - Complexity: O(*k* *n*) on the caller's actor (reading keys, filing records); the
    ///   sort elsewhere, on all cores.
    public static func build(
        collation: LocalizedIndexedCollation,
        records: [Record],
        id: @escaping (Record) -> ID,
        keys: [(Record) -> String],
        readings: [(Record) -> String?] = [],
        isolation: isolated (any Actor)? = #isolation,
        cellProvider: @escaping CellProvider
    ) async throws(IndexedDataSourceError<ID>) -> IndexedDataSource {
        try await build(
            collation: collation, records: records, id: id, recordKeys: RecordKeys(keys: keys, readings: readings),
            cellProvider: cellProvider)
    }

    /// Builds a data source off the caller's actor, for records with one or more keys: reads
    /// the keys and readings here, sorts the strings elsewhere, files the records here.
    /// - Parameters:
    ///   - recordKeys: How to read the records' keys and readings.
    ///   - Others: As in ``build(collation:records:id:key:reading:isolation:cellProvider:)``.
    /// - Returns: The data source, on the caller's actor.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` for the first repeated identifier.
    static func build(
        collation: LocalizedIndexedCollation,
        records: [Record],
        id: @escaping (Record) -> ID,
        recordKeys: RecordKeys<Record>,
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

extension IndexedDataSource where Record: Identifiable, Record.ID == ID {
    /// Builds a data source of `Identifiable` records, sorting them away from the caller's
    /// actor (see ``build(collation:records:id:key:reading:isolation:cellProvider:)``).
    ///
    /// The parameters, the result and the error are those of
    /// ``build(collation:records:id:key:reading:isolation:cellProvider:)``, with each record's own
    /// `id`.
    ///
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

    /// Builds a data source of `Identifiable` records with several keys, sorting them away
    /// from the caller's actor.
    ///
    /// The parameters, the result and the error are those of
    /// `build(collation:records:id:keys:readings:isolation:cellProvider:)`, with each record's
    /// own `id`.
    ///
    /// - Complexity: O(*k* *n*) on the caller's actor; the sort elsewhere, on all cores.
    public static func build(
        collation: LocalizedIndexedCollation,
        records: [Record],
        keys: [(Record) -> String],
        readings: [(Record) -> String?] = [],
        isolation: isolated (any Actor)? = #isolation,
        cellProvider: @escaping CellProvider
    ) async throws(IndexedDataSourceError<ID>) -> IndexedDataSource {
        try await build(collation: collation, records: records, id: { $0.id }, keys: keys, readings: readings, cellProvider: cellProvider)
    }
}
