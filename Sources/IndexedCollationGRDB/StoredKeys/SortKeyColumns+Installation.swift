import Foundation
import GRDB

extension SortKeyColumns {
    /// How many change-log entries are kept; a live data source that falls further behind
    /// reloads instead of applying a difference.
    public static let changeLogLimit = 10_000

    /// Adds the key and section columns (if missing), their index, the section counts, the
    /// change log and the triggers that keep them, and re-keys the rows when the stored
    /// stamp is not ``stamp`` (see ``rekeyIfNeeded(_:)``). Safe to call at every start,
    /// after the app's own migrations.
    /// - Parameter db: A connection inside a write, with ``registerFunctions(in:)`` done.
    /// - Returns: How many rows were re-keyed (0 when the keys were current).
    /// - Throws: ``LocalizedCollationError/missingKeyFunctions(_:)`` without the functions,
    ///   or `DatabaseError` (for example when the table does not exist).
    @discardableResult
    public func install(in db: Database) throws -> Int {
        try checkFunctions(in: db)
        try createTables(db)
        if try storedStamp(db) == stamp {
            try createTriggers(db)
            return 0
        }
        return try rekeyIfNeeded(db)
    }

    /// The indexes on the key (for `ORDER BY sort_key`) and on (section, key) (for counts
    /// and pages within a section).
    private var keyIndexNames: [String] { [table + "_by_" + sortKeyColumn, table + "_by_" + sectionColumn] }

    /// The columns, indexes and bookkeeping tables (each only if missing).
    private func createTables(_ db: Database) throws {
        let t = table.quotedDatabaseIdentifier
        let existing = Set(try db.columns(in: table).map { $0.name.lowercased() })
        if !existing.contains(sortKeyColumn.lowercased()) {
            try db.execute(sql: "ALTER TABLE \(t) ADD COLUMN \(sortKeyColumn.quotedDatabaseIdentifier) BLOB")
        }
        if !existing.contains(sectionColumn.lowercased()) {
            try db.execute(sql: "ALTER TABLE \(t) ADD COLUMN \(sectionColumn.quotedDatabaseIdentifier) INTEGER")
        }
        let key = sortKeyColumn.quotedDatabaseIdentifier
        let section = sectionColumn.quotedDatabaseIdentifier
        let log = changeLogTable.quotedDatabaseIdentifier
        let counts = sectionCountTable.quotedDatabaseIdentifier
        try db.execute(
            sql: """
                CREATE INDEX IF NOT EXISTS \(keyIndexNames[0].quotedDatabaseIdentifier) ON \(t) (\(key));
                CREATE INDEX IF NOT EXISTS \(keyIndexNames[1].quotedDatabaseIdentifier) ON \(t) (\(section), \(key));
                CREATE TABLE IF NOT EXISTS \(Self.stampTable.quotedDatabaseIdentifier) (
                    table_name TEXT PRIMARY KEY NOT NULL, stamp TEXT NOT NULL);
                CREATE TABLE IF NOT EXISTS \(counts) (section INTEGER PRIMARY KEY NOT NULL, count INTEGER NOT NULL);
                CREATE TABLE IF NOT EXISTS \(log) (
                    seq INTEGER PRIMARY KEY AUTOINCREMENT, row_id INTEGER,
                    old_section INTEGER, old_key BLOB, new_section INTEGER, new_key BLOB);
                """)
    }

    private func createTriggers(_ db: Database) throws {
        let t = table.quotedDatabaseIdentifier
        let c = column.quotedDatabaseIdentifier
        let key = sortKeyColumn.quotedDatabaseIdentifier
        let section = sectionColumn.quotedDatabaseIdentifier
        let log = changeLogTable.quotedDatabaseIdentifier
        let counts = sectionCountTable.quotedDatabaseIdentifier
        let reading = readingColumn.map { "NEW." + $0.quotedDatabaseIdentifier } ?? "NULL"
        let watched = [column, readingColumn].compactMap { $0?.quotedDatabaseIdentifier }.joined(separator: ", ")
        let sameText = [column, readingColumn].compactMap { $0 }.map {
            "OLD.\($0.quotedDatabaseIdentifier) IS NEW.\($0.quotedDatabaseIdentifier)"
        }.joined(separator: " AND ")
        let setKeys = """
            UPDATE \(t) SET \(key) = \(sortKeyFunction)(NEW.\(c), \(reading), NEW.rowid),
                \(section) = \(sectionFunction)(NEW.\(c), \(reading)) WHERE rowid = NEW.rowid;
            """
        func trigger(_ suffix: String) -> String { triggerName(suffix).quotedDatabaseIdentifier }
        // Triggers made before the stamp guard (or for another stamp) are made again.
        let existing = try String.fetchOne(
            db, sql: "SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?", arguments: [triggerName("insert")])
        if let existing, !existing.contains(stampGuard) {
            for suffix in Self.triggerSuffixes {
                try db.execute(sql: "DROP TRIGGER IF EXISTS \(triggerName(suffix).quotedDatabaseIdentifier)")
            }
        }
        try db.execute(
            sql: """
                CREATE TRIGGER IF NOT EXISTS \(trigger("insert")) AFTER INSERT ON \(t) BEGIN
                    \(stampGuard)
                    \(setKeys)
                    INSERT INTO \(log) (row_id, new_section, new_key)
                        SELECT rowid, \(section), \(key) FROM \(t) WHERE rowid = NEW.rowid;
                END;
                CREATE TRIGGER IF NOT EXISTS \(trigger("rename")) AFTER UPDATE OF \(watched) ON \(t) BEGIN
                    \(stampGuard)
                    \(setKeys)
                    INSERT INTO \(log) (row_id, old_section, old_key, new_section, new_key)
                        SELECT rowid, OLD.\(section), OLD.\(key), \(section), \(key) FROM \(t) WHERE rowid = NEW.rowid;
                END;
                CREATE TRIGGER IF NOT EXISTS \(trigger("update")) AFTER UPDATE ON \(t)
                    WHEN \(sameText) AND OLD.\(key) IS NEW.\(key) BEGIN
                    INSERT INTO \(log) (row_id, old_section, old_key, new_section, new_key)
                        VALUES (NEW.rowid, OLD.\(section), OLD.\(key), NEW.\(section), NEW.\(key));
                END;
                CREATE TRIGGER IF NOT EXISTS \(trigger("delete")) AFTER DELETE ON \(t) BEGIN
                    INSERT INTO \(log) (row_id, old_section, old_key) VALUES (OLD.rowid, OLD.\(section), OLD.\(key));
                END;
                CREATE TRIGGER IF NOT EXISTS \(trigger("count")) AFTER INSERT ON \(log)
                    WHEN NEW.row_id IS NOT NULL AND NEW.old_section IS NOT NEW.new_section BEGIN
                    UPDATE \(counts) SET count = count - 1 WHERE section = NEW.old_section;
                    INSERT INTO \(counts) (section, count) SELECT NEW.new_section, 1 WHERE NEW.new_section IS NOT NULL
                        ON CONFLICT (section) DO UPDATE SET count = count + 1;
                    DELETE FROM \(log) WHERE seq <= NEW.seq - \(Self.changeLogLimit);
                END;
                CREATE TRIGGER IF NOT EXISTS \(trigger("prune")) AFTER INSERT ON \(log)
                    WHEN NEW.row_id IS NULL OR NEW.old_section IS NEW.new_section BEGIN
                    DELETE FROM \(log) WHERE seq <= NEW.seq - \(Self.changeLogLimit);
                END;
                """)
    }

    /// The first statement of every trigger that writes keys: the connection's key
    /// functions must make keys of the stamp the table is keyed with. A connection opened
    /// before another one re-keyed the table for a new stamp (another ICU, other options)
    /// still has the old functions; its writes are refused with this message instead of
    /// storing old-stamp keys among new ones, which `ORDER BY sort_key` would mis-order.
    private var stampGuard: String {
        let message = "the sort keys of '\(table)' are now made with stamp \(stamp), and this connection's "
            + "\(name)_… key functions make keys of another stamp: register the current SortKeyColumns' "
            + "functions (registerFunctions(in:)) on every connection, or re-key with rekeyIfNeeded(db)"
        return "SELECT RAISE(ABORT, \(Self.sqlLiteral(message))) WHERE \(stampFunction)() IS NOT \(Self.sqlLiteral(stamp));"
    }

    /// A SQL string literal.
    private static func sqlLiteral(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "''") + "'" }

    private static let triggerSuffixes = ["insert", "rename", "update", "delete", "count", "prune"]

    private func triggerName(_ suffix: String) -> String { table + "_sort_key_" + suffix }

    /// The stamp of the keys stored in the table, or nil when it was never keyed.
    /// - Parameter db: A connection.
    /// - Returns: The stored stamp.
    /// - Throws: `DatabaseError`.
    public func storedStamp(_ db: Database) throws -> String? {
        guard try db.tableExists(Self.stampTable) else { return nil }
        return try String.fetchOne(
            db, sql: "SELECT stamp FROM \(Self.stampTable.quotedDatabaseIdentifier) WHERE table_name = ?", arguments: [table])
    }

    /// Checks that the stored keys are comparable with this value's: same stamp.
    /// - Parameter db: A connection.
    /// - Throws: ``LocalizedCollationError/staleKeys(table:stored:current:)`` when the
    ///   stored stamp is another (or missing): the keys must be re-keyed first.
    public func checkStamp(_ db: Database) throws {
        let stored = try storedStamp(db)
        guard stored == stamp else { throw LocalizedCollationError.staleKeys(table: table, stored: stored, current: stamp) }
    }

    /// Re-keys every row when the stored stamp is not ``stamp`` (ICU upgraded, collation
    /// options or section titles changed, keys never made), recounts the sections, records
    /// the new stamp, and logs a reset so live data sources reload.
    /// - Parameter db: A connection inside a write, with ``registerFunctions(in:)`` done.
    /// - Returns: How many rows were re-keyed; 0 when the keys were current.
    /// - Throws: ``LocalizedCollationError/missingKeyFunctions(_:)`` or `DatabaseError`.
    /// - Complexity: O(*n*) ICU sort keys and an index rebuild when the stamp changed; one
    ///   look-up otherwise.
    @discardableResult
    public func rekeyIfNeeded(_ db: Database) throws -> Int {
        if try storedStamp(db) == stamp { return 0 }
        try checkFunctions(in: db)
        try createTables(db)
        let t = table.quotedDatabaseIdentifier
        let c = column.quotedDatabaseIdentifier
        let reading = readingColumn?.quotedDatabaseIdentifier ?? "NULL"
        let section = sectionColumn.quotedDatabaseIdentifier
        let counts = sectionCountTable.quotedDatabaseIdentifier
        // The triggers are made again afterwards (their SQL may have changed with the
        // columns); without them, re-keying logs no change per row.
        for suffix in Self.triggerSuffixes {
            try db.execute(sql: "DROP TRIGGER IF EXISTS \(triggerName(suffix).quotedDatabaseIdentifier)")
        }
        // The key indexes too: updating every key through them costs two random B-tree
        // writes per row; building them again afterwards sorts once (1M rows: 23 s → a few).
        for index in keyIndexNames {
            try db.execute(sql: "DROP INDEX IF EXISTS \(index.quotedDatabaseIdentifier)")
        }
        try db.execute(
            sql: """
                UPDATE \(t) SET \(sortKeyColumn.quotedDatabaseIdentifier) = \(sortKeyFunction)(\(c), \(reading), rowid),
                    \(section) = \(sectionFunction)(\(c), \(reading));
                """)
        let rows = db.changesCount
        try db.execute(
            sql: """
                DELETE FROM \(counts);
                INSERT INTO \(counts) (section, count) SELECT \(section), COUNT(*) FROM \(t) WHERE \(section) IS NOT NULL GROUP BY \(section);
                INSERT INTO \(changeLogTable.quotedDatabaseIdentifier) (row_id) VALUES (NULL);
                INSERT INTO \(Self.stampTable.quotedDatabaseIdentifier) (table_name, stamp) VALUES (?, ?)
                    ON CONFLICT (table_name) DO UPDATE SET stamp = excluded.stamp;
                """, arguments: [table, stamp])
        try createTables(db)
        try createTriggers(db)
        return rows
    }
}
