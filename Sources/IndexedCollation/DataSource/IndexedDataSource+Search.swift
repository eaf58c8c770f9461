extension IndexedDataSource {
    /// Builds the search index of the records (their lookups, see <doc:Search>), kept up to
    /// date by every later insert, removal and update.
    ///
    /// - Throws: ``CollationError/icuFailure(operation:status:)`` if ICU cannot make the
    ///   matcher of the collation.
    /// - Complexity: O(*n*) lookups, spread over all cores; the keys are read on the
    ///   caller's thread.
    public mutating func buildSearchIndex() throws(CollationError) {
        var index = SearchIndex<ID>(matcher: try SearchMatcher(collation: collation))
        var texts: [(keys: [String], readings: [String?])] = []
        var placed: [(id: ID, titleIndex: Int)] = []
        texts.reserveCapacity(numberOfRecords)
        placed.reserveCapacity(numberOfRecords)
        for titleIndex in table.shown {
            for entry in table.sections[titleIndex].entries {
                texts.append((recordKeys.keyStrings(of: entry.record), recordKeys.readingStrings(of: entry.record)))
                placed.append((entry.id, titleIndex))
            }
        }
        index.fill(texts: texts, placed: placed)
        searchIndex = index
    }

    /// The records a query finds, in their sections (see ``SearchResults``).
    ///
    /// Call ``buildSearchIndex()`` first: without an index, each search makes every
    /// record's lookup again. An empty query, or one of only spaces and punctuation,
    /// finds every record.
    /// - Parameter text: The query as typed.
    /// - Returns: The matching records, sectioned as in this data source.
    /// - Complexity: O(*n*) lookups read; see ``SearchResults/narrowed(to:)`` for typing on.
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
        let all = table.shown.enumerated().map { section, titleIndex in
            let slots = index.sectionSlots[titleIndex]
            return SearchResults<Record, ID, Cell>.Section(
                titleIndex: titleIndex, sourceSection: section, rows: (0..<Int32(slots.count)).map { $0 }, slots: slots)
        }
        return SearchResults(source: source, query: query, sections: SearchResults.scan(index, query, all))
    }

    /// The index, or one built now when none was.
    private func indexForSearch() -> SearchIndex<ID>? {
        if let searchIndex { return searchIndex }
        var copy = self
        guard (try? copy.buildSearchIndex()) != nil else { return nil }
        return copy.searchIndex
    }

    /// Keeps the search index in step with an insertion.
    mutating func indexInserted(_ record: Record, id: ID, titleIndex: Int, row: Int) {
        guard searchIndex != nil else { return }
        searchIndex?.insert(
            id: id, keys: recordKeys.keyStrings(of: record), readings: recordKeys.readingStrings(of: record),
            titleIndex: titleIndex, row: row)
    }

    /// Keeps the search index in step with a removal.
    mutating func indexRemoved(id: ID, titleIndex: Int, row: Int) {
        searchIndex?.remove(id: id, titleIndex: titleIndex, row: row)
    }
}
