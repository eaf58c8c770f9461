import Foundation
import GRDB
import IndexedCollation
import IndexedCollationGRDB
import IndexedTableFormatting
import SectionedData
import TestSupport
import Testing

struct Contact: FetchableRecord, Equatable {
    var id: Int64
    var name: String
    var phone: String?

    init(row: Row) {
        id = row["id"]
        name = row["name"]
        phone = row["phone"]
    }
}

/// A fresh file database with a keyed `contact` table.
struct ContactDatabase {
    let pool: DatabasePool
    let keys: SortKeyColumns
    let directory: URL

    init(locale: String = "ko_KR", names: [String]) throws {
        let collation = try LocalizedIndexedCollation(locale: locale)
        let keys = try SortKeyColumns(collation: collation, name: "ko_KR", table: "contact", column: "name")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("grdb-source-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var config = Configuration()
        config.prepareDatabase { db in keys.registerFunctions(in: db) }
        pool = try DatabasePool(path: directory.appendingPathComponent("contacts.sqlite").path, configuration: config)
        self.keys = keys
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT NOT NULL, phone TEXT)")
            _ = try keys.install(in: db)
            for (index, name) in names.enumerated() {
                try db.execute(sql: "INSERT INTO contact (id, name) VALUES (?, ?)", arguments: [index + 1, name])
            }
        }
    }

    func remove() { try? FileManager.default.removeItem(at: directory) }

    func source(pageSize: Int = 16, differenceLimit: Int = 1_000) throws -> DatabaseIndexedDataSource<Contact, String> {
        try DatabaseIndexedDataSource<Contact, String>(
            reader: pool, keys: keys, pageSize: pageSize, cachedPageLimit: 8, differenceLimit: differenceLimit
        ) { _, contact in contact.name } placeholder: { _, error in "error: \(error)" }
    }

    /// The names in the engine's order, section by section.
    func expectedSections() throws -> [(title: String, names: [String])] {
        let names = try pool.read { db in try String.fetchAll(db, sql: "SELECT name FROM contact ORDER BY id") }
        return keys.collation.sections(of: names, by: { $0 }).sections.map { ($0.title, $0.records) }
    }
}

@Suite("A sectioned data source served by the database")
struct DatabaseIndexedDataSourceTests {
    static func contents(_ source: DatabaseIndexedDataSource<Contact, String>) -> [(title: String, names: [String])] {
        (0..<source.numberOfSections).map { section in
            (source.titleForHeader(inSection: section) ?? "?",
             (0..<source.numberOfRows(inSection: section)).map { source.cell(at: Position(row: $0, section: section)) })
        }
    }

    /// Each section as its title followed by its row ids.
    static func layout(_ snapshot: Snapshot<String, Int64>) -> [[String]] {
        snapshot.sectionIdentifiers.map { section in
            [section] + ((try? snapshot.itemIdentifiers(inSection: section)) ?? []).map(String.init)
        }
    }

    static func same(_ a: [(title: String, names: [String])], _ b: [(title: String, names: [String])]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.title == $1.title && $0.names == $1.names }
    }

    @Test func sectionsCountsAndRowsAreCollatesWithoutLoadingTheTable() throws {
        let database = try ContactDatabase(names: SampleNames.names(count: 2_000, seed: 5))
        defer { database.remove() }
        let source = try database.source()
        #expect(source.pageFetchCount == 0)
        // The first screen: titles, counts and 20 rows cost one page.
        let expected = try database.expectedSections()
        #expect(source.numberOfSections == expected.count)
        #expect(source.titleForHeader(inSection: 0) == expected.first?.title)
        #expect(source.titleForHeader(inSection: source.numberOfSections - 1) == "#")
        let firstScreen = (0..<min(20, source.numberOfRows(inSection: 0))).map { source.cell(at: Position(row: $0, section: 0)) }
        #expect(firstScreen == Array(expected[0].names.prefix(20)))
        #expect(source.pageFetchCount == 2)
        // Everything, section by section.
        #expect(Self.same(Self.contents(source), expected))
        #expect(source.sectionIndexTitles == database.keys.collation.sectionTitles)
        // Out of range: the placeholder, and an error from record(at:).
        #expect(source.cell(at: Position(row: 10_000, section: 0)).hasPrefix("error: "))
        #expect(throws: DatabaseIndexedDataSourceError.positionOutOfRange(Position(row: 0, section: 99))) {
            try source.record(at: Position(row: 0, section: 99))
        }
        #expect(source.numberOfRows(inSection: -1) == 0)
        #expect(source.titleForHeader(inSection: 99) == nil)
    }

    @Test func aDeepRowCostsOnePage() throws {
        let database = try ContactDatabase(names: (0..<3_000).map { "김\($0)" })
        defer { database.remove() }
        let source = try database.source(pageSize: 50)
        #expect(source.numberOfSections == 1)
        #expect(source.numberOfRows(inSection: 0) == 3_000)
        let expected = try database.expectedSections()[0].names
        #expect(source.cell(at: Position(row: 2_345, section: 0)) == expected[2_345])
        #expect(source.cell(at: Position(row: 2_346, section: 0)) == expected[2_346])
        #expect(source.pageFetchCount == 1)
        // The next page follows by keyset.
        #expect(source.cell(at: Position(row: 2_350, section: 0)) == expected[2_350])
        #expect(source.pageFetchCount == 2)
    }

    @Test func theSideIndexJumpsToTheNearestSection() throws {
        let database = try ContactDatabase(names: ["김민준", "도윤", "Smith", "123"])
        defer { database.remove() }
        let source = try database.source()
        let titles = source.sectionIndexTitles
        func jump(_ title: String) -> String? {
            guard let index = titles.firstIndex(of: title), let section = source.section(forSectionIndexTitle: title, at: index) else { return nil }
            return source.titleForHeader(inSection: section)
        }
        #expect(jump("ㄱ") == "ㄱ")
        #expect(jump("ㄴ") == "ㄷ")  // empty: the next shown section
        #expect(jump("Z") == "#")
        #expect(jump("A") == "S")
        #expect(source.section(forSectionIndexTitle: "no such title", at: 0) == nil)
        #expect(source.section(forSectionIndexTitle: "Z", at: titles.count - 2) == source.numberOfSections - 1)
    }

    @Test func theTextFormattersRenderIt() throws {
        let database = try ContactDatabase(names: ["박서준", "김민준", "Smith", "123"])
        defer { database.remove() }
        let source = try database.source()
        let lines = SectionedTextRenderer.render(source, style: .plain)
        #expect(lines.joined(separator: "\n").contains("김민준"))
        let order = ["김민준", "박서준", "Smith", "123"].compactMap { name in lines.firstIndex { $0.contains(name) } }
        #expect(order == order.sorted() && order.count == 4)
        let page = HTMLRenderer.render(source)
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        let positions = ["김민준", "박서준", "Smith", "123"].compactMap { page.range(of: $0)?.lowerBound }
        #expect(positions.count == 4 && positions == positions.sorted())
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6])
    func randomEditsBecomeDifferencesThatReplay(_ seed: UInt64) throws {
        let database = try ContactDatabase(names: SampleNames.names(count: 300, seed: seed))
        defer { database.remove() }
        let source = try database.source(pageSize: 8)
        var random = SplitMix64(seed: seed)
        let pool = SampleNames.others + ["김민준", "이서연", "박도윤", "홍길동", "ㅎ", "가", "Zoe", "Émile"]
        for round in 0..<25 {
            let before = try source.snapshot()
            let edits = 1 + Int(random.next() % (round % 5 == 0 ? 12 : 3))
            try database.pool.write { db in
                for _ in 0..<edits {
                    let ids = try Int64.fetchAll(db, sql: "SELECT id FROM contact")
                    let id = ids.isEmpty ? nil : ids[Int(random.next() % UInt64(ids.count))]
                    let name = pool[Int(random.next() % UInt64(pool.count))]
                    switch (random.next() % 4, id) {
                    case (0, _), (_, nil): try db.execute(sql: "INSERT INTO contact (name) VALUES (?)", arguments: [name])
                    case (1, let id?): try db.execute(sql: "DELETE FROM contact WHERE id = ?", arguments: [id])
                    case (2, let id?): try db.execute(sql: "UPDATE contact SET name = ? WHERE id = ?", arguments: [name, id])
                    case (_, let id?): try db.execute(sql: "UPDATE contact SET phone = ? WHERE id = ?", arguments: ["\(round)", id])
                    }
                }
            }
            let change = try #require(try source.refresh())
            guard case .difference(let difference) = change else {
                Issue.record("a few edits should make a difference, not \(change)")
                return
            }
            let after = try source.snapshot()
            // The same sections and rows (the applied snapshot also carries the reconfigure marks).
            let applied = try before.applying(difference)
            #expect(Self.layout(applied) == Self.layout(after), "round \(round): \(difference)")
            #expect(Set(applied.reconfiguredItemIdentifiers).isSubset(of: Set(after.itemIdentifiers)))
            #expect(Self.same(Self.contents(source), try database.expectedSections()), "round \(round)")
            #expect(try source.refresh() == nil)
        }
    }

    @Test func emptyingAndCreatingSectionsAreSectionChanges() throws {
        let database = try ContactDatabase(names: ["김민준", "Smith"])
        defer { database.remove() }
        let source = try database.source()
        try database.pool.write { db in
            try db.execute(sql: "DELETE FROM contact WHERE name = 'Smith'")
            try db.execute(sql: "INSERT INTO contact (name) VALUES ('123')")
        }
        let change = try source.refresh()
        guard case .difference(let difference)? = change else {
            Issue.record("expected a difference, got \(String(describing: change))")
            return
        }
        #expect(difference.sectionDeletions.map(\.identifier) == ["S"])
        #expect(difference.sectionInsertions.map(\.identifier) == ["#"])
        let inserted = try database.pool.read { db in try Int64.fetchOne(db, sql: "SELECT id FROM contact WHERE name = '123'") }
        #expect(difference.sectionInsertions.first?.itemIdentifiers == [try #require(inserted)])
        #expect(difference.itemInsertions.isEmpty && difference.itemDeletions.isEmpty)
        #expect(source.numberOfSections == 2)
    }

    @Test func severalChangesOfOneRowInOneCommitAreOneChange() throws {
        let database = try ContactDatabase(names: ["김민준", "박서준", "Smith"])
        defer { database.remove() }
        let source = try database.source()
        let before = try source.snapshot()
        try database.pool.write { db in
            try db.execute(sql: "INSERT INTO contact (id, name) VALUES (10, '이서연')")
            try db.execute(sql: "UPDATE contact SET name = '가나' WHERE id = 10")
            try db.execute(sql: "UPDATE contact SET phone = '1' WHERE id = 10")
            try db.execute(sql: "UPDATE contact SET name = '하늘' WHERE id = 1")
            try db.execute(sql: "UPDATE contact SET name = '김민준' WHERE id = 1")
            try db.execute(sql: "INSERT INTO contact (id, name) VALUES (11, 'Zoe')")
            try db.execute(sql: "DELETE FROM contact WHERE id = 11")
        }
        let change = try source.refresh()
        guard case .difference(let difference)? = change else {
            Issue.record("expected a difference, got \(String(describing: change))")
            return
        }
        #expect(difference.itemInsertions.map(\.identifier) == [10])
        #expect(difference.itemDeletions.isEmpty)
        #expect(!difference.itemInsertions.contains { $0.identifier == 11 })
        #expect(Self.layout(try before.applying(difference)) == Self.layout(try source.snapshot()))
    }

    @Test func tooManyChangesOrAReKeyMakeAReload() throws {
        let database = try ContactDatabase(names: ["김민준"])
        defer { database.remove() }
        let source = try database.source(differenceLimit: 10)
        try database.pool.write { db in
            for index in 0..<11 { try db.execute(sql: "INSERT INTO contact (name) VALUES (?)", arguments: ["이\(index)"]) }
        }
        #expect(try source.refresh() == .reload)
        #expect(source.numberOfRows(inSection: source.numberOfSections - 1) == 11)
        // More entries than the log keeps: a reload too.
        let logged = try database.source(differenceLimit: 100_000)
        try database.pool.write { db in
            for index in 0..<(SortKeyColumns.changeLogLimit + 5) {
                try db.execute(sql: "INSERT INTO contact (name) VALUES (?)", arguments: ["박\(index)"])
            }
        }
        #expect(try logged.refresh() == .reload)
        #expect(logged.numberOfRows(inSection: 0) == 1)
        // Re-keying (after a stamp change) logs a reset.
        try database.pool.write { db in
            try db.execute(sql: "UPDATE indexed_collation_stamps SET stamp = 'old'")
            _ = try database.keys.rekeyIfNeeded(db)
        }
        #expect(try source.refresh() == .reload)
    }

    @Test func rowsWithoutANameAreShownUnderTheCatchAll() throws {
        struct Named: FetchableRecord {
            var name: String?
            init(row: Row) { name = row["name"] }
        }
        let collation = try LocalizedIndexedCollation(locale: "ko_KR")
        let keys = try SortKeyColumns(collation: collation, name: "ko_KR", table: "contact", column: "name")
        var config = Configuration()
        config.prepareDatabase { db in keys.registerFunctions(in: db) }
        let queue = try DatabaseQueue(configuration: config)
        try queue.write { (db: Database) throws in
            try db.execute(sql: "CREATE TABLE contact (id INTEGER PRIMARY KEY, name TEXT)")
            try keys.install(in: db)
            try db.execute(sql: "INSERT INTO contact (id, name) VALUES (1, NULL), (2, '박서준'), (3, NULL), (4, '123'), (5, 'Smith')")
        }
        let source = try DatabaseIndexedDataSource<Named, String>(reader: queue, keys: keys, pageSize: 2) { _, record in
            record.name ?? "(no name)"
        } placeholder: { _, error in "error: \(error)" }
        #expect((0..<source.numberOfSections).map(source.numberOfRows(inSection:)).reduce(0, +) == 5)
        let titles = (0..<source.numberOfSections).map { source.titleForHeader(inSection: $0) ?? "?" }
        let names = (0..<source.numberOfSections).map { section in
            (0..<source.numberOfRows(inSection: section)).map { source.cell(at: Position(row: $0, section: section)) }
        }
        #expect(titles == ["ㅂ", "S", "#"])
        #expect(names.last == ["(no name)", "(no name)", "123"])
        #expect(names.joined().count == 5)
        #expect(try source.snapshot().itemIdentifiers.count == 5)
    }

    @Test func keysOfAnotherStampAreRefused() throws {
        let database = try ContactDatabase(names: ["김민준"])
        defer { database.remove() }
        try database.pool.write { db in try db.execute(sql: "UPDATE indexed_collation_stamps SET stamp = 'k2-icu70.1-uca14.0-0'") }
        #expect(throws: LocalizedCollationError.self) { try database.source() }
    }

    @Test @MainActor func observationDeliversDifferencesAsTheyCommit() async throws {
        let database = try ContactDatabase(names: ["김민준", "박서준"])
        defer { database.remove() }
        let source = try database.source()
        var received: [DatabaseIndexedChange] = []
        let observing = Task { @MainActor in
            try await source.observeChanges { received.append($0) }
        }
        defer { observing.cancel() }
        try await database.pool.write { db in try db.execute(sql: "INSERT INTO contact (name) VALUES ('가나')") }
        // Up to 20 s: the observation is asynchronous, and the test runs beside hundreds of
        // others on a CI machine's two cores; the loop ends as soon as it arrives.
        for _ in 0..<2_000 where received.isEmpty { try await Task.sleep(for: .milliseconds(10)) }
        try #require(received.count == 1)
        #expect(received.first == .difference(SnapshotDifference { $0.itemInsertions = [.init(identifier: 3, location: Position(row: 0, section: 0))] }))
        #expect(source.cell(at: Position(row: 0, section: 0)) == "가나")
        try await database.pool.write { db in try db.execute(sql: "DELETE FROM contact WHERE name = '박서준'") }
        for _ in 0..<2_000 where received.count < 2 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(received.count == 2)
        #expect(source.numberOfSections == 1)
    }
}
