import SectionedData
import Testing

@testable import IndexedCollation

/// A contact with two keys and a reading for each.
private struct Card: Hashable, Sendable, Identifiable {
    var id: Int
    var familyName: String
    var givenName: String
    var phoneticFamilyName: String? = nil
    var phoneticGivenName: String? = nil
}

@Suite("IndexedDataSource with several keys: build, insert and update place records key by key")
struct IndexedDataSourceSeveralKeysTests {
    fileprivate static let cards = [
        Card(id: 1, familyName: "김", givenName: "하늘"), Card(id: 2, familyName: "김", givenName: "가은"),
        Card(id: 3, familyName: "박", givenName: "서준"), Card(id: 4, familyName: "", givenName: "Smith"),
        Card(id: 5, familyName: "", givenName: ""), Card(id: 6, familyName: "李", givenName: "민호"),
        Card(id: 7, familyName: "山田", givenName: "花子", phoneticFamilyName: "やまだ", phoneticGivenName: "はなこ"),
        Card(id: 8, familyName: "김", givenName: "민준"), Card(id: 9, familyName: "이", givenName: "가"),
    ]

    fileprivate static func source(_ cards: [Card], locale: String = "ko_KR") throws -> IndexedDataSource<Card, Int, String> {
        try IndexedDataSource(
            cards,
            collation: LocalizedIndexedCollation(LocalizedIndexedCollation.Configuration(locale: locale).with { $0.personNames = true }),
            id: \.id,
            keys: { [RecordKey($0.familyName, reading: $0.phoneticFamilyName), RecordKey($0.givenName, reading: $0.phoneticGivenName)] }
        ) { _, card in card.familyName + card.givenName }
    }

    @Test func buildsKeyByKey() throws {
        let source = try Self.source(Self.cards)
        #expect(source.snapshot().sectionIdentifiers == ["ㄱ", "ㅂ", "ㅇ", "S", "#"])
        #expect(try source.snapshot().itemIdentifiers(inSection: "ㄱ") == [2, 8, 1])
        #expect(try source.snapshot().itemIdentifiers(inSection: "ㅇ") == [9, 6])
        // 山田 reads やまだ, a kana the ko index files under #, with the empty record.
        #expect(try source.snapshot().itemIdentifiers(inSection: "#") == [5, 7])
    }

    /// Growing a source record by record gives the same snapshot as building it at once.
    @Test(arguments: ["ko_KR", "ja_JP"])
    func insertsPlaceRecordsAsABuildDoes(locale: String) throws {
        var grown = try Self.source([], locale: locale)
        for card in Self.cards { try grown.insert(card) }
        #expect(grown.snapshot() == (try Self.source(Self.cards, locale: locale)).snapshot())
    }

    @Test func updatesMoveRecordsByTheirSecondKey() throws {
        var source = try Self.source(Self.cards)
        var moved = Self.cards[0]  // 김하늘 → 김가나: before 김가은
        moved.givenName = "가나"
        let change = try source.update(moved)
        #expect(try source.snapshot().itemIdentifiers(inSection: "ㄱ") == [1, 2, 8])
        #expect(change.difference.itemMoves.map(\.identifier) == [1])
        var fresh = Self.cards
        fresh[0] = moved
        #expect(source.snapshot() == (try Self.source(fresh)).snapshot())
        #expect(throws: IndexedDataSourceError.unknownID(99)) { try source.update(Card(id: 99, familyName: "김", givenName: "")) }
    }

    @Test @MainActor func buildingOffTheActorGivesTheSameSource() async throws {
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: "ko_KR").with { $0.personNames = true })
        let many = (0..<3_000).map { index in
            Card(id: index, familyName: ["김", "李", "", "Smith"][index % 4], givenName: ["하늘", "가은", "", "Anna", "민준"][index % 5])
        }
        let built = try await IndexedDataSource.build(
            many, collation: collation, id: \.id,
            keys: { [RecordKey($0.familyName, reading: $0.phoneticFamilyName), RecordKey($0.givenName, reading: $0.phoneticGivenName)] }
        ) { _, card in card.givenName }
        let builtWithID = try await IndexedDataSource.build(
            many, collation: collation, id: \.id, keys: { [RecordKey($0.familyName), RecordKey($0.givenName)] }
        ) { _, card in card.givenName }
        let direct = try Self.source(many)
        #expect(built.snapshot() == direct.snapshot())
        #expect(builtWithID.snapshot() == direct.snapshot())
        await #expect(throws: IndexedDataSourceError.duplicateID(0)) {
            _ = try await IndexedDataSource.build(many + [many[0]], collation: collation, id: \.id, keys: { RecordKeys($0.familyName) }) {
                _, card in card.id
            }
        }
    }

    @Test func oneKeyMatchesTheSingleKeyInitializer() throws {
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: "ko_KR").with { $0.personNames = true })
        let single = try IndexedDataSource(collation: collation, records: Self.cards, key: \.familyName, reading: \.phoneticFamilyName) { _, c in c.id }
        var several = try IndexedDataSource(
            collation: collation, records: Self.cards, keys: [\.familyName], readings: [\.phoneticFamilyName]
        ) { _, c in c.id }
        #expect(single.snapshot() == several.snapshot())
        // Same key, arrival order: the inserted 김 goes after every 김.
        try several.insert(Card(id: 20, familyName: "김", givenName: "가"))
        #expect(try several.snapshot().itemIdentifiers(inSection: "ㄱ") == [1, 2, 8, 20])
    }
}
