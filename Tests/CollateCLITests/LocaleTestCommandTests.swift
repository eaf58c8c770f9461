import Foundation
import Testing

@testable import CollateCLI

/// `collate test DIR`: the runner users get for their own Locales-style folders.
@Suite("collate test")
struct LocaleTestCommandTests {
    /// A copy of two shipped locale folders in a scratch directory.
    static func copyOfLocales(_ folders: [String] = ["sv_SE", "ko_KR"]) throws -> ScratchDirectory {
        let scratch = try ScratchDirectory()
        for folder in folders {
            try FileManager.default.copyItem(
                at: Paths.locales.appendingPathComponent(folder), to: scratch.url.appendingPathComponent(folder))
        }
        return scratch
    }

    @Test func passingFolderPrintsOneLinePerCaseAndASummary() throws {
        let scratch = try Self.copyOfLocales()
        let result = try runProcess(["test", scratch.url.path])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdoutText.split(separator: "\n")
        #expect(lines.last == "4 passed, 0 failed")
        #expect(lines.contains("ok    sv_SE/names"))
        #expect(lines.count == 5)
    }

    @Test func changedExpectedFileFailsWithAReadableDiff() throws {
        let scratch = try Self.copyOfLocales()
        let expected = scratch.url.appendingPathComponent("sv_SE/names.expected.tsv")
        var lines = try String(contentsOf: expected, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let original = String(lines[2])
        lines[2] = "Z\tZorro"
        try lines.joined(separator: "\n").write(to: expected, atomically: true, encoding: .utf8)
        let result = try runProcess(["test", scratch.url.path])
        #expect(result.status == 1)
        let text = result.stdoutText
        #expect(text.contains("FAIL  sv_SE/names\n"))
        #expect(text.contains("names.expected.tsv differs"))
        #expect(text.contains("line 3: expected \"Z\\tZorro\""))
        #expect(text.contains("got \"\(original.replacingOccurrences(of: "\t", with: "\\t"))\""))
        #expect(text.hasSuffix("3 passed, 1 failed\n"))

        let record = try runProcess(["test", "--record", scratch.url.path])
        #expect(record.status == 0)
        #expect(record.stdoutText.contains("wrote sv_SE/names"))
        #expect(try runProcess(["test", scratch.url.path]).status == 0)
    }

    @Test func otherICUVersionIsNamedFirst() throws {
        let scratch = try Self.copyOfLocales(["sv_SE"])
        _ = try scratch.file("ICU_VERSION", "71.1\n")
        let result = try runProcess(["test", scratch.url.path])
        #expect(result.stdoutText.hasPrefix("note: the expected files were recorded with ICU 71.1"))
        #expect(result.status == 0)
    }

    @Test func oneLocaleFolderAndFilter() throws {
        let scratch = try Self.copyOfLocales()
        let single = try runProcess(["test", scratch.url.appendingPathComponent("ko_KR").path])
        #expect(single.stdoutText.hasSuffix("3 passed, 0 failed\n"))
        let filtered = try runProcess(["test", "--filter", "names-mode", scratch.url.path])
        #expect(filtered.stdoutText == "ok    ko_KR/names-mode\n1 passed, 0 failed\n")
    }

    @Test func missingExpectedFilesAndBadArgumentsFail() throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("xx_ZZ"), withIntermediateDirectories: true)
        _ = try scratch.file("xx_ZZ/names.txt", "a\n")
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("de"), withIntermediateDirectories: true)
        _ = try scratch.file("de/names.txt", "Müller\n")
        let result = try runProcess(["test", scratch.url.path])
        #expect(result.status == 1)
        #expect(result.stdoutText.contains("FAIL  de/names\n      names.expected.tsv is missing (run with --record to create it)"))
        #expect(result.stdoutText.contains("FAIL  xx_ZZ/names\n      collate --locale xx_ZZ: unknown locale 'xx_ZZ'"))
        #expect(result.stdoutText.hasSuffix("0 passed, 2 failed\n"))
    }

    /// A case file that is a FIFO (no writer: reading it would wait for ever) or a link to
    /// `/dev/zero` (endless) fails that case with a clear message; the run goes on and ends.
    @Test func fifoAndDeviceCaseFilesFailClearlyWithoutHanging() throws {
        let scratch = try Self.copyOfLocales(["sv_SE"])
        let folder = scratch.url.appendingPathComponent("sv_SE").path
        try FileManager.default.createSymbolicLink(atPath: folder + "/zero.txt", withDestinationPath: "/dev/zero")
        // Bounded by timeout(1): before the fix this run never ended.
        let result = try runProcess(
            [], shell: "mkfifo '\(folder)/pipe.txt' && timeout 60 COLLATE test '\(scratch.url.path)'")
        #expect(result.status == 1, "\(result.stderr)")
        let text = result.stdoutText
        #expect(text.contains("FAIL  sv_SE/pipe\n      collate --locale sv_SE: \(folder)/pipe.txt: not a regular file (a FIFO, socket or device): case files must be regular files"))
        #expect(text.contains("FAIL  sv_SE/zero\n      collate --locale sv_SE: \(folder)/zero.txt: not a regular file"))
        #expect(text.contains("ok    sv_SE/names\n"))
        #expect(text.hasSuffix("1 passed, 2 failed\n"), "\(text)")
    }

    /// Case names are printed escaped: a newline in a file name cannot forge an `ok` line.
    @Test func controlCharactersInCaseNamesAreEscaped() throws {
        let scratch = try Self.copyOfLocales(["sv_SE"])
        _ = try scratch.file("sv_SE/x\nok    sv_SE-forged\u{1B}[2K.txt", "Åsa\n")
        let result = try runProcess(["test", scratch.url.path])
        #expect(result.status == 1)
        let lines = result.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("ok    sv_SE-forged") })
        #expect(lines.contains("FAIL  sv_SE/x\\nok    sv_SE-forged\\u{1B}[2K"))
        #expect(!result.stdout.contains(0x1B))
        #expect(LocaleTestCase.escaped("a\\b\tc\r\u{2028}\u{202E}d") == "a\\\\b\\tc\\r\\u{2028}\\u{202E}d")
    }

    @Test(arguments: [["test"], ["test", "/nonexistent/folder"], ["test", "--bogus", "."]])
    func usageErrorsExit64(arguments: [String]) throws {
        let result = try runProcess(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("collate test: "))
    }

    @Test func sortingStillWorksAndAFileNamedTestCanBeSorted() throws {
        let scratch = try ScratchDirectory()
        _ = try scratch.file("test", "김민준\n박서준\n")
        let result = try runProcess([], shell: "cd '\(scratch.url.path)' && COLLATE --locale ko_KR --format tsv -- test")
        #expect(result.stdoutText == "ㄱ\t김민준\nㅂ\t박서준\n")
        let plain = try runProcess(["--locale", "ko_KR", "--format", "tsv", scratch.url.appendingPathComponent("test").path])
        #expect(plain.stdoutText == "ㄱ\t김민준\nㅂ\t박서준\n")
    }
}
