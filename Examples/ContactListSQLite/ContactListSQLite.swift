import Foundation
import GRDB
import IndexedCollation
import IndexedCollationGRDB
import SectionedData

/// A contact list of 100,000 people in a SQLite file, shown the way a phone shows it:
/// ㄱ…ㅎ A–Z # sections in Korean phone-book order, the first screen, a jump from the
/// side index, an insert and a delete — all without loading the table.
struct ContactListSQLite {
    /// One row of the `contact` table.
    struct Contact: FetchableRecord {
        var id: Int64
        var name: String
        var phone: String

        init(row: Row) {
            id = row["id"]
            name = row["name"]
            phone = row["phone"]
        }
    }

    /// A step of the walkthrough that did not give what it should.
    struct CheckFailure: Error, CustomStringConvertible {
        var step: String
        var detail: String
        var description: String { "check failed in step '\(step)': \(detail)" }
    }

    let collation: LocalizedIndexedCollation
    let keys: SortKeyColumns
    let pool: DatabasePool

    /// Opens (creating if needed) the database at `path` with `count` contacts.
    init(path: String, count: Int) throws {
        collation = try LocalizedIndexedCollation(locale: "ko_KR")
        let keys = try SortKeyColumns(collation: collation, name: "ko_KR", table: "contact", column: "name")
        self.keys = keys
        let collation = collation
        var config = Configuration()
        config.prepareDatabase { db in
            try db.addLocalizedCollation(collation, name: "ko_KR")
            keys.registerFunctions(in: db)
        }
        pool = try DatabasePool(path: path, configuration: config)
        var migrator = DatabaseMigrator()
        migrator.registerMigration("contacts") { db in
            try db.create(table: "contact") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("name", .text).notNull()
                table.column("phone", .text).notNull()
            }
        }
        try migrator.migrate(pool)
        try pool.write { db in
            // Every start: keys current (re-keyed after an ICU upgrade), triggers in place.
            _ = try keys.install(in: db)
            let existing = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact") ?? 0
            guard existing < count else { return }
            let insert = try db.makeStatement(sql: "INSERT INTO contact (name, phone) VALUES (?, ?)")
            var seed: UInt64 = 0x5EED
            for index in existing..<count {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                try insert.execute(arguments: [Self.name(seed), "010-\(1000 + index % 9000)-\(1000 + (seed >> 12) % 9000)"])
            }
        }
    }

    static let families = [
        "김", "이", "박", "최", "정", "강", "조", "윤", "장", "임", "한", "오", "서", "신", "권", "황", "안", "송", "홍", "전",
        "남", "노", "도", "문", "민", "류", "배", "백", "유", "차", "하", "표", "탁", "꽃",
    ]
    static let givens = ["민준", "서준", "도윤", "예준", "시우", "하준", "서연", "서윤", "지우", "하윤", "지민", "수아", "지아", "은서"]
    static let foreign = ["Smith", "Émile Zola", "Åsa Berg", "Lee Min-ho", "Андрей", "やまだ", "123-Pizza", "😀 Friend"]

    /// A name from a seed: mostly Korean, some Latin, other scripts, digits and emoji.
    static func name(_ seed: UInt64) -> String {
        let roll = Int((seed >> 33) % 100)
        if roll % 20 == 0 { return foreign[Int(seed >> 40) % foreign.count] + " \(roll)" }
        return families[Int(seed >> 20) % families.count] + givens[Int(seed >> 44) % givens.count]
    }

    func makeSource() throws -> DatabaseIndexedDataSource<Contact, String> {
        try DatabaseIndexedDataSource<Contact, String>(reader: pool, keys: keys, pageSize: 50) { _, contact in
            "\(contact.name)  \(contact.phone)"
        } placeholder: { _, error in "(cannot read: \(error))" }
    }

    /// Runs the walkthrough, printing what a screen shows; with `check`, verifies each step.
    /// - Returns: The lines printed.
    @discardableResult
    func run(check: Bool, output: (String) -> Void = { print($0) }) throws -> [String] {
        var lines: [String] = []
        func say(_ line: String) {
            lines.append(line)
            output(line)
        }
        func expect(_ condition: Bool, _ step: String, _ detail: @autoclosure () -> String) throws {
            if check && !condition { throw CheckFailure(step: step, detail: detail()) }
        }
        let clock = ContinuousClock()
        let total = try pool.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM contact") ?? 0 }

        // 1. The first screen: titles and counts from the database, 12 rows.
        var start = clock.now
        let source = try makeSource()
        let sections = (0..<source.numberOfSections).map { "\(source.titleForHeader(inSection: $0) ?? "?") \(source.numberOfRows(inSection: $0))" }
        let firstRows = (0..<min(12, source.numberOfRows(inSection: 0))).map { source.cell(at: Position(row: $0, section: 0)) }
        let firstScreen = clock.now - start
        say("\(total) contacts; sections: \(sections.joined(separator: " · "))")
        say("first screen (\(firstScreen.formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1)))), \(source.pageFetchCount) page read):")
        for row in firstRows { say("  \(row)") }
        let counted = (0..<source.numberOfSections).reduce(0) { $0 + source.numberOfRows(inSection: $1) }
        try expect(counted == total, "first screen", "the sections count \(counted) rows, the table has \(total)")
        let byCollation = try pool.read { db in
            try Contact.fetchAll(db, sql: "SELECT * FROM contact ORDER BY name COLLATE ko_KR, id LIMIT 12")
        }.map { "\($0.name)  \($0.phone)" }
        try expect(firstRows == byCollation, "first screen", "stored keys and the collation disagree: \(firstRows) vs \(byCollation)")
        try expect(source.titleForHeader(inSection: source.numberOfSections - 1) == "#", "first screen", "# is not the last section")
        try expect(source.pageFetchCount == 1, "first screen", "\(source.pageFetchCount) pages read for 12 rows")

        // 2. A jump from the side index: ㅎ, then a row deep inside it.
        start = clock.now
        let titles = source.sectionIndexTitles
        let ㅎ = titles.firstIndex(of: "ㅎ").flatMap { source.section(forSectionIndexTitle: "ㅎ", at: $0) } ?? -1
        try expect(source.titleForHeader(inSection: ㅎ) == "ㅎ", "jump", "ㅎ led to \(String(describing: source.titleForHeader(inSection: ㅎ)))")
        let deep = max(0, source.numberOfRows(inSection: ㅎ) - 1)
        let jumped = [source.cell(at: Position(row: 0, section: ㅎ)), source.cell(at: Position(row: deep, section: ㅎ))]
        say("jump to ㅎ (\((clock.now - start).formatted(.units(allowed: [.milliseconds], fractionalPart: .show(length: 1))))): \(jumped[0]) … row \(deep): \(jumped[1])")
        try expect(source.pageFetchCount == 3, "jump", "\(source.pageFetchCount) pages read in all")

        // 3. Insert a contact: the difference places it.
        let id = try pool.write { db -> Int64 in
            try db.execute(sql: "INSERT INTO contact (name, phone) VALUES ('가나다', '010-0000-0000')")
            return db.lastInsertedRowID
        }
        let inserted = try source.refresh()
        say("insert 가나다: \(String(describing: inserted))")
        guard case .difference(let insertion)? = inserted, let place = insertion.itemInsertions.first else {
            try expect(false, "insert", "no item insertion: \(String(describing: inserted))")
            return lines
        }
        try expect(place.identifier == id && place.location.section == 0, "insert", "inserted at \(place)")
        try expect(source.cell(at: place.location).hasPrefix("가나다"), "insert", "the row at \(place.location) is \(source.cell(at: place.location))")

        // 4. Delete it again.
        try pool.write { db in try db.execute(sql: "DELETE FROM contact WHERE id = ?", arguments: [id]) }
        let deleted = try source.refresh()
        say("delete 가나다: \(String(describing: deleted))")
        try expect(
            deleted == .difference(SnapshotDifference { $0.itemDeletions = [.init(identifier: id, location: place.location)] }),
            "delete", "\(String(describing: deleted))")
        try expect(source.pageFetchCount <= 5, "delete", "\(source.pageFetchCount) pages read in all")
        say("pages read in all: \(source.pageFetchCount) of \(pageCount(source)) (\(source.pageSize) rows each)")
        return lines
    }

    private func pageCount(_ source: DatabaseIndexedDataSource<Contact, String>) -> Int {
        (0..<source.numberOfSections).reduce(0) { $0 + (source.numberOfRows(inSection: $1) + source.pageSize - 1) / source.pageSize }
    }
}
