import Foundation
import SectionedData
import Testing

@testable import IndexedCollation

/// A contact whose keys are stored with it (Codable, as an app would save it).
private struct Member: Codable, Hashable, Sendable, Identifiable {
    var id: Int
    var familyName: String
    var givenName: String
    var familyReading: String? = nil
    var givenReading: String? = nil

    var sortKeys: RecordKeys {
        [RecordKey(familyName, reading: familyReading), RecordKey(givenName, reading: givenReading)]
    }
}

/// A class model, as a view controller keeps.
private final class Note {
    let id: Int
    var title: String
    var titleReading: String?
    init(id: Int, title: String, titleReading: String? = nil) {
        self.id = id
        self.title = title
        self.titleReading = titleReading
    }
}

/// The one initializer and the one builder (`keys: (Record) -> RecordKeys`) give exactly
/// the order and sections of the spellings they replace, for one key, readings, several
/// keys and later edits; the key types keep their values through `Codable`.
@Suite("IndexedDataSource with RecordKeys")
struct IndexedDataSourceRecordKeysTests {
    fileprivate static let members = [
        Member(id: 1, familyName: "山田", givenName: "花子", familyReading: "やまだ", givenReading: "はなこ"),
        Member(id: 2, familyName: "佐藤", givenName: "健", familyReading: "さとう", givenReading: "けん"),
        Member(id: 3, familyName: "佐藤", givenName: "愛", familyReading: "さとう", givenReading: "あい"),
        Member(id: 4, familyName: "Smith", givenName: "Anna"),
        Member(id: 5, familyName: "東", givenName: "太郎"),
        Member(id: 6, familyName: "", givenName: ""),
        Member(id: 7, familyName: "あべ", givenName: "Ken"),
        Member(id: 8, familyName: "佐藤", givenName: "健", familyReading: "さとう"),
    ]

    fileprivate static func collation(_ locale: String = "ja_JP") throws -> LocalizedIndexedCollation {
        // Kanji family names are read by the collation's reading provider (MeCab in apps;
        // a fixed table here): 東 is ひがし.
        var configuration = try LocalizedIndexedCollation.Configuration(locale: locale)
        configuration.personNames = true
        configuration.readingProvider = FixedReadings(language: "ja", table: ["東": "ひがし", "佐藤": "さとう", "山田": "やまだ"])
        return try LocalizedIndexedCollation(configuration)
    }

    fileprivate static func newSource(_ members: [Member], locale: String = "ja_JP") throws -> IndexedDataSource<Member, Int, String> {
        try IndexedDataSource(members, collation: collation(locale), id: \.id, keys: \.sortKeys) { _, member in
            member.familyName + member.givenName
        }
    }

    @available(*, deprecated)
    fileprivate static func oldSource(_ members: [Member], locale: String = "ja_JP") throws -> IndexedDataSource<Member, Int, String> {
        try IndexedDataSource(
            collation: collation(locale), records: members, keys: [\.familyName, \.givenName],
            readings: [\.familyReading, \.givenReading]
        ) { _, member in member.familyName + member.givenName }
    }

    @Test func severalKeysWithReadingsFileAndOrderKeyByKey() throws {
        let source = try Self.newSource(Self.members)
        let snapshot = source.snapshot()
        // さとう あい before さとう けん (the given readings), then 佐藤健 without a given
        // reading: its display key 健 orders it by itself.
        #expect(try snapshot.itemIdentifiers(inSection: "さ") == [3, 2, 8])
        #expect(try snapshot.itemIdentifiers(inSection: "や") == [1])
        #expect(try snapshot.itemIdentifiers(inSection: "あ") == [7])
        #expect(try snapshot.itemIdentifiers(inSection: "S") == [4])
        // 東 without a reading files by its surname reading (ひがし, name mode); the empty
        // record under #.
        #expect(try snapshot.itemIdentifiers(inSection: "は") == [5])
        #expect(try snapshot.itemIdentifiers(inSection: "#") == [6])
    }

    @available(*, deprecated)
    @Test(arguments: ["ja_JP", "ko_KR", "zh_CN"])
    func givesTheOrderOfTheOldSpellings(locale: String) throws {
        #expect(try Self.newSource(Self.members, locale: locale).snapshot() == Self.oldSource(Self.members, locale: locale).snapshot())
    }

    @available(*, deprecated)
    @Test func oneKeyWithAReadingGivesTheOrderOfKeyAndReading() throws {
        let collation = try Self.collation()
        let notes = [Note(id: 1, title: "東京", titleReading: "とうきょう"), Note(id: 2, title: "大阪", titleReading: "おおさか"),
                     Note(id: 3, title: "😀"), Note(id: 4, title: "Osaka"), Note(id: 5, title: "あさひ")]
        let new = try IndexedDataSource(notes, collation: collation, id: \.id, keys: { RecordKeys($0.title, reading: $0.titleReading) }) {
            _, note in note.title
        }
        let old = try IndexedDataSource(collation: collation, records: notes, id: \.id, key: \.title, reading: \.titleReading) {
            _, note in note.title
        }
        #expect(new.snapshot() == old.snapshot())
        #expect(try new.snapshot().itemIdentifiers(inSection: "あ") == [5, 2])  // あさひ, おおさか
        #expect(try new.snapshot().itemIdentifiers(inSection: "た") == [1])  // 東京 by とうきょう
        #expect(try new.snapshot().itemIdentifiers(inSection: "#") == [3])
    }

    /// Records added one at a time land where building at once puts them, including a
    /// source that started empty and records with fewer keys than the others.
    @Test(arguments: ["ja_JP", "ko_KR"])
    func insertsAndUpdatesPlaceRecordsAsABuildDoes(locale: String) throws {
        var grown = try Self.newSource(Array(Self.members.prefix(1)), locale: locale)
        for member in Self.members.dropFirst() { try grown.insert(member) }
        #expect(grown.snapshot() == (try Self.newSource(Self.members, locale: locale)).snapshot())

        var startedEmpty = try Self.newSource([], locale: locale)
        for member in Self.members { try startedEmpty.insert(member) }
        #expect(startedEmpty.snapshot() == grown.snapshot())

        var moved = Self.members[1]  // 佐藤健 given the reading ああ: now before 佐藤愛 (あい)
        moved.givenReading = "ああ"
        try grown.update(moved)
        var fresh = Self.members
        fresh[1] = moved
        #expect(grown.snapshot() == (try Self.newSource(fresh, locale: locale)).snapshot())
    }

    @Test func fewerKeysReadAsEmptyKeys() throws {
        let collation = try Self.collation("en")
        let rows = [(1, ["Berg", "Anna"]), (2, ["Berg"]), (3, ["Adams", "Zoe"]), (4, ["Berg", ""])]
        let short = try IndexedDataSource(rows, collation: collation, id: \.0, keys: { RecordKeys($0.1.map { RecordKey($0) }) }) { _, row in row.0 }
        let padded = try IndexedDataSource(rows, collation: collation, id: \.0, keys: { row in
            [RecordKey(row.1[0]), RecordKey(row.1.count > 1 ? row.1[1] : "")]
        }) { _, row in row.0 }
        #expect(short.snapshot() == padded.snapshot())
        #expect(try short.snapshot().itemIdentifiers(inSection: "B") == [2, 4, 1])
    }

    /// A record with more keys than those before it (and the first reading after them)
    /// lays the keys read so far out again: the same order as keys padded from the start.
    @Test @MainActor func moreKeysLaterGiveTheOrderOfPaddedKeys() async throws {
        let collation = try Self.collation("en")
        let rows: [(Int, [RecordKey])] = [
            (1, ["Berg"]), (2, ["Berg", "Anna"]), (3, ["Adams"]), (4, ["Berg", "", RecordKey("x", reading: "a")]),
            (5, ["Berg", "", "b"]), (6, [RecordKey("Cole", reading: "Abe")]),
        ]
        func padded(_ row: (Int, [RecordKey])) -> RecordKeys { RecordKeys(row.1 + Array(repeating: RecordKey(""), count: 3 - row.1.count)) }
        let expected = try IndexedDataSource(rows, collation: collation, id: \.0, keys: padded) { _, row in row.0 }
        let ragged = try IndexedDataSource(rows, collation: collation, id: \.0, keys: { RecordKeys($0.1) }) { _, row in row.0 }
        let built = try await IndexedDataSource.build(rows, collation: collation, id: \.0, keys: { RecordKeys($0.1) }) { _, row in row.0 }
        #expect(ragged.snapshot() == expected.snapshot())
        #expect(built.snapshot() == expected.snapshot())
        // Cole reads Abe: first under A, before Adams; Berg, then Berg "" a (x), Berg "" b, Berg Anna.
        #expect(try expected.snapshot().itemIdentifiers(inSection: "A") == [6, 3])
        #expect(try expected.snapshot().itemIdentifiers(inSection: "B") == [1, 4, 5, 2])
    }

    @Test @MainActor func buildingOffTheActorGivesTheSameSource() async throws {
        final class Screen { var cellsBuilt = 0 }
        let screen = Screen()
        let many = (0..<2_000).map { index in
            Member(
                id: index, familyName: ["佐藤", "山田", "", "Smith", "あべ"][index % 5], givenName: ["花子", "健", "", "Anna"][index % 4],
                familyReading: index % 3 == 0 ? ["さとう", "やまだ", nil, nil, nil][index % 5] : nil)
        }
        let built = try await IndexedDataSource.build(many, collation: Self.collation(), id: \.id, keys: \.sortKeys) { _, member in
            screen.cellsBuilt += 1
            return member.givenName
        }
        let direct = try Self.newSource(many)
        #expect(built.snapshot() == direct.snapshot())
        #expect(screen.cellsBuilt == 0)
        _ = built.cell(at: Position(row: 0, section: 0))
        #expect(screen.cellsBuilt == 1)
        await #expect(throws: IndexedDataSourceError.duplicateID(0)) {
            _ = try await IndexedDataSource.build(many + [many[0]], collation: Self.collation(), id: \.id, keys: \.sortKeys) { _, m in m.id }
        }
        #expect(throws: IndexedDataSourceError.duplicateID(0)) {
            _ = try IndexedDataSource(many + [many[0]], collation: Self.collation(), id: \.id, keys: \.sortKeys) { _, m in m.id }
        }
    }

    @Test func searchFindsRecordsByTheirKeysAndReadings() throws {
        var source = try Self.newSource(Self.members)
        try source.buildSearchIndex()
        func ids(_ query: String) -> [Int] {
            let found = source.search(query)
            return (0..<found.numberOfSections).flatMap { section in
                (0..<found.numberOfRows(inSection: section)).compactMap { found.record(at: Position(row: $0, section: section))?.id }
            }
        }
        #expect(ids("さと") == [3, 2, 8])
        #expect(ids("Ann") == [4])
        #expect(ids("zzz").isEmpty)
    }

    @Test func keysKeepTheirValuesThroughCodable() throws {
        let keys: RecordKeys = [RecordKey("佐藤", reading: "さとう"), "健"]
        #expect(keys.count == 2)
        #expect(keys[0].reading == "さとう")
        #expect(keys[1] == RecordKey("健"))
        let data = try JSONEncoder().encode(keys)
        #expect(try JSONDecoder().decode([RecordKey].self, from: data) == Array(keys))
        #expect(try JSONDecoder().decode(RecordKeys.self, from: data) == keys)
        let member = Self.members[0]
        #expect(try JSONDecoder().decode(Member.self, from: JSONEncoder().encode(member)).sortKeys == member.sortKeys)
        #expect(try JSONDecoder().decode(RecordKeys.self, from: Data("[]".utf8)).isEmpty)
    }

    @Test func keysAreValuesWithOneInline() {
        var keys = RecordKeys("김")
        #expect(Array(keys) == [RecordKey("김")])
        keys.append(RecordKey("민준", reading: nil))
        #expect(keys == [RecordKey("김"), RecordKey("민준")])
        #expect(keys != [RecordKey("김")])
        #expect(Set([keys, RecordKeys([RecordKey("김"), RecordKey("민준")])]).count == 1)
        var empty = RecordKeys([])
        #expect(empty.isEmpty)
        empty.append("박")
        #expect(empty == RecordKeys("박"))
        keys[1] = RecordKey("서준")
        #expect(keys.map(\.text) == ["김", "서준"])
    }
}
