extension IndexedDataSource {
    /// Builds the search index of the records (their lookups, see <doc:SearchingRecords>), kept up to
    /// date by every later insert, removal and update, with the default ``SearchOptions``.
    ///
    /// - Throws: ``CollationError/icuFailure(operation:status:)`` if ICU cannot make the
    ///   matcher of the collation.
    /// - Complexity: O(*n*) lookups, spread over all cores; the keys are read on the
    ///   caller's thread.
    public mutating func buildSearchIndex() throws(CollationError) {
        try buildSearchIndex(options: SearchOptions(), fields: nil)
    }

    /// Builds the search index of the records (their lookups, see <doc:SearchingRecords>), kept up to
    /// date by every later insert, removal and update.
    ///
    /// - Parameter options: How queries match (``SearchOptions``: prefix, words or anywhere;
    ///   keypad digits; other scripts' spellings).
    /// - Throws: ``CollationError/icuFailure(operation:status:)`` if ICU cannot make the
    ///   matcher of the collation.
    /// - Complexity: O(*n*) lookups, spread over all cores; the keys are read on the
    ///   caller's thread.
    public mutating func buildSearchIndex(options: SearchOptions) throws(CollationError) {
        try buildSearchIndex(options: options, fields: nil)
    }

    /// Builds the search index with fields searched besides the keys: phone numbers (by
    /// digits, from any digit, `+CC` and the trunk prefix as one number in the locale's
    /// region), nicknames, e-mail (see ``SearchField``). A match in a field has
    /// ``SearchMatch/key`` equal to the number of keys plus the field's position.
    ///
    /// ```swift
    /// try contacts.buildSearchIndex(options: SearchOptions(), fields: { contact in
    ///     [SearchField(name: "phone", text: contact.phone, kind: .phone)]
    /// })
    /// contacts.search("01012345678")   // finds the contact whose phone is +82 10-1234-5678 (ko_KR)
    /// ```
    /// - Parameters:
    ///   - options: How queries match.
    ///   - fields: Each record's fields to search, or nil for none; kept for the records
    ///     inserted later.
    /// - Throws: ``CollationError/icuFailure(operation:status:)`` if ICU cannot make the
    ///   matcher of the collation.
    /// - Complexity: O(*n*) lookups, spread over all cores.
    public mutating func buildSearchIndex(options: SearchOptions, fields: (@Sendable (Record) -> [SearchField])?)
        throws(CollationError)
    {
        try buildSearchIndex(options: options, fields: fields, splitThreshold: StartPostings.defaultSplitThreshold)
    }

    /// Builds the search index with its start lists split above `splitThreshold` distinct
    /// lookups (``StartPostings/splitThreshold``): tests split small lists to read the
    /// longer lists' paths on a few records.
    mutating func buildSearchIndex(options: SearchOptions, fields: (@Sendable (Record) -> [SearchField])?, splitThreshold: Int)
        throws(CollationError)
    {
        searchFieldReader = fields
        var index = SearchIndex<ID>(matcher: try SearchMatcher(collation: collation, options: options), splitThreshold: splitThreshold)
        // Identical keys and readings share one lookup, made once (as the indexing engine
        // shares one sort key between identical texts).
        var groups: [UTF8Key: Int32] = [:]
        var distinct: [(keys: [String], readings: [String?], fields: [SearchField])] = []
        var records: [(text: Int32, titleIndex: Int32)] = []
        records.reserveCapacity(numberOfRecords)
        let single = recordKeys.singleKey
        // Identical texts are mostly neighbours in the list: the last one is tried first.
        var last = (text: UTF8Key(""), group: Int32(-1))
        for titleIndex in table.shown {
            for entry in table.sections[titleIndex].entries {
                let keys: [String]
                let readings: [String?]
                if let single {
                    (keys, readings) = ([single.key(entry.record)], [single.reading?(entry.record) ?? nil])
                } else {
                    (keys, readings) = (recordKeys.keyStrings(of: entry.record), recordKeys.readingStrings(of: entry.record))
                }
                let searched = fields.map { $0(entry.record) } ?? []
                var joined =
                    keys.count == 1 && readings.allSatisfy({ $0 == nil })
                    ? keys[0] : keys.joined(separator: "\u{1}") + "\u{0}" + readings.map { $0 ?? "" }.joined(separator: "\u{1}")
                for field in searched { joined += "\u{2}" + field.name + "\u{3}" + field.kind.rawValue + "\u{3}" + field.text }
                let text = UTF8Key(joined)
                if records.count == 65_536 && distinct.count > records.count / 2 {
                    // Mostly distinct texts: room for all at once rather than growing by
                    // doubling (each growth rehashes every text so far).
                    groups.reserveCapacity(numberOfRecords)
                }
                if last.group < 0 || last.text != text {
                    if let group = groups[text] {
                        last = (text, group)
                    } else {
                        last = (text, Int32(distinct.count))
                        groups[text] = last.group
                        distinct.append((keys, readings, searched))
                    }
                }
                records.append((last.group, Int32(titleIndex)))
            }
        }
        index.fill(distinct: distinct, records: records)
        searchIndex = index
    }

    /// The records a query finds, in their sections (see ``SearchResults``).
    ///
    /// Call ``buildSearchIndex()`` first: without an index, each search makes every
    /// record's lookup again. An empty query, or one of only spaces and punctuation,
    /// finds every record.
    /// - Parameter text: The query as typed.
    /// - Returns: The matching records, sectioned as in this data source.
    /// - Complexity: O(*s* log *m*) for *s* sections and *m* matches when the query has
    ///   one or two primary weights (one or two letters, a Korean syllable without a final
    ///   consonant), or as many as the path of its start list when many records share its
    ///   first weights (김 in a list of Korean names); else O(*c*) lookups checked for the
    ///   *c* records of its start list, at most about 16,384 distinct ones below that path's
    ///   depth (see ``SearchIndex``); see ``SearchResults/narrowed(to:)`` for typing on.
    public func search(_ text: String) -> SearchResults<Record, ID, Cell> {
        guard let index = indexForSearch() else { return SearchResults(source: self, query: SearchQuery(text: text, variants: [[]]), sections: []) }
        return search(index.matcher.query(text), in: index)
    }

    /// The records a read query finds.
    func search(_ query: SearchQuery) -> SearchResults<Record, ID, Cell> {
        guard let index = indexForSearch() else { return SearchResults(source: self, query: query, sections: []) }
        return search(query, in: index)
    }

    private func search(_ query: SearchQuery, in index: SearchIndex<ID>) -> SearchResults<Record, ID, Cell> {
        var source = self
        source.searchIndex = index
        return SearchResults(source: source, query: query, sections: SearchFinder(index: index, shown: table.shown).find(query))
    }

    /// The index, or one built now when none was.
    private func indexForSearch() -> SearchIndex<ID>? {
        if let searchIndex { return searchIndex }
        var copy = self
        guard (try? copy.buildSearchIndex()) != nil else { return nil }
        return copy.searchIndex
    }

    /// Keeps the search index in step with an insertion.
    mutating func indexInserted(_ record: Record, titleIndex: Int, row: Int) {
        guard searchIndex != nil else { return }
        let keys = recordKeys.keyStrings(of: record)
        let readings = recordKeys.readingStrings(of: record)
        searchIndex?.insert(keys: keys, readings: readings, fields: searchFieldReader?(record) ?? [], titleIndex: titleIndex, row: row)
    }

    /// Keeps the search index in step with a removal.
    mutating func indexRemoved(titleIndex: Int, row: Int) {
        searchIndex?.remove(titleIndex: titleIndex, row: row)
    }
}

/// A text hashed and compared by its UTF-8 bytes, without the normalization of `String`'s
/// own hashing: texts are grouped when they are the same bytes.
private struct UTF8Key: Hashable {
    var text: String

    init(_ text: String) { self.text = text }

    func hash(into hasher: inout Hasher) {
        var text = text
        text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    static func == (left: UTF8Key, right: UTF8Key) -> Bool {
        var (left, right) = (left.text, right.text)
        return left.withUTF8 { left in right.withUTF8 { left.count == $0.count && left.elementsEqual($0) } }
    }
}
