extension LocalizedIndexedCollation {
    /// Returns the section and sort order of one record, exactly as the indexing engine
    /// files it (the ordering rule: ``withOrderingText(display:reading:scratch:_:)``).
    ///
    /// - Parameters:
    ///   - key: The record's display key.
    ///   - reading: The record's reading, or `nil`.
    ///   - sequence: The record's arrival order, the last tie-breaker.
    /// - Returns: The section's index in ``sectionTitles`` and the record's order in it.
    /// - Complexity: One ICU sort key, two with a reading (plus one primary key when
    ///   collator options change primary weights), and O(log *b*) memcmp calls over the
    ///   index's *b* boundaries.
    func placement(key: String, reading: String?, sequence: Int) -> RecordLocation {
        let (section, key, tie) = ordering(key: key, reading: reading, needsKeys: true)
        let order = RecordOrder(key: SortKey(bytes: key), tie: tie.map { SortKey(bytes: $0) }, sequence: sequence)
        return RecordLocation(titleIndex: Int(section), order: order)
    }

    /// Returns the section and sort order of one record with one or more keys, exactly as
    /// the indexing engine files it.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - keys: How to read its keys and readings.
    ///   - sequence: The record's arrival order, the last tie-breaker.
    /// - Returns: The section's index in ``sectionTitles`` and the record's order in it.
    /// - Complexity: One ICU sort key per key (two for a key with a reading), and
    ///   O(log *b*) memcmp calls over the index's *b* boundaries.
    func placement<Record>(of record: Record, keys: KeyReaders<Record>, sequence: Int) -> RecordLocation {
        if let single = keys.singleKey {
            return placement(key: single.key(record), reading: single.reading?(record), sequence: sequence)
        }
        let (section, key, tie) = ordering(keys: keys.keyStrings(of: record), readings: keys.readingStrings(of: record), needsKeys: true)
        let order = RecordOrder(key: SortKey(bytes: key), tie: tie.map { SortKey(bytes: $0) }, sequence: sequence)
        return RecordLocation(titleIndex: Int(section), order: order)
    }
}
