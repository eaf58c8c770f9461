import SectionedData
import Testing

@Suite("SectionedListDataSource")
struct SectionedListDataSourceTests {
    typealias TestSnapshot = Snapshot<String, String>

    static let koreanIndex =
        ["ㄱ", "ㄴ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅅ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"]
        + (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) } + ["#"]

    func contacts() throws -> TestSnapshot {
        try TestSnapshot(sections: [
            ("ㄱ", ["김민준", "김서연"]), ("ㄴ", []), ("ㄷ", ["도윤"]), ("A", ["Anna"]), ("#", ["7eleven"]),
        ])
    }

    @Test("counts and cells come from the snapshot")
    func countsAndCells() throws {
        let source = SectionedListDataSource(snapshot: try contacts()) { position, name in
            "\(position) \(name)"
        }
        #expect(source.numberOfSections == 5)
        #expect((0..<5).map { source.numberOfRows(inSection: $0) } == [2, 0, 1, 1, 1])
        #expect(source.cell(at: Position(row: 1, section: 0)) == "[0, 1] 김서연")
        #expect(source.cell(at: Position(row: 0, section: 4)) == "[4, 0] 7eleven")
    }

    @Test("an empty data source has no sections and no index")
    func emptyDataSource() {
        let source = SectionedListDataSource<String, String, String> { _, name in name }
        #expect(source.numberOfSections == 0)
        #expect(source.sectionIndexTitles.isEmpty)
        #expect(source.titleForHeader(inSection: 0) == nil)
        #expect(source.section(forSectionIndexTitle: "A", at: 0) == nil)
        #expect(source.itemIdentifier(for: Position(row: 0, section: 0)) == nil)
    }

    @Test("cells are made lazily: one provider call for one row of a million")
    func lazyCells() throws {
        let snapshot = try Snapshot<Int, Int>(sections: [(0, Array(0..<1_000_000))])
        var calls: [(Position, Int)] = []
        let source = SectionedListDataSource(snapshot: snapshot) { position, item in
            calls.append((position, item))
            return item * 2
        }
        #expect(calls.isEmpty)
        #expect(source.numberOfRows(inSection: 0) == 1_000_000)
        #expect(source.titleForHeader(inSection: 0) == nil)
        #expect(calls.isEmpty)
        #expect(source.cell(at: Position(row: 5_000, section: 0)) == 10_000)
        #expect(calls.count == 1)
        #expect(calls.first?.0 == Position(row: 5_000, section: 0))
        #expect(calls.first?.1 == 5_000)
        _ = source.cell(at: Position(row: 5_000, section: 0))
        #expect(calls.count == 2, "cells are not cached: each call asks the provider again")
    }

    @Test("header and footer titles come from their providers")
    func titles() throws {
        var source = SectionedListDataSource(snapshot: try contacts()) { _, name in name }
        #expect(source.titleForHeader(inSection: 0) == nil)
        source.headerTitleProvider = { $0 }
        source.footerTitleProvider = { $0 == "#" ? "digits and symbols" : nil }
        #expect(source.titleForHeader(inSection: 2) == "ㄷ")
        #expect(source.titleForFooter(inSection: 4) == "digits and symbols")
        #expect(source.titleForFooter(inSection: 0) == nil)
        #expect(source.titleForHeader(inSection: 5) == nil)
        #expect(source.titleForHeader(inSection: -1) == nil)
    }

    @Test("identifiers and positions translate both ways")
    func identifiersAndPositions() throws {
        let source = SectionedListDataSource(snapshot: try contacts()) { _, name in name }
        #expect(source.itemIdentifier(for: Position(row: 0, section: 2)) == "도윤")
        #expect(source.itemIdentifier(for: Position(row: 1, section: 2)) == nil)
        #expect(source.position(for: "Anna") == Position(row: 0, section: 3))
        #expect(source.position(for: "Zelda") == nil)
        #expect(source.sectionIdentifier(for: 4) == "#")
        #expect(source.sectionIdentifier(for: 5) == nil)
        #expect(source.index(for: "ㄷ") == 2)
        #expect(source.index(for: "Q") == nil)
    }

    @Test("applying a snapshot shows it and returns the difference")
    func apply() throws {
        var source = SectionedListDataSource(snapshot: try contacts()) { _, name in name }
        var next = source.snapshot()
        try next.appendItems(["나은비"], toSection: "ㄴ")
        let difference = source.apply(next)
        #expect(
            difference.itemInsertions == [
                .init(identifier: "나은비", location: Position(row: 0, section: 1))
            ])
        #expect(source.snapshot() == next)
        #expect(source.numberOfRows(inSection: 1) == 1)
        #expect(source.cell(at: Position(row: 0, section: 1)) == "나은비")
    }

    @Test(
        "index titles lead to their section, or the nearest following non-empty one",
        arguments: [
            ("ㄱ", 0), ("ㄴ", 2), ("ㄷ", 2), ("ㄹ", 3), ("ㅎ", 3), ("A", 3), ("B", 4), ("Z", 4),
            ("#", 4),
        ])
    func indexTitleFollowing(title: String, expected: Int) throws {
        let source = SectionedListDataSource(
            snapshot: try contacts(), sectionIndexTitles: Self.koreanIndex
        ) { _, name in name }
        let index = try #require(Self.koreanIndex.firstIndex(of: title))
        #expect(source.section(forSectionIndexTitle: title, at: index) == expected)
    }

    @Test("with nothing non-empty after it, a title leads to the nearest preceding section")
    func indexTitlePreceding() throws {
        var snapshot = try contacts()
        try snapshot.deleteItems(["Anna", "7eleven"])  // A and # are now empty
        let source = SectionedListDataSource(
            snapshot: snapshot, sectionIndexTitles: Self.koreanIndex
        ) { _, name in name }
        let last = Self.koreanIndex.count - 1
        #expect(source.section(forSectionIndexTitle: "#", at: last) == 2)
        #expect(source.section(forSectionIndexTitle: "A", at: 14) == 2)
        #expect(source.section(forSectionIndexTitle: "Q", at: 30) == 2)
        #expect(source.section(forSectionIndexTitle: "ㄴ", at: 1) == 2)
        #expect(source.section(forSectionIndexTitle: "ㄱ", at: 0) == 0)
    }

    @Test("titles after the last section with a title lead back to it")
    func titlesPastTheLastSection() throws {
        let snapshot = try TestSnapshot(sections: [("ㄱ", ["김민준"]), ("ㄷ", ["도윤"])])
        let source = SectionedListDataSource(
            snapshot: snapshot, sectionIndexTitles: Self.koreanIndex
        ) { _, name in name }
        #expect(source.section(forSectionIndexTitle: "Z", at: 39) == 1)
        #expect(source.section(forSectionIndexTitle: "#", at: 40) == 1)
    }

    @Test("a title after the last titled section leads to the untitled section that follows it")
    func untitledSectionAfterTheLastTitle() throws {
        let snapshot = try TestSnapshot(sections: [
            ("ㄱ", ["김민준"]), ("ㄷ", ["도윤"]), ("기타", ["Ω-mega"]),
        ])
        let source = SectionedListDataSource(
            snapshot: snapshot, sectionIndexTitles: Self.koreanIndex
        ) { _, name in name }
        #expect(source.section(forSectionIndexTitle: "#", at: 40) == 2)
        #expect(source.section(forSectionIndexTitle: "ㄷ", at: 2) == 1)
    }

    @Test("no answer when the title is unknown or every section is empty")
    func indexTitleWithoutAnswer() throws {
        let empty = try TestSnapshot(sections: [("ㄱ", []), ("ㄴ", [])])
        let emptySource = SectionedListDataSource(
            snapshot: empty, sectionIndexTitles: Self.koreanIndex
        ) { _, name in name }
        #expect(emptySource.section(forSectionIndexTitle: "ㄱ", at: 0) == nil)
        let source = SectionedListDataSource(
            snapshot: try contacts(), sectionIndexTitles: Self.koreanIndex
        ) { _, name in name }
        #expect(source.section(forSectionIndexTitle: "Ω", at: 3) == nil)
        let unmapped = SectionedListDataSource(
            snapshot: try contacts(), sectionIndexTitles: ["X", "Y"],
            sectionIdentifiersForIndexTitles: [:]
        ) { _, name in name }
        #expect(unmapped.section(forSectionIndexTitle: "X", at: 0) == nil)
    }

    @Test("a stale index is corrected by the title")
    func staleIndex() throws {
        let source = SectionedListDataSource(
            snapshot: try contacts(), sectionIndexTitles: Self.koreanIndex
        ) { _, name in name }
        #expect(source.section(forSectionIndexTitle: "#", at: 0) == 4)
        #expect(source.section(forSectionIndexTitle: "ㄷ", at: 99) == 2)
    }

    @Test("an explicit title table maps titles to any section identifier")
    func explicitMapping() throws {
        // Sections are Japanese rows keyed by number; the index shows kana.
        let snapshot = try Snapshot<Int, String>(sections: [
            (1, ["あおい"]), (2, []), (3, ["さくら"]), (10, ["わたなべ"]),
        ])
        let source = SectionedListDataSource(
            snapshot: snapshot,
            sectionIndexTitles: ["あ", "か", "さ", "た", "わ", "#"],
            sectionIdentifiersForIndexTitles: ["あ": 1, "か": 2, "さ": 3, "た": 4, "わ": 10, "#": 99]
        ) { _, name in name }
        #expect(source.section(forSectionIndexTitle: "あ", at: 0) == 0)
        #expect(source.section(forSectionIndexTitle: "か", at: 1) == 2)
        #expect(source.section(forSectionIndexTitle: "た", at: 3) == 3)
        #expect(source.section(forSectionIndexTitle: "#", at: 5) == 3)
    }

    @Test("out-of-range rows stop the process, like an array subscript")
    func outOfRange() async {
        await #expect(processExitsWith: .failure) {
            let source = SectionedListDataSource(
                snapshot: (try? Snapshot<Int, Int>(sections: [(0, [1])])) ?? Snapshot()
            ) { _, item in item }
            _ = source.cell(at: Position(row: 1, section: 0))
        }
        await #expect(processExitsWith: .failure) {
            let source = SectionedListDataSource<Int, Int, Int> { _, item in item }
            _ = source.numberOfRows(inSection: 0)
        }
    }
}
