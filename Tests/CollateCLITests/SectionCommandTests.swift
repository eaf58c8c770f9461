import Foundation
import Testing

/// `--pin`, `--pin-title`, `--pin-copy` and `--other-section` through the command, in
/// memory and spilled, and their refusals.
@Suite struct SectionCommandTests {
    private func run(_ arguments: [String], _ name: String, _ text: String) throws -> CLIResult {
        let scratch = try ScratchDirectory()
        return try runInProcess(arguments + [try scratch.file(name, text)])
    }

    static let csv = "name,starred\nZoe,yes\nAnna,\nBob,true\nCarl,no\n123,\n"

    @Test func pinnedRecordsComeFirst() throws {
        let result = try run(["-l", "en", "--format", "tsv", "--pin", "starred"], "p.csv", Self.csv)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == "★\tBob\n★\tZoe\nA\tAnna\nC\tCarl\n#\t123\n")
    }

    @Test func pinCopyAndTitle() throws {
        let result = try run(["-l", "en", "--format", "tsv", "--pin", "starred", "--pin-copy", "--pin-title", "Favs"], "p.csv", Self.csv)
        #expect(result.stdoutText == "Favs\tBob\nFavs\tZoe\nA\tAnna\nB\tBob\nC\tCarl\nZ\tZoe\n#\t123\n")
        let json = try run(["-l", "en", "--format", "json", "--pin", "starred", "--pin-title", "Favs"], "p.csv", Self.csv)
        #expect(json.stdoutText.contains("\"indexTitles\": [\n    \"Favs\",\n    \"A\","))
    }

    @Test func pinByValueInVCardsAndJSONLines() throws {
        let cards = """
            BEGIN:VCARD
            VERSION:3.0
            FN:Zoe
            CATEGORIES:friends,favorites
            END:VCARD
            BEGIN:VCARD
            VERSION:3.0
            FN:Anna
            CATEGORIES:work
            END:VCARD

            """
        let vcard = try run(["-l", "en", "--format", "tsv", "--pin", "CATEGORIES=Favorites"], "c.vcf", cards)
        #expect(vcard.stdoutText == "★\tZoe\nA\tAnna\n")
        let missing = try run(["-l", "en", "--format", "tsv", "--pin", "X-STARRED"], "c.vcf", cards)
        #expect(missing.status == 0 && missing.stdoutText == "A\tAnna\nZ\tZoe\n")  // no card has it: nothing pinned
        let lines = "{\"n\":\"Zoe\",\"s\":true}\n{\"n\":\"Anna\",\"s\":false}\n"
        let jsonl = try run(["-l", "en", "--format", "tsv", "--key", "n", "--pin", "s"], "p.jsonl", lines)
        #expect(jsonl.stdoutText == "★\tZoe\nA\tAnna\n")
    }

    @Test func otherSectionFirst() throws {
        let result = try run(["-l", "en", "--format", "tsv", "--other-section", "first"], "p.csv", Self.csv)
        #expect(result.stdoutText == "#\t123\nA\tAnna\nB\tBob\nC\tCarl\nZ\tZoe\n")
        let lines = try run(["-l", "en", "--format", "tsv", "--other-section", "first"], "n.txt", "Bob\n42\nAnna\n")
        #expect(lines.stdoutText == "#\t42\nA\tAnna\nB\tBob\n")
        let last = try run(["-l", "en", "--format", "tsv", "--other-section", "last"], "n.txt", "Bob\n42\nAnna\n")
        let plain = try run(["-l", "en", "--format", "tsv"], "n.txt", "Bob\n42\nAnna\n")
        #expect(last.stdout == plain.stdout)
    }

    @Test func spilledRunsAgreeWithMemory() throws {
        var csv = "name,starred\n"
        for index in 0..<30_000 { csv += "\(["Anna", "Bob", "Zoe", "123", "김"][index % 5])\(index),\(index % 7 == 0 ? "yes" : "")\n" }
        for extra in [["--pin", "starred"], ["--pin", "starred", "--pin-copy"], ["--other-section", "first"]] {
            let memory = try run(["-l", "en", "--format", "tsv"] + extra, "big.csv", csv)
            let spilled = try run(["-l", "en", "--format", "tsv", "--buffer-size", "512K"] + extra, "big.csv", csv)
            #expect(memory.status == 0 && spilled.status == 0, "\(spilled.stderr)")
            #expect(memory.stdout == spilled.stdout, "\(extra)")
        }
    }

    @Test func htmlIndexHasAMagnifierWithTheSearchBox() throws {
        let page = try run(["-l", "en", "--format", "html"], "n.txt", "Anna\nBob\n")
        #expect(page.status == 0)
        let text = page.stdoutText
        let magnifier = try #require(text.range(of: "<li id=\"index-search\" hidden><a href=\"#find\" aria-label=\"Search\">"))
        // Above the letters, and the script that shows it focuses the box.
        #expect(magnifier.lowerBound < (text.range(of: "href=\"#s0\"")?.lowerBound ?? text.startIndex))
        #expect(text.contains("getElementById('index-search')"))
        let bare = try run(["-l", "en", "--format", "html", "--no-search-box"], "n.txt", "Anna\nBob\n")
        #expect(bare.status == 0 && !bare.stdoutText.contains("id=\"index-search\""))
    }

    @Test(arguments: [
        (["--pin", "nope"], "p.csv", "no column 'nope' for --pin"),
        (["--pin-copy"], "p.csv", "--pin-copy copies the records of --pin"),
        (["--pin-title", "X"], "p.csv", "--pin-title names the section of --pin"),
        (["--pin", "starred", "--pin-title", "#"], "p.csv", "--pin-title must be a title of its own"),
        (["--pin", "starred", "--reverse"], "p.csv", "--pin puts a section first"),
        (["--pin", "="], "p.csv", "'=' is invalid for '--pin"),
        (["--other-section", "middle"], "p.csv", "'middle' is invalid for '--other-section"),
        (["--other-section", "first", "--style", "icu"], "p.csv", "--style icu keeps ICU's own buckets"),
        (["--pin", "x"], "n.txt", "lines have no fields"),
    ])
    func badUsesAreRefused(arguments: [String], file: String, message: String) throws {
        let result = try run(["-l", "en"] + arguments, file, Self.csv)
        #expect(result.status != 0)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
