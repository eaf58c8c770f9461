import IndexedCollation
import SectionedData
import Testing
import TextSupport

@testable import IndexedTableFormatting

/// Records that try to become markup, script, links or styles, and text the HTML parser
/// would change if it were written raw.
enum HostileRecords {
    static let all: [String] = [
        #"<img src=x onerror="window.__pwned=1">"#,
        "<script>window.__pwned=2</script>",
        "</script><script>window.__pwned=3</script>",
        "</style><script>alert(1)</script>",
        "javascript:alert(1)",
        "<!--", "-->", "<![CDATA[x]]>",
        #"<a href="javascript:alert(1)">x</a>"#,
        #"" onmouseover="alert(1)"#, "' autofocus onfocus='alert(1)",
        "&lt;b&gt; &amp; &#60;", "<base href=//evil.example/>", "<plaintext>",
        "carriage\rreturn", "nul\u{0}byte", "\u{2028}\u{2029}", "rtl\u{202E}override", "  spaced  ", "",
    ]
}

/// A data source that counts how often each cell is asked for.
final class CellCallRecorder: SectionedDataSource {
    let sections: [(title: String, rows: [[String]])]
    let indexTitles: [String]
    private(set) var calls: [Position: Int] = [:]

    init(indexTitles: [String], sections: [(title: String, rows: [[String]])]) {
        self.indexTitles = indexTitles
        self.sections = sections
    }

    var numberOfSections: Int { sections.count }
    func numberOfRows(inSection section: Int) -> Int { sections[section].rows.count }
    func cell(at position: Position) -> [String] {
        calls[position, default: 0] += 1
        return sections[position.section].rows[position.row]
    }
    func titleForHeader(inSection section: Int) -> String? { sections[section].title }
    var sectionIndexTitles: [String] { indexTitles }
}

/// Reads back what a page shows, the way an HTML parser would for this renderer's markup.
enum PageReader {
    /// The text of every element of a kind, character references decoded.
    static func texts(of tag: String, in page: String) -> [String] {
        var result: [String] = []
        var rest = page[...]
        while let open = rest.range(of: "<\(tag)") {
            guard let start = rest[open.upperBound...].firstIndex(of: ">"),
                let close = rest[start...].range(of: "</\(tag)>")
            else { break }
            result.append(decode(String(rest[rest.index(after: start)..<close.lowerBound])))
            rest = rest[close.upperBound...]
        }
        return result
    }

    static func decode(_ text: String) -> String {
        var text = text
        for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#13;", "\r"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: reference, with: character)
        }
        return text
    }

    static func count(_ needle: String, in page: String) -> Int {
        page.components(separatedBy: needle).count - 1
    }

    /// The text between an element's start and end tags (the first one), undecoded.
    static func raw(_ tag: String, in page: String) -> String? {
        guard let open = page.range(of: "<\(tag)>"), let close = page.range(of: "</\(tag)>") else { return nil }
        return String(page[open.upperBound..<close.lowerBound])
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        components(separatedBy: target).joined(separator: replacement)
    }

    fileprivate func components(separatedBy separator: String) -> [String] {
        guard !separator.isEmpty else { return [self] }
        var parts: [String] = []
        var rest = self[...]
        while let range = rest.range(of: separator) {
            parts.append(String(rest[..<range.lowerBound]))
            rest = rest[range.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}

@Suite("HTML rendering")
struct HTMLRendererTests {
    static func page(_ records: [String], titles: [String] = ["A", "B", "#"]) -> String {
        let table = IndexedTable(indexTitles: titles, sections: [IndexedTable.Section(title: "#", rows: records.map { [$0] })])
        return HTMLRenderer.render(table, options: HTMLOptions(title: "<title>x</title>", languageTag: "ko-KR"))
    }

    @Test(arguments: [
        ("a & b", "a &amp; b"), ("<b>", "&lt;b&gt;"), (#"say "hi""#, "say &quot;hi&quot;"), ("it's", "it&#39;s"),
        ("a\rb", "a&#13;b"), ("a\u{0}b", "a\u{FFFD}b"), ("김민준 مُحَمَّد", "김민준 مُحَمَّد"), ("", ""),
    ])
    func escapesTextForHTML(raw: String, escaped: String) {
        #expect(HTMLText.escaped(raw) == escaped)
    }

    /// Each hostile record is one list item whose text is exactly the record, and the page
    /// has no markup of its own making: one script, one style, no images or other links.
    @Test(arguments: HostileRecords.all)
    func hostileRecordStaysText(record: String) throws {
        let page = Self.page(["김민준", record, "Smith"])
        let main = String(page[(page.range(of: "<main")?.lowerBound ?? page.endIndex)...])
        let items = PageReader.texts(of: "li", in: main)
        let expected = record.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
        #expect(items.filter { $0 == expected }.count == 1 + (expected == "김민준" || expected == "Smith" ? 1 : 0))
        #expect(items.count == 3)
        #expect(PageReader.count("<script", in: page) == 1)
        #expect(PageReader.count("</script>", in: page) == 1)
        #expect(PageReader.count("<style", in: page) == 1)
        #expect(PageReader.count("<img", in: page) == 0)
        #expect(PageReader.count("<!--", in: page) == 0)
        #expect(PageReader.count("<base", in: page) == 0)
        #expect(PageReader.count("href=\"", in: page) == PageReader.count("href=\"#s", in: page))
        #expect(!page.contains("\r"))
        #expect(!page.contains("\u{0}"))
    }

    @Test func everyRecordOnceInSectionOrder() {
        let records = (0..<500).map { "record \($0) <\($0)>" }
        let source = CellCallRecorder(
            indexTitles: ["ㄱ", "ㄴ", "ㄷ", "#"],
            sections: [("ㄱ", records[..<200].map { [$0] }), ("ㄴ", []), ("ㄷ", records[200...].map { [$0] })])
        let page = HTMLRenderer.render(source, options: HTMLOptions(rowsPerBlock: 64))
        #expect(PageReader.texts(of: "li", in: page).filter { $0.hasPrefix("record") } == records)
        #expect(source.calls.count == 500 && source.calls.values.allSatisfy { $0 == 1 })
        // Blocks of at most 64 rows: 200 = 3×64 + 8, 300 = 4×64 + 44.
        #expect(PageReader.count("<ul class=\"rows b64\">", in: page) == 7)
        #expect(PageReader.count("<ul class=\"rows b8\">", in: page) == 1)
        #expect(PageReader.count("<ul class=\"rows b44\">", in: page) == 1)
    }

    /// Every index title is listed in order; titles with records link to their section's id,
    /// empty ones are dimmed text leading to the next section.
    @Test func sideIndexLinksReachTheirSections() throws {
        let table = IndexedTable(
            indexTitles: ["ㄱ", "ㄴ", "ㄷ", "A", "#"],
            sections: [.init(title: "ㄱ", rows: [["김"]]), .init(title: "ㄷ", rows: [["다"]]), .init(title: "#", rows: [["1"]])])
        let page = HTMLRenderer.render(table)
        let nav = try #require(PageReader.raw("ol", in: page))
        #expect(PageReader.texts(of: "li", in: nav).map { $0.replacingOccurrences(of: "</a>", with: "") }.count == 5)
        #expect(nav.contains(##"<a href="#s0" data-s="0" aria-label="ㄱ, 1">ㄱ</a>"##))
        #expect(nav.contains(##"<span class="empty" aria-disabled="true" data-s="1">ㄴ</span>"##))
        #expect(nav.contains(##"<a href="#s1" data-s="1" aria-label="ㄷ, 1">ㄷ</a>"##))
        #expect(nav.contains(##"<span class="empty" aria-disabled="true" data-s="2">A</span>"##))
        #expect(nav.contains(##"<a href="#s2" data-s="2" aria-label="#, 1">#</a>"##))
        for (number, title) in ["ㄱ", "ㄷ", "#"].enumerated() {
            #expect(
                page.contains(
                    "<section id=\"s\(number)\" tabindex=\"-1\" aria-labelledby=\"h\(number)\">\n<h2 id=\"h\(number)\"><bdi>\(title)</bdi></h2>"
                ))
        }
        #expect(PageReader.count("<section", in: page) == 3)
    }

    @Test func fieldsMakeTableCellsAndShortRowsSpan() {
        let table = IndexedTable(
            indexTitles: ["K"], sections: [.init(title: "K", rows: [["Kim", "Seoul", "<010>"], ["Kang", "Busan"], [""]])])
        let page = HTMLRenderer.render(table)
        #expect(page.contains("<tr><td>Kim</td><td>Seoul</td><td>&lt;010&gt;</td></tr>"))
        #expect(page.contains("<tr><td>Kang</td><td colspan=\"2\">Busan</td></tr>"))
        #expect(page.contains("<tr><td colspan=\"3\"></td></tr>"))
        #expect(!page.contains("<ul class=\"rows"))
    }

    /// The policy names the SHA-256 of the exact style and script text, and nothing else runs.
    @Test func contentSecurityPolicyHashesThePagesOwnStyleAndScript() throws {
        let page = Self.page(["x"])
        let style = try #require(PageReader.raw("style", in: page))
        let script = try #require(PageReader.raw("script", in: page))
        let styleHash = SHA256.base64(SHA256.digest(style.utf8))
        let scriptHash = SHA256.base64(SHA256.digest(script.utf8))
        #expect(page.contains("default-src 'none'; style-src 'sha256-\(styleHash)'; script-src 'sha256-\(scriptHash)';"))
        #expect(!page.contains("unsafe-inline") && !page.contains(" style=\""))
        #expect(!script.contains("innerHTML") && !script.contains("insertAdjacentHTML") && !script.contains("eval("))
    }

    @Test(arguments: [
        ("", "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU="), ("abc", "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0="),
        (
            "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
            "JI1qYdIGOLjlwCaTDD5gOaM85Flk/yFn9uzt1BnbBsE="
        ),
    ])
    func sha256MatchesKnownDigests(message: String, base64: String) {
        #expect(SHA256.base64(SHA256.digest(message.utf8)) == base64)
    }

    @Test func largePagesLayOutBlocksLazily() {
        let small = HTMLRenderer.render(IndexedTable(indexTitles: ["A"], sections: [.init(title: "A", rows: [["a"]])]))
        #expect(!small.contains("content-visibility:auto"))
        let rows = (0..<2_500).map { ["row \($0)"] }
        let large = HTMLRenderer.render(IndexedTable(indexTitles: ["A"], sections: [.init(title: "A", rows: rows)]))
        #expect(large.contains(".b200{content-visibility:auto;contain-intrinsic-size:auto calc(200 * var(--row))}"))
        #expect(large.contains(".b100{content-visibility:auto"))
    }

    @Test(arguments: [
        ("ko_KR", "ko-KR"), ("zh_Hant_TW", "zh-Hant-TW"), ("zh@collation=stroke", "zh"), ("ja_JP@calendar=japanese", "ja-JP"),
        ("root", "und"), ("", "und"), ("en_US_POSIX", "en-US"), ("<x>", "und"), ("sr_Latn_RS", "sr-Latn-RS"), ("ar", "ar"),
    ])
    func languageTagFromLocaleIdentifier(identifier: String, tag: String) {
        #expect(HTMLOptions.languageTag(forLocaleIdentifier: identifier) == tag)
    }

    @Test(arguments: [
        ("ar", "rtl"), ("he-IL", "rtl"), ("fa", "rtl"), ("az-Latn", "ltr"), ("ko-KR", "ltr"), ("und", "ltr"), ("pa-Arab", "rtl"),
    ])
    func pageDirectionFollowsTheLanguage(tag: String, direction: String) {
        let page = HTMLRenderer.render(IndexedTable(indexTitles: [], sections: []), options: HTMLOptions(languageTag: tag))
        #expect(page.contains("<html lang=\"\(tag)\" dir=\"\(direction)\">"))
    }

    /// Han characters shared by Chinese, Japanese and Korean take the page language's forms.
    @Test(arguments: [("ko-KR", "KR"), ("ja-JP", "JP"), ("zh-CN", "SC"), ("zh-Hant-TW", "TC"), ("zh-HK", "TC"), ("en", "KR")])
    func cjkFontOfTheLanguageComesFirst(tag: String, region: String) {
        let page = HTMLRenderer.render(IndexedTable(indexTitles: [], sections: []), options: HTMLOptions(languageTag: tag))
        #expect(page.contains(#""Noto Sans","Noto Sans CJK \#(region)""#))
    }

    /// The title is text too; an empty source still makes a whole page.
    @Test func emptySourceAndHostileTitle() {
        let page = HTMLRenderer.render(
            IndexedTable(indexTitles: [], sections: []), options: HTMLOptions(title: "</title><script>x</script>"))
        #expect(page.contains("<title>&lt;/title&gt;&lt;script&gt;x&lt;/script&gt;</title>"))
        #expect(PageReader.count("<script", in: page) == 1)
        #expect(page.hasSuffix("</html>\n"))
    }
}
