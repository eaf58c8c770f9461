import IndexedCollation
import Foundation
import Testing
@testable import CollateCLI

/// The merge within the memory bound whatever the record size (issue 28, fault 1), and
/// the default bound under an address-space limit (fault 7).
@Suite("Merge memory and address-space limits")
struct MergeMemoryTests {
    /// Peak resident memory of one shell command in KiB, measured by GNU time (the
    /// process's own figure: other tests' children do not count).
    static func peakKilobytes(_ command: String) throws -> (result: CLIResult, kilobytes: Int) {
        let time = "/usr/bin/time"
        try #require(FileManager.default.isExecutableFile(atPath: time), "GNU time measures the peak")
        let scratch = try ScratchDirectory()
        let report = scratch.url.appendingPathComponent("rss").path
        let result = try runProcess([], shell: "\(time) -o '\(report)' -f %M \(command)")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        let kilobytes = try #require(text.split(separator: "\n").last.flatMap { Int($0) }, "\(text)")
        return (result, kilobytes)
    }

    /// Distinct lines of `length` bytes each.
    private func longLines(_ count: Int, length: Int) -> [UInt8] {
        var bytes = [UInt8]()
        bytes.reserveCapacity(count * (length + 8))
        for index in 0..<count {
            bytes += [UInt8](repeating: UInt8(ascii: "a") + UInt8(index % 26), count: length)
            bytes += Array("\(index)\n".utf8)
        }
        return bytes
    }

    /// Readers held buffers grown to the longest record they had seen: 20 lines of 2 MB
    /// with --buffer-size 12M took well over 100 MB; now the bound plus its fixed
    /// allowance (64 MB) holds, and the output is the in-memory one.
    @Test func longRecordsMergeWithinTheBound() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("long.txt", longLines(20, length: 2_000_000))
        let output = scratch.url.appendingPathComponent("out.tsv").path
        let (result, kilobytes) = try Self.peakKilobytes("COLLATE --format tsv --buffer-size 12M -o '\(output)' '\(input)'")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(kilobytes <= (12 + 64) * 1024, "peak \(kilobytes) KiB")
        let written = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(written.count == 20 * 2_000_000 + 20 * 2 + 10 + 20 * 2)  // title, tab, line, LF
    }

    /// A record too long to merge two of within the bound is refused with the size that
    /// would work, before the merge grows past it.
    @Test func aRecordTooLongToMergeIsOneClearError() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("long.txt", longLines(4, length: 2_500_000))
        let result = try runProcess(["--format", "tsv", "--buffer-size", "8M", input])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("collate: \(input):"), "\(result.stderr)")
        #expect(result.stderr.contains("too long to merge sorted runs within the memory bound (--buffer-size 8388608); give --buffer-size"))
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(result.stdout.isEmpty)
    }

    /// Runs of long records are merged fewer at a time, never fewer than two.
    @Test func fanInNarrowsForLongRecordsAndFewDescriptors() {
        let budget = SpillBudget(bytes: 8 << 20)
        #expect(budget.mergeFanIn(longest: 100, descriptorLimit: nil) == ExternalSort.mergeWidth)
        #expect(budget.mergeFanIn(longest: 5 << 20, descriptorLimit: nil) == 2)
        #expect(budget.mergeFanIn(longest: 100, descriptorLimit: 16) == 2)
        #expect(budget.mergeFanIn(longest: 100, descriptorLimit: 64) == 9)
        // Two readers and the writer of the longest spilled record fit the merge memory.
        let longest = budget.longestSpilledRecord
        #expect(2 * budget.readerMemory(longest: longest) + 2 * longest <= budget.mergeMemory)
        #expect(SpillBudget(bytes: SpillBudget.bytesToSpill(record: 5_000_000)).longestSpilledRecord >= 5_000_000)
    }

    /// Fault 7: under `ulimit -v 200000` the default bound was half the limit, leaving too
    /// little room for what the process maps anyway (some 70 MB) and its threads.
    @Test func defaultSizeLeavesRoomForTheProcessUnderAnAddressSpaceLimit() {
        let limit = 200_000 * 1024
        let size = SpillBudget.defaultSize(
            physical: 16 << 30, available: 8 << 30, data: nil, addressSpace: limit, residentSet: nil,
            addressSpaceInUse: 70 << 20, processors: 2)
        #expect(size <= 24 << 20)
        #expect(size >= 16 << 20)
        // Without a limit nothing changes.
        #expect(
            SpillBudget.defaultSize(
                physical: 16 << 30, available: 1 << 30, data: nil, addressSpace: nil, residentSet: nil, addressSpaceInUse: 70 << 20,
                processors: 2) == 2 << 30)
    }

    @Test func aSpilledRunUnderAnAddressSpaceLimitNeverAborts() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("in.txt", (0..<400_000).map { "name \($0)" }.joined(separator: "\n") + "\n")
        for _ in 0..<2 {
            let result = try runProcess([], shell: "ulimit -v 200000 && COLLATE --format tsv '\(input)' > /dev/null")
            #expect(result.status == 0, "\(result.stderr)")
        }
    }
}
