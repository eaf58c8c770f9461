import Foundation
import GRDB
import IndexedCollation
import IndexedCollationGRDB
import Testing

/// The SQLite collation orders exactly like `collate` (the library's indexing engine, the
/// same code path `collate --format tsv` takes), in ORDER BY and through an index, on a
/// DatabasePool whose every connection registers it.
@Suite("A localized collation in SQLite")
struct DatabaseCollationTests {
    enum Registration: String, CaseIterable, Sendable {
        case databaseCollation, bytes
    }

    static func pool(_ collation: LocalizedIndexedCollation, registration: Registration, name: String = "ko_KR") throws -> (DatabasePool, URL) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grdb-collation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var config = Configuration()
        config.prepareDatabase { db in
            switch registration {
            case .databaseCollation: db.add(collation: .localized(collation, name: name))
            case .bytes: try db.addLocalizedCollation(collation, name: name)
            }
        }
        return (try DatabasePool(path: directory.appendingPathComponent("db.sqlite").path, configuration: config), directory)
    }

    static func fill(_ pool: DatabasePool, names: [String]) throws {
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            for (index, name) in names.enumerated() {
                try db.execute(sql: "INSERT INTO contact (id, name) VALUES (?, ?)", arguments: [index + 1, name])
            }
        }
    }

    @Test(arguments: Registration.allCases)
    func ordersThreeThousandNamesLikeCollate(_ registration: Registration) throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let names = SampleNames.names()
        #expect(names.count == 3_018)
        #expect(names.contains(""))
        #expect(names.contains { Array($0.utf8) != Array($0.precomposedStringWithCanonicalMapping.utf8) })
        let expected = korean.sections(of: Array(names.indices), by: { names[$0] }).records.map { Int64($0 + 1) }
        let (pool, directory) = try Self.pool(korean, registration: registration)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.fill(pool, names: names)

        let ordered = try pool.read { db in
            try Int64.fetchAll(db, sql: "SELECT id FROM contact ORDER BY name COLLATE ko_KR, id")
        }
        #expect(ordered == expected)

        try pool.write { db in try db.execute(sql: "CREATE INDEX contact_by_name ON contact (name COLLATE ko_KR)") }
        let (indexed, plan) = try pool.read { db in
            let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN SELECT id FROM contact INDEXED BY contact_by_name ORDER BY name COLLATE ko_KR")
                .map { $0["detail"] as String? ?? "" }
            let ids = try Int64.fetchAll(db, sql: "SELECT id FROM contact INDEXED BY contact_by_name ORDER BY name COLLATE ko_KR")
            return (ids, plan)
        }
        #expect(indexed == expected)
        #expect(plan.contains { $0.contains("contact_by_name") })
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "the index gives the order: \(plan)")
        // Range queries through the index agree with the order: the names before 박 (ㄱ…ㅂ).
        let before = try pool.read { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact WHERE name < '박' COLLATE ko_KR") ?? -1
        }
        #expect(before == names.filter { korean.section(for: $0) < korean.section(for: "박") || (korean.section(for: $0) == korean.section(for: "박") && korean.collator.compare($0, "박") == .orderedAscending) }.count)
    }

    @Test func catchAllSectionSortsLast() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let (pool, directory) = try Self.pool(korean, registration: .bytes)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.fill(pool, names: ["123", "Smith", "😀", "박서준", "", "김민준", "Émile"])
        let names = try pool.read { db in try String.fetchAll(db, sql: "SELECT name FROM contact ORDER BY name COLLATE ko_KR, id") }
        // ㄱ ㅂ E S, then # (the empty name, emoji, digits) in collator order.
        #expect(names == korean.sections(of: ["123", "Smith", "😀", "박서준", "", "김민준", "Émile"], by: { $0 }).records)
        #expect(names == ["김민준", "박서준", "Émile", "Smith", "", "😀", "123"])
        // Plain byte order would put Latin first and Hangul after it.
        let binary = try pool.read { db in try String.fetchAll(db, sql: "SELECT name FROM contact ORDER BY name, id") }
        #expect(binary != names)
    }

    @Test func canonicallyEquivalentNamesAreEqualAndTheIDBreaksTheTie() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let nfc = "김민준"
        let nfd = nfc.decomposedStringWithCanonicalMapping
        #expect(Array(nfc.utf8) != Array(nfd.utf8))
        let (pool, directory) = try Self.pool(korean, registration: .bytes)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.fill(pool, names: [nfd, "김민서", nfc, nfd])
        try pool.read { (db: Database) throws in
            #expect(try Bool.fetchOne(db, sql: "SELECT ? = ? COLLATE ko_KR", arguments: [nfc, nfd]) == true)
            #expect(try Bool.fetchOne(db, sql: "SELECT ? = ? COLLATE ko_KR", arguments: [nfc, "김민서"]) == false)
            #expect(try Int64.fetchAll(db, sql: "SELECT id FROM contact ORDER BY name COLLATE ko_KR, id") == [2, 1, 3, 4])
            #expect(try Int64.fetchAll(db, sql: "SELECT id FROM contact ORDER BY name COLLATE ko_KR, id DESC") == [2, 4, 3, 1])
        }
    }

    @Test func optionsChangeTheOrder() throws {
        var configuration = try LocalizedIndexedCollation.Configuration(locale: "en_US")
        configuration.options = CollatorOptions(numeric: true)
        let numeric = try LocalizedIndexedCollation(configuration)
        let (pool, directory) = try Self.pool(numeric, registration: .databaseCollation, name: "en_numeric")
        defer { try? FileManager.default.removeItem(at: directory) }
        try Self.fill(pool, names: ["item 10", "item 9", "Item 2", "apple"])
        let names = try pool.read { db in try String.fetchAll(db, sql: "SELECT name FROM contact ORDER BY name COLLATE en_numeric, id") }
        #expect(names == ["apple", "Item 2", "item 9", "item 10"])
    }

    @Test func aMissingCollationIsAClearError() throws {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: "CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT)")
            #expect(throws: LocalizedCollationError.missingCollation("ko_KR")) { try db.checkCollation(named: "ko_KR") }
            let message = LocalizedCollationError.missingCollation("ko_KR").description
            #expect(message.contains("prepareDatabase"))
            #expect(message.contains(".localized("))
            #expect(throws: DatabaseError.self) { try db.execute(sql: "SELECT name FROM contact ORDER BY name COLLATE ko_KR") }
            try db.addLocalizedCollation(try LocalizedIndexedCollation(locale: "ko_KR"), name: "ko_KR")
            try db.checkCollation(named: "ko_KR")
            try db.checkCollation(named: "KO_kr")  // SQLite matches names without regard to ASCII case
        }
    }

    @Test func anIndexBuiltUnderAnotherOrderIsRebuilt() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        var configuration = try LocalizedIndexedCollation.Configuration(locale: "ko_KR")
        configuration.options = CollatorOptions(numeric: true)
        let numeric = try LocalizedIndexedCollation(configuration)
        let names = ["item 10", "item 9", "김민준", "item 2"]
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grdb-reindex-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("db.sqlite").path
        func open(_ collation: LocalizedIndexedCollation) throws -> DatabaseQueue {
            var config = Configuration()
            config.prepareDatabase { db in try db.addLocalizedCollation(collation, name: "ko_KR") }
            return try DatabaseQueue(path: path, configuration: config)
        }
        func indexed(_ queue: DatabaseQueue) throws -> [String] {
            try queue.read { db in
                try String.fetchAll(db, sql: "SELECT name FROM contact INDEXED BY contact_by_name ORDER BY name COLLATE ko_KR")
            }
        }
        try open(korean).write { (db: Database) throws in
            try db.execute(sql: "CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
            try db.execute(sql: "CREATE INDEX contact_by_name ON contact (name COLLATE ko_KR)")
            for name in names { try db.execute(sql: "INSERT INTO contact (name) VALUES (?)", arguments: [name]) }
            #expect(try db.reindexIfCollationChanged(korean, name: "ko_KR"))
            #expect(try db.reindexIfCollationChanged(korean, name: "ko_KR") == false)
        }
        // The same file opened with another order: the old index is stale until rebuilt.
        let queue = try open(numeric)
        #expect(try indexed(queue) == korean.sections(of: names, by: { $0 }).records)
        #expect(try indexed(queue) != numeric.sections(of: names, by: { $0 }).records)
        let rebuilt = try queue.write { db in try db.reindexIfCollationChanged(numeric, name: "ko_KR") }
        #expect(rebuilt)
        #expect(try indexed(queue) == numeric.sections(of: names, by: { $0 }).records)
        // Without the collation on the connection: the clear error.
        let bare = try DatabaseQueue(path: path)
        bare.writeWithoutTransaction { db in
            let error = #expect(throws: LocalizedCollationError.self) { try db.reindexIfCollationChanged(korean, name: "ko_KR") }
            #expect(error == .missingCollation("ko_KR"))
        }
    }

    @Test func everyPoolConnectionHasTheCollation() async throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let (pool, directory) = try Self.pool(korean, registration: .databaseCollation)
        defer { try? FileManager.default.removeItem(at: directory) }
        let names = SampleNames.names(count: 500, seed: 3)
        try Self.fill(pool, names: names)
        let expected = korean.sections(of: Array(names.indices), by: { names[$0] }).records.map { Int64($0 + 1) }
        // Concurrent reads run on several reader connections.
        try await withThrowingTaskGroup(of: [Int64].self) { group in
            for _ in 0..<6 {
                group.addTask {
                    try await pool.read { db in try Int64.fetchAll(db, sql: "SELECT id FROM contact ORDER BY name COLLATE ko_KR, id") }
                }
            }
            for try await ids in group { #expect(ids == expected) }
        }
    }
}
