import Foundation
import GRDB
import IndexedCollation

/// Stored keys for a large table: a `sort_key BLOB` and a `section INTEGER` column kept by
/// the database itself, so that `ORDER BY sort_key` is `collate`'s order (section, collator,
/// tie rule, then the row id), indexes are plain byte indexes, and per-section counts and
/// pages come from the database without loading the table.
///
/// The key is the library's storage key (see
/// `LocalizedIndexedCollation/storageKeys(for:by:reading:positionOffset:)`)
/// with the row id as the position: keys are unique, and `ORDER BY sort_key` equals
/// `ORDER BY name COLLATE ko_KR, id` with the ``GRDB/DatabaseCollation/localized(_:name:)``
/// collation. Its stamp is kept in the database: keys made by another ICU or with other
/// options are detected and re-keyed (``rekeyIfNeeded(_:)``), never compared with new ones.
///
/// ```swift
/// let keys = try SortKeyColumns(collation: korean, name: "ko_KR", table: "contact", column: "name")
/// var config = Configuration()
/// config.prepareDatabase { db in keys.registerFunctions(in: db) }
/// let pool = try DatabasePool(path: path, configuration: config)
/// try pool.write { db in
///     try db.create(table: "contact") { t in
///         t.autoIncrementedPrimaryKey("id")
///         t.column("name", .text).notNull()
///     }
///     try keys.install(in: db)      // columns, index, triggers; re-keys if the stamp changed
///     try db.execute(sql: "INSERT INTO contact (name) VALUES ('김민준'), ('Smith'), ('123')")
/// }
/// ```
///
/// Keys are written by triggers that call two SQL functions, `<name>_sort_key` and
/// `<name>_section`: a connection without them (``registerFunctions(in:)``) cannot insert
/// or rename rows, so no row is ever stored without its key. Each change is also logged in
/// `<table>_sort_changes` (the last 10,000 entries) and counted in
/// `<table>_section_counts`, which is what ``DatabaseIndexedDataSource`` reads.
public struct SortKeyColumns: Sendable {
    /// The order the keys encode.
    public let collation: LocalizedIndexedCollation
    /// The prefix of the SQL functions (`ko_KR` → `ko_KR_sort_key`, `ko_KR_section`).
    public let name: String
    /// The keyed table (a rowid table: the row id is each key's position).
    public let table: String
    /// The column holding each row's display key.
    public let column: String
    /// The column holding each row's reading (furigana, "sort as"), if any; a non-empty
    /// reading decides the section and order, the display key breaks ties.
    public let readingColumn: String?
    /// The key column (`BLOB`).
    public let sortKeyColumn: String
    /// The section column (`INTEGER`: a position in the collation's section titles).
    public let sectionColumn: String
    /// The stamp of the keys this value makes: see
    /// `LocalizedIndexedCollation/keyStamp(descending:keySelection:)`.
    public let stamp: String

    /// Describes the stored keys of a table.
    /// - Parameters:
    ///   - collation: The order.
    ///   - name: The SQL functions' prefix: letters, digits and `_`, not starting with a digit.
    ///   - table: The table to key.
    ///   - column: Its display-key column.
    ///   - readingColumn: Its reading column, if any.
    ///   - sortKeyColumn: The name of the key column.
    ///   - sectionColumn: The name of the section column.
    /// - Throws: ``LocalizedCollationError/invalidName(_:reason:)`` for a prefix SQL cannot
    ///   use as a function name, or an empty table or column name.
    public init(
        collation: LocalizedIndexedCollation, name: String, table: String, column: String, readingColumn: String? = nil,
        sortKeyColumn: String = "sort_key", sectionColumn: String = "section"
    ) throws {
        self.collation = collation
        self.name = try Self.checkedFunctionPrefix(name)
        self.table = try Self.checkedIdentifier(table)
        self.column = try Self.checkedIdentifier(column)
        self.readingColumn = try readingColumn.map(Self.checkedIdentifier)
        self.sortKeyColumn = try Self.checkedIdentifier(sortKeyColumn)
        self.sectionColumn = try Self.checkedIdentifier(sectionColumn)
        stamp = collation.keyStamp(descending: false, keySelection: "sqlite;position=rowid;reading=\(readingColumn == nil ? "none" : "column")")
    }

    /// A prefix SQL can use in function names: ASCII letters, digits and `_`, not a leading digit.
    private static func checkedFunctionPrefix(_ name: String) throws(LocalizedCollationError) -> String {
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first),
            name.unicodeScalars.allSatisfy({ $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) })
        else {
            throw .invalidName(name, reason: "a function prefix takes ASCII letters, digits and _, not a leading digit")
        }
        return name
    }

    /// A table or column name: any text but the empty one (it is quoted wherever it is used).
    private static func checkedIdentifier(_ identifier: String) throws(LocalizedCollationError) -> String {
        guard !identifier.isEmpty else { throw .invalidName(identifier, reason: "table and column names cannot be empty") }
        return identifier
    }

    /// The SQL function `<name>_sort_key(text, reading, rowid)` that makes a row's key.
    public var sortKeyFunction: String { name + "_sort_key" }
    /// The SQL function `<name>_section(text, reading)` that gives a row's section.
    public var sectionFunction: String { name + "_section" }
    /// The SQL function `<name>_key_stamp()` that names the stamp of the keys the
    /// connection's functions make (checked before keys are written or read).
    public var stampFunction: String { name + "_key_stamp" }
    /// The table logging every keyed change (what live data sources read).
    public var changeLogTable: String { table + "_sort_changes" }
    /// The table holding each section's row count.
    public var sectionCountTable: String { table + "_section_counts" }
    /// The table holding the stamp of each keyed table's keys.
    public static let stampTable = "indexed_collation_stamps"

    /// The key and section of one row.
    /// - Parameters:
    ///   - text: The row's display key.
    ///   - reading: The row's reading, or nil.
    ///   - rowID: The row id (the position that makes keys unique).
    /// - Returns: The key bytes and the section (a position in the collation's `sectionTitles`).
    /// - Complexity: One ICU sort key (two with a reading).
    public func key(for text: String, reading: String?, rowID: Int64) -> (sortKey: Data, section: Int) {
        var text = text
        var scratch = OrderPlaceScratch()
        let position = Int(max(0, rowID))
        let (bytes, section) = text.withUTF8 { display in
            guard var reading else { return collation.storageKey(display: display, reading: nil, position: position, scratch: &scratch) }
            return reading.withUTF8 { collation.storageKey(display: display, reading: $0, position: position, scratch: &scratch) }
        }
        return (Data(bytes), section)
    }

    /// Registers the SQL functions the key triggers call (`<name>_sort_key`,
    /// `<name>_section`, and `<name>_key_stamp` naming their stamp) on a connection. Call it for every connection, in
    /// `Configuration.prepareDatabase`.
    /// - Parameter db: The connection.
    public func registerFunctions(in db: Database) {
        let keys = self
        let stamp = stamp
        db.add(function: DatabaseFunction(stampFunction, argumentCount: 0, pure: true) { _ in stamp })
        db.add(function: DatabaseFunction(sortKeyFunction, argumentCount: 3, pure: true) { values in
            let text = Self.keyText(values[0])
            let rowID = Int64.fromDatabaseValue(values[2]) ?? 0
            return keys.key(for: text, reading: String.fromDatabaseValue(values[1]), rowID: rowID).sortKey
        })
        db.add(function: DatabaseFunction(sectionFunction, argumentCount: 2, pure: true) { values in
            var display = Self.keyText(values[0])
            var reading = String.fromDatabaseValue(values[1]) ?? ""
            return display.withUTF8 { display in
                reading.withUTF8 { reading in
                    var place = [UInt8]()
                    var scratch = OrderPlaceScratch()
                    keys.collation.appendOrderPlace(display: display, reading: reading, to: &place, scratch: &scratch)
                    return keys.section(ofKey: place)
                }
            }
        })
    }

    /// The text a row files under, whatever its column holds: NULL is the empty key (filed
    /// under the catch-all `#`, like every empty key, so that no row is left without a key
    /// and a section), numbers their SQL text, a blob its bytes read as UTF-8.
    static func keyText(_ value: DatabaseValue) -> String {
        switch value.storage {
        case .null: ""
        case .string(let text): text
        case .int64(let number): String(number)
        case .double(let number): String(number)
        case .blob(let data): String(decoding: data, as: UTF8.self)
        }
    }

    /// The section encoded at the start of a key or place (`OrderKeyEncoding`'s parsing;
    /// the catch-all for a key too short to hold one).
    func section(ofKey key: [UInt8]) -> Int {
        let count = collation.sectionTitles.count
        guard key.count >= OrderKeyEncoding.sectionBytes(sectionCount: count) else { return count - 1 }
        return OrderKeyEncoding.storage.section(of: key, sectionCount: count)
    }

    /// Checks that the connection has the key functions, registered for this value's
    /// stamp (not, say, for the same name with other collator options).
    /// - Parameter db: The connection.
    /// - Throws: ``LocalizedCollationError/missingKeyFunctions(_:)`` when it lacks one, or
    ///   ``LocalizedCollationError/keyFunctionsDiffer(_:registered:expected:)`` when they
    ///   make keys of another stamp.
    public func checkFunctions(in db: Database) throws {
        for function in [sortKeyFunction, sectionFunction, stampFunction] {
            let arguments = function == sortKeyFunction ? "'', NULL, 0" : (function == sectionFunction ? "'', NULL" : "")
            do {
                _ = try db.makeStatement(sql: "SELECT \(function)(\(arguments))")
            } catch let error as DatabaseError where error.message?.hasPrefix("no such function") == true {
                throw LocalizedCollationError.missingKeyFunctions(function)
            }
        }
        let registered = try String.fetchOne(db, sql: "SELECT \(stampFunction)()") ?? ""
        guard registered == stamp else {
            throw LocalizedCollationError.keyFunctionsDiffer(name, registered: registered, expected: stamp)
        }
    }
}
