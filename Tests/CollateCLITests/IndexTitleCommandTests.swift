import Foundation
import Testing

/// `--add-labels`, `--labels none`, `--max-titles` and `--index-titles` on the command line
/// (the library side is in IndexedCollationTests' SectionIndexTests and the ICU expectations).
@Suite("Index labels and titles on the command line")
struct IndexTitleCommandTests {
    static let schSt = "Adelbert\nAfrika\nÆsculap\nAesthet\nBerlin\nRilke\nSacher\nSeiler\nSultan\nSchiller\nSteiff\nThomas\n"

    /// ICU's TestSchSt as the issue states it: Sch, St and Æ are sections of their own.
    @Test func addLabelsLikeICU() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", Self.schSt)
        let result = try runInProcess(["--locale", "de", "--style", "icu", "--add-labels", "[Æ{Sch*}{St*}]", "--format", "tsv", path])
        #expect(result.status == 0)
        let titles = Dictionary(
            result.stdoutText.split(separator: "\n").map { line in
                let parts = line.split(separator: "\t", maxSplits: 1).map(String.init)
                return (parts[1], parts[0])
            }, uniquingKeysWith: { first, _ in first })
        #expect(titles["Schiller"] == "Sch")
        #expect(titles["Steiff"] == "St")
        #expect(titles["Æsculap"] == "Æ")
        #expect(titles["Aesthet"] == "Æ")
        #expect(titles["Sacher"] == "S")
        #expect(titles["Thomas"] == "T")
    }

    @Test func noLabelsIsOneSection() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", "西\ni\nα\n")
        let plain = try runInProcess(["--locale", "und", "--labels", "none", "--format", "json", path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(plain.stdout)) as? [String: Any])
        #expect(json["indexTitles"] as? [String] == ["#"])
        let icu = try runInProcess(["--locale", "und", "--labels", "none", "--style", "icu", "--format", "tsv", path])
        #expect(Set(icu.stdoutText.split(separator: "\n").map { $0.split(separator: "\t")[0] }) == ["…"])
        #expect(icu.stdoutText.split(separator: "\n").count == 3)
    }

    /// A 9-language index folded to 30 titles: records and order unchanged, at most 30
    /// titles, every section reachable from a title at or before it.
    @Test func maxTitlesFoldsOnlyTheIndex() throws {
        let scratch = try ScratchDirectory()
        let input = try String(contentsOf: Paths.locales.appendingPathComponent("en_US/phone-languages.txt"), encoding: .utf8)
        let path = try scratch.file("names.txt", input)
        let base = ["--locale", "en", "--also", "ja,ko,zh_TW,ru,el,he,ar,th", "--format", "json", path]
        let plain = try runInProcess(base)
        let folded = try runInProcess(base + ["--max-titles", "30"])
        #expect(plain.status == 0 && folded.status == 0)
        let before = try #require(try JSONSerialization.jsonObject(with: Data(plain.stdout)) as? [String: Any])
        let after = try #require(try JSONSerialization.jsonObject(with: Data(folded.stdout)) as? [String: Any])
        #expect(before["sectionIndex"] == nil)
        #expect((before["sections"] as? NSArray) == (after["sections"] as? NSArray))
        #expect(before["indexTitles"] as? [String] == after["indexTitles"] as? [String])
        let allTitles = try #require(after["indexTitles"] as? [String])
        let shown = try #require(after["sectionIndexTitles"] as? [String])
        let index = try #require(after["sectionIndex"] as? [[String: Any]])
        #expect(allTitles.count > 100)
        #expect(shown.count <= 30 && shown.count == index.count)
        let targets = index.compactMap { $0["section"] as? Int }
        #expect(targets.first == 0 && targets == targets.sorted())
        for entry in index where entry["title"] as? String != "•" {
            #expect(entry["title"] as? String == entry["sectionTitle"] as? String)
        }
        let counts = index.compactMap { $0["count"] as? Int }
        #expect(counts.reduce(0, +) == input.split(separator: "\n", omittingEmptySubsequences: false).dropLast().count)
        // Tables show the folded titles.
        let table = try runInProcess(Array(base.dropLast(3)) + ["--max-titles", "30", "--format", "markdown", path])
        #expect(table.stdoutText.hasPrefix("**Index:** A "))
        #expect(table.stdoutText.contains("•"))
    }

    /// A `•` that stands for titles with records is drawn as a title with records and, on
    /// the HTML page, links to the first of them; one that stands for empty titles only is
    /// drawn empty.
    @Test func bulletsLeadToTheRecordsTheyStandFor() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", "apple\nbanana\ncherry\ndate\nzebra\n1\n")
        let plain = try runInProcess(["--locale", "en", "--format", "plain", "--max-titles", "3", path])
        #expect(plain.stdoutText.hasPrefix("Index: A • #\n"), "\(plain.stdoutText)")
        let page = try runInProcess(["--locale", "en", "--format", "html", "--max-titles", "3", path]).stdoutText
        // Sections on the page: A s0, B s1, C s2, D s3, Z s4, # s5; the `•` reads out the
        // records of B to Z.
        #expect(page.contains("<a href=\"#s1\" data-s=\"1\" aria-label=\"•, 4\">•</a>"), "\(page.prefix(4000))")
        let sparse = try scratch.file("sparse.txt", "apple\nzebra\n")
        for format in ["plain", "markdown"] {
            let drawn = try runInProcess(["--locale", "en", "--format", format, "--max-titles", "5", sparse]).stdoutText
            #expect(drawn.split(separator: "\n").first?.hasSuffix("A [•] [N] • [\(format == "markdown" ? "\\" : "")#]") == true, "\(drawn)")
        }
        let sparsePage = try runInProcess(["--locale", "en", "--format", "html", "--max-titles", "5", sparse]).stdoutText
        #expect(sparsePage.contains("<span class=\"empty\" aria-disabled=\"true\" data-s=\"1\">•</span>"))
        #expect(sparsePage.contains("<a href=\"#s1\" data-s=\"1\" aria-label=\"•, 1\">•</a>"))
    }

    /// Past --buffer-size every format writes the same folded index as in memory.
    @Test(arguments: ["json", "plain", "table", "markdown", "columns", "html"])
    func spilledOutputFoldsAlike(format: String) throws {
        let scratch = try ScratchDirectory()
        let input = try String(contentsOf: Paths.locales.appendingPathComponent("en_US/phone-languages.txt"), encoding: .utf8)
        let path = try scratch.file("names.txt", input)
        let arguments = ["--locale", "en", "--also", "ja,ko,ru", "--max-titles", "9", "--format", format, "--width", "60", path]
        let inMemory = try runInProcess(arguments)
        let spilled = try runInProcess(["--buffer-size", "700"] + arguments)
        #expect(inMemory.status == 0 && spilled.status == 0, "\(spilled.stderr)")
        #expect(inMemory.stdoutText.contains("•"))
        #expect(spilled.stdoutText == inMemory.stdoutText)
    }

    @Test func nonEmptyTitlesOnly() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", "Adam\nAnna\nDora\n42\n")
        let result = try runInProcess(["--locale", "en", "--index-titles", "nonempty", "--format", "json", path])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        #expect(json["sectionIndexTitles"] as? [String] == ["A", "D", "#"])
        #expect((json["sectionIndex"] as? [[String: Any]])?.compactMap { $0["count"] as? Int } == [2, 1, 1])
    }

    /// Bad values are usage errors (exit 64) whose message names the option; as a process too.
    @Test(arguments: [
        (["--add-labels", "[Æ"], "--add-labels"), (["--add-labels", "[]"], "--add-labels"), (["--labels", "some"], "--labels"),
        (["--max-titles", "0"], "--max-titles"), (["--max-titles", "many"], "--max-titles"), (["--index-titles", "few"], "--index-titles"),
    ])
    func badValuesAreUsageErrors(arguments: [String], option: String) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", "Adam\n")
        let result = try runProcess(["--locale", "de"] + arguments + [path])
        #expect(result.status == 64)
        #expect(result.stderr.contains(option))
        #expect(result.stdout.isEmpty)
    }

    @Test func helpExplainsEveryNewOption() throws {
        let help = try runProcess(["--help"])
        for option in ["--add-labels", "--labels", "--max-titles", "--index-titles"] {
            #expect(help.stdoutText.contains(option), "\(option)")
        }
    }
}
