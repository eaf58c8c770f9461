extension IndexedDataSource {
    /// Files records into the sections of a collation, ordered by their keys.
    ///
    /// ```swift
    /// let japanese = try LocalizedIndexedCollation(locale: "ja_JP")
    /// let source = try IndexedDataSource(
    ///     people, collation: japanese, id: \.id,
    ///     keys: { RecordKeys($0.name, reading: $0.furigana) }
    /// ) { _, person in person.name }
    /// // 佐藤 (さとう) files under さ; 山田 without a reading under #.
    ///
    /// let korean = try LocalizedIndexedCollation(locale: "ko_KR", personNames: true)
    /// let contacts = try IndexedDataSource(
    ///     people, collation: korean, id: \.id,
    ///     keys: { [RecordKey($0.familyName), RecordKey($0.givenName)] }
    /// ) { _, person in person.familyName + person.givenName }
    /// // 김가은, 김민준, 김하늘 under ㄱ, in that order
    /// ```
    ///
    /// Records compare by their first key, then the next, each with the locale's collator;
    /// a key's reading, when present and non-empty, orders it instead (the person-name rules
    /// apply to the first key), and the keys then break ties; then arrival order. The
    /// section comes from the first non-empty key (its reading when there is one); a record
    /// whose keys are all empty files under `#`. Inserts and updates place records the same
    /// way.
    ///
    /// Give every record the same number of keys. The order uses as many keys as the record
    /// with the most keys has here (at least one), or, for a source made empty, as many as
    /// the first record inserted has: a record with fewer is read as if the missing keys
    /// were empty; a record inserted or updated later with more keys than that is ordered
    /// by that many.
    ///
    /// - Parameters:
    ///   - records: The records, in any order; records with equal keys keep this order.
    ///   - collation: The collation that decides sections and order.
    ///   - id: Returns a record's identifier, such as `\.id`; identifiers must be unique.
    ///   - keys: Returns a record's keys, most significant first, each with its optional
    ///     reading (furigana, pinyin, a "sort as" value), such as
    ///     `{ RecordKeys($0.familyName, reading: $0.familyFurigana) }` or a key path to a
    ///     stored ``RecordKeys``; called once per record here, and again for each record
    ///     inserted or updated later.
    ///   - cellProvider: Makes the cell for a record at a position. It is called only by
    ///     ``cell(at:)``, once per call, never ahead of time.
    /// - Throws: ``IndexedDataSourceError/duplicateID(_:)`` naming the first identifier
    ///   shared by two records.
    /// - Complexity: O(*n* log *n*) memcmp comparisons and O(*k* *n*) ICU calls for *k*
    ///   keys (two per key with a reading), spread over all cores.
    @inlinable
    public init(
        _ records: [Record],
        collation: LocalizedIndexedCollation,
        id: @escaping (Record) -> ID,
        keys: @escaping (Record) -> RecordKeys,
        cellProvider: @escaping CellProvider
    ) throws(IndexedDataSourceError<ID>) {
        let readers: KeyReaders<Record>
        let sorted: SortedRecords
        if let first = records.first, keys(first).count > 1 {
            // Several keys: each record's keys are made once and laid out flat (the layout
            // widens itself should a later record have more keys).
            let flat = SortedRecords.flattened(records, keys: keys)
            readers = KeyReaders(count: flat.keysPerRecord, keys)
            sorted = SortedRecords(keys: flat.keys, keysPerRecord: flat.keysPerRecord, readings: flat.readings, collation: collation)
        } else {
            // One pass for the shape: how many keys, whether any has a reading.
            var keyCount = 1
            var hasReadings = false
            for record in records {
                let recordKeys = keys(record)
                keyCount = Swift.max(keyCount, recordKeys.count)
                if !hasReadings { hasReadings = recordKeys.hasReading }
            }
            readers = KeyReaders(count: keyCount, keys)
            if keyCount == 1 {
                // One key: the engine reads it from the records, as the single-key spellings
                // do, with nothing stored per record.
                sorted = SortedRecords(
                    records, collation: collation, keys: hasReadings ? readers : KeyReaders(keys: readers.keys, readings: []))
            } else {
                let flat = SortedRecords.flattened(records, keys: keys)
                sorted = SortedRecords(keys: flat.keys, keysPerRecord: flat.keysPerRecord, readings: flat.readings, collation: collation)
            }
        }
        try self.init(collation: collation, records: records, sorted: sorted, id: id, keys: readers, cellProvider: cellProvider)
    }
}
