import Foundation
import GRDB
import IndexedCollation
import IndexedCollationGRDB
import Testing

/// Stored keys: the triggers keep `sort_key`/`section`, `ORDER BY sort_key` is `collate`'s
/// order (and the collation's with the id), a changed stamp is detected and re-keyed, and
/// keyset pages walk the whole order.
@Suite("Stored sort keys in SQLite")
struct SortKeyColumnsTests {
    static func queue(_ keys: SortKeyColumns, collationName: String? = nil, reading: Bool = false) throws -> DatabaseQueue {
        var config = Configuration()
        config.prepareDatabase { db in
            keys.registerFunctions(in: db)
            if let collationName { try db.addLocalizedCollation(keys.collation, name: collationName) }
        }
        let queue = try DatabaseQueue(configuration: config)
        try queue.write { (db: Database) throws in
            try db.execute(sql: "CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT NOT NULL, reading TEXT, phone TEXT)")
        }
        return queue
    }

    /// ko_KR with digits compared as numbers: a collation whose stamp differs from ko_KR's.
    static func numericKorean() throws -> LocalizedIndexedCollation {
        var configuration = try LocalizedIndexedCollation.Configuration(locale: "ko_KR")
        configuration.options = CollatorOptions(numeric: true)
        return try LocalizedIndexedCollation(configuration)
    }

    static func insert(_ names: [String], readings: [String?]? = nil, into queue: DatabaseQueue) throws {
        try queue.write { (db: Database) throws in
            for (index, name) in names.enumerated() {
                try db.execute(
                    sql: "INSERT INTO contact (id, name, reading) VALUES (?, ?, ?)", arguments: [index + 1, name, readings?[index]])
            }
        }
    }

    @Test func keysOrderLikeCollateAndLikeTheCollation() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let keys = try SortKeyColumns(collation: korean, name: "ko_KR", table: "contact", column: "name")
        let queue = try Self.queue(keys, collationName: "ko_KR")
        try queue.write { db in _ = try keys.install(in: db) }
        let names = SampleNames.names()
        try Self.insert(names, into: queue)
        let expected = korean.sections(of: Array(names.indices), by: { names[$0] }).records.map { Int64($0 + 1) }
        try queue.read { (db: Database) throws in
            #expect(try Int64.fetchAll(db, sql: "SELECT id FROM contact ORDER BY sort_key") == expected)
            #expect(try Int64.fetchAll(db, sql: "SELECT id FROM contact ORDER BY name COLLATE ko_KR, id") == expected)
            // The stored key is the library's storage key with the row id as position.
            let stored = try Data.fetchAll(db, sql: "SELECT sort_key FROM contact ORDER BY id")
            let library = korean.storageKeys(for: names, by: { $0 }, positionOffset: 1).map { Data($0.bytes) }
            #expect(stored == library)
            let sections = try Int.fetchAll(db, sql: "SELECT section FROM contact ORDER BY id")
            #expect(sections == names.map { korean.section(for: $0) })
            #expect(try keys.sectionCounts(db) == keys.countSections(db))
            #expect(try keys.sectionCounts(db).reduce(0, +) == names.count)
            #expect(try keys.sectionCounts(db).last == names.filter { korean.section(for: $0) == korean.sectionTitles.count - 1 }.count)
        }
    }

    @Test func readingsDecideAndTheDisplayKeyBreaksTies() throws {
        let japanese = try LocalizedIndexedCollation(locale: "ja_JP")
        let keys = try SortKeyColumns(collation: japanese, name: "ja", table: "contact", column: "name", readingColumn: "reading")
        let queue = try Self.queue(keys)
        try queue.write { db in _ = try keys.install(in: db) }
        let records: [(String, String?)] = [
            ("山田", "やまだ"), ("山田", "さんだ"), ("山田", nil), ("やまだ", nil), ("ヤマダ", "やまだ"), ("Yamada", nil), ("", nil), ("山田", ""),
        ]
        try Self.insert(records.map(\.0), readings: records.map(\.1), into: queue)
        let expected = japanese.sections(of: Array(records.indices), by: { records[$0].0 }, reading: { records[$0].1 }).records
        let ordered = try queue.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM contact ORDER BY sort_key") }
        #expect(ordered == expected.map { Int64($0 + 1) })
    }

    @Test func editsKeepKeysAndCounts() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let keys = try SortKeyColumns(collation: korean, name: "ko_KR", table: "contact", column: "name")
        let queue = try Self.queue(keys)
        try queue.write { db in _ = try keys.install(in: db) }
        try Self.insert(["김민준", "박서준", "Smith", "123"], into: queue)
        try queue.write { (db: Database) throws in
            try db.execute(sql: "UPDATE contact SET name = '이서연' WHERE id = 1")
            try db.execute(sql: "DELETE FROM contact WHERE id = 4")
            try db.execute(sql: "INSERT INTO contact (id, name) VALUES (9, '가나')")
            try db.execute(sql: "UPDATE contact SET phone = '010' WHERE id = 2")
        }
        try queue.read { (db: Database) throws in
            #expect(try String.fetchAll(db, sql: "SELECT name FROM contact ORDER BY sort_key") == ["가나", "박서준", "이서연", "Smith"])
            let counts = try keys.sectionCounts(db)
            #expect(counts == (try keys.countSections(db)))
            #expect(counts[korean.sectionTitles.count - 1] == 0)
            #expect(counts[korean.section(for: "이")] == 1)
        }
    }

    @Test func anotherStampIsDetectedAndReKeyed() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let keys = try SortKeyColumns(collation: korean, name: "ko_KR", table: "contact", column: "name")
        let queue = try Self.queue(keys)
        try queue.write { db in _ = try keys.install(in: db) }
        let names = ["item 10", "item 9", "김민준", "Item 2", "123"]
        try Self.insert(names, into: queue)
        // The same file opened with other options (numeric digits): another stamp.
        let numeric = try SortKeyColumns(
            collation: try Self.numericKorean(),
            name: "ko_KR", table: "contact", column: "name")
        #expect(numeric.stamp != keys.stamp)
        try queue.write { (db: Database) throws in
            numeric.registerFunctions(in: db)
            #expect(throws: LocalizedCollationError.staleKeys(table: "contact", stored: keys.stamp, current: numeric.stamp)) {
                try numeric.checkStamp(db)
            }
            #expect(throws: LocalizedCollationError.self) { try numeric.sectionCounts(db) }
            #expect(try numeric.install(in: db) == names.count)
            try numeric.checkStamp(db)
            #expect(try numeric.rekeyIfNeeded(db) == 0)
            #expect(try String.fetchAll(db, sql: "SELECT name FROM contact ORDER BY sort_key") == numeric.collation.sections(of: names, by: { $0 }).records)
            #expect(try String.fetchAll(db, sql: "SELECT name FROM contact ORDER BY sort_key") == ["김민준", "Item 2", "item 9", "item 10", "123"])
        }
        // An ICU upgrade: the stored stamp names another ICU, the keys are garbage.
        try queue.write { (db: Database) throws in
            // The connection still has the numeric functions: refused, not mis-keyed.
            #expect(throws: LocalizedCollationError.keyFunctionsDiffer("ko_KR", registered: numeric.stamp, expected: keys.stamp)) {
                try keys.install(in: db)
            }
            keys.registerFunctions(in: db)
            try db.execute(sql: "UPDATE indexed_collation_stamps SET stamp = 'k2-icu71.1-uca14.0-000000000000000000000000'")
            try db.execute(sql: "UPDATE contact SET sort_key = x'00', section = 0")
            #expect(throws: LocalizedCollationError.self) { try keys.checkStamp(db) }
            #expect(try keys.install(in: db) == names.count)
            #expect(try String.fetchAll(db, sql: "SELECT name FROM contact ORDER BY sort_key") == korean.sections(of: names, by: { $0 }).records)
            #expect(try String.fetchAll(db, sql: "SELECT name FROM contact ORDER BY sort_key") == ["김민준", "item 10", "Item 2", "item 9", "123"])
            #expect(try keys.sectionCounts(db) == keys.countSections(db))
        }
    }

    @Test func keysetPagesWalkTheWholeOrder() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let keys = try SortKeyColumns(collation: korean, name: "ko_KR", table: "contact", column: "name")
        let queue = try Self.queue(keys)
        try queue.write { db in _ = try keys.install(in: db) }
        let names = SampleNames.names(count: 1_000, seed: 8)
        try Self.insert(names, into: queue)
        try queue.read { (db: Database) throws in
            let all = try Int64.fetchAll(db, sql: "SELECT id FROM contact ORDER BY sort_key")
            var walked: [Int64] = []
            var last: Data?
            while true {
                let page = try keys.pageRequest(after: last, limit: 64).fetchAll(db)
                if page.isEmpty { break }
                #expect(page.count <= 64)
                walked += page.map { $0["id"] as Int64 }
                last = page.last?[keys.sortKeyColumn]
            }
            #expect(walked == all)
            // Backwards from the end, and within one section.
            let backwards = try keys.pageRequest(after: nil, limit: 10, descending: true).fetchAll(db).map { $0["id"] as Int64 }
            #expect(backwards == Array(all.suffix(10).reversed()))
            let section = korean.section(for: "김")
            let inSection = try keys.pageRequest(after: nil, limit: 5_000, inSection: section).fetchAll(db).map { $0["id"] as Int64 }
            #expect(inSection == all.filter { korean.section(for: names[Int($0) - 1]) == section })
            #expect(!inSection.isEmpty)
        }
    }

    @Test func aConnectionWithoutTheFunctionsCannotWriteUnkeyedRows() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let keys = try SortKeyColumns(collation: korean, name: "ko_KR", table: "contact", column: "name")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grdb-keys-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.sqlite").path
        var config = Configuration()
        config.prepareDatabase { db in keys.registerFunctions(in: db) }
        try DatabaseQueue(path: path, configuration: config).write { db in
            try db.execute(sql: "CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            try keys.install(in: db)
        }
        let bare = try DatabaseQueue(path: path)
        try bare.write { (db: Database) throws in
            #expect(throws: LocalizedCollationError.missingKeyFunctions("ko_KR_sort_key")) { try keys.checkFunctions(in: db) }
            #expect(throws: LocalizedCollationError.missingKeyFunctions("ko_KR_sort_key")) { try keys.install(in: db) }
            #expect(throws: DatabaseError.self) { try db.execute(sql: "INSERT INTO contact (name) VALUES ('김민준')") }
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact") == 0)
        }
    }

    @Test func nullNamesAreFiledUnderTheCatchAll() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let keys = try SortKeyColumns(collation: korean, name: "ko_KR", table: "contact", column: "name")
        var config = Configuration()
        config.prepareDatabase { db in keys.registerFunctions(in: db) }
        let keyed = try DatabaseQueue(configuration: config)
        try keyed.write { (db: Database) throws in
            try db.execute(sql: "CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT)")
            try keys.install(in: db)
            try db.execute(sql: "INSERT INTO contact (id, name) VALUES (1, '김민준'), (2, NULL), (3, 'Smith'), (4, NULL), (5, 42)")
            try db.execute(sql: "UPDATE contact SET name = NULL WHERE id = 3")
        }
        let catchAll = korean.sectionTitles.count - 1
        try keyed.read { (db: Database) throws in
            #expect(try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact WHERE sort_key IS NULL OR section IS NULL") == 0)
            #expect(try Int.fetchAll(db, sql: "SELECT section FROM contact WHERE name IS NULL") == [catchAll, catchAll, catchAll])
            #expect(try keys.sectionCounts(db).reduce(0, +) == 5)
            #expect(try keys.sectionCounts(db) == keys.countSections(db))
            #expect(try keys.sectionCounts(db)[catchAll] == 4)
            // NULL orders as the empty key: first in `#`, then by row id; the digits follow.
            #expect(try Int64.fetchAll(db, sql: "SELECT id FROM contact ORDER BY sort_key") == [1, 2, 3, 4, 5])
        }
    }

    @Test func aConnectionWithTheOldStampCannotWriteAfterAnotherReKeyed() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let old = try SortKeyColumns(collation: korean, name: "ko_KR", table: "contact", column: "name")
        let new = try SortKeyColumns(
            collation: try Self.numericKorean(),
            name: "ko_KR", table: "contact", column: "name")
        #expect(old.stamp != new.stamp)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grdb-stamps-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.sqlite").path
        func pool(_ keys: SortKeyColumns) throws -> DatabasePool {
            var config = Configuration()
            config.prepareDatabase { db in keys.registerFunctions(in: db) }
            return try DatabasePool(path: path, configuration: config)
        }
        let oldPool = try pool(old)
        try oldPool.write { (db: Database) throws in
            try db.execute(sql: "CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            try old.install(in: db)
            try db.execute(sql: "INSERT INTO contact (id, name) VALUES (1, 'item 10'), (2, 'item 9')")
        }
        // Another process, with new options, re-keys the table for its stamp.
        let newPool = try pool(new)
        #expect(try newPool.write { db in try new.install(in: db) } == 2)
        // The old connection is still open, with its old functions: every write is refused.
        #expect {
            try oldPool.write { db in try db.execute(sql: "INSERT INTO contact (id, name) VALUES (3, 'item 2')") }
        } throws: { error in
            (error as? DatabaseError)?.message?.contains("this connection's ko_KR_… key functions make keys of another stamp") == true
        }
        #expect(throws: DatabaseError.self) {
            try oldPool.write { db in try db.execute(sql: "UPDATE contact SET name = 'item 1' WHERE id = 1") }
        }
        // Writes by the current stamp go on; every stored key is the current stamp's.
        try newPool.write { db in try db.execute(sql: "INSERT INTO contact (id, name) VALUES (4, 'item 2')") }
        try newPool.read { (db: Database) throws in
            let rows = try Row.fetchAll(db, sql: "SELECT id, name, sort_key FROM contact ORDER BY id")
            #expect(rows.map { $0["name"] as String } == ["item 10", "item 9", "item 2"])
            for row in rows {
                let id: Int64 = row["id"]
                #expect(row["sort_key"] as Data == new.key(for: row["name"], reading: nil, rowID: id).sortKey)
            }
            #expect(try String.fetchAll(db, sql: "SELECT name FROM contact ORDER BY sort_key") == ["item 2", "item 9", "item 10"])
            #expect(try new.sectionCounts(db) == new.countSections(db))
        }
    }

    @Test(arguments: ["", "1abc", "ko-KR", "ko KR", "가"])
    func badFunctionPrefixesAreRefused(_ name: String) throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        #expect(throws: LocalizedCollationError.self) {
            try SortKeyColumns(collation: korean, name: name, table: "contact", column: "name")
        }
    }

    @Test func emptyTableNamesAreRefused() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        #expect(throws: LocalizedCollationError.invalidName("", reason: "table and column names cannot be empty")) {
            try SortKeyColumns(collation: korean, name: "ko", table: "", column: "name")
        }
    }
}
