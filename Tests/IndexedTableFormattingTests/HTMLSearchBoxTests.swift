import IndexedCollation
import Testing

@testable import IndexedTableFormatting

/// The page's search box: each row carries its lookup, the page carries the query table,
/// and a page without a collation has neither.
@Suite("HTML search box")
struct HTMLSearchBoxTests {
    static func source() -> CellCallRecorder {
        CellCallRecorder(indexTitles: ["ㄱ", "ㅂ", "#"], sections: [("ㄱ", [["김민준"], ["김서연"]]), ("ㅂ", [["박서준"]])])
    }

    @Test func rowsCarryLookupsAndThePageTheQueryTable() throws {
        let collation = try LocalizedIndexedCollation(locale: "ko_KR")
        let page = HTMLRenderer.render(
            Self.source(), options: HTMLOptions(languageTag: "ko-KR"), search: Lookups(try SearchPageEncoder(collation: collation)))
        #expect(page.contains("<input id=\"search\" type=\"search\" hidden"))
        #expect(page.components(separatedBy: "<li data-q=\"/:").count == 4)
        let table = try #require(page.split(separator: "id=\"search-table\">").last?.split(separator: "</script>").first)
        // Every character a Korean user types is in the table: compatibility jamo (ㄱ is U+3131).
        #expect(table.contains("\"\\u3131\":\""))
        #expect(!table.contains("<"))
        // Same lookups as the library: a row's attribute is the encoder's text for that row.
        var options = SearchOptions()
        options.keypad = false
        let first = try SearchPageEncoder(collation: collation, options: options).encode(keys: ["김민준"])
        #expect(first.hasPrefix("/:") && first.unicodeScalars.filter { $0.value >= 0xF0000 }.count == 9)
        // With the keypad (the default): also 김 4 1 0, 민 0 1 5, 준 9 3 2 5 on Cheonjiin.
        let keypad = try SearchPageEncoder(collation: collation).encode(keys: ["김민준"])
        #expect(keypad.hasPrefix("/:") && keypad.unicodeScalars.filter { $0.value >= 0xF0000 }.count == 19)
    }

    @Test func noCollationNoSearchBox() {
        let page = HTMLRenderer.render(Self.source(), options: HTMLOptions(languageTag: "ko-KR"))
        #expect(!page.contains("id=\"search\"") && !page.contains("data-q=") && !page.contains("search-table"))
    }
}

/// The adapter HTMLSearchLookups' documentation shows.
private final class Lookups: HTMLSearchLookups {
    let encoder: SearchPageEncoder
    init(_ encoder: SearchPageEncoder) { self.encoder = encoder }
    func lookup(cells: [String]) -> String { encoder.encode(keys: cells) }
    func queryTable() -> String { encoder.queryTable() }
}
