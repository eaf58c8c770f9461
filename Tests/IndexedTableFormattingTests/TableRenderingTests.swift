import Foundation
import IndexedCollation
import SectionedData
import Testing
import TextSupport

@testable import IndexedTableFormatting

/// Cells in every script the formatter must handle, one table per script.
enum ScriptSamples {
    static let cases: [(name: String, rows: [[String]])] = [
        ("hangul-nfc", [["김민준", "서울"], ["까치", "부산"], ["한글", "ㄱㄴㄷ"]]),
        ("hangul-nfd", [["\u{1100}\u{1175}\u{11B7}\u{1106}\u{1175}\u{11AB}", "NFD"], ["\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}", "NFD"]]),
        ("kana", [["やまだ", "ヤマダ"], ["ｶﾀｶﾅ", "half-width"]]),
        ("han", [["山田太郎", "東京"], ["欧阳修", "庐陵"], ["𠀋𡈽", "ext-B"]]),
        ("thai", [["สวัสดี", "greeting"], ["เกษม", "leading vowel"], ["น้ำ", "marks"]]),
        ("devanagari", [["नमस्ते", "hello"], ["क्षत्रिय", "conjuncts"], ["हिन्दी", "Hindi"]]),
        ("arabic", [["مُحَمَّد", "with harakat"], ["محمد", "without"], ["عبد الله", "two words"]]),
        ("hebrew", [["שָׁלוֹם", "with niqqud"], ["אברהם", "Avraham"]]),
        ("emoji", [["👨‍👩‍👧", "ZWJ family"], ["👍🏽", "skin tone"], ["❤️", "VS16"], ["🇰🇷", "flag"], ["1️⃣", "keycap"]]),
        ("combining", [["école", "NFC"], ["e\u{301}cole", "NFD"], ["a\u{301}\u{302}\u{303}", "stacked"]]),
        ("mixed", [["김 Kim 金 キム", "wide+narrow"], ["Smith 스미스", "mixed"], ["ａｂｃ abc", "fullwidth"]]),
        ("controls", [["tab\there", "bell\u{7}"], ["esc\u{1B}[31mred", "del\u{7F}"], ["rtl\u{202E}override", "nul\u{0}"]]),
    ]

    static func table(_ rows: [[String]]) -> IndexedTable {
        IndexedTable(indexTitles: ["A", "B", "#"], sections: [
            IndexedTable.Section(title: "A", rows: Array(rows.prefix(2))),
            IndexedTable.Section(title: "#", rows: Array(rows.dropFirst(2))),
        ].filter { !$0.rows.isEmpty })
    }
}

@Suite("Table rendering")
struct TableRenderingTests {
    static let recording = ProcessInfo.processInfo.environment["COLLATE_RECORD_GOLDENS"] == "1"
    static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/tables")

    /// Every line of a table and of a phone-book layout has one display width, and no
    /// raw control character reaches the output, at several widths.
    @Test(arguments: ScriptSamples.cases.map(\.name))
    func linesHaveOneWidthAndNoControls(name: String) throws {
        let rows = try #require(ScriptSamples.cases.first { $0.name == name }).rows
        for style in [TextStyle.table, .columns] {
            for width in [20, 34, 80] {
                for wrap in [false, true] {
                    let lines = SectionedTextRenderer.render(
                        ScriptSamples.table(rows), style: style, options: TableOptions(maxWidth: width, wrap: wrap))
                    let widths = Set(lines.map { TextMetrics.displayWidth($0) })
                    #expect(widths.count == 1, "\(name) \(style) width \(width) wrap \(wrap): \(widths)\n\(lines.joined(separator: "\n"))")
                    if style == .table { #expect(widths.first ?? 0 <= width) }
                    for line in lines {
                        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(line)")
                    }
                }
            }
        }
    }

    /// Byte-exact goldens for every script (re-record with COLLATE_RECORD_GOLDENS=1,
    /// which fails the run so it cannot pass unnoticed).
    @Test(arguments: ScriptSamples.cases.map(\.name))
    func matchesGolden(name: String) throws {
        let rows = try #require(ScriptSamples.cases.first { $0.name == name }).rows
        var output = ""
        for (style, width) in [(TextStyle.table, 40), (.table, 24), (.plain, 80), (.columns, 50)] {
            output += "== \(style) width \(width)\n"
            output += SectionedTextRenderer.render(ScriptSamples.table(rows), style: style, options: TableOptions(maxWidth: width)).joined(separator: "\n")
            output += "\n"
        }
        let url = Self.goldens.appendingPathComponent("\(name).txt")
        if Self.recording {
            try output.write(to: url, atomically: true, encoding: .utf8)
            Issue.record("Re-recorded \(url.lastPathComponent); unset COLLATE_RECORD_GOLDENS and review the diff.")
            return
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(output == expected, "\(name) differs from its golden")
    }

    @Test func controlCharactersAreEscapedVisibly() {
        #expect(CellText.escaped("a\u{1B}[31mb") == "a\\e[31mb")
        #expect(CellText.escaped("x\ty\u{7}") == "x\\ty\\u{7}")
        #expect(CellText.escaped("\u{202E}evil") == "\\u{202E}evil")
        #expect(CellText.escaped("\u{9B}csi") == "\\u{9B}csi")
        #expect(CellText.escaped("zwj👨‍👩‍👧") == "zwj👨‍👩‍👧")
        #expect(CellText.escaped("김민준") == "김민준")
    }

    @Test func rightToLeftCellsAreIsolated() {
        #expect(CellText("שלום").printed == "\u{2068}שלום\u{2069}")
        #expect(CellText("محمد").isolated)
        #expect(!CellText("Smith").isolated)
    }

    @Test(arguments: [
        ("\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}", 3, "\u{1112}\u{1161}\u{11AB}…"),  // NFD Hangul stays whole
        ("👨‍👩‍👧👨‍👩‍👧", 3, "👨‍👩‍👧…"),  // ZWJ sequence stays whole
        ("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…"),  // base + combining mark
        ("山田太郎", 6, "山田…"),  // wide: 2+2+1
        ("山田太郎", 4, "山…"),  // a wide char never straddles the edge
        ("नमस्ते", 3, "नम…"),
        ("🇰🇷🇯🇵", 3, "🇰🇷…"),
        ("abc", 3, "abc"),
    ])
    func truncationKeepsClustersWhole(text: String, width: Int, expected: String) {
        let cut = CellText(text).truncated(toWidth: width)
        #expect(cut.text == expected)
        #expect(cut.width <= width)
        #expect(cut.width == TextMetrics.displayWidth(cut.text))
    }

    @Test func wrappingBreaksBetweenClusters() {
        let lines = CellText("김민준김민준김민준").wrapped(toWidth: 7)
        #expect(lines.map(\.text) == ["김민준", "김민준", "김민준"])
        #expect(lines.allSatisfy { $0.width <= 7 })
    }

    @Test func wrappingAHugeCellStopsAtALimitAndSaysSo() {
        let lines = CellText(String(repeating: "가", count: 100_000)).wrapped(toWidth: 10, maxLines: 5)
        #expect(lines.count == 5)
        #expect(lines.last?.text.hasSuffix("…") == true)
        #expect(lines.allSatisfy { $0.width <= 10 })
        #expect(CellText("short").wrapped(toWidth: 10).map(\.text) == ["short"])
    }

    @Test func indexLineBracketsEmptyTitles() {
        let table = IndexedTable(indexTitles: ["ㄱ", "ㄴ", "#"], sections: [IndexedTable.Section(title: "ㄱ", rows: [["김"]])])
        let plain = SectionedTextRenderer.render(table, style: .plain)
        #expect(plain.first == "Index: ㄱ [ㄴ] [#]")
        let colored = SectionedTextRenderer.render(table, style: .plain, options: TableOptions(color: true))
        #expect(colored.first?.contains("\u{1B}[2m") == true)
    }

    @Test func countsAndASCII() {
        let table = IndexedTable(indexTitles: ["A", "#"], sections: [IndexedTable.Section(title: "A", rows: [["Anna"], ["Axel"]])])
        let lines = SectionedTextRenderer.render(table, style: .table, options: TableOptions(ascii: true, maxWidth: 30, showCounts: true))
        #expect(lines.first?.hasPrefix("+---") == true)
        #expect(lines.contains { $0.contains("A (2)") })
        #expect(lines.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }
}

/// A data source that counts the cells it builds.
final class CountingSource: SectionedDataSource, @unchecked Sendable {
    var built = 0
    let rowsPerSection: Int
    init(rowsPerSection: Int) { self.rowsPerSection = rowsPerSection }
    var numberOfSections: Int { 4 }
    func numberOfRows(inSection section: Int) -> Int { rowsPerSection }
    func cell(at position: Position) -> String {
        built += 1
        return "row \(position.section).\(position.row)"
    }
    func titleForHeader(inSection section: Int) -> String? { ["A", "B", "C", "#"][section] }
    var sectionIndexTitles: [String] { ["A", "B", "C", "D", "#"] }
}

@Suite("Paging")
struct PagingTests {
    @Test func aPageBuildsOnlyItsCells() {
        let source = CountingSource(rowsPerSection: 250_000)
        let lines = SectionedTextRenderer.render(source, style: .table, rows: 249_990..<250_010, options: TableOptions(maxWidth: 60))
        #expect(source.built == 20)
        #expect(lines.contains { $0.contains("row 0.249999") })
        #expect(lines.contains { $0.contains("row 1.9") })
        #expect(!lines.contains { $0.contains("row 1.10") })
    }

    @Test func aPagePastTheEndIsEmpty() {
        let source = CountingSource(rowsPerSection: 3)
        let lines = SectionedTextRenderer.render(source, style: .plain, rows: 100..<150)
        #expect(source.built == 0)
        #expect(lines.count == 1)  // only the index line
    }
}

/// A folded side index (`•` for left-out titles), as a phone's data source gives it.
@Suite("Folded side index")
struct FoldedIndexTests {
    /// Sections A (2 rows), B (1 row), C (1 row), D, E, #; the index A • D • #: the first
    /// `•` stands for B and C, the second for E.
    struct Folded: SectionedDataSource {
        let rows = [2, 1, 1, 0, 0, 0]
        var numberOfSections: Int { rows.count }
        func numberOfRows(inSection section: Int) -> Int { rows[section] }
        func cell(at position: Position) -> String { "row \(position.section).\(position.row)" }
        func titleForHeader(inSection section: Int) -> String? { ["A", "B", "C", "D", "E", "#"][section] }
        var sectionIndexTitles: [String] { ["A", "•", "D", "•", "#"] }
        func section(forSectionIndexTitle title: String, at index: Int) -> Int? {
            nearestNonEmptySection(to: [0, 1, 3, 4, 5][index])
        }
    }

    @Test func aBulletIsEmptyOnlyWhenItsTitlesAre() {
        let targets = IndexTitleTargets.targets(of: Folded(), titles: Folded().sectionIndexTitles)
        #expect(targets.map(\.section) == [0, 1, nil, nil, nil])
        #expect(targets.map(\.rows) == [2, 2, 0, 0, 0])
        let plain = SectionedTextRenderer.render(Folded(), style: .plain, options: TableOptions(maxWidth: 60))
        #expect(plain.first == "Index: A • [D] [•] [#]")
        let markdown = SectionedTextRenderer.render(Folded(), style: .markdown, options: TableOptions(maxWidth: 60))
        #expect(markdown.first == "**Index:** A • [D] [•] [\\#]")
    }

    /// An index of its own (no title is a header): each title reads out the rows of the
    /// section it leads to, not every row of the source.
    struct OwnIndex: SectionedDataSource {
        let rows = [2, 0, 3]
        var numberOfSections: Int { rows.count }
        func numberOfRows(inSection section: Int) -> Int { rows[section] }
        func cell(at position: Position) -> String { "row \(position.section).\(position.row)" }
        func titleForHeader(inSection section: Int) -> String? { nil }
        var sectionIndexTitles: [String] { ["x", "y", "z"] }
        func section(forSectionIndexTitle title: String, at index: Int) -> Int? { index == 1 ? nil : index }
    }

    @Test func titlesOfAnIndexOfItsOwnCountTheirSection() {
        let targets = IndexTitleTargets.targets(of: OwnIndex(), titles: OwnIndex().sectionIndexTitles)
        #expect(targets == [.init(section: 0, rows: 2), .init(section: nil, rows: 0), .init(section: 2, rows: 3)])
    }

    @Test func aBulletLinksToTheFirstSectionItStandsFor() {
        let page = HTMLRenderer.render(Folded())
        // Shown sections are numbered on the page: A is s0, B s1, C s2. The `•` reads out
        // the rows of B and C.
        #expect(page.contains("<li><a href=\"#s1\" data-s=\"1\" aria-label=\"•, 2\">•</a></li>"))
        // Empty titles past the last linked one scrub to the page's last section, C.
        #expect(page.contains("<li><span class=\"empty\" aria-disabled=\"true\" data-s=\"2\">D</span></li>"))
        #expect(page.contains("<li><span class=\"empty\" aria-disabled=\"true\" data-s=\"2\">•</span></li>"))
    }
}
