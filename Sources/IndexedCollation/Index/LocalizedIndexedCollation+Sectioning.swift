extension LocalizedIndexedCollation {
    /// Groups records into sections and sorts each section.
    ///
    /// Equal keys keep their input order. A record's reading, when present and
    /// non-empty, decides its section and order; the key then breaks ties.
    /// - Parameters:
    ///   - records: The records, in any order.
    ///   - key: The display key of a record, e.g. `{ $0.familyName }` or `\.name`.
    ///   - reading: The reading of a record (furigana, pinyin), or `nil`.
    ///   - descending: Reverse sections and records.
    /// - Returns: The non-empty sections and the full title list.
    /// - Complexity: O(*n* log *n*) byte comparisons, O(*n*) ICU calls (one sort key per
    ///   record, two when it has a reading), keys computed on all cores.
    public func sections<Record>(
        of records: [Record], by key: (Record) -> String, reading: ((Record) -> String?)? = nil,
        descending: Bool = false
    ) -> IndexedSections<Record> {
        let output = indexingOutput(of: records, key: key, reading: reading, descending: descending)
        let sections = output.groups.map { group in
            IndexedSections<Record>.Section(
                title: sectionTitles[group.section], titleIndex: group.section,
                records: output.order[group.range].map { records[Int($0)] })
        }
        return IndexedSections(indexTitles: sectionTitles, sections: sections)
    }

    /// Groups records into sections with some of them pinned to a first section
    /// (favourites, "Me"), titled by ``Configuration/pinnedSectionTitle``.
    ///
    /// ```swift
    /// var configuration = LocalizedIndexedCollation.Configuration(locale: CollationLocale("en_US"))
    /// configuration.pinnedSectionTitle = "★"
    /// let english = try LocalizedIndexedCollation(configuration)
    /// english.sections(of: contacts, by: \.name, pinned: \.isFavourite)
    /// // ★: Bob, Zoe · A: Anna · C: Carl …
    /// ```
    /// - Parameters:
    ///   - records: The records, in any order.
    ///   - key: Returns a record's display key.
    ///   - reading: Returns a record's reading, or nil.
    ///   - pinned: Whether a record goes to the pinned section (in collation order there).
    ///   - copiesPinned: Whether pinned records are also listed under their own section.
    /// - Returns: The non-empty sections, the pinned one first, and the full title list.
    ///   Without a ``Configuration/pinnedSectionTitle`` no record is pinned.
    /// - Complexity: As ``sections(of:by:reading:descending:)``, plus O(*n*).
    public func sections<Record>(
        of records: [Record], by key: (Record) -> String, reading: ((Record) -> String?)? = nil, pinned: (Record) -> Bool,
        copiesPinned: Bool = false
    ) -> IndexedSections<Record> {
        var output = indexingOutput(of: records, key: key, reading: reading, descending: false)
        if configuration.pinnedSectionTitle != nil {
            output = output.pinning({ pinned(records[$0]) }, copies: copiesPinned)
        }
        let sections = output.groups.map { group in
            IndexedSections<Record>.Section(
                title: sectionTitles[group.section], titleIndex: group.section,
                records: output.order[group.range].map { records[Int($0)] })
        }
        return IndexedSections(indexTitles: sectionTitles, sections: sections)
    }

    /// Sorts records by the collator, ignoring sections (`#` records are not moved last).
    /// - Parameters:
    ///   - records: The records.
    ///   - key: The sort key of a record.
    /// - Returns: The records in collation order; equal keys keep input order.
    /// - Complexity: O(*n* log *n*) byte comparisons, O(*n*) ICU calls.
    public func sorted<Record>(_ records: [Record], by key: (Record) -> String) -> [Record] {
        var texts = UTF8Buffer()
        let ranges = records.map { texts.append(key($0)) }
        var keys = SortKeyArena()
        texts.bytes.withUnsafeBufferPointer { bytes in
            for range in ranges {
                collator.handle.appendSortKey(of: UnsafeBufferPointer(rebasing: bytes[range]), to: &keys.bytes)
                keys.closeKey()
            }
        }
        let order = keys.withUnsafeKeys { keys in
            (0..<records.count).sorted { a, b in
                OrderKey.precedes(keys: OrderKey.compareKeys(keys.key(a), keys.key(b), ties: nil), descending: false, positions: a, b)
            }
        }
        return order.map { records[$0] }
    }

    /// Keys for storing records where something else sorts them (a database `bytea`
    /// column, Spark, `LC_ALL=C sort` on ``SortKey/hexString``): ordering the keys as
    /// plain bytes gives exactly the order of ``sections(of:by:reading:descending:)``,
    /// sections included. Keys are valid only with keys of the same ``keyStamp``.
    ///
    /// Layout: section ‖ sort key ‖ 00 ‖ tie part (1 byte, or the display key's sort key
    /// when a reading makes it differ) ‖ global position (an order-preserving varint), so
    /// a key is the ICU sort key plus 5–12 bytes. Keys of parts made with the right
    /// `positionOffset` sort together exactly like one run over all records, and are unique.
    /// - Parameters:
    ///   - records: The records, in input order.
    ///   - key: The text a record is sorted by.
    ///   - reading: A reading that, when present and non-empty, sorts and sections instead.
    ///   - positionOffset: How many records come before `records` in the whole data set.
    /// - Returns: One key per record, in input order.
    /// - Complexity: O(*n* log *n*); one ICU sort key per record (two with a reading).
    public func storageKeys<Record>(
        for records: [Record], by key: (Record) -> String, reading: ((Record) -> String?)? = nil, positionOffset: Int = 0
    ) -> [SortKey] {
        let output = indexingOutput(of: records, key: key, reading: reading, descending: false)
        return records.indices.map { SortKey(bytes: output.storageKey($0, positionOffset: positionOffset)) }
    }

    /// Runs the indexing engine over String keys, copied once into one UTF-8 buffer.
    func indexingOutput<Record>(of records: [Record], key: (Record) -> String, reading: ((Record) -> String?)?, descending: Bool)
        -> IndexingEngine.Output
    {
        var texts = UTF8Buffer()
        var keyRanges = ByteRanges()
        var readingRanges = ByteRanges()
        keyRanges.reserveCapacity(records.count)
        for record in records {
            keyRanges.append(texts.append(key(record)))
            if let reading { readingRanges.append(texts.append(reading(record) ?? "")) }
        }
        return texts.bytes.withUnsafeBufferPointer { bytes in
            let input = IndexingEngine.Input(bytes: bytes, keys: keyRanges, readings: reading == nil ? nil : readingRanges)
            return IndexingEngine(collation: self).index(input, descending: descending)
        }
    }
}

extension LocalizedIndexedCollation {
    /// ICU's own bucket title for `key` (`AlphabeticIndex::ImmutableIndex::getBucketIndex`),
    /// computed the slow way: the test oracle for the fast path. Use ``section(for:)`` instead.
    package func icuBucketTitle(for key: String) -> String {
        let bucket = index.icuBucket(for: key)
        return sectionTitles[Int(sectionOfBucket[bucket])]
    }
}

/// Records grouped into the sections of a ``LocalizedIndexedCollation``.
public struct IndexedSections<Record> {
    /// One non-empty section.
    public struct Section {
        /// The section title, e.g. "ㄱ" or "#".
        public var title: String
        /// The section's position in ``IndexedSections/indexTitles``.
        public var titleIndex: Int
        /// The records, in collation order.
        public var records: [Record]
    }

    /// Every section title, empty sections included, in order ("#" last by default).
    public var indexTitles: [String]
    /// The non-empty sections, in title order.
    public var sections: [Section]

    /// All records in display order.
    public var records: [Record] { sections.flatMap(\.records) }
}

extension IndexedSections: Sendable where Record: Sendable {}
extension IndexedSections.Section: Sendable where Record: Sendable {}
extension IndexedSections: Equatable where Record: Equatable {}
extension IndexedSections.Section: Equatable where Record: Equatable {}
