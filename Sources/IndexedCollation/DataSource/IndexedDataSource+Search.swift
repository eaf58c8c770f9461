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
    /// longer lists' paths on a few records, and made by workers in pieces of `pieceSize`
    /// slots (``StartPostings/pieceSize``): tests make small lists in many pieces.
    mutating func buildSearchIndex(
        options: SearchOptions, fields: (@Sendable (Record) -> [SearchField])?, splitThreshold: Int,
        pieceSize: Int = StartPostings.defaultPieceSize
    ) throws(CollationError) {
        searchFieldReader = fields
        var index = SearchIndex<ID>(
            matcher: try SearchMatcher(collation: collation, options: options), splitThreshold: splitThreshold, pieceSize: pieceSize)
        // Identical texts (keys, readings and fields) share one lookup, made once (as the
        // indexing engine shares one sort key between identical texts). Identical keys and
        // readings sort alike, so identical texts lie in one run of rows with equal sort
        // keys: a text is looked for only among the run's, not in a table of every text.
        // Each full piece of texts is spelled on another thread while the next is gathered.
        var texts = SearchTextPieces(matcher: index.matcher)
        var records: [(text: Int32, titleIndex: Int32)] = []
        records.reserveCapacity(numberOfRecords)
        let single = recordKeys.singleKey
        var run = TextRun()
        for titleIndex in table.shown {
            table.sections[titleIndex].forEachEntry { entry in
                let searched = fields.map { $0(entry.record) } ?? []
                let text: Int32
                if let single {
                    let key = single.key(entry.record)
                    let reading = single.reading?(entry.record) ?? nil
                    if reading == nil && searched.isEmpty {
                        text = run.text(key, order: entry.order, in: &texts)
                    } else {
                        text = run.text(keys: [key], readings: [reading], fields: searched, order: entry.order, in: &texts)
                    }
                } else {
                    let (keys, readings) = (recordKeys.keyStrings(of: entry.record), recordKeys.readingStrings(of: entry.record))
                    text = run.text(keys: keys, readings: readings, fields: searched, order: entry.order, in: &texts)
                }
                records.append((text, Int32(titleIndex)))
            }
        }
        index.fill(pieces: texts.finish(), records: records)
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
        guard let index = indexForSearch() else {
            return SearchResults(source: self, query: SearchQuery(text: text, variants: [[]]), sections: [])
        }
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

/// The rows of one run of equal sort keys while a search index is built, and the distinct
/// texts among them: a row's text is one of these or a new one.
private struct TextRun {
    /// The sort keys of the run.
    private var order: RecordOrder?
    /// The run's distinct texts (their numbers in ``SearchTextPieces``), each with its whole
    /// text (keys, readings and fields joined), looked for one by one while few.
    private var members: [(text: String, number: Int32)] = []
    /// The same, by text, once the run has many (texts that differ only by characters the
    /// collation ignores).
    private var table: [UTF8Key: Int32] = [:]

    /// The number of a display key's text without a reading or fields, added when new.
    mutating func text(_ key: String, order: RecordOrder, in texts: inout SearchTextPieces) -> Int32 {
        number(of: key, order: order, in: &texts) { $0.append(key) }
    }

    /// The number of a text of keys, readings and fields, added when new.
    mutating func text(keys: [String], readings: [String?], fields: [SearchField], order: RecordOrder, in texts: inout SearchTextPieces)
        -> Int32
    {
        var joined =
            keys.count == 1 && readings.allSatisfy({ $0 == nil })
            ? keys[0] : keys.joined(separator: "\u{1}") + "\u{0}" + readings.map { $0 ?? "" }.joined(separator: "\u{1}")
        for field in fields { joined += "\u{2}" + field.name + "\u{3}" + field.kind.rawValue + "\u{3}" + field.text }
        return number(of: joined, order: order, in: &texts) { $0.append(keys: keys[...], readings: readings[...], fields: fields) }
    }

    /// The number of a whole text in the run, or of a new text added by `add`.
    private mutating func number(
        of joined: String, order: RecordOrder, in texts: inout SearchTextPieces, add: (inout SearchTextPieces) -> Void
    )
        -> Int32
    {
        if let current = self.order, current.key == order.key, current.tie == order.tie {
            if table.isEmpty {
                for member in members where UTF8Key(member.text) == UTF8Key(joined) { return member.number }
            } else if let found = table[UTF8Key(joined)] {
                return found
            }
        } else {
            // A new run: the members' storage is kept for it (one allocation, not one a run).
            self.order = order
            members.removeAll(keepingCapacity: true)
            if !table.isEmpty { table.removeAll() }
        }
        let number = Int32(texts.count)
        add(&texts)
        if table.isEmpty && members.count < 8 {
            members.append((joined, number))
        } else {
            if table.isEmpty { for member in members { table[UTF8Key(member.text)] = member.number } }
            table[UTF8Key(joined)] = number
        }
        return number
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
