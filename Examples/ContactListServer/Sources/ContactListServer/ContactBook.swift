import IndexedCollation
import SectionedData

/// The server's live contact list: an `IndexedDataSource` owned by an actor, plus a short
/// log of the differences its edits returned, which pages poll to update without reloading.
///
/// `IndexedDataSource` is a `Sendable` value type with `mutating` edits, so an actor that
/// owns it is all the synchronisation it needs.
actor ContactBook {
    typealias Source = IndexedDataSource<Contact, Int, ContactCell>

    private(set) var source: Source
    /// The number of edits so far; a page shows version *v* when it applied edits 1…*v*.
    private(set) var version = 0
    /// How many contacts the book holds (the data source itself stays inside the actor:
    /// it is not `Sendable`, since it holds the cell provider).
    var numberOfRecords: Int { source.numberOfRecords }
    /// The differences of recent edits, oldest first, as (version, payload).
    private var log: [(version: Int, change: ChangePayload)] = []
    private let logLimit = 1_000
    private var nextID: Int
    /// How many cells the cell provider has made.
    nonisolated let cellCalls: CallCounter

    init(collation: LocalizedIndexedCollation, contacts: [Contact], searchOptions: SearchOptions = SearchOptions()) throws {
        let counter = CallCounter()
        cellCalls = counter
        nextID = (contacts.map(\.id).max() ?? 0) + 1
        source = try Source(collation: collation, records: contacts, id: \.id, key: \.name, reading: \.reading) { _, contact in
            counter.increment()
            return ContactCell(id: contact.id, name: contact.name, phone: contact.phone)
        }
        // Built once; inserts and removals keep it current. Phone numbers are searched by
        // their digits (01012345678 finds +82 10-1234-5678 under ko_KR); digit queries also
        // find names by the keypad.
        try source.buildSearchIndex(options: searchOptions) { contact in
            contact.phone.isEmpty ? [] : [SearchField(name: "phone", text: contact.phone, kind: .phone)]
        }
    }

    /// The last search, narrowed when the next query extends it (typing on) and no edit
    /// came in between.
    private var lastSearch: (version: Int, results: SearchResults<Contact, Int, ContactCell>)?

    /// The contacts a query finds, in their sections, with at most `limit` rows in all.
    func search(_ query: String, limit: Int) -> SearchPayload {
        let results: SearchResults<Contact, Int, ContactCell>
        if let last = lastSearch, last.version == version {
            results = last.results.narrowed(to: query)
        } else {
            results = source.search(query)
        }
        lastSearch = (version, results)
        var budget = max(0, min(limit, 500))
        var sections: [SearchPayload.Section] = []
        for section in 0..<results.numberOfSections {
            let count = results.numberOfRows(inSection: section)
            let shown = min(count, budget)
            budget -= shown
            let rows = (0..<shown).map { row -> SearchPayload.Row in
                let position = Position(row: row, section: section)
                let cell = results.cell(at: position)
                let found = results.match(at: position)
                // Key 0 is the name; the phone field comes after the one key.
                let match = found.flatMap { $0.key == 0 ? $0.range(in: cell.name) : nil }.map { range in
                    [cell.name.utf16.distance(from: cell.name.startIndex, to: range.lowerBound),
                     cell.name.utf16.distance(from: cell.name.startIndex, to: range.upperBound)]
                }
                let field = found.map { $0.key == 0 ? "name" : $0.key == 1 ? "phone" : "reading" }
                return SearchPayload.Row(cell: cell, match: match, field: field)
            }
            sections.append(.init(title: results.titleForHeader(inSection: section) ?? "", count: count, rows: rows))
        }
        return SearchPayload(
            version: version, query: query, total: results.numberOfRecords,
            indexCounts: results.sectionIndexTitles.indices.map(results.numberOfRows(forSectionIndexTitleAt:)),
            sections: sections)
    }

    /// The side index and the non-empty sections with their row counts.
    func index() -> IndexPayload {
        IndexPayload(
            version: version, locale: source.collation.locale.identifier, indexTitles: source.sectionIndexTitles,
            sections: (0..<source.numberOfSections).map {
                .init(title: source.titleForHeader(inSection: $0) ?? "", count: source.numberOfRows(inSection: $0))
            },
            total: source.numberOfRecords)
    }

    /// The cells of some rows of a section; only these rows' cells are built.
    func rows(section: Int, start: Int, count: Int) -> RowsPayload? {
        guard (0..<source.numberOfSections).contains(section), start >= 0, count >= 0 else { return nil }
        let end = min(start + min(count, 500), source.numberOfRows(inSection: section))
        let cells = start < end ? (start..<end).map { source.cell(at: Position(row: $0, section: section)) } : []
        return RowsPayload(version: version, section: section, start: start, rows: cells)
    }

    /// The section an index title leads to (the nearest non-empty one for an empty title).
    func section(forIndexTitle title: String, at index: Int) -> Int? {
        source.section(forSectionIndexTitle: title, at: index)
    }

    /// Adds a contact; returns it with its identifier and the edit's difference.
    func insert(name: String, phone: String, reading: String?) throws -> (Contact, ChangePayload) {
        let contact = Contact(id: nextID, name: name, phone: phone, reading: reading)
        nextID += 1
        let change = try source.insert(contact)
        return (contact, record(change.difference))
    }

    /// Removes a contact; `nil` when there is none with that identifier.
    func remove(id: Int) -> ChangePayload? {
        guard let change = try? source.remove(id: id) else { return nil }
        return record(change.difference)
    }

    /// The edits after a version, or `nil` when the log no longer reaches back that far
    /// (or the version is from another run): the page then reloads the index.
    func changes(since: Int) -> [ChangePayload]? {
        if since == version { return [] }
        guard since < version, let first = log.first, first.version <= since + 1 else { return nil }
        return log.filter { $0.version > since }.map(\.change)
    }

    private func record(_ difference: SnapshotDifference<String, Int>) -> ChangePayload {
        version += 1
        let payload = ChangePayload(version: version, difference: difference)
        log.append((version, payload))
        if log.count > logLimit { log.removeFirst(log.count - logLimit) }
        return payload
    }
}
