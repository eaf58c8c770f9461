import Foundation
import GRDB

extension SortKeyColumns {
    /// A page of rows in `collate`'s order, by keyset: the rows whose key follows `key`
    /// (the last key of the previous page), optionally within one section.
    ///
    /// ```swift
    /// var page = try keys.pageRequest(after: nil, limit: 50).fetchAll(db)
    /// while let last = page.last?[keys.sortKeyColumn] as Data? {
    ///     page = try keys.pageRequest(after: last, limit: 50).fetchAll(db)
    /// }
    /// ```
    ///
    /// Every row has its key column, so the caller can take the next page's start from
    /// the last row. Unlike `OFFSET`, each page costs O(log *n* + `limit`) whatever its depth.
    /// - Parameters:
    ///   - key: The key after which the page starts; nil for the first page.
    ///   - limit: The page's size (at least 1).
    ///   - section: A section (a position in the collation's titles) to stay in, or nil.
    ///   - descending: Pages backwards: the rows before `key`, nearest first.
    /// - Returns: A request for the rows (all columns, including the row id as `rowid`).
    public func pageRequest(after key: Data?, limit: Int, inSection section: Int? = nil, descending: Bool = false) -> SQLRequest<Row> {
        var conditions: [String] = []
        var arguments: StatementArguments = []
        if let section {
            conditions.append("\(sectionColumn.quotedDatabaseIdentifier) = ?")
            arguments += [section]
        }
        if let key {
            conditions.append("\(sortKeyColumn.quotedDatabaseIdentifier) \(descending ? "<" : ">") ?")
            arguments += [key]
        }
        let filter = conditions.isEmpty ? "" : "WHERE " + conditions.joined(separator: " AND ")
        return SQLRequest<Row>(
            sql: """
                SELECT rowid AS rowid, * FROM \(table.quotedDatabaseIdentifier) \(filter)
                ORDER BY \(sortKeyColumn.quotedDatabaseIdentifier) \(descending ? "DESC" : "ASC") LIMIT ?
                """, arguments: arguments + [max(1, limit)])
    }

    /// The number of rows in each section, from the section counts the triggers keep.
    /// - Parameter db: A connection.
    /// - Returns: One count per section title (zero for empty sections).
    /// - Throws: ``LocalizedCollationError/staleKeys(table:stored:current:)`` when the keys
    ///   carry another stamp; `DatabaseError`.
    /// - Complexity: O(*s*) for *s* sections: the counts are kept, not counted.
    public func sectionCounts(_ db: Database) throws -> [Int] {
        try checkStamp(db)
        var counts = [Int](repeating: 0, count: collation.sectionTitles.count)
        let rows = try Row.fetchCursor(db, sql: "SELECT section, count FROM \(sectionCountTable.quotedDatabaseIdentifier)")
        while let row = try rows.next() {
            let section: Int = row[0]
            if counts.indices.contains(section) { counts[section] = row[1] }
        }
        return counts
    }

    /// Counts the rows of each section with `GROUP BY` over the whole table: what
    /// ``sectionCounts(_:)`` reads, recomputed (to check the kept counts).
    /// - Parameter db: A connection.
    /// - Returns: One count per section title.
    /// - Throws: `DatabaseError`.
    /// - Complexity: O(*n*): one pass over the section index.
    public func countSections(_ db: Database) throws -> [Int] {
        var counts = [Int](repeating: 0, count: collation.sectionTitles.count)
        let section = sectionColumn.quotedDatabaseIdentifier
        let rows = try Row.fetchCursor(
            db, sql: "SELECT \(section), COUNT(*) FROM \(table.quotedDatabaseIdentifier) WHERE \(section) IS NOT NULL GROUP BY \(section)")
        while let row = try rows.next() {
            let index: Int = row[0]
            if counts.indices.contains(index) { counts[index] = row[1] }
        }
        return counts
    }
}
