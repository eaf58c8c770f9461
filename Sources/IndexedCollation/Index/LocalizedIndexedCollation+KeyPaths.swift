extension LocalizedIndexedCollation {
    /// Groups records into sections by several key paths, ordered key by key; the same as
    /// `sections(of:keys:readings:descending:)` with key paths held in variables.
    ///
    /// ```swift
    /// let keys: [KeyPath<Person, String>] = [\.familyName, \.givenName]
    /// korean.sections(of: people, keys: keys)
    /// ```
    /// - Parameters:
    ///   - records: The records, in any order.
    ///   - keys: Key paths to a record's display keys, most significant first.
    ///   - readings: Key paths to each key's reading, by position.
    ///   - descending: Reverse sections and records.
    /// - Returns: The non-empty sections and the full title list.
    /// - Complexity: As `sections(of:keys:readings:descending:)`.
    public func sections<Record>(
        of records: [Record], keys: [KeyPath<Record, String>], readings: [KeyPath<Record, String?>] = [],
        descending: Bool = false
    ) -> IndexedSections<Record> {
        sections(of: records, keys: keys.map { path in { $0[keyPath: path] } }, readings: readings.map { path in { $0[keyPath: path] } }, descending: descending)
    }

    /// Storage keys of records with several key paths; the same as
    /// `storageKeys(for:keys:readings:)` with key paths held in variables.
    /// - Parameters:
    ///   - records: The records.
    ///   - keys: Key paths to a record's display keys, most significant first.
    ///   - readings: Key paths to each key's reading, by position.
    /// - Returns: One key per record, in input order.
    /// - Complexity: As `storageKeys(for:keys:readings:)`.
    public func storageKeys<Record>(
        for records: [Record], keys: [KeyPath<Record, String>], readings: [KeyPath<Record, String?>] = []
    ) -> [SortKey] {
        storageKeys(for: records, keys: keys.map { path in { $0[keyPath: path] } }, readings: readings.map { path in { $0[keyPath: path] } })
    }
}
