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
            // Compared here, so a failure names the first differing line, not megabytes.
            let difference = firstDifference(spilled.stdoutText, inMemory.stdoutText)
            #expect(difference == nil, "\(label) buffer \(buffer): \(difference ?? "")")
        }
    }

    /// The first line where two outputs differ, or nil when they are equal.
    func firstDifference(_ got: String, _ expected: String) -> String? {
        guard got != expected else { return nil }
        let gotLines = got.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let common = min(gotLines.count, expectedLines.count)
        let line = (0..<common).first { gotLines[$0] != expectedLines[$0] } ?? common
        let shown = { (lines: [Substring]) in line < lines.count ? String(lines[line].prefix(200)) : "<end>" }
        return "line \(line + 1): got \(shown(gotLines)), expected \(shown(expectedLines))"
    }

    static let pages = [["--page", "2", "--page-size", "3"], ["--page", "4", "--page-size", "1", "--reverse"], ["--page", "999"]]

    static let goldens = GoldenCase.discover()

    /// `count` of `combinations` for a golden case, the next ones for the next case
    /// (wrapping around): over the 56 cases every combination runs on several locales
    /// (``everyCombinationRunsOnSeveralLocales()``), for a third to a half of the processes
    /// of every combination on every case (where locales differ, in keys and sections, is
    /// not where formats and options differ).
    static func share<Option>(_ combinations: [Option], count: Int, for golden: GoldenCase) -> ArraySlice<Option> {
        let index = goldens.firstIndex { $0.testDescription == golden.testDescription } ?? 0
        let doubled = combinations + combinations
        let start = index * count % combinations.count
        return doubled[start..<start + min(count, combinations.count)]
    }

    @Test func everyCombinationRunsOnSeveralLocales() {
        #expect(Self.goldens.count >= 40)
        for (combinations, count) in [(18, 6), (9, 3), (4, 2)] {
            var runs = [Int](repeating: 0, count: combinations)
            for golden in Self.goldens {
                for combination in Self.share(Array(0..<combinations), count: count, for: golden) { runs[combination] += 1 }
            }
            #expect(runs.allSatisfy { $0 >= 10 }, "\(runs)")
        }
    }

    /// Every pair of two lists.
    static func pairs<A, B>(_ first: [A], _ second: [B]) -> [(A, B)] { first.flatMap { a in second.map { (a, $0) } } }

    @Test(arguments: goldens)
    func pagesOfSpilledRunsAreThePagesInMemory(_ golden: GoldenCase) throws {
        let formats = ["tsv", "json", "plain", "table", "markdown", "columns"]
        for (format, page) in Self.share(Self.pairs(formats, Self.pages), count: 6, for: golden) {
            try expectSameOutput(
                golden.arguments + ["--format", format] + page + [golden.input.path], buffers: ["64"], "\(golden.testDescription) \(format) \(page)")
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
    /// runs; a page of any size is staged on disk, not held.
    @Test func largePagesAreStaged() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("many.txt", (0..<60_000).map { "이서연\($0 % 977) 김\($0)" }.joined(separator: "\n") + "\n")
        for page in [["--page", "400", "--page-size", "100"], ["--page", "1", "--page-size", "60000"]] {
            for format in ["table", "columns"] {
                try expectSameOutput(["--locale", "ko_KR", "--format", format] + page + [path], buffers: ["64K"], "\(format) \(page)")
            }
        }
    }

    /// table, markdown and columns of every record: widths measured while the runs are
    /// written, rows drawn as the merge gives them (columns through one file per column).
    @Test(arguments: goldens)
    func drawnLayoutsOfSpilledRunsAreTheLayoutsInMemory(_ golden: GoldenCase) throws {
        let extras = [[], ["--reverse", "--counts"], ["--width", "36", "--wrap", "--ascii"]]
        for (format, extra) in Self.share(Self.pairs(["table", "markdown", "columns"], extras), count: 3, for: golden) {
            try expectSameOutput(
                golden.arguments + ["--format", format] + extra + [golden.input.path], buffers: ["64"],
                "\(golden.testDescription) \(format) \(extra)")
        }
    }

    /// Several columns per record in many scripts, with escapes, bidi text and cells too
    /// wide for the table; colour and ambiguous widths.
    @Test func drawnLayoutsKeepEveryOption() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("mixed.tsv", TableOutputTests.mixedColumns)
        for format in ["table", "markdown", "columns"] {
            for options in [["--field", "1", "--delimiter", "\t", "--width", "40"], ["--field", "2", "--delimiter", "\t", "--wrap"],
                            ["--color", "always", "--ambiguous-wide", "--width", "132"], ["--width", "10", "--counts"]] {
                try expectSameOutput(["--locale", "ko_KR", "--format", format] + options + [path], buffers: ["1", "300"], "\(format) \(options)")
            }
        }
    }

    /// A phone book of many sections and runs: blocks flow into columns kept in
    /// separate files and joined line by line.
    @Test func columnsOfManySectionsAndRuns() throws {
        let scratch = try ScratchDirectory()
        let names = ["김", "나", "다", "라", "마", "Smith", "Åsa", "山田", "123", "바", "사"]
        let path = try scratch.file("book.txt", (0..<20_000).map { "\(names[$0 * 7 % names.count])\($0 % 101)" }.joined(separator: "\n") + "\n")
        for width in ["20", "80", "300"] {
            try expectSameOutput(["--locale", "ko_KR", "--format", "columns", "--width", width, path], buffers: ["64K"], "columns \(width)")
        }
    }

    /// `--format html` past the buffer: the page written as the merge gives the records,
    /// from the section counts and the widest record's columns counted while the runs were
    /// written (or, with `-u`, over the records kept).
    @Test(arguments: goldens)
    func htmlPagesOfSpilledRunsAreThePagesInMemory(_ golden: GoldenCase) throws {
        for extra in Self.share([[], ["--reverse", "--counts"], ["-u"], ["--reverse", "-u"]], count: 2, for: golden) {
            try expectSameOutput(
                golden.arguments + ["--format", "html"] + extra + [golden.input.path], buffers: ["64"], "\(golden.testDescription) html \(extra)")
        }
    }

    /// Pages large enough for lazily laid-out blocks, records of several columns (tables,
    /// short rows spanning the rest), markup in the data, and `-u` dropping the widest record.
    @Test func largeHTMLPagesWithColumns() throws {
        let scratch = try ScratchDirectory()
        let names = ["김", "나", "Smith", "Åsa", "山田", "<script>x</script>", "a&b"]
        var lines = (0..<6_000).map { index in
            index % 3 == 0 ? "\(names[index % names.count])\(index % 89)" : "\(names[index % names.count])\(index % 89),\(index),\"q\""
        }
        lines += ["김0,1,2,3,4,5", "김0"]  // -u keeps the first 김0, drops the six-column one
        let path = try scratch.file("book.txt", lines.joined(separator: "\n") + "\n")
        for options in [[], ["--delimiter", ",", "--field", "1"], ["--delimiter", ",", "--field", "1", "-u"], ["--counts", "--reverse"]] {
            try expectSameOutput(["--locale", "ko_KR", "--format", "html"] + options + [path], buffers: ["16K"], "html \(options)")
        }
        let page = try runInProcess(["--buffer-size", "16K", "--locale", "ko_KR", "--format", "html", "--delimiter", ",", "--field", "1", path])
        #expect(page.stdoutText.contains("content-visibility") && page.stdoutText.contains("colspan=\"6\""))
        #expect(page.stdoutText.contains("&lt;script&gt;x&lt;/script&gt;") && !page.stdoutText.contains("<script>x"))
    }

    /// Storage keys past the buffer: runs carry each record's global position (plus
    /// --position-offset) in their keys, and the merge prints them as they are.
    @Test(arguments: goldens)
    func storageKeysAndCSVOfSpilledRunsAreTheKeysInMemory(_ golden: GoldenCase) throws {
        let formats = [["tsv", "--with-keys"], ["csv", "--with-keys"], ["csv"]]
        let extras = [[], ["--reverse"], ["--position-offset", "70000", "--page", "2", "--page-size", "5"]]
        for (format, extra) in Self.share(Self.pairs(formats, extras), count: 3, for: golden) {
            try expectSameOutput(
                golden.arguments + ["--format"] + format + extra + [golden.input.path], buffers: ["64"],
                "\(golden.testDescription) \(format) \(extra)")
        }
    }

    /// Several keys, readings (tie keys) and positions wider than two bytes, over many runs
    /// merged in tiers.
    @Test func storageKeysSurviveTieredMerges() throws {
        let scratch = try ScratchDirectory()
        let names = ["김민준\tㄱ", "金民俊\tㄱ", "이서연\t", "Smith\tS", "smith\tS", "까치\t", "Åsa\tA"]
        let path = try scratch.file("keys.tsv", (0..<70_000).map { "\(names[$0 % names.count])\t\($0 % 13)" }.joined(separator: "\n") + "\n")
        for keys in [["-k1", "-k3", "-t", "\t"], ["--field", "1", "--reading-field", "2", "--delimiter", "\t"]] {
            for extra in [[], ["--reverse", "--position-offset", "16777210"]] {
                try expectSameOutput(["--locale", "ko_KR", "--format", "tsv", "--with-keys"] + keys + extra + [path], buffers: ["128K"], "\(keys) \(extra)")
            }
        }
        let unkeyed = try runInProcess(["--locale", "ko_KR", "--format", "tsv", "--buffer-size", "256K", path])
        let keyed = try runInProcess(["--locale", "ko_KR", "--format", "tsv", "--with-keys", "--buffer-size", "256K", path])
        // Same records in the same order; the keys' stamp and hex are the only additions.
        let keyedRecords: [Substring] = keyed.stdoutText.split(separator: "\n").map { $0.split(separator: "\t", maxSplits: 3)[3] }
        let records: [Substring] = unkeyed.stdoutText.split(separator: "\n").map { $0.split(separator: "\t", maxSplits: 1)[1] }
        #expect(keyedRecords.count == 70_000)
        #expect(keyedRecords == records)
    }

    /// NUL-terminated records (`-z`) are cut into pieces at NULs: records holding line
    /// feeds and CRs, empty records, a leading BOM (dropped) and a later one (data), no
    /// final NUL; tsv rows end in NUL as in memory.
    @Test func zeroTerminatedRecordsSpill() throws {
        let scratch = try ScratchDirectory()
        var bytes = [UInt8](Array("\u{FEFF}김민준\0Smith\nJones\0이서연\0\0a\r\nb\0Åsa\0\u{FEFF}x\0".utf8))
        for index in 0..<300 { bytes += Array("까치 \(index % 17)\n둘째 줄\0".utf8) }
        bytes += Array("끝".utf8)
        let path = try scratch.file("records.bin", bytes)
        for format in [["tsv"], ["json"], ["plain"], ["table"], ["csv"], ["tsv", "--with-keys"]] {
            for extra in [[], ["--reverse", "--page", "3", "--page-size", "40"]] {
                try expectSameOutput(["--locale", "ko_KR", "-z", "--format"] + format + extra + [path], buffers: ["1", "600"], "\(format) \(extra)")
            }
        }
        let tsv = try runInProcess(["--locale", "ko_KR", "-z", "--format", "tsv", "--buffer-size", "600", path])
        #expect(tsv.stdout.filter { $0 == 0 }.count == 308)
        #expect(tsv.stdoutText.contains("Smith\nJones\0"))
    }

    /// Invalid UTF-8 in a later piece of -z input: the same error, naming the record and
    /// its offset, as in memory; with --invalid replace the same repaired output.
    @Test func invalidBytesInZeroTerminatedPiecesNameTheRecord() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("bad.bin", Array(String(repeating: "name\0", count: 50).utf8) + [0x61, 0xFF, 0x00, 0x62, 0x00])
        let inMemory = try runInProcess(["-z", "--format", "tsv", path])
        let spilled = try runInProcess(["-z", "--format", "tsv", "--buffer-size", "20", path])
        #expect(spilled.status == 1)
        #expect(spilled.stderr == inMemory.stderr)
        #expect(spilled.stderr.contains("bad.bin:51: invalid UTF-8 (byte 0xFF) at byte 1 of the line (offset 251 in the file)"), "\(spilled.stderr)")
        #expect(spilled.stdout.isEmpty)
        try expectSameOutput(["-z", "--invalid", "replace", "--format", "tsv", path], buffers: ["20"], "replace")
    }

    /// `-u` keeps the first of records equal at the strength across runs too (each run
    /// only knows its own), with counts and widths of the records kept; with storage
    /// keys the positions are left out of the comparison.
    @Test func uniqueRecordsAcrossRuns() throws {
        let scratch = try ScratchDirectory()
        let words = ["a", "A", "á", "b", "B", "김", "KIM", "kim", "까치", "가"]
        var generator = SystemRandomNumberGenerator()
        let lines = (0..<3_000).map { _ in (0..<3).map { _ in words.randomElement(using: &generator) ?? "a" }.joined(separator: ",") }
        let path = try scratch.file("u.txt", lines.joined(separator: "\n") + "\n")
        for keys in [[], ["-k1", "-k2", "-t", ","], ["--field", "1", "--reading-field", "2", "--delimiter", ","]] {
            for strength in [["--strength", "primary"], ["--reverse", "--strength", "secondary"]] {
                for format in [["tsv", "--with-keys"], ["plain", "--counts"], ["table", "--counts"]] {
                    try expectSameOutput(
                        ["--locale", "ko_KR", "-u", "--format"] + format + keys + strength + [path], buffers: ["2K"], "\(format) \(keys) \(strength)")
                }
            }
        }
        // Six classes of words equal at the primary strength: at most 6³ lines are kept.
        try expectSameOutput(["--locale", "ko_KR", "-u", "--strength", "primary", "--format", "tsv", path], buffers: ["1"], "one-line runs")
        let kept = try runInProcess(["--locale", "ko_KR", "-u", "--strength", "primary", "--format", "tsv", "--buffer-size", "1", path])
        #expect((150...216).contains(kept.stdoutText.split(separator: "\n").count))
    }

    /// A record whose reading is its own text sorts equal to the same text without a
    /// reading: `-u` keeps only the first of them, in memory as in spilled runs.
    @Test func uniqueTreatsAReadingEqualToTheTextAsNoReading() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("r.txt", "가\t가\n가\t\n나\t\n가\t가\n나\t나\n다\t라\n")
        let arguments = ["--locale", "ko_KR", "-u", "--field", "1", "--reading-field", "2", "--format", "tsv", path]
        try expectSameOutput(arguments, buffers: ["1", "8"], "reading equal to text")
        let kept = try runInProcess(arguments)
        #expect(kept.status == 0)
        #expect(kept.stdoutText.split(separator: "\n").count == 3, "\(kept.stdoutText)")
    }
}
