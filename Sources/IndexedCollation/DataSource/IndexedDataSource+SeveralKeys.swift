extension IndexedDataSource {
    /// Files records with several keys into the sections of a collation, ordered key by key.
    ///
    /// ```swift
    /// let korean = try LocalizedIndexedCollation(locale: "ko_KR", personNames: true)
    /// let source = try IndexedDataSource(
    ///     collation: korean, records: people, id: \.id,
    ///     keys: [\.familyName, \.givenName],
    ///     readings: [\.phoneticFamilyName, \.phoneticGivenName]
    /// ) { _, person in person.familyName + person.givenName }
    /// // 김가은, 김민준, 김하늘 under ㄱ, in that order
    /// ```
    ///
    /// Records compare by the first key, then the next, each with the locale's collator; a
    /// key's reading, when present and non-empty, orders it instead (the person-name rules
    /// apply to the first key), and the keys then break ties; then arrival order. The
    /// section comes from the first non-empty key (its reading when there is one); a record
    /// whose keys are all empty files under `#`. Inserts and updates place records the
    /// same way.
    ///
    /// - Parameters:
    ///   - collation: The collation that decides sections and order.
    ///   - records: The records, in any order; records with equal keys keep this order.
    ///   - id: Returns a record's identifier, such as `\.id`; identifiers must be unique.
    ///   - keys: Return a record's display keys, most significant first, such as
    ///     `[\.familyName, \.givenName]`.
    ///   - readings: Return the reading of each key by position (`readings[i]` reads
    ///     `keys[i]`), such as `[\.phoneticFamilyName, \.phoneticGivenName]`; fewer
    ///     readings than keys leave the later keys without; `{ _ in nil }` skips one.
    ///   - cellProvider: Makes the cell for a record at a position, only when asked.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` naming the first identifier
    ///   shared by two records.
    /// - Complexity: O(*n* log *n*) memcmp comparisons and O(*k* *n*) ICU calls for *k*
    ///   keys, spread over all cores.
    @inlinable
    public init(
        collation: LocalizedIndexedCollation,
        records: [Record],
        id: @escaping (Record) -> ID,
        keys: [(Record) -> String],
        readings: [(Record) -> String?] = [],
        cellProvider: @escaping CellProvider
    ) throws(IndexedDataSourceError<ID>) {
        try self.init(
            collation: collation, records: records, id: id, recordKeys: RecordKeys(keys: keys, readings: readings),
            cellProvider: cellProvider)
    }

    /// Builds a data source of records with several keys, sorting them away from the
    /// caller's actor (see ``build(collation:records:id:key:reading:isolation:cellProvider:)``
    /// and, for the order, `init(collation:records:id:keys:readings:cellProvider:)`).
    ///
    /// - Parameters:
    ///   - collation: The collation that decides sections and order.
    ///   - records: The records, in any order; records with equal keys keep this order.
    ///   - id: Returns a record's identifier, such as `\.id`; identifiers must be unique.
    ///   - keys: Return a record's display keys, most significant first.
    ///   - readings: Return the reading of each key by position.
    ///   - isolation: The caller's actor; leave the default.
    ///   - cellProvider: Makes the cell for a record at a position, only when asked.
    /// - Returns: The data source, on the caller's actor.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` naming the first identifier
    ///   shared by two records.
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
}

extension IndexedDataSource where Record: Identifiable, Record.ID == ID {
    /// Files `Identifiable` records with several keys into the sections of a collation,
    /// ordered key by key (see `init(collation:records:id:keys:readings:cellProvider:)`).
    ///
    /// ```swift
    /// let source = try IndexedDataSource(
    ///     collation: LocalizedIndexedCollation(locale: "ja_JP"), records: people,
    ///     keys: [\.familyName, \.givenName], readings: [\.familyFurigana, \.givenFurigana]
    /// ) { _, person in person.familyName + person.givenName }
    /// ```
    ///
    /// - Parameters:
    ///   - collation: The collation that decides sections and order.
    ///   - records: The records, in any order; records with equal keys keep this order.
    ///   - keys: Return a record's display keys, most significant first.
    ///   - readings: Return the reading of each key by position.
    ///   - cellProvider: Makes the cell for a record at a position, only when asked.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` naming the first identifier
    ///   shared by two records.
    /// - Complexity: O(*n* log *n*) memcmp comparisons and O(*k* *n*) ICU calls for *k*
    ///   keys, spread over all cores.
    @inlinable
    public init(
        collation: LocalizedIndexedCollation,
        records: [Record],
        keys: [(Record) -> String],
        readings: [(Record) -> String?] = [],
        cellProvider: @escaping CellProvider
    ) throws(IndexedDataSourceError<ID>) {
        try self.init(collation: collation, records: records, id: { $0.id }, keys: keys, readings: readings, cellProvider: cellProvider)
    }

    /// Builds a data source of `Identifiable` records with several keys, sorting them away
    /// from the caller's actor.
    ///
    /// - Parameters:
    ///   - collation: The collation that decides sections and order.
    ///   - records: The records, in any order; records with equal keys keep this order.
    ///   - keys: Return a record's display keys, most significant first.
    ///   - readings: Return the reading of each key by position.
    ///   - isolation: The caller's actor; leave the default.
    ///   - cellProvider: Makes the cell for a record at a position, only when asked.
    /// - Returns: The data source, on the caller's actor.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` naming the first identifier
    ///   shared by two records.
    /// - Complexity: O(*k* *n*) on the caller's actor; the sort elsewhere, on all cores.
    public static func build(
        collation: LocalizedIndexedCollation,
        records: [Record],
        keys: [(Record) -> String],
        readings: [(Record) -> String?] = [],
        isolation: isolated (any Actor)? = #isolation,
        cellProvider: @escaping CellProvider
    ) async throws(IndexedDataSourceError<ID>) -> IndexedDataSource {
        try await build(
            collation: collation, records: records, id: { $0.id }, recordKeys: RecordKeys(keys: keys, readings: readings),
            cellProvider: cellProvider)
    }
}
