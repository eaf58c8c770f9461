import Foundation
import GRDB
import IndexedCollation
import SectionedData

/// A sectioned, locale-ordered list served by the database: section titles and per-section
/// counts come from the counts the key triggers keep, and rows are fetched a page at a time
/// when a list asks for them, so a list of a million contacts never loads whole.
///
/// It implements the same `SectionedDataSource` protocol as
/// `IndexedDataSource`: the text formatters and the HTML server example
/// read it unchanged. Only non-empty sections are shown; the side index keeps every title.
///
/// ```swift
/// let source = try DatabaseIndexedDataSource<Contact, String>(reader: pool, keys: keys) { _, contact in
///     contact.name
/// } placeholder: { _, error in "(\(error))" }
/// source.numberOfSections                    // non-empty sections: ㄱ, ㄴ, …, #
/// source.titleForHeader(inSection: 0)        // "ㄱ"
/// source.cell(at: Position(row: 0, section: 0))
/// let ㅂ = source.section(forSectionIndexTitle: "ㅂ", at: 5)
/// ```
///
/// Keep it live with ``observeChanges(isolation:_:)``: each commit that touches the table
/// becomes a ``DatabaseIndexedChange`` (a `SnapshotDifference` computed from the change log,
/// not by comparing snapshots).
///
/// Rows are read from the database as it is when a page is fetched; apply changes as they
/// come (``observeChanges(isolation:_:)`` or ``refresh()``) so that counts and rows agree.
/// The data source is not `Sendable`: it lives where it was made, like the table it feeds.
public final class DatabaseIndexedDataSource<Record: FetchableRecord, Cell>: SectionedDataSource {
    /// Makes the cell for a record shown at a position.
    public typealias CellProvider = (Position, Record) -> Cell
    /// Makes the cell shown when a row cannot be read (the database failed).
    public typealias PlaceholderProvider = (Position, any Error) -> Cell

    /// The database the rows are read from.
    public let reader: any DatabaseReader
    /// The keyed table and its order.
    public let keys: SortKeyColumns
    /// How many rows one fetch reads.
    public let pageSize: Int
    /// How many pages stay cached (the least recently used go first).
    public let cachedPageLimit: Int

    private let cellProvider: CellProvider
    private let placeholder: PlaceholderProvider
    private let tracker: ChangeTracker
    /// Rows per section title (zero for empty sections).
    private var counts: [Int]
    /// The title index of each shown (non-empty) section.
    private var shown: [Int]
    private var pages: [PageID: Page] = [:]
    private var useClock = 0

    /// How many pages were fetched from the database since the data source was made.
    public private(set) var pageFetchCount = 0

    private struct PageID: Hashable {
        var titleIndex: Int
        var page: Int
    }

    private struct Page {
        var records: [Record]
        var rowIDs: [Int64]
        var firstKey: Data?
        var lastKey: Data?
        var lastUse: Int
    }

    /// Reads the section counts (not the rows).
    /// - Parameters:
    ///   - reader: The database (a `DatabasePool` or `DatabaseQueue`) whose connections
    ///     have the key functions (``SortKeyColumns/registerFunctions(in:)``).
    ///   - keys: The keyed table, installed (``SortKeyColumns/install(in:)``).
    ///   - pageSize: Rows per fetch (at least 1).
    ///   - cachedPageLimit: Pages kept in memory (at least 1).
    ///   - differenceLimit: The most changed rows a ``DatabaseIndexedChange`` lists; more
    ///     make a ``DatabaseIndexedChange/reload``.
    ///   - cellProvider: Makes a row's cell.
    ///   - placeholder: Makes the cell of a row that cannot be read.
    /// - Throws: ``LocalizedCollationError/staleKeys(table:stored:current:)`` when the
    ///   table's keys carry another stamp (re-key first), or `DatabaseError`.
    /// - Complexity: O(*s*) for *s* section titles: the counts are kept by triggers.
    public init(
        reader: any DatabaseReader, keys: SortKeyColumns, pageSize: Int = 64, cachedPageLimit: Int = 64,
        differenceLimit: Int = 1_000, cellProvider: @escaping CellProvider, placeholder: @escaping PlaceholderProvider
    ) throws {
        self.reader = reader
        self.keys = keys
        self.pageSize = max(1, pageSize)
        self.cachedPageLimit = max(1, cachedPageLimit)
        self.cellProvider = cellProvider
        self.placeholder = placeholder
        let state = try reader.read { db in try ChangeTracker.currentState(db, keys: keys) }
        counts = state.counts
        shown = counts.indices.filter { state.counts[$0] > 0 }
        tracker = ChangeTracker(keys: keys, counts: state.counts, cursor: state.cursor, differenceLimit: differenceLimit)
    }

    /// The collation that decides the sections and the order.
    public var collation: LocalizedIndexedCollation { keys.collation }

    /// The number of non-empty sections.
    /// - Complexity: O(1).
    public var numberOfSections: Int { shown.count }

    /// The number of rows in a shown section.
    /// - Parameter section: A section index in `0..<numberOfSections`.
    /// - Returns: Its row count, or 0 for an index out of range.
    /// - Complexity: O(1).
    public func numberOfRows(inSection section: Int) -> Int {
        shown.indices.contains(section) ? counts[shown[section]] : 0
    }

    /// The title of a shown section's header: its index title, such as "ㄱ" or "#".
    /// - Parameter section: A section index.
    /// - Returns: The title, or nil for an index out of range.
    public func titleForHeader(inSection section: Int) -> String? {
        shown.indices.contains(section) ? collation.sectionTitles[shown[section]] : nil
    }

    /// Every title of the collation, for the side index, whether or not its section has rows.
    public var sectionIndexTitles: [String] { collation.sectionTitles }

    /// The section to show for a side-index title: its own when it has rows, else the
    /// nearest following non-empty section, else the nearest preceding one.
    /// - Parameters:
    ///   - title: The chosen title.
    ///   - index: Its index in ``sectionIndexTitles``.
    /// - Returns: A shown section, or nil when the title is unknown or nothing is shown.
    /// - Complexity: O(log *s*) for *s* shown sections.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int? {
        guard let titleIndex = collation.sectionTitles.position(ofIndexTitle: title, near: index), !shown.isEmpty else { return nil }
        var low = 0
        var high = shown.count
        while low < high {
            let middle = (low + high) / 2
            if shown[middle] < titleIndex { low = middle + 1 } else { high = middle }
        }
        return min(low, shown.count - 1)
    }

    /// The cell for a row: the record is read with its page when not cached.
    /// - Parameter position: A position inside the data.
    /// - Returns: The cell provider's cell, or the placeholder's when the row cannot be read.
    /// - Complexity: O(1) for a cached page; a fetch of ``pageSize`` rows otherwise.
    public func cell(at position: Position) -> Cell {
        do {
            return cellProvider(position, try record(at: position))
        } catch {
            return placeholder(position, error)
        }
    }

    /// The record at a position.
    /// - Parameter position: A position inside the data.
    /// - Returns: The record.
    /// - Throws: ``DatabaseIndexedDataSourceError/positionOutOfRange(_:)`` for a position
    ///   outside the data, or the database's error.
    public func record(at position: Position) throws -> Record {
        let (page, offset) = try page(containing: position)
        return page.records[offset]
    }

    /// The row id of the record at a position (its item identifier in differences).
    /// - Parameter position: A position inside the data.
    /// - Returns: The row id.
    /// - Throws: As ``record(at:)``.
    public func rowID(at position: Position) throws -> Int64 {
        let (page, offset) = try page(containing: position)
        return page.rowIDs[offset]
    }

    private func page(containing position: Position) throws -> (Page, Int) {
        guard shown.indices.contains(position.section), (0..<counts[shown[position.section]]).contains(position.row) else {
            throw DatabaseIndexedDataSourceError.positionOutOfRange(position)
        }
        let id = PageID(titleIndex: shown[position.section], page: position.row / pageSize)
        let offset = position.row % pageSize
        useClock += 1
        if var page = pages[id], offset < page.records.count {
            page.lastUse = useClock
            pages[id] = page
            return (page, offset)
        }
        let page = try fetchPage(id)
        guard offset < page.records.count else { throw DatabaseIndexedDataSourceError.positionOutOfRange(position) }
        return (page, offset)
    }

    /// Fetches a page: by keyset after the previous page when it is cached, else by offset
    /// within the section (the section index (section, sort_key) serves both).
    private func fetchPage(_ id: PageID) throws -> Page {
        let previous = id.page > 0 ? pages[PageID(titleIndex: id.titleIndex, page: id.page - 1)] : nil
        let keys = keys
        let limit = pageSize
        let rows: [Row] = try reader.read { db in
            if let previous, previous.rowIDs.count == limit, let last = previous.lastKey {
                return try keys.pageRequest(after: last, limit: limit, inSection: id.titleIndex).fetchAll(db)
            }
            return try Row.fetchAll(
                db,
                sql: """
                    SELECT rowid AS rowid, * FROM \(keys.table.quotedDatabaseIdentifier) WHERE \(keys.sectionColumn.quotedDatabaseIdentifier) = ?
                    ORDER BY \(keys.sortKeyColumn.quotedDatabaseIdentifier) LIMIT ? OFFSET ?
                    """, arguments: [id.titleIndex, limit, id.page * limit])
        }
        pageFetchCount += 1
        var records: [Record] = []
        records.reserveCapacity(rows.count)
        for row in rows { records.append(try Record(row: row)) }
        let page = Page(
            records: records, rowIDs: rows.map { $0["rowid"] }, firstKey: rows.first?[keys.sortKeyColumn],
            lastKey: rows.last?[keys.sortKeyColumn], lastUse: useClock)
        if pages.count >= cachedPageLimit, let oldest = pages.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            pages[oldest] = nil
        }
        pages[id] = page
        return page
    }

    /// Applies a computed update: new counts, and the pages dropped (they may have shifted).
    func apply(_ update: ChangeTracker.Update) {
        counts = update.counts
        shown = counts.indices.filter { update.counts[$0] > 0 }
        pages.removeAll()
    }

    /// Reads the changes committed since the last update and applies them now (what
    /// ``observeChanges(isolation:_:)`` does on each commit).
    /// - Returns: The change, or nil when nothing changed.
    /// - Throws: ``LocalizedCollationError/staleKeys(table:stored:current:)`` when the keys
    ///   were re-keyed with another stamp, or the database's error.
    @discardableResult
    public func refresh() throws -> DatabaseIndexedChange? {
        let tracker = tracker
        guard let update = try reader.read({ db in try tracker.update(db) }) else { return nil }
        apply(update)
        return update.change
    }

    /// Applies database changes as they are committed, calling `body` after each: the
    /// data source already shows the new state when `body` runs. Runs until the task is
    /// cancelled or the observation fails.
    ///
    /// ```swift
    /// try await source.observeChanges { change in
    ///     switch change {
    ///     case .difference(let difference): table.performBatchUpdates(difference)
    ///     case .reload: table.reloadData()
    ///     }
    /// }
    /// ```
    /// - Parameters:
    ///   - isolation: Where the data source lives (the caller's actor by default).
    ///   - body: Receives each change.
    /// - Throws: The observation's error (for example stale keys after another process
    ///   re-keyed with another stamp), or what `body` throws.
    public func observeChanges(
        isolation: isolated (any Actor)? = #isolation, _ body: (DatabaseIndexedChange) throws -> Void
    ) async throws {
        let tracker = tracker
        let observation = ValueObservation.tracking { db in try tracker.update(db) }
        for try await update in observation.values(in: reader) {
            guard let update else { continue }
            apply(update)
            try body(update.change)
        }
    }

    /// Every row id in order, section by section: the snapshot a diffable list would hold.
    /// It reads the whole table's row ids (not the records): for tests and small lists.
    /// - Returns: The snapshot (sections by title, rows by row id).
    /// - Throws: The database's error.
    /// - Complexity: O(*n*).
    public func snapshot() throws -> Snapshot<String, Int64> {
        let keys = keys
        let rows = try reader.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT \(keys.sectionColumn.quotedDatabaseIdentifier), rowid FROM \(keys.table.quotedDatabaseIdentifier)
                    WHERE \(keys.sectionColumn.quotedDatabaseIdentifier) IS NOT NULL ORDER BY \(keys.sortKeyColumn.quotedDatabaseIdentifier)
                    """)
        }
        var snapshot = Snapshot<String, Int64>()
        var current: Int?
        var items: [Int64] = []
        func flush() throws {
            guard let current else { return }
            try snapshot.appendSections([collation.sectionTitles[current]])
            try snapshot.appendItems(items, toSection: collation.sectionTitles[current])
            items.removeAll()
        }
        for row in rows {
            let section: Int = row[0]
            if section != current {
                try flush()
                current = section
            }
            items.append(row[1])
        }
        try flush()
        return snapshot
    }
}

/// Errors of ``DatabaseIndexedDataSource`` itself.
public enum DatabaseIndexedDataSourceError: Error, Equatable, Sendable {
    /// The position is outside the data the data source shows.
    case positionOutOfRange(Position)
}
