// The spellings of IndexedDataSource's initializers and builders before RecordKeys:
// id or Identifiable, crossed with one key and a reading, key closures, or key paths.
// Each forwards to the same internal path as before (closures per key), so code written
// against them compiles and orders exactly as it did; new code uses
// init(_:collation:id:keys:cellProvider:) and build(_:collation:id:keys:isolation:cellProvider:).

extension IndexedDataSource {
    /// Files records into the sections of a collation.
    ///
    /// ```swift
    /// let japanese = try LocalizedIndexedCollation(locale: "ja_JP")
    /// let source = try IndexedDataSource(
    ///     collation: japanese, records: people, id: \.id, key: \.name, reading: \.furigana
    /// ) { _, person in person.name }
    /// // 佐藤 (さとう) files under さ; 山田 without a reading under #.
    /// ```
    ///
    /// - Parameters:
    ///   - collation: The collation that decides sections and order.
    ///   - records: The records, in any order; records with equal keys keep this order.
    ///   - id: Returns a record's identifier, such as `\.id`; identifiers must be unique.
    ///   - key: Returns a record's display key, such as `\.familyName`.
    ///   - reading: Returns a record's reading (furigana, pinyin, a "sort as" value). When it
    ///     is present and non-empty it decides the section and order, and the key breaks
    ///     ties. `nil`, the default, means records have no readings.
    ///   - cellProvider: Makes the cell for a record at a position. It is called only by
    ///     ``cell(at:)``, once per call, never ahead of time.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` naming the first identifier
    ///   shared by two records.
    /// - Complexity: O(*n* log *n*) memcmp comparisons and O(*n*) ICU calls (one sort key per
    ///   record, two with a reading), spread over all cores.
    @available(*, deprecated, renamed: "init(_:collation:id:keys:cellProvider:)", message: "Pass keys: { RecordKeys(...) } (a key with its reading, several in order)")
    @inlinable
    public init(
        collation: LocalizedIndexedCollation,
        records: [Record],
        id: @escaping (Record) -> ID,
        key: @escaping (Record) -> String,
        reading: ((Record) -> String?)? = nil,
        cellProvider: @escaping CellProvider
    ) throws(IndexedDataSourceError<ID>) {
        try self.init(
            collation: collation, records: records, id: id, recordKeys: KeyReaders(key: key, reading: reading),
            cellProvider: cellProvider)
    }

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
    /// `keys` return a record's display keys, most significant first, such as
    /// `[\.familyName, \.givenName]`; `readings` return the reading of each key by position
    /// (`readings[i]` reads `keys[i]`), such as `[\.phoneticFamilyName, \.phoneticGivenName]`;
    /// fewer readings than keys leave the later keys without, and `{ _ in nil }` skips one. The
    /// other parameters, and the error thrown for the first identifier shared by two records. are those of
    /// ``init(collation:records:id:key:reading:cellProvider:)``.
    ///
    /// - Complexity: O(*n* log *n*) memcmp comparisons and O(*k* *n*) ICU calls for *k*
    ///   keys, spread over all cores.
    @available(*, deprecated, renamed: "init(_:collation:id:keys:cellProvider:)", message: "Pass keys: { RecordKeys(...) } (a key with its reading, several in order)")
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
            collation: collation, records: records, id: id, recordKeys: KeyReaders(keys: keys, readings: readings),
            cellProvider: cellProvider)
    }

    /// Files records into sections by several key paths, ordered key by key; the same as
    /// `init(collation:records:id:keys:readings:cellProvider:)` with key paths held in
    /// variables (`let keys: [KeyPath<Contact, String>] = [\.familyName, \.givenName]`).
    ///
    /// `keys` and `readings` are key paths to a record's display keys, most significant first,
    /// and to each key's reading, by position; the rest is as in the closure form.
    @available(*, deprecated, renamed: "init(_:collation:id:keys:cellProvider:)", message: "Pass keys: { RecordKeys(...) } (a key with its reading, several in order)")
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
    /// The parameters and the error are those of
    /// ``init(collation:records:id:key:reading:cellProvider:)``, with each record's own `id`.
    ///
    /// - Complexity: O(*n* log *n*) memcmp comparisons and O(*n*) ICU calls, spread over all
    ///   cores.
    @available(*, deprecated, renamed: "init(_:collation:id:keys:cellProvider:)", message: "Pass keys: { RecordKeys(...) } (a key with its reading, several in order)")
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
    /// The parameters and the error are those of
    /// `init(collation:records:id:keys:readings:cellProvider:)`, with each record's own `id`.
    ///
    /// - Complexity: O(*n* log *n*) memcmp comparisons and O(*k* *n*) ICU calls for *k*
    ///   keys, spread over all cores.
    @available(*, deprecated, renamed: "init(_:collation:id:keys:cellProvider:)", message: "Pass keys: { RecordKeys(...) } (a key with its reading, several in order)")
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

    /// Files `Identifiable` records into sections by several key paths, ordered key by key;
    /// the same as `init(collation:records:keys:readings:cellProvider:)` with key paths
    /// held in variables.
    ///
    /// `keys` and `readings` are key paths to a record's display keys, most significant first,
    /// and to each key's reading, by position; the rest is as in the closure form.
    @available(*, deprecated, renamed: "init(_:collation:id:keys:cellProvider:)", message: "Pass keys: { RecordKeys(...) } (a key with its reading, several in order)")
    @inlinable
    public init(
        collation: LocalizedIndexedCollation,
        records: [Record],
        keys: [KeyPath<Record, String>],
        readings: [KeyPath<Record, String?>] = [],
        cellProvider: @escaping CellProvider
    ) throws(IndexedDataSourceError<ID>) {
        try self.init(collation: collation, records: records, id: { $0.id }, keys: keys, readings: readings, cellProvider: cellProvider)
    }
}

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
    @available(*, deprecated, renamed: "build(_:collation:id:keys:isolation:cellProvider:)", message: "Pass keys: { RecordKeys(...) } (a key with its reading, several in order)")
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
            collation: collation, records: records, id: id, recordKeys: KeyReaders(key: key, reading: reading),
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
    @available(*, deprecated, renamed: "build(_:collation:id:keys:isolation:cellProvider:)", message: "Pass keys: { RecordKeys(...) } (a key with its reading, several in order)")
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
            collation: collation, records: records, id: id, recordKeys: KeyReaders(keys: keys, readings: readings),
            cellProvider: cellProvider)
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
    @available(*, deprecated, renamed: "build(_:collation:id:keys:isolation:cellProvider:)", message: "Pass keys: { RecordKeys(...) } (a key with its reading, several in order)")
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
    @available(*, deprecated, renamed: "build(_:collation:id:keys:isolation:cellProvider:)", message: "Pass keys: { RecordKeys(...) } (a key with its reading, several in order)")
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
