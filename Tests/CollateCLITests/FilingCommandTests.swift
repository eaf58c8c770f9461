import Foundation
import Testing

@testable import CollateCLI

/// `--filing`, `--ignore-articles` and `--skip-leading-symbols` through the command: lines
/// and contacts, readings and SORT-AS still winning, the default as before, bad values.
@Suite struct FilingCommandTests {
    private func run(_ arguments: [String], _ name: String, _ text: String) throws -> CLIResult {
        let scratch = try ScratchDirectory()
        return try runInProcess(arguments + [try scratch.file(name, text)])
    }

    static let dutch = "Vincent van Gogh\nAnna Bakker\nDr. Anna Berg\nvan Gogh, Vincent\n"

    @Test func noneIsTheDefaultAndTodaysOrder() throws {
        let plain = try run(["-l", "nl_NL", "--format", "json"], "n.txt", Self.dutch)
        let none = try run(["-l", "nl_NL", "--format", "json", "--filing", "none"], "n.txt", Self.dutch)
        #expect(plain.status == 0 && none.status == 0)
        #expect(plain.stdout == none.stdout)
        #expect(plain.stdoutText.contains("\"title\": \"V\""))
    }

    @Test func linesFileByTheRegionsRule() throws {
        let netherlands = try run(["-l", "nl_NL", "--format", "tsv", "--filing", "locale"], "n.txt", Self.dutch)
        #expect(netherlands.stdoutText == "B\tAnna Bakker\nB\tDr. Anna Berg\nG\tvan Gogh, Vincent\nG\tVincent van Gogh\n")
        let belgium = try run(["-l", "nl_BE", "--format", "tsv", "--filing", "locale"], "n.txt", Self.dutch)
        #expect(belgium.stdoutText == "B\tAnna Bakker\nB\tDr. Anna Berg\nV\tvan Gogh, Vincent\nV\tVincent van Gogh\n")
    }

    @Test func contactsFileTheirFamilyNameAndSortAsWins() throws {
        let cards = """
            BEGIN:VCARD
            VERSION:4.0
            N:van Gogh;Vincent;;;
            FN:Vincent van Gogh
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            N;SORT-AS="Van Dijk,Anton":van Dijk;Anton;;;
            FN:Anton van Dijk
            END:VCARD
            BEGIN:VCARD
            VERSION:4.0
            N:García Márquez;Gabriel;;;
            FN:Gabriel García Márquez
            END:VCARD

            """
        let result = try run(["-l", "nl_NL", "--format", "tsv", "--filing", "locale"], "c.vcf", cards)
        #expect(result.status == 0, "\(result.stderr)")
        // van Gogh under G, shown as written; SORT-AS keeps Van Dijk under V; a family
        // name is never split (García Márquez under G).
        #expect(result.stdoutText == "G\tGabriel García Márquez\nG\tVincent van Gogh\nV\tAnton van Dijk\n")
    }

    @Test func titlesAndSymbols() throws {
        let titles = try run(["-l", "en", "--format", "tsv", "--ignore-articles"], "t.txt", "The Beatles\nAbbey Road\nA Day\n")
        #expect(titles.stdoutText == "A\tAbbey Road\nB\tThe Beatles\nD\tA Day\n")
        let symbols = try run(["-l", "en", "--format", "tsv", "--skip-leading-symbols"], "s.txt", "★Bob\n😀 Anna\nCarl\n")
        #expect(symbols.stdoutText == "A\t😀 Anna\nB\t★Bob\nC\tCarl\n")
    }

    @Test func filingChangesTheStamp() throws {
        let plain = try run(["-l", "nl_NL", "--format", "tsv", "--with-keys"], "n.txt", "Vincent van Gogh\n")
        let filed = try run(["-l", "nl_NL", "--format", "tsv", "--with-keys", "--filing", "locale"], "n.txt", "Vincent van Gogh\n")
        let stamp = { (result: CLIResult) in result.stdoutText.split(separator: "\t").dropFirst(2).first.map(String.init) }
        #expect(plain.status == 0 && filed.status == 0)
        #expect(stamp(plain) != nil && stamp(plain) != stamp(filed))
    }

    @Test func unknownFilingIsRefused() throws {
        let result = try run(["-l", "en", "--filing", "nl"], "n.txt", "Anna\n")
        #expect(result.status == 64)
        #expect(result.stderr.contains("'nl' is invalid for '--filing"), "\(result.stderr)")
    }
}

/// Every new option at its default reproduces the hand-written Locales suites byte for byte
/// (the goldens are today's output).
@Suite struct NewOptionsAtTheirDefaultsTests {
    static let folders: Set<String> = ["ko_KR", "ja_JP", "zh_CN", "de_DE", "nl", "sv_SE", "en_US", "ar", "fr_FR", "es_ES"]
    static let cases = ((try? LocaleTestCase.discover(root: Paths.locales.path)) ?? []).filter {
        folders.contains($0.folder) && !$0.arguments.contains { $0.hasPrefix("--filing") || $0 == "--ignore-articles" || $0 == "--skip-leading-symbols" }
    }

    @Test func casesWereFound() { #expect(Self.cases.count >= 25) }

    @Test(arguments: cases)
    func defaultsKeepTheGoldens(_ golden: LocaleTestCase) throws {
        let defaults = ["--filing", "none", "--sort-order", "family", "--other-section", "last"]
        let result = try runInProcess(golden.arguments + defaults + ["--format", "tsv", golden.inputPath])
        let expected = try #require(try LocaleTestCase.readFileIfPresent(golden.expectedPath("tsv")))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == expected)
    }
}
