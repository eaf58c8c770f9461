import Foundation
import IndexedCollation
import Testing
import TextSupport

/// `collate --format table` on every Locales/ sample and on multi-column input in many
/// scripts: one display width per table, no raw control characters.
@Suite("Table output")
struct TableOutputTests {
    static let mixedColumns = [
        "김민준\t서울\t👨‍👩‍👧", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}\tNFD\t한글", "山田太郎\tやまだたろう\t東京",
        "สวัสดี\tเกษม\tน้ำ", "नमस्ते\tक्षत्रिय", "مُحَمَّد\tשָׁלוֹם\tAvraham", "e\u{301}cole\tÅngström\tZoë",
        "tab\u{7}bell\tesc\u{1B}[31mred\tdel\u{7F}", "rtl\u{202E}evil\tzero\u{200B}width", "Smith\t\t", "123\t1️⃣\t🇰🇷",
        String(repeating: "long cell ", count: 20) + "\tend",
    ].joined(separator: "\n") + "\n"

    func check(_ result: CLIResult, _ label: String) {
        #expect(result.status == 0, "\(label): \(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(!lines.isEmpty, "\(label)")
        let widths = Set(lines.map { TextMetrics.displayWidth(String($0)) })
        #expect(widths.count == 1, "\(label): widths \(widths)")
        #expect(!result.stdoutText.unicodeScalars.contains { ($0.value < 0x20 && $0.value != 0x0A) || (0x7F...0x9F).contains($0.value) }, "\(label)")
    }

    @Test(arguments: ["ko_KR", "ja_JP", "ar", "he_IL", "th_TH", "hi_IN", "en_US"])
    func multiColumnInputInManyScripts(locale: String) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("mixed.tsv", Self.mixedColumns)
        for width in ["40", "80", "132"] {
            check(try runInProcess(["--locale", locale, "--format", "table", "--field", "1", "--delimiter", "\t", "--width", width, path]), "\(locale) \(width)")
        }
        check(try runInProcess(["--locale", locale, "--format", "table", "--wrap", "--field", "1", "--delimiter", "\t", path]), "\(locale) wrap")
        check(try runInProcess(["--locale", locale, "--format", "columns", path]), "\(locale) columns")
    }

    /// Every language's letters (titles that are lone combining marks, conjuncts, RTL
    /// scripts) in a narrow table: one width per line. One test, not one per case, to
    /// stay fast over ~280 samples.
    @Test func everyLanguageSampleDrawsOneWidth() throws {
        let cases = GoldenCase.discover(includingGenerated: true)
        #expect(cases.count > 200)
        for golden in cases where (try Data(contentsOf: golden.input)).count > 0 {
            check(try runInProcess(golden.arguments + ["--format", "table", "--width", "60", golden.input.path]), golden.testDescription)
        }
    }

    @Test(arguments: GoldenCase.discover())
    func everyLocaleSample(_ golden: GoldenCase) throws {
        if (try Data(contentsOf: golden.input)).isEmpty {
            let result = try runInProcess(golden.arguments + ["--format", "table", golden.input.path])
            #expect(result.status == 0 && result.stdout.isEmpty)
            return
        }
        check(try runInProcess(golden.arguments + ["--format", "table", golden.input.path]), golden.testDescription)
    }

    @Test func pageShowsOnlyItsRows() throws {
        let path = Paths.locales.appendingPathComponent("ko_KR/names.txt").path
        let all = try runInProcess(["--locale", "ko_KR", "--format", "tsv", path]).stdoutText.split(separator: "\n")
        let page = try runInProcess(["--locale", "ko_KR", "--format", "tsv", "--page", "2", "--page-size", "5", path]).stdoutText.split(separator: "\n")
        #expect(Array(page) == Array(all[5..<10]))
        let beyond = try runInProcess(["--locale", "ko_KR", "--format", "tsv", "--page", "999", path])
        #expect(beyond.status == 0)
        #expect(beyond.stdout.isEmpty)
    }

    @Test func colorOnlyWhenAsked() throws {
        let path = Paths.locales.appendingPathComponent("sv_SE/names.txt").path
        let piped = try runInProcess(["--locale", "sv_SE", "--format", "plain", path])
        #expect(!piped.stdoutText.contains("\u{1B}["))
        let forced = try runInProcess(["--locale", "sv_SE", "--format", "plain", "--color", "always", path])
        #expect(forced.stdoutText.contains("\u{1B}[1m"))
    }
}
