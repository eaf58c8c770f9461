import Foundation
import Testing

/// `collate --format html`: one page holding every record once, as text, in collation
/// order; written atomically with `-o`. (The page is checked in a browser by scripts/check-html.)
@Suite("HTML output")
struct HTMLOutputTests {
    static let input = ["박서준", "<img src=x onerror=alert(1)>", "김민준", "Smith", "</script><script>alert(2)</script>", "김민준"]

    /// The text of every list item of the page's `<main>`, character references decoded.
    static func records(in page: String) -> [String] {
        guard let main = page.range(of: "<main") else { return [] }
        // Rows are `<li>` or `<li data-q="…">` (the search lookup): the text follows the `>`.
        return page[main.lowerBound...].components(separatedBy: "<li").dropFirst().map { item in
            var text = String(item.drop { $0 != ">" }.dropFirst().prefix { $0 != "<" })
            for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&amp;", "&")] {
                text = text.split(separator: reference, omittingEmptySubsequences: false).joined(separator: character)
            }
            return text
        }
    }

    @Test func pageListsEveryRecordOnceInOrder() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", Self.input.joined(separator: "\n") + "\n")
        let result = try runInProcess(["--locale", "ko_KR", "--format", "html", path])
        #expect(result.status == 0, "\(result.stderr)")
        let page = result.stdoutText
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"ko-KR\" dir=\"ltr\">"))
        let tsv = try runInProcess(["--locale", "ko_KR", "--format", "tsv", path]).stdoutText
        let expected = tsv.split(separator: "\n").map { String($0.split(separator: "\t", maxSplits: 1)[1]) }
        #expect(Self.records(in: page) == expected)
        #expect(page.components(separatedBy: "<script>").count == 2)
        #expect(page.components(separatedBy: "<script type=\"application/json\" id=\"search-table\">").count == 2)
        #expect(page.contains("<a href=\"#s0\" data-s=\"0\" aria-label=\"ㄱ, 2\">ㄱ</a>"))
        #expect(page.contains("<span class=\"empty\" aria-disabled=\"true\" data-s=\"1\">ㄴ</span>"))
        let process = try runProcess(["--locale", "ko_KR", "--format", "html", path])
        #expect(process.status == 0 && process.stdoutText == page)
    }

    /// `--no-search-box`: the same rows without lookups, no query table, a smaller page;
    /// in memory and past the buffer alike.
    @Test(arguments: [[String](), ["--buffer-size", "100"]])
    func noSearchBox(spilling: [String]) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", Self.input.joined(separator: "\n") + "\n")
        let with = try runInProcess(["--locale", "ko_KR", "--format", "html"] + spilling + [path])
        let without = try runInProcess(["--locale", "ko_KR", "--format", "html", "--no-search-box"] + spilling + [path])
        #expect(with.status == 0 && without.status == 0, "\(without.stderr)")
        #expect(Self.records(in: without.stdoutText) == Self.records(in: with.stdoutText))
        #expect(with.stdoutText.contains("data-q=") && with.stdoutText.contains("id=\"search-table\""))
        #expect(!without.stdoutText.contains("data-q=") && !without.stdoutText.contains("search-table"))
        #expect(!without.stdoutText.contains("<input id=\"search\""))
        #expect(without.stdout.count < with.stdout.count)
    }

    @Test func writesAtomicallyWithDashO() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", "김민준\nSmith\n")
        let output = scratch.url.appendingPathComponent("index.html").path
        let result = try runInProcess(["--locale", "ko_KR", "--format", "html", "-o", output, path])
        #expect(result.status == 0 && result.stdout.isEmpty, "\(result.stderr)")
        let page = try String(contentsOfFile: output, encoding: .utf8)
        #expect(Self.records(in: page) == ["김민준", "Smith"])
        #expect(scratch.entries.sorted() == ["index.html", "names.txt"])
    }

    /// Past the buffer the page is streamed from the merged runs: every record once, in
    /// the in-memory order (SpilledOutputTests compares the bytes).
    @Test func htmlPastTheBufferHasEveryRecordOnce() throws {
        let scratch = try ScratchDirectory()
        let names = (0..<200).map { ["김민준", "Smith", "<b>박</b>", "山田"][$0 % 4] + "\($0)" }
        let path = try scratch.file("names.txt", names.joined(separator: "\n") + "\n")
        let result = try runInProcess(["--locale", "ko_KR", "--format", "html", "--buffer-size", "100", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.records(in: result.stdoutText).sorted() == names.sorted())
    }
}
