import GRDB
import IndexedCollation

extension Database {
    /// Rebuilds the indexes that use the collation `name` when its order may have changed
    /// since they were built — another ICU, other collator options or section titles —
    /// so that an index on `(name COLLATE ko_KR)` is never read in a stale order.
    ///
    /// SQLite cannot know that a collation changed: an index built under ICU 72 and read
    /// under ICU 74 would return rows in the old order and miss rows in range queries. Call
    /// this at every start, in a write, after registering the collation: it compares the
    /// collation's stamp (see `LocalizedIndexedCollation.keyStamp(descending:keySelection:)`)
    /// with the one recorded at the last rebuild, and runs `REINDEX name` when they differ.
    ///
    /// ```swift
    /// try pool.write { db in try db.reindexIfCollationChanged(korean, name: "ko_KR") }
    /// ```
    /// - Parameters:
    ///   - collation: The order the collation `name` now has on this connection.
    ///   - name: The collation's SQL name.
    /// - Returns: Whether the indexes were rebuilt (true the first time, when no stamp was
    ///   recorded).
    /// - Throws: ``LocalizedCollationError/missingCollation(_:)`` when this connection has
    ///   no such collation, or `DatabaseError`.
    /// - Complexity: One look-up when nothing changed; otherwise a rebuild of every index
    ///   using the collation.
    @discardableResult
    public func reindexIfCollationChanged(_ collation: LocalizedIndexedCollation, name: String) throws -> Bool {
        try checkCollation(named: name)
        let stamp = collation.keyStamp(descending: false, keySelection: "sqlite-collation")
        let key = "COLLATE " + name.lowercased()
        let table = SortKeyColumns.stampTable.quotedDatabaseIdentifier
        try execute(sql: "CREATE TABLE IF NOT EXISTS \(table) (table_name TEXT PRIMARY KEY NOT NULL, stamp TEXT NOT NULL)")
        if try String.fetchOne(self, sql: "SELECT stamp FROM \(table) WHERE table_name = ?", arguments: [key]) == stamp {
            return false
        }
        try execute(sql: "REINDEX \(name.quotedDatabaseIdentifier)")
        try execute(
            sql: """
                INSERT INTO \(table) (table_name, stamp) VALUES (?, ?)
                ON CONFLICT (table_name) DO UPDATE SET stamp = excluded.stamp
                """, arguments: [key, stamp])
        return true
    }
}
