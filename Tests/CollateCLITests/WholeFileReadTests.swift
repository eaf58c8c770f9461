import Foundation
import Testing
import TestSupport
@testable import CollateCLI
import IndexedCollation

/// A regular file of lines that fits the buffer is read whole (`ChunkReader.readWhole`):
/// checked as UTF-8 and its lines counted in parts on several threads. The parts must
/// find the same first problem as one check from the start, count the same lines, and the
/// run must give the output and the errors of the block-by-block reader.
@Suite("Whole-file read")
struct WholeFileReadTests {
    /// Valid text of every sequence length, a little over `size` bytes.
    static func text(_ size: Int, using random: inout some RandomNumberGenerator) -> [UInt8] {
        let pieces = ["a", "Zz ", "é", "ß", "김", "민준", "あ", "中文", "😀", "\n", "\r\n", "Ω"].map { Array($0.utf8) }
        var bytes = [UInt8]()
        bytes.reserveCapacity(size + 8)
        while bytes.count < size { bytes += pieces[Int.random(in: 0..<pieces.count, using: &random)] }
        return bytes
    }

    /// Where a fault goes: anywhere, or within a few bytes of where the parts are cut.
    static func spot(_ count: Int, parts: Int, using random: inout some RandomNumberGenerator) -> Int {
        if Bool.random(using: &random) { return Int.random(in: 0..<count, using: &random) }
        let cut = count * Int.random(in: 1..<parts, using: &random) / parts
        return min(count - 1, max(0, cut + Int.random(in: -4...4, using: &random)))
    }

    @Test func partsFindTheFirstProblemOfOneCheck() {
        var random = SplitMix64(seed: 38)
        let faults: [[UInt8]] = [[0xFF], [0x00], [0xC3], [0xE1, 0x80], [0x80], [0x80, 0x80, 0x80, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]
        for round in 0..<48 {
            var bytes = Self.text((1 << 20) + Int.random(in: 0..<4096, using: &random), using: &random)
            let threads = 2 + round % 3
            if round % 8 != 0 {
                for _ in 0..<(1 + round % 3) {
                    let at = Self.spot(bytes.count, parts: threads, using: &random)
                    bytes.replaceSubrange(at..<at, with: faults[Int.random(in: 0..<faults.count, using: &random)])
                }
            }
            bytes.withUnsafeBufferPointer { buffer in
                let one = UTF8Validation.firstProblem(in: buffer)
                let parts = UTF8Validation.firstProblem(in: buffer, threads: threads)
                #expect(parts?.offset == one?.offset && parts?.problem == one?.problem, "round \(round): \(String(describing: parts)) vs \(String(describing: one))")
                if round % 8 == 0 { #expect(one == nil) } else { #expect(one != nil) }
            }
        }
    }

    @Test func partsCountTheLinesOfOneCount() {
        var random = SplitMix64(seed: 7)
        for size in [0, 1, 4095, 1 << 20, (1 << 20) + 3, 3 << 20] {
            let bytes = (0..<size).map { _ in UInt8.random(in: 8...13, using: &random) }
            bytes.withUnsafeBufferPointer { buffer in
                let one = buffer.filter { $0 == 0x0A }.count
                for threads in [1, 2, 3, 8] { #expect(Lines.count(of: 0x0A, in: buffer, threads: threads) == one) }
            }
        }
    }

    /// A file past the size split in parts: the output of the same bytes in memory (its
    /// last line has no line end), and an invalid byte or a NUL in the second part is
    /// reported at its line, column and offset.
    @Test func aLargeFileGivesTheOutputAndErrorsOfTheBlockReader() throws {
        let scratch = try ScratchDirectory()
        var bytes = [UInt8]()
        var lineStarts = [Int]()
        var number = 0
        while bytes.count < 3 << 20 {
            lineStarts.append(bytes.count)
            bytes += Array(["김민준 \(number)\n", "Åsa \(number)\r\n", "이서연\(number % 97)\n", "\n"][number % 4].utf8)
            number += 1
        }
        bytes += Array("마지막".utf8)  // no line end after the last line
        let path = try scratch.file("big.txt", bytes)
        let run = try runInProcess(["--locale", "ko_KR", "--format", "tsv", path])
        let inMemory = try CollateCommand.parse(["--locale", "ko_KR", "--format", "tsv"]).output(for: bytes)
        #expect(run.status == 0)
        #expect(run.stdout == inMemory)
        #expect(run.stdoutText.contains("\t마지막\n"))
        for (fraction, fault, what) in [(0.75, [UInt8]([0xFF]), "invalid UTF-8 (byte 0xFF)"), (0.5, [0x00], "a NUL byte (binary data?)")] {
            let line = Int(Double(lineStarts.count) * fraction) / 4 * 4  // a line of 김민준 (not empty)
            let column = 3  // after 김
            let offset = lineStarts[line] + column
            var bad = bytes
            bad.replaceSubrange(offset..<offset, with: fault)
            let refused = try runInProcess(["--locale", "ko_KR", try scratch.file("bad.txt", bad)])
            #expect(refused.status == 1)
            #expect(
                refused.stderr.contains("bad.txt:\(line + 1): \(what) at byte \(column) of the line (offset \(offset) in the file)"),
                "\(refused.stderr)")
        }
    }

    /// A file whose bytes fit the buffer but whose many short lines do not is still cut
    /// into runs (the reader falls back to scanning), with the output of the run in memory.
    @Test func bytesThatFitWithLinesThatDoNotAreSortedInRuns() throws {
        let scratch = try ScratchDirectory()
        var bytes = [UInt8]()
        var lines = 0
        while bytes.count < 1_300_000 {
            bytes += Array("x\(lines * 7919 % 100_003)\n".utf8)
            lines += 1
        }
        let budget = 16 << 20
        // The bytes fit the piece budget; bytes and lines together do not.
        #expect(SpillBudget.cost(bytes: bytes.count, lines: 0) < budget / 2)
        #expect(SpillBudget.cost(bytes: bytes.count, lines: lines) > budget)
        let path = try scratch.file("short.txt", bytes)
        let spilled = try runInProcess(["--locale", "en", "--format", "tsv", "--buffer-size", "16M", path])
        let inMemory = try CollateCommand.parse(["--locale", "en", "--format", "tsv"]).output(for: bytes)
        #expect(spilled.status == 0, "\(spilled.stderr)")
        #expect(spilled.stdout == inMemory)
    }
}

