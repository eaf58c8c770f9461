import SectionedData
import Testing

@Suite("SectionedDataSource protocol defaults")
struct SectionedDataSourceTests {
    /// A conforming type that implements only the three required members.
    struct MinimalSource: SectionedDataSource {
        var rows: [[String]]

        var numberOfSections: Int { rows.count }

        func numberOfRows(inSection section: Int) -> Int {
            rows[section].count
        }

        func cell(at position: Position) -> String {
            rows[position.section][position.row]
        }
    }

    /// A conforming type whose index titles stand for its sections one to one.
    struct TitledSource: SectionedDataSource {
        var sections: [(title: String, rows: [String])]

        var numberOfSections: Int { sections.count }

        func numberOfRows(inSection section: Int) -> Int {
            sections[section].rows.count
        }

        func cell(at position: Position) -> String {
            sections[position.section].rows[position.row]
        }

        func titleForHeader(inSection section: Int) -> String? {
            sections[section].title
        }

        var sectionIndexTitles: [String] { sections.map(\.title) }
    }

    @Test("titles and the section index default to nothing")
    func defaults() {
        let source = MinimalSource(rows: [["Anna"], []])
        #expect(source.titleForHeader(inSection: 0) == nil)
        #expect(source.titleForFooter(inSection: 0) == nil)
        #expect(source.sectionIndexTitles.isEmpty)
        #expect(source.section(forSectionIndexTitle: "A", at: 0) == nil)
        #expect(source.cell(at: Position(row: 0, section: 0)) == "Anna")
    }

    @Test("a generic renderer can use any conforming type")
    func genericUse() {
        func render(_ source: some SectionedDataSource<String>) -> [String] {
            (0..<source.numberOfSections).flatMap { section in
                [source.titleForHeader(inSection: section) ?? "-"]
                    + (0..<source.numberOfRows(inSection: section)).map {
                        source.cell(at: Position(row: $0, section: section))
                    }
            }
        }
        let source = TitledSource(sections: [("Å", ["Åsa"]), ("Ä", []), ("Ö", ["Östen", "Örjan"])])
        #expect(render(source) == ["Å", "Åsa", "Ä", "Ö", "Östen", "Örjan"])
        #expect(render(MinimalSource(rows: [])) == [])
    }

    @Test(
        "the default index lookup goes to the nearest non-empty section",
        arguments: [
            ("Å", 0, 0), ("Ä", 1, 2), ("Ö", 2, 2), ("#", 3, 2), ("Ö", 1, nil), ("X", 9, nil),
        ] as [(String, Int, Int?)])
    func defaultIndexLookup(title: String, index: Int, expected: Int?) {
        let source = TitledSource(sections: [
            ("Å", ["Åsa"]), ("Ä", []), ("Ö", ["Östen"]), ("#", []),
        ])
        #expect(source.section(forSectionIndexTitle: title, at: index) == expected)
    }

    @Test(
        "nearestNonEmptySection looks forward, then back, and stays in range",
        arguments: [
            (-3, 1), (0, 1), (1, 1), (2, 3), (3, 3), (4, 3), (5, 3), (99, 3),
        ])
    func nearestNonEmptySection(start: Int, expected: Int) {
        let source = MinimalSource(rows: [[], ["Bo"], [], ["Dan"], [], []])
        #expect(source.nearestNonEmptySection(to: start) == expected)
    }

    @Test("nearestNonEmptySection is nil only when every section is empty")
    func nearestWithoutRows() {
        #expect(MinimalSource(rows: [[], []]).nearestNonEmptySection(to: 0) == nil)
        #expect(MinimalSource(rows: []).nearestNonEmptySection(to: 0) == nil)
    }
}
