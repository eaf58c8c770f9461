extension LocalizedIndexedCollation {
    /// Groups records with several keys into sections and sorts each section key by key.
    ///
    /// Records compare by their first key, then by the next, each with the locale's
    /// collator; a key's reading, when present and non-empty, orders it instead of the key
    /// (in person-name mode the surname rules apply to the first key). Where readings
    /// ordered, the keys themselves break ties; then input order. The section comes from the
    /// first non-empty key (its reading when there is one); a record whose keys are all
    /// empty files under `#`.
    ///
    /// ```swift
    /// struct Person { var familyName, givenName: String }
    /// let korean = try LocalizedIndexedCollation(locale: "ko_KR")
    /// let people = [Person(familyName: "김", givenName: "하늘"), Person(familyName: "김", givenName: "가은"),
    ///               Person(familyName: "김", givenName: "민준")]
    /// korean.sections(of: people, keys: [\.familyName, \.givenName]).records.map(\.givenName)
    /// // ["가은", "민준", "하늘"], all under ㄱ
    /// ```
    /// - Parameters:
    ///   - records: The records, in any order.
    ///   - keys: The display keys of a record, most significant first, e.g.
    ///     `[\.familyName, \.givenName]`.
    ///   - readings: The reading of each key by position (`readings[i]` reads `keys[i]`),
    ///     e.g. `[\.phoneticFamilyName, \.phoneticGivenName]`; fewer readings than keys
    ///     leave the later keys without; `{ _ in nil }` skips one.
    ///   - descending: Reverse sections and records.
    /// - Returns: The non-empty sections and the full title list.
    /// - Complexity: O(*n* log *n*) byte comparisons, O(*k* *n*) ICU calls for *k* keys
    ///   (two per key with a reading), keys computed on all cores.
    public func sections<Record>(
        of records: [Record], keys: [(Record) -> String], readings: [(Record) -> String?] = [], descending: Bool = false
    ) -> IndexedSections<Record> {
        let output = indexingOutput(of: records, keys: KeyReaders(keys: keys, readings: readings), descending: descending)
        let sections = output.groups.map { group in
            IndexedSections<Record>.Section(
                title: sectionTitles[group.section], titleIndex: group.section,
                records: output.order[group.range].map { records[Int($0)] })
        }
        return IndexedSections(indexTitles: sectionTitles, sections: sections)
    }

    /// Sorts records key by key with the collator, ignoring sections: the order of
    /// `sections(of:keys:readings:descending:)` within a section, across all records.
    /// - Parameters:
    ///   - records: The records.
    ///   - keys: The keys of a record, most significant first.
    ///   - readings: The reading of each key by position; a present, non-empty reading
    ///     orders its key, and the keys then break ties.
    /// - Returns: The records in collation order; equal keys keep input order.
    /// - Complexity: O(*n* log *n*) byte comparisons, O(*k* *n*) ICU calls for *k* keys.
    public func sorted<Record>(_ records: [Record], by keys: [(Record) -> String], readings: [(Record) -> String?] = []) -> [Record] {
        let output = indexingOutput(of: records, keys: KeyReaders(keys: keys, readings: readings), descending: false)
        return output.recordsIgnoringSections().map { records[$0] }
    }

    /// Keys for storing records with several keys where something else sorts them: ordering
    /// the keys as plain bytes gives exactly the order of
    /// `sections(of:keys:readings:descending:)`, sections included. Keys are valid only
    /// with keys of the same `keyStamp(descending:keySelection:)` and the same number of keys per record.
    /// - Parameters:
    ///   - records: The records.
    ///   - keys: The display keys of a record, most significant first.
    ///   - readings: The reading of each key by position.
    ///   - positionOffset: How many records come before `records` in the whole data set.
    /// - Returns: One key per record, in input order.
    /// - Complexity: O(*n* log *n*); O(*k* *n*) ICU sort keys for *k* keys.
    public func storageKeys<Record>(
        for records: [Record], keys: [(Record) -> String], readings: [(Record) -> String?] = [], positionOffset: Int = 0
    ) -> [SortKey] {
        let output = indexingOutput(of: records, keys: KeyReaders(keys: keys, readings: readings), descending: false)
        return records.indices.map { SortKey(bytes: output.storageKey($0, positionOffset: positionOffset)) }
    }

    /// The section a record with several keys belongs in: that of its first non-empty key
    /// (the key's reading when present and non-empty), `#` when all are empty.
    /// - Parameters:
    ///   - record: Any value.
    ///   - keys: The record's keys, most significant first.
    ///   - readings: The reading of each key by position.
    /// - Returns: A position in ``sectionTitles``.
    /// - Complexity: One ICU sort key per key (two for a key with a reading).
    public func section<Record>(for record: Record, keys: [(Record) -> String], readings: [(Record) -> String?] = []) -> Int {
        let recordKeys = KeyReaders(keys: keys, readings: readings)
        return Int(ordering(keys: recordKeys.keyStrings(of: record), readings: recordKeys.readingStrings(of: record), needsKeys: false).section)
    }
}
