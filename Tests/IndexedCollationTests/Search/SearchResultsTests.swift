import SectionedData
import Testing

@testable import IndexedCollation

private typealias SearchContact = NamedRecord

private typealias Contacts = IndexedDataSource<SearchContact, Int, String>

private func contacts(_ locale: String, _ names: [String]) throws -> Contacts {
    let records = names.enumerated().map { SearchContact(id: $0.offset, name: $0.element) }
    var source = try IndexedDataSource(
        records, collation: LocalizedIndexedCollation(locale: CollationLocale(locale)), id: \.id,
        keys: { RecordKeys($0.name, reading: $0.reading) }
    ) { _, contact in contact.name }
    try source.buildSearchIndex()
    return source
}

/// The results as a list shows them: each header with its cells.
private func shown(_ results: SearchResults<SearchContact, Int, String>) -> [String: [String]] {
    var sections: [String: [String]] = [:]
    for section in 0..<results.numberOfSections {
        sections[results.titleForHeader(inSection: section) ?? "?"] = (0..<results.numberOfRows(inSection: section)).map {
            results.cell(at: Position(row: $0, section: section))
        }
    }
    return sections
}

@Suite("Search results keep the sections and narrow as the query grows")
struct SearchResultsTests {
    @Test func keepsSectionsAndOrder() throws {
        let source = try contacts("ko_KR", ["박서준", "김서연", "김민준", "Smith", "최민서", "123"])
        let found = source.search("ㅅ")
        #expect(shown(found) == ["ㄱ": ["김서연"], "ㅂ": ["박서준"]])  // ㅅ is not S
        #expect(found.numberOfRecords == 2)
        #expect(found.sectionIndexTitles == source.collation.sectionTitles)
        let titles = found.sectionIndexTitles
        let dimmed = titles.indices.filter { found.numberOfRows(forSectionIndexTitleAt: $0) == 0 }.map { titles[$0] }
        #expect(dimmed.contains("ㅊ") && !dimmed.contains("ㄱ"))
        #expect(found.section(forSectionIndexTitle: "ㄴ", at: try #require(titles.firstIndex(of: "ㄴ"))) == 1)
        // The source position and the highlighted characters of a row.
        let first = Position(row: 0, section: 0)
        #expect(found.sourcePosition(of: first).flatMap(source.cell(at:)) == "김서연")
        #expect(found.match(at: first).flatMap { $0.range(in: "김서연") }.map { String("김서연"[$0]) } == "서")
    }

    @Test func everythingForAnEmptyOrPunctuationQuery() throws {
        let source = try contacts("en", ["Anna", "Bob", "Émile"])
        #expect(source.search("").numberOfRecords == 3)
        #expect(source.search(" ,.").numberOfRecords == 3)
        #expect(source.search(String(repeating: "a", count: 10_000)).numberOfRecords == 0)
    }

    @Test func narrowsThePreviousResult() throws {
        let source = try contacts("zh_CN", ["张伟", "张晓明", "王伟", "赵小明", "Zoe"])
        let z = source.search("z")
        #expect(z.numberOfRecords == 4)
        let zx = z.narrowed(to: "zx")
        #expect(Set(shown(zx).values.flatMap { $0 }) == ["张晓明", "赵小明"])
        let zxm = zx.narrowed(to: "zxm")
        #expect(zxm.numberOfRecords == 2)
        // A query that does not extend the last one searches everything again.
        #expect(zxm.narrowed(to: "w").numberOfRecords == 2)
        #expect(source.search("zx").query.narrows(source.search("z").query))
        #expect(!source.search("w").query.narrows(source.search("z").query))
    }

    @Test func followsInsertsRemovesAndUpdates() throws {
        var source = try contacts("en", ["Anna", "Bob"])
        try source.insert(SearchContact(id: 7, name: "Annika"))
        #expect(shown(source.search("ann")) == ["A": ["Anna", "Annika"]])
        try source.remove(id: 0)
        #expect(shown(source.search("ann")) == ["A": ["Annika"]])
        try source.update(SearchContact(id: 1, name: "Annabel"))
        #expect(shown(source.search("ann")) == ["A": ["Annabel", "Annika"]])
        try source.update(SearchContact(id: 7, name: "Zoe"))
        #expect(shown(source.search("ann")) == ["A": ["Annabel"]])
        #expect(shown(source.search("zo")) == ["Z": ["Zoe"]])
        try source.insert(contentsOf: [SearchContact(id: 8, name: "Anders"), SearchContact(id: 9, name: "Zack")])
        #expect(shown(source.search("an")) == ["A": ["Anders", "Annabel"]])
        #expect(source.searchIndex?.count == 4)
    }

    @Test func readingsAndRecordsWithoutAnIndex() throws {
        let records = [SearchContact(id: 1, name: "山田太郎", reading: "やまだ たろう"), SearchContact(id: 2, name: "佐藤健", reading: "さとう けん")]
        let source = try IndexedDataSource(
            records, collation: LocalizedIndexedCollation(locale: "ja"), id: \.id, keys: { RecordKeys($0.name, reading: $0.reading) }
        ) { _, contact in contact.name }
        #expect(shown(source.search("ken")) == ["さ": ["佐藤健"]])
        #expect(shown(source.search("ヤマ")) == ["や": ["山田太郎"]])
    }
}
