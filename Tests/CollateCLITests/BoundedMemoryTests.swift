import IndexedCollation
import Foundation
import Testing
import SystemPackage
@testable import CollateCLI

/// `--buffer-size` bounds the process: pieces sized by the memory model, GNU sort's
/// default, endless or binary inputs refused at once, spilling faults, and the progress
/// display's decision.
@Suite("Bounded memory (--buffer-size)")
struct BoundedMemoryTests {
    @Test func defaultSizeFollowsGNUSort() {
        let gib = 1 << 30
        // max(free, physical / 8), at most 3/4 of physical memory.
        #expect(SpillBudget.defaultSize(physical: 16 * gib, available: gib, data: nil, addressSpace: nil, residentSet: nil) == 2 * gib)
        #expect(SpillBudget.defaultSize(physical: 16 * gib, available: 14 * gib, data: nil, addressSpace: nil, residentSet: nil) == 12 * gib)
        // Half the data / address-space limits, 15/16 of the resident-set limit.
        #expect(SpillBudget.defaultSize(physical: 16 * gib, available: 8 * gib, data: 4 * gib, addressSpace: nil, residentSet: nil) == 2 * gib)
        #expect(SpillBudget.defaultSize(physical: 16 * gib, available: 8 * gib, data: nil, addressSpace: nil, residentSet: gib) == gib / 16 * 15)
        // Never below 16 MiB.
        #expect(SpillBudget.defaultSize(physical: 1 << 20, available: 0, data: nil, addressSpace: nil, residentSet: nil) == 16 << 20)
    }

    @Test func piecesFitTheBudget() throws {
        let scratch = try ScratchDirectory()
        let text = (0..<20_000).map { "김민준\($0)" }.joined(separator: "\n") + "\n"
        let path = try scratch.file("in.txt", text)
        let budget = SpillBudget(bytes: 400_000)
        let reader = try ChunkReader(path: path, budget: budget)
        var pieces = 0
        var lines = 0
        while let piece = try reader.next() {
            pieces += 1
            lines += piece.lineCount
            #expect(SpillBudget.cost(bytes: piece.bytes.count, lines: piece.lineCount) <= budget.pieceBudget)
            #expect(piece.bytes.last == 0x0A)
        }
        #expect(lines == 20_000)
        #expect(pieces > 5)
    }

    @Test func endlessNULInputFailsOnTheFirstByte() throws {
        let file = try runProcess(["--format", "tsv", "/dev/zero"])
        #expect(file.status == 1)
        #expect(file.stderr.contains("/dev/zero:1: a NUL byte"), "\(file.stderr)")
        let pipe = try runProcess([], shell: "head -c 50000000 /dev/zero | COLLATE --format tsv")
        #expect(pipe.status == 1)
        #expect(pipe.stderr.contains("<stdin>:1: a NUL byte (binary data?) at byte 0"), "\(pipe.stderr)")
    }

    @Test func aLineLongerThanTheBoundIsAnErrorNamingIt() throws {
        let result = try runProcess([], shell: "{ printf 'a\\nb\\n'; head -c 3000000 /dev/zero; } | COLLATE --invalid replace --buffer-size 1M --format tsv")
        #expect(result.status == 1)
        #expect(result.stderr.contains("<stdin>:3: the line is longer than"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func anUnwritableTemporaryDirectoryIsOneClearError() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("in.txt", (0..<30_000).map(String.init).joined(separator: "\n"))
        let output = try scratch.file("out.txt", "old\n")
        let result = try runInProcess(["--buffer-size", "1M", "-T", scratch.url.path + "/missing", "-o", output, input])
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot create a temporary file for sorting"), "\(result.stderr)")
        #expect(result.stderr.split(separator: "\n").count == 1)
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "old\n")
        #expect(Set(scratch.entries) == ["in.txt", "out.txt"])
    }

    @Test func aFullDiskWhileSpillingIsOneClearError() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("in.txt", (0..<60_000).map { "이서연\($0)" }.joined(separator: "\n"))
        let runs = scratch.url.appendingPathComponent("runs").path
        try FileManager.default.createDirectory(atPath: runs, withIntermediateDirectories: true)
        // ulimit -f (in KiB blocks) makes every run-file write past 16 KiB fail with EFBIG.
        let result = try runProcess([], shell: "ulimit -f 16; COLLATE --buffer-size 1M -T '\(runs)' --format tsv '\(input)'")
        #expect(result.status == 1)
        #expect(result.stderr.contains("cannot write a temporary sort file"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect((try FileManager.default.contentsOfDirectory(atPath: runs)).isEmpty)
    }

    @Test func spilledMemoryLimitedRunsMatchInMemory() throws {
        let scratch = try ScratchDirectory()
        var generator = SystemRandomNumberGenerator()
        let syllables = Array("가나다라마바사아자차카타파하김이박최정")
        let lines = (0..<40_000).map { _ in String((0..<4).map { _ in syllables.randomElement(using: &generator) ?? "가" }) }
        let path = try scratch.file("in.txt", lines.joined(separator: "\n") + "\n")
        for extra in [[], ["--reverse"]] {
            let inMemory = try runInProcess(["--locale", "ko_KR", "--format", "tsv"] + extra + [path])
            let spilled = try runInProcess(["--locale", "ko_KR", "--format", "tsv", "--buffer-size", "2M"] + extra + [path])
            #expect(spilled.status == 0, "\(spilled.stderr)")
            #expect(spilled.stdout == inMemory.stdout, "\(extra)")
        }
    }

    @Test(arguments: [
        (flag: Bool?.none, terminal: true, ci: "", wanted: true),
        (flag: Bool?.none, terminal: true, ci: "true", wanted: false),
        (flag: Bool?.none, terminal: false, ci: "", wanted: false),
        (flag: Bool?.some(true), terminal: true, ci: "true", wanted: true),
        (flag: Bool?.some(true), terminal: false, ci: "", wanted: false),
        (flag: Bool?.some(false), terminal: true, ci: "", wanted: false),
    ])
    func progressIsShownOnlyOnATerminal(flag: Bool?, terminal: Bool, ci: String, wanted: Bool) {
        let environment = ci.isEmpty ? [:] : ["CI": ci]
        #expect(Progress.isWanted(flag: flag, standardErrorIsTerminal: terminal, environment: environment) == wanted)
    }

    @Test func progressWaitsASecondRedrawsAtMostTenTimesASecondAndClears() {
        final class Clock: @unchecked Sendable { var now = 100.0 }
        let clock = Clock()
        let progress = Progress(descriptor: FileDescriptor(rawValue: -1), clock: { clock.now })
        progress.update(bytesRead: 5 << 20, runs: 1)
        #expect(progress.drawn.isEmpty)
        clock.now += 1.5
        progress.update(bytesRead: 10 << 20, runs: 2)
        progress.update(bytesRead: 11 << 20, runs: 3)  // within 0.1 s: not drawn
        #expect(progress.drawn.count == 1)
        #expect(progress.drawn.first?.hasSuffix("collate: read 10 MB, 2 runs written, 1 s") == true)
        clock.now += 0.2
        progress.update(merged: 50, of: 200)
        #expect(progress.drawn.last?.contains("merging 25%") == true)
        progress.finish()
        #expect(progress.drawn.last == "\r\u{1B}[K")
    }

    @Test func noProgressWhenStandardErrorIsAFile() throws {
        let result = try runInProcess(["--progress", "--buffer-size", "1", "--format", "tsv", Paths.locales.appendingPathComponent("ko_KR/names.txt").path])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }
}
