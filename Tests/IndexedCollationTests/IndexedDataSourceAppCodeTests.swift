import Foundation
import SectionedData
import Testing

@testable import IndexedCollation

/// A contact as an app models it: a class, not `Sendable`, `Identifiable`.
private final class AppContact: Identifiable {
    let id: Int
    var familyName: String
    var givenName: String
    var phoneticFamilyName: String?
    var phoneticGivenName: String?

    init(_ id: Int, _ familyName: String, _ givenName: String = "", reading: String? = nil, givenReading: String? = nil) {
        self.id = id
        self.familyName = familyName
        self.givenName = givenName
        self.phoneticFamilyName = reading
        self.phoneticGivenName = givenReading
    }
}

/// A screen on the main actor whose cell provider changes the screen's state.
@MainActor private final class ContactsScreen {
    var cellsBuilt = 0

    func source(_ people: [AppContact], locale: String = "ko_KR") throws -> IndexedDataSource<AppContact, Int, String> {
        try IndexedDataSource(
            people,
            collation: LocalizedIndexedCollation(LocalizedIndexedCollation.Configuration(locale: locale).with { $0.personNames = true }),
            id: \.id, keys: { RecordKeys($0.familyName, reading: $0.phoneticFamilyName) }
        ) { _, person in
            self.cellsBuilt += 1
            return person.familyName + person.givenName
        }
    }

    /// The shape of the acceptance program: several keys with readings, as array
    /// literals of key paths, and an insert.
    func show(_ people: [AppContact], inserting new: AppContact) throws -> IndexedDataSource<AppContact, Int, String> {
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: "ko_KR").with { $0.personNames = true })
        var source = try IndexedDataSource(
            collation: collation, records: people,
            keys: [\.familyName, \.givenName],
            readings: [\.phoneticFamilyName, \.phoneticGivenName]
        ) { _, person in
            self.cellsBuilt += 1
            return person.familyName + person.givenName
        }
        _ = try source.insert(new)
        return source
    }

    func builtOffTheMainActor(_ people: [AppContact]) async throws -> IndexedDataSource<AppContact, Int, String> {
        try await IndexedDataSource.build(
            people,
            collation: LocalizedIndexedCollation(LocalizedIndexedCollation.Configuration(locale: "ko_KR").with { $0.personNames = true }),
            id: \.id, keys: { RecordKeys($0.familyName, reading: $0.phoneticFamilyName) }
        ) { _, person in
            MainActor.assertIsolated()
            self.cellsBuilt += 1
            return person.familyName + person.givenName
        }
    }
}

private func people() -> [AppContact] {
    [AppContact(1, "김", "하늘"), AppContact(2, "박", "서준"), AppContact(3, "김", "가은"), AppContact(4, "Smith", "Anna")]
}

@Suite("IndexedDataSource in app code: class records, main-actor cells, batches")
struct IndexedDataSourceAppCodeTests {
    @Test @MainActor func classRecordsAndAMainActorCellProvider() throws {
        let screen = ContactsScreen()
        var source = try screen.source(people())
        #expect(source.snapshot().sectionIdentifiers == ["ㄱ", "ㅂ", "S"])
        #expect(try source.snapshot().itemIdentifiers(inSection: "ㄱ") == [1, 3])
        #expect(source.cell(at: Position(row: 0, section: 1)) == "박서준")
        #expect(screen.cellsBuilt == 1)
        // 李 reads 이 in person-name mode; ㅇ was empty, so it is a section insertion.
        let before = source.snapshot()
        let change = try source.insert(AppContact(5, "李", "민호"))
        #expect(change.difference.itemInsertions.isEmpty)
        #expect(change.difference.sectionInsertions.map(\.identifier) == ["ㅇ"])
        #expect(try before.applying(change.difference) == source.snapshot())
        #expect(screen.cellsBuilt == 1)
    }

    @Test @MainActor func severalKeysWithReadingsInAMainActorScreen() throws {
        let screen = ContactsScreen()
        let source = try screen.show(people(), inserting: AppContact(5, "김", "민준"))
        // 김하늘, 김가은, 김민준 come out by given name; the insert lands between.
        #expect(try source.snapshot().itemIdentifiers(inSection: "ㄱ") == [3, 5, 1])
        #expect(source.cell(at: Position(row: 1, section: 0)) == "김민준")
        #expect(screen.cellsBuilt == 1)
        let data = try JSONEncoder().encode(try Collator(locale: "ko_KR").sortKey(for: "김민준"))
        #expect(try JSONDecoder().decode(SortKey.self, from: data) == (try Collator(locale: "ko_KR").sortKey(for: "김민준")))
        // A reading per key: a family name read as 박 files under ㅂ.
        let read = try screen.show(people(), inserting: AppContact(6, "朴", "", reading: "박", givenReading: "가"))
        #expect(try read.snapshot().itemIdentifiers(inSection: "ㅂ") == [6, 2])
    }

    @Test func identifiableRecordsNeedNoIDClosure() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let byIdentifiable = try IndexedDataSource(collation: korean, records: people(), key: \.familyName) { _, c in c.id }
        let byClosure = try IndexedDataSource(collation: korean, records: people(), id: \.id, key: \.familyName) { _, c in c.id }
        #expect(byIdentifiable.snapshot() == byClosure.snapshot())
        #expect(throws: IndexedDataSourceError.duplicateID(1)) {
            _ = try IndexedDataSource(collation: korean, records: people() + [AppContact(1, "최")], key: \.familyName) { _, c in c.id }
        }
    }

    @Test @MainActor func buildingOffTheMainActorGivesTheSameSource() async throws {
        let screen = ContactsScreen()
        let many = (0..<5_000).map { AppContact($0, ["김", "박", "さとう", "Smith", "李", "123"][$0 % 6], "\($0)") }
        let built = try await screen.builtOffTheMainActor(many)
        let direct = try screen.source(many)
        #expect(built.snapshot() == direct.snapshot())
        #expect(built.cell(at: Position(row: 0, section: 0)) == direct.cell(at: Position(row: 0, section: 0)))
        #expect(screen.cellsBuilt == 2)
        await #expect(throws: IndexedDataSourceError.duplicateID(0)) {
            _ = try await screen.builtOffTheMainActor(many + [AppContact(0, "최")])
        }
    }

    @Test(arguments: [
        Position(row: 5_000, section: 0), Position(row: 0, section: 3), Position(row: -1, section: 0),
        Position(row: 0, section: -1), Position(row: 2, section: 0),
    ])
    @MainActor func cellForRowIsNilOutsideTheData(position: Position) throws {
        let screen = ContactsScreen()
        let source = try screen.source(people())
        #expect(source.cellForRow(at: position) == nil)
        #expect(screen.cellsBuilt == 0)
        #expect(source.cellForRow(at: Position(row: 1, section: 0)) == "김가은")
        #expect(screen.cellsBuilt == 1)
    }

    @Test func batchInsertIsOneChangeThatReplaysOnTheOldSnapshot() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        var source = try IndexedDataSource(people(), collation: korean, id: \.id, keys: { RecordKeys($0.familyName) }) { _, c in c.id }
        let before = source.snapshot()
        let change = try source.insert(contentsOf: [AppContact(10, "김", "철수"), AppContact(11, "최"), AppContact(12, "Adams")])
        #expect(try before.applying(change.difference) == source.snapshot())
        #expect(change.snapshot() == source.snapshot())
        #expect(change.difference.sectionInsertions.map(\.identifier) == ["ㅊ", "A"])
        #expect(change.difference.itemInsertions.map(\.identifier) == [10])
        #expect(source.numberOfRecords == 7)
    }

    @Test func failedBatchesLeaveTheSourceUnchanged() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        var source = try IndexedDataSource(people(), collation: korean, id: \.id, keys: { RecordKeys($0.familyName) }) { _, c in c.id }
        let before = source.snapshot()
        #expect(throws: IndexedDataSourceError.duplicateID(20)) {
            _ = try source.insert(contentsOf: [AppContact(20, "최"), AppContact(21, "이"), AppContact(20, "정")])
        }
        #expect(throws: IndexedDataSourceError.unknownID(99)) { _ = try source.remove(ids: [1, 99]) }
        #expect(throws: IndexedDataSourceError.unknownID(98)) {
            _ = try source.update(contentsOf: [AppContact(2, "최"), AppContact(98, "이")])
        }
        #expect(source.snapshot() == before)
        #expect(source.numberOfRecords == 4)
    }

    @Test func batchRemoveAndUpdate() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        var source = try IndexedDataSource(people(), collation: korean, id: \.id, keys: { RecordKeys($0.familyName) }) { _, c in
            c.familyName
        }
        var before = source.snapshot()
        let removal = try source.remove(ids: [2, 4])
        #expect(removal.difference.sectionDeletions.map(\.identifier) == ["ㅂ", "S"])
        #expect(try before.applying(removal.difference) == source.snapshot())

        before = source.snapshot()
        // 1 stays in ㄱ (reconfigured); 3 moves to the new section ㅎ.
        let update = try source.update(contentsOf: [AppContact(1, "김", "나래"), AppContact(3, "한", "가은")])
        #expect(update.difference.reconfiguredItems.map(\.identifier) == [1])
        #expect(update.difference.sectionInsertions.map(\.identifier) == ["ㅎ"])
        #expect(try before.applying(update.difference) == update.snapshot())
        #expect(source.cell(at: Position(row: 0, section: 1)) == "한")
    }

    @Test func descriptionsNameWhatIsShown() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        var source = try IndexedDataSource(people(), collation: korean, id: \.id, keys: { RecordKeys($0.familyName) }) { _, c in c.id }
        #expect(source.description == "IndexedDataSource(ko_KR, 4 records; ㄱ 2, ㅂ 1, S 1)")
        let change = try source.insert(AppContact(7, "최"))
        #expect(change.description == "Change(SnapshotDifference(insert section \"ㅊ\" at 2 with [7]))")
    }
}
