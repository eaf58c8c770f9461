import Foundation
import Testing

@testable import CollateCLI

/// Records with many distinct fields past the buffer (issue 39, fault 9): the table of
/// column names is counted in the bound, csv rows carry only their own values, and a csv
/// header too large for the bound is one clear error.
@Suite("Column names within the memory bound")
struct ColumnTableMemoryTests {
    /// JSON Lines, each record with a key of its own (and a shared `name`).
    static func distinctKeys(_ count: Int, distinct: Int) -> String {
        (0..<count).map { index in
            "{\"name\": \"n\(index % 977)\", \"a-rather-long-property-name-\(String(index % distinct))\": \"v\(index)\"}\n"
        }.joined()
    }

    /// 400,000 distinct keys: the table of their names took some 90 MB beside an 8 MB
    /// bound (1M keys: 129 MB); now only the first few are kept for messages.
    @Test func manyDistinctKeysKeepTheBound() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("keys.jsonl", Self.distinctKeys(400_000, distinct: 400_000))
        let output = scratch.url.appendingPathComponent("out.tsv").path
        let (result, kilobytes) = try MergeMemoryTests.peakKilobytes(
            "COLLATE --input-format jsonl --key name --format tsv --buffer-size 8M -o '\(output)' '\(input)'")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(kilobytes <= (8 + 64) * 1024, "peak \(kilobytes) KiB")
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 400_000)
    }

    /// csv output past the buffer: the same bytes as in memory, with thousands of columns
    /// (each row carried with its own values only, the empty fields added when written).
    @Test func csvOfManyColumnsSpilledIsTheInMemoryCSV() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("keys.jsonl", Self.distinctKeys(12_000, distinct: 2_000))
        let arguments = ["--input-format", "jsonl", "--key", "name", "--format", "csv", input]
        let inMemory = try runProcess(arguments)
        let spilled = try runProcess(["--buffer-size", "2M"] + arguments)
        #expect(inMemory.status == 0 && spilled.status == 0, "\(spilled.stderr)")
        let header = inMemory.stdoutText.prefix { $0 != "\r\n" }
        #expect(header.split(separator: ",").count == 2_002)
        #expect(spilled.stdout.count == inMemory.stdout.count)
        #expect(spilled.stdout == inMemory.stdout)
    }

    /// A csv header whose names take more than a quarter of the bound: one clear error,
    /// nothing written.
    @Test func aCSVHeaderTooLargeForTheBoundIsOneClearError() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("keys.jsonl", Self.distinctKeys(200_000, distinct: 200_000))
        let result = try runProcess(["--input-format", "jsonl", "--key", "name", "--format", "csv", "--buffer-size", "8M", input])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("collate: \(input): the records have "), "\(result.stderr)")
        #expect(result.stderr.contains("distinct fields"))
        #expect(result.stderr.contains("give a larger --buffer-size"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }
}
