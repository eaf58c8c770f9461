import Foundation
@testable import CollateCLI
import Testing

/// What spilled runs write besides tsv, json and plain: pages, storage keys, csv and the
/// drawn layouts. Each is compared byte for byte with the in-memory output of the same
/// command, with buffers small enough that every sample spills into many runs.
@Suite("Spilled output (--buffer-size)")
struct SpilledOutputTests {
    /// `arguments` run in memory and with each of `buffers`: same status, same bytes.
    func expectSameOutput(_ arguments: [String], buffers: [String] = ["1", "700"], _ label: String) throws {
        let inMemory = try runInProcess(arguments)
        #expect(inMemory.status == 0, "\(label): \(inMemory.stderr)")
        for buffer in buffers {
            let spilled = try runInProcess(["--buffer-size", buffer] + arguments)
            #expect(spilled.status == 0, "\(label) buffer \(buffer): \(spilled.stderr)")
            #expect(spilled.stdout == inMemory.stdout, "\(label) buffer \(buffer)")
        }
    }

    static let pages = [["--page", "2", "--page-size", "3"], ["--page", "4", "--page-size", "1", "--reverse"], ["--page", "999"]]

    @Test(arguments: GoldenCase.discover())
    func pagesOfSpilledRunsAreThePagesInMemory(_ golden: GoldenCase) throws {
        for format in ["tsv", "json", "plain", "table", "markdown", "columns"] {
            for page in Self.pages {
                try expectSameOutput(
                    golden.arguments + ["--format", format] + page + [golden.input.path], buffers: ["64"], "\(golden.testDescription) \(format) \(page)")
            }
        }
    }

    /// Columns and counts of a page (widths measured over the page's rows only).
    @Test func pagesKeepTheLayoutOptions() throws {
        let path = Paths.locales.appendingPathComponent("ja_JP/readings.tsv").path
        for format in ["table", "markdown", "columns", "plain"] {
            for options in [["--counts", "--width", "30", "--wrap"], ["--field", "1", "--reading-field", "2", "--delimiter", "\t", "--ascii"]] {
                try expectSameOutput(["--locale", "ja_JP", "--format", format, "--page", "2", "--page-size", "4"] + options + [path], "\(format) \(options)")
            }
        }
    }

    /// A page is found by reading past the records before it, whatever their number of
    /// runs; a page larger than the memory bound allows is refused, naming the remedy.
    @Test func largePagesAreBoundedOrRefused() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("many.txt", (0..<60_000).map { "이서연\($0 % 977) 김\($0)" }.joined(separator: "\n") + "\n")
        try expectSameOutput(["--locale", "ko_KR", "--format", "table", "--page", "400", "--page-size", "100", path], buffers: ["64K"], "page 400")
        let huge = try runInProcess(["--locale", "ko_KR", "--format", "table", "--page", "1", "--page-size", "60000", "--buffer-size", "64K", path])
        #expect(huge.status == 1)
        #expect(huge.stderr.contains("--page-size"), "\(huge.stderr)")
        #expect(huge.stdout.isEmpty)
    }
}
