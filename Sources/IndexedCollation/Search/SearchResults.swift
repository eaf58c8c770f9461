import SectionedData

/// The records of an ``IndexedDataSource`` that a query finds, still in their sections:
/// the same titles in the same order, only the matching records, each with where it matched.
///
/// ```swift
/// var contacts = try IndexedDataSource(
///     ["김민준", "김서연", "박서준"], collation: LocalizedIndexedCollation(locale: "ko_KR"),
///     id: { $0 }, keys: { RecordKeys($0) }) { _, name in name }
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

    /// One section with matches: its matching records' slots, in row order (rows are read
    /// from the index when asked for).
    typealias Section = SearchSection

    let sections: [Section]
    /// The number of matches under each section title (0 for titles without any).
    let countsByTitle: [Int]
    /// Each slot's row in its section (the index's table), read for the rows asked for.
    let rows: [Int32]

    init(source: IndexedDataSource<Record, ID, Cell>, query: SearchQuery, sections: [Section]) {
        self.source = source
        self.query = query
        self.sections = sections
        var counts = Array(repeating: 0, count: source.collation.sectionTitles.count)
        for section in sections { counts[section.titleIndex] = section.slots.count }
        countsByTitle = counts
        rows = source.searchIndex?.postings.rows ?? []
    }

    /// The number of sections with matches.
    public var numberOfSections: Int { sections.count }

    /// The number of matching records in a section.
    /// - Parameter section: A section index in `0..<numberOfSections`.
    /// - Returns: Its number of matches, at least one.
    public func numberOfRows(inSection section: Int) -> Int { sections[section].slots.count }

    /// The number of matching records in all sections.
    public var numberOfRecords: Int { sections.reduce(0) { $0 + $1.slots.count } }

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
        guard let slot = slot(at: position) else { return nil }
        return Position(row: Int(rows[Int(slot)]), section: sections[position.section].sourceSection)
    }

    /// The matching record at a position.
    public func record(at position: Position) -> Record? {
        sourcePosition(of: position).flatMap(source.record(at:))
    }

    /// Where the query matched the record at a position: which key and which characters.
    /// - Complexity: One match of the query against that record's lookup.
    public func match(at position: Position) -> SearchMatch? {
        guard let index = source.searchIndex, let slot = slot(at: position) else { return nil }
        return index.match(query, slot: slot)
    }

    /// The index slot of the matching record at a position.
    private func slot(at position: Position) -> Int32? {
        guard sections.indices.contains(position.section) else { return nil }
        let slots = sections[position.section].slots
        guard position.row >= 0, position.row < slots.count else { return nil }
        return slots[slots.startIndex + position.row]
    }
}

extension SearchResults {
    /// The results of a longer query, found among these results when the new query
    /// extends this one (typing on), else among all records.
    /// - Parameter text: The new query as typed.
    /// - Returns: The new results.
    /// - Complexity: O(*s* log *m*) for *s* sections when the query is as long as the path
    ///   of its start list (one or two weights, or more when many records share its first
    ///   ones); else O(min(*m*, *c*)) lookups checked, for *m* current matches and *c*
    ///   records in the new query's start list (see ``SearchIndex``): typing on reads the
    ///   index again when that list is the shorter.
    public func narrowed(to text: String) -> SearchResults {
        guard let index = source.searchIndex else { return source.search(text) }
        let next = index.matcher.query(text)
        guard next.narrows(query) else { return source.search(next) }
        let sections = SearchFinder(index: index, shown: source.table.shown).find(next, among: self.sections.map(\.slots))
        return SearchResults(source: source, query: next, sections: sections)
    }
}
