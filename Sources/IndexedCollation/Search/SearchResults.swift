import SectionedData

/// The records of an ``IndexedDataSource`` that a query finds, still in their sections:
/// the same titles in the same order, only the matching records, each with where it matched.
///
/// ```swift
/// var contacts = try IndexedDataSource(
///     collation: LocalizedIndexedCollation(locale: "ko_KR"), records: ["김민준", "김서연", "박서준"],
///     id: { $0 }, key: { $0 }) { _, name in name }
/// try contacts.buildSearchIndex()
/// let found = contacts.search("ㅅ")              // 김서연 (ㄱ) and 박서준 (ㅂ): the given names
/// found.titleForHeader(inSection: 0)             // "ㄱ"
/// let typing = found.narrowed(to: "ㅅㅇ")        // 김서연 only, from the previous result
/// ```
///
/// It is a `SectionedDataSource`, so anything that renders a data source renders it.
/// Rows are positions among the matches; ``sourcePosition(of:)`` gives a row's position
/// in the whole list, ``match(at:)`` the characters to highlight.
public struct SearchResults<Record, ID: Hashable & Sendable, Cell>: SectionedDataSource {
    /// The list searched.
    public let source: IndexedDataSource<Record, ID, Cell>
    /// The query.
    public let query: SearchQuery

    /// One section with matches: its title, its place in the source, the matching rows
    /// and their lookups' slots (where each matched is found again when asked for).
    struct Section {
        let titleIndex: Int
        let sourceSection: Int
        var rows: [Int32] = []
        var slots: [Int32] = []
    }

    let sections: [Section]
    /// The number of matches under each section title (0 for titles without any).
    let countsByTitle: [Int]

    init(source: IndexedDataSource<Record, ID, Cell>, query: SearchQuery, sections: [Section]) {
        self.source = source
        self.query = query
        self.sections = sections
        var counts = Array(repeating: 0, count: source.collation.sectionTitles.count)
        for section in sections { counts[section.titleIndex] = section.rows.count }
        countsByTitle = counts
    }

    /// The number of sections with matches.
    public var numberOfSections: Int { sections.count }

    /// The number of matching records in a section.
    /// - Parameter section: A section index in `0..<numberOfSections`.
    /// - Returns: Its number of matches, at least one.
    public func numberOfRows(inSection section: Int) -> Int { sections[section].rows.count }

    /// The number of matching records in all sections.
    public var numberOfRecords: Int { sections.reduce(0) { $0 + $1.rows.count } }

    /// The cell the source's cell provider makes for a matching record.
    /// - Parameter position: A position among the matches.
    /// - Returns: The cell (the provider receives the record's position in the source).
    /// - Precondition: `position` is inside the results.
    public func cell(at position: Position) -> Cell {
        guard let sourcePosition = sourcePosition(of: position) else {
            preconditionFailure("position \(position) is outside the search results")
        }
        return source.cell(at: sourcePosition)
    }

    /// The title of a section with matches, as in the source ("ㄱ", "#").
    public func titleForHeader(inSection section: Int) -> String? {
        sections.indices.contains(section) ? source.collation.sectionTitles[sections[section].titleIndex] : nil
    }

    /// Every section title of the collation, as the source shows them; titles without
    /// matches have ``numberOfRows(forSectionIndexTitleAt:)`` 0 (a list dims them).
    public var sectionIndexTitles: [String] { source.collation.sectionTitles }

    /// The number of matches under a side-index title: 0 for a title to dim.
    /// - Parameter index: A position in ``sectionIndexTitles``.
    public func numberOfRows(forSectionIndexTitleAt index: Int) -> Int {
        countsByTitle.indices.contains(index) ? countsByTitle[index] : 0
    }

    /// The section with matches a side-index title jumps to: its own, else the next with
    /// matches, else the last.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int? {
        let titles = sectionIndexTitles
        guard titles.indices.contains(index), titles[index] == title, !sections.isEmpty else { return nil }
        return sections.firstIndex { $0.titleIndex >= index } ?? sections.count - 1
    }

    /// A matching record's position in the whole list.
    public func sourcePosition(of position: Position) -> Position? {
        guard sections.indices.contains(position.section), sections[position.section].rows.indices.contains(position.row)
        else { return nil }
        return Position(row: Int(sections[position.section].rows[position.row]), section: sections[position.section].sourceSection)
    }

    /// The matching record at a position.
    public func record(at position: Position) -> Record? {
        sourcePosition(of: position).flatMap(source.record(at:))
    }

    /// Where the query matched the record at a position: which key and which characters.
    /// - Complexity: One match of the query against that record's lookup.
    public func match(at position: Position) -> SearchMatch? {
        guard let index = source.searchIndex, sections.indices.contains(position.section),
            sections[position.section].slots.indices.contains(position.row)
        else { return nil }
        return index.matcher.firstMatch(of: query, in: index.lookups[Int(sections[position.section].slots[position.row])])
    }
}

extension SearchResults {
    /// The results of a longer query, found among these results when the new query
    /// extends this one (typing on), else among all records.
    /// - Parameter text: The new query as typed.
    /// - Returns: The new results.
    /// - Complexity: O(*m*) lookups for *m* current matches when narrowing, else O(*n*).
    public func narrowed(to text: String) -> SearchResults {
        guard let index = source.searchIndex else { return source.search(text) }
        let next = index.matcher.query(text)
        guard next.narrows(query) else { return source.search(next) }
        return SearchResults(source: source, query: next, sections: Self.scan(index, next, sections))
    }

    /// The records a query finds, read only among the records of its first weight's start
    /// list (``StartPostings``); nil when the query has no single first weight (it matches
    /// everything, or its readings start differently) or its list is long, for a scan of
    /// every record.
    /// - Parameters:
    ///   - shown: The title indexes of the source's sections, in order.
    /// - Complexity: O(*c*) lookups for *c* records in the list; none read when the query
    ///   has one weight (each of them matches).
    static func candidates(_ index: SearchIndex<ID>, _ query: SearchQuery, shown: [Int]) -> [Section]? {
        guard let first = query.variants.first?.first,
            query.variants.allSatisfy({ $0.first == first })
        else { return nil }
        let list = index.postings.candidates(startingWith: first)
        // A list of a quarter of the records or more is read faster by the scan of every
        // record, in row order on all cores, than gathered here.
        if list.count > max(index.count / 4, 4096) { return nil }
        var sectionOf = [Int](repeating: -1, count: index.sectionSlots.count)
        for (section, title) in shown.enumerated() { sectionOf[title] = section }
        var sections: [Section] = []
        let titles = index.postings.titles
        let rows = index.postings.rows
        var start = 0
        while start < list.count {
            let title = Int(titles[Int(list[start])])
            var end = start + 1
            while end < list.count && Int(titles[Int(list[end])]) == title { end += 1 }
            let slots = Array(list[start..<end])
            sections.append(
                Section(titleIndex: title, sourceSection: sectionOf[title], rows: slots.map { rows[Int($0)] }, slots: slots))
            start = end
        }
        if query.variants.allSatisfy({ $0.count == 1 }) { return sections }
        return scan(index, query, sections)
    }

    /// Checks the records of `candidates` (sections with their slots and rows) against a
    /// query, in pieces of at most 16,384 records spread over all cores when there are many.
    static func scan(_ index: SearchIndex<ID>, _ query: SearchQuery, _ candidates: [Section]) -> [Section] {
        let shortest = query.variants.map(\.count).min() ?? 0
        if shortest > index.longestLookup { return [] }
        // A record whose start signature has none of the query's first weights is skipped
        // without reading its lookup.
        let mask = query.variants.reduce(UInt64(0)) { $0 | ($1.first.map(SearchLookup.signatureBit) ?? ~0) }
        let piece = 16_384
        var pieces: [(section: Int, rows: Range<Int>)] = []
        for (section, candidate) in candidates.enumerated() {
            for start in stride(from: 0, to: candidate.slots.count, by: piece) {
                pieces.append((section, start..<min(start + piece, candidate.slots.count)))
            }
        }
        let work = pieces
        var found = [Section?](repeating: nil, count: pieces.count)
        let total = candidates.reduce(0) { $0 + $1.slots.count }
        candidates.withUnsafeBufferPointer { input in
            index.lookups.withUnsafeBufferPointer { lookups in
                found.withUnsafeMutableBufferPointer { output in
                    let source = UnsafeSendableBuffer(input)
                    let lookups = UnsafeSendableBuffer(lookups)
                    let target = SendablePointer(output)
                    let matcher = index.matcher
                    parallelFor(pieces.count, threads: total > 65_536 ? systemProcessorCount() : 1) { item in
                        let (position, rows) = work[item]
                        let candidate = source.buffer[position]
                        var section = Section(titleIndex: candidate.titleIndex, sourceSection: candidate.sourceSection)
                        for offset in rows {
                            let slot = Int(candidate.slots[offset])
                            guard lookups.buffer[slot].startSignature & mask != 0,
                                matcher.firstMatch(of: query, in: lookups.buffer[slot]) != nil
                            else { continue }
                            section.rows.append(candidate.rows[offset])
                            section.slots.append(Int32(slot))
                        }
                        if !section.rows.isEmpty { target.buffer[item] = section }
                    }
                }
            }
        }
        // Pieces of one section, joined in order.
        var sections: [Section] = []
        for part in found {
            guard let part else { continue }
            if let last = sections.last, last.titleIndex == part.titleIndex {
                sections[sections.count - 1].rows += part.rows
                sections[sections.count - 1].slots += part.slots
            } else {
                sections.append(part)
            }
        }
        return sections
    }
}
