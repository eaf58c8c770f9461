import Foundation
import Testing

@testable import CollateCLI

/// An input read block by block is checked as UTF-8 text without NUL as it arrives
/// (`--invalid error`), and its first invalid byte is reported exactly as the whole input
/// decoded in memory reports it: one message, one place that words it.
@Suite("Invalid bytes of an input read in pieces")
struct TextByteCheckTests {
    @Test func aSequenceCutByABlockWaitsForTheNext() {
        var check = TextByteCheck(policy: .error, checksText: true)
        // "가" is EA B0 80: a block ending after its first two bytes is not an error yet.
        #expect(check.check(Array("abc\n".utf8) + [0xEA, 0xB0], atEnd: false) == nil)
        #expect(check.check(Array("abc\n".utf8) + [0xEA, 0xB0, 0x80, 0x0A], atEnd: false) == nil)
        // At the end of the input the cut sequence is the error, at its first byte.
        var ended = TextByteCheck(policy: .error, checksText: true)
        let found = ended.check(Array("abc\n".utf8) + [0xEA, 0xB0], atEnd: true)
        #expect(found?.offset == 4 && found?.problem == .illFormed)
    }

    @Test func nulAndInvalidBytesAreFoundAfterWhatWasChecked() {
        var check = TextByteCheck(policy: .error, checksText: true)
        let good = Array("김민준\n".utf8)
        #expect(check.check(good, atEnd: false) == nil)
        let found = check.check(good + [0x61, 0x00, 0x62], atEnd: false)
        #expect(found?.offset == good.count + 1 && found?.problem == .nul)
        var invalid = TextByteCheck(policy: .error, checksText: true)
        // Any ill-formed byte among a block's last three waits for the next block (the rule
        // is by place), and is the error once bytes follow it.
        #expect(invalid.check(good + [0xFF], atEnd: false) == nil)
        #expect(invalid.check(good + [0xFF] + Array("abcd".utf8), atEnd: false)?.offset == good.count)
    }

    @Test func bytesHandedOutAreNotCheckedAgain() {
        var check = TextByteCheck(policy: .error, checksText: true)
        let first = Array("one\ntwo\n".utf8)
        #expect(check.check(first, atEnd: false) == nil)
        check.handedOut(4)  // "one\n" went out as a piece: "two\n" stays checked
        let rest = Array("two\n".utf8) + [0xC3]
        #expect(check.check(rest, atEnd: true)?.offset == 4)
    }

    @Test func offUnlessErrorsAreWantedOnText() {
        let bad: [UInt8] = [0x61, 0xFF, 0x00, 0x0A]
        var replace = TextByteCheck(policy: .replace, checksText: true)
        #expect(!replace.isOn && replace.check(bad, atEnd: true) == nil && replace.checkWhole(bad, threads: 2) == nil)
        var records = TextByteCheck(policy: .error, checksText: false)
        #expect(!records.isOn && records.check(bad, atEnd: true) == nil)
        var whole = TextByteCheck(policy: .error, checksText: true)
        let found = whole.checkWhole(bad, threads: 2)
        #expect(found?.offset == 1 && found?.problem == .illFormed)
    }

    @Test func theErrorNamesLineColumnAndOffset() {
        // A byte order mark is no part of the first line's bytes.
        let pending: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("ab".utf8) + [0xFF] + Array("\nc".utf8)
        let first = TextByteCheck.error(
            at: 5, nul: false, in: pending, file: "in.txt", separator: 0x0A, linesBefore: 0, offsetBefore: 0, atStart: true)
        #expect(first.line == 1)
        #expect(first.message.hasPrefix("invalid UTF-8 (byte 0xFF) at byte 2 of the line (offset 5 in the file); "), "\(first.message)")
        #expect(first.message.hasSuffix(" or use --invalid replace"))
        // A later piece: lines and bytes before it count.
        let later = TextByteCheck.error(
            at: 4, nul: true, in: Array("x\nab".utf8) + [0x00], file: "in.txt", separator: 0x0A, linesBefore: 10, offsetBefore: 100,
            atStart: false)
        #expect(later.line == 12)
        #expect(later.message.hasPrefix("a NUL byte (binary data?) at byte 2 of the line (offset 104 in the file); "), "\(later.message)")
    }

    /// End to end: the same invalid byte, past the first piece of `--buffer-size 1M` and
    /// past the first 1 MiB read block, in a sequence the block cuts, and on the first line
    /// after a byte order mark, gives the same message read whole in memory, read in
    /// pieces from a file, and read in pieces from a pipe; nothing is printed.
    @Test func piecesReportWhatTheWholeInputReports() throws {
        let scratch = try ScratchDirectory()
        let lines = (0..<70_000).map { String(format: "name%06d\n", $0) }.joined()  // 770,000 bytes
        let padding = String(repeating: "x", count: (1 << 20) - lines.utf8.count - 5) + "\n"  // the block ends inside 가
        let cases: [(String, [UInt8])] = [
            ("cut", Array((lines + padding + "abc").utf8) + [0xEA, 0xB0] + Array("\nend\n".utf8)),
            ("nul", Array(lines.utf8) + [0x61, 0x00] + Array("\nend\n".utf8)),
            ("bom", [0xEF, 0xBB, 0xBF] + Array("ab".utf8) + [0xC0, 0x80] + Array("\n".utf8) + Array(lines.utf8)),
        ]
        for (name, bytes) in cases {
            let path = try scratch.file("\(name).txt", bytes)
            let whole = try runProcess(["--locale", "en", "--format", "tsv", path])
            let file = try runProcess(["--locale", "en", "--format", "tsv", "--buffer-size", "1M", path])
            let pipe = try runProcess([], shell: "cat '\(path)' | COLLATE --locale en --format tsv --buffer-size 1M")
            #expect(whole.status != 0 && whole.stdout.isEmpty && whole.stderr.contains("of the line (offset"), "\(name): \(whole.stderr)")
            #expect(file.status != 0 && file.stdout.isEmpty && file.stderr == whole.stderr, "\(name): \(file.stderr) vs \(whole.stderr)")
            // From a pipe the file is named <stdin>; the rest of the message is the same.
            let named = whole.stderr.replacingOccurrences(of: path, with: "<stdin>")
            #expect(pipe.status != 0 && pipe.stdout.isEmpty && pipe.stderr == named, "\(name): \(pipe.stderr) vs \(named)")
        }
    }
}
