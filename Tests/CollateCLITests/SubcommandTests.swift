import Foundation
import Testing

@testable import CollateCLI

/// `collate` dispatches through swift-argument-parser: sorting is the default subcommand
/// (`collate [options] FILE…`, also `collate sort …`), `collate test DIR` the other; exit
/// statuses come from ArgumentParser's mapping of what the commands throw.
@Suite("collate and its subcommands")
struct SubcommandTests {
    @Test func theFirstArgumentChoosesTheSubcommand() throws {
        #expect(try CollateTool.parseAsRoot(["test", "Locales"]) is LocaleTestCommand)
        #expect(try CollateTool.parseAsRoot(["--locale", "ko_KR", "names.txt"]) is CollateCommand)
        #expect(try CollateTool.parseAsRoot(["sort", "names.txt"]) is CollateCommand)
        #expect(try CollateTool.parseAsRoot([]) is CollateCommand)
        // Only the first argument names a subcommand; `--` makes "test" a file.
        let file = try #require(try CollateTool.parseAsRoot(["--", "test"]) as? CollateCommand)
        #expect(file.input.file == "test")
        let late = try #require(try CollateTool.parseAsRoot(["--locale", "ko_KR", "test"]) as? CollateCommand)
        #expect(late.input.file == "test")
        #expect(throws: (any Error).self) { try CollateTool.parseAsRoot(["test"]) }
    }

    @Test func helpExplainsBothCommands() throws {
        let help = try runProcess(["--help"])
        #expect(help.status == 0 && help.stderr.isEmpty)
        #expect(help.stdoutText.contains("USAGE: collate [<options>] [<file>]"))
        #expect(help.stdoutText.contains("collate test [--record] [--filter <filter>] <directory>"))
        #expect(help.stdoutText.contains("--reading-field"))
        let testHelp = try runProcess(["test", "--help"])
        #expect(testHelp.status == 0 && testHelp.stderr.isEmpty)
        #expect(testHelp.stdoutText.contains("USAGE: collate test [--record] [--filter <filter>] <directory>"))
        #expect(testHelp.stdoutText.contains("(collate --help)"))
        #expect(!testHelp.stdoutText.contains("--reading-field"))
        let list = try runProcess(["help"])
        #expect(list.status == 0)
        #expect(list.stdoutText.contains("sort (default)") && list.stdoutText.contains("test "))
        #expect(try runProcess(["-h"]).stdoutText == help.stdoutText)
    }

    @Test func sortIsTheDefault() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", "박서준\n김민준\n")
        let implicit = try runProcess(["--locale", "ko_KR", "--format", "tsv", path])
        let explicit = try runProcess(["sort", "--locale", "ko_KR", "--format", "tsv", path])
        #expect(implicit.status == 0 && implicit.stdoutText == "ㄱ\t김민준\nㅂ\t박서준\n")
        #expect(explicit.stdout == implicit.stdout && explicit.status == 0)
    }

    @Test func testRunsAFolder() throws {
        let scratch = try ScratchDirectory()
        try FileManager.default.createDirectory(at: scratch.url.appendingPathComponent("sv_SE"), withIntermediateDirectories: true)
        _ = try scratch.file("sv_SE/names.txt", "Örn\nAnna\n")
        _ = try scratch.file("sv_SE/names.expected.tsv", "A\tAnna\nÖ\tÖrn\n")
        let missing = try runProcess(["test", scratch.url.path])
        #expect(missing.status == 1)
        #expect(missing.stdoutText.hasSuffix("0 passed, 1 failed\n"))
        let record = try runProcess(["test", "--record", scratch.url.path])
        #expect(record.status == 0)
        #expect(record.stdoutText == "wrote sv_SE/names\n1 expected file(s) rewritten in 1 case(s)\n")
        let result = try runProcess(["test", scratch.url.path])
        #expect(result.status == 0, "\(result.stdoutText)\(result.stderr)")
        #expect(result.stdoutText == "ok    sv_SE/names\n1 passed, 0 failed\n")
    }

    /// Each status the manual documents: usage errors in the arguments carry a pointer to
    /// --help; those found while running (an unknown locale, a folder without cases) and
    /// input errors are one line.
    @Test func exitStatusesAndMessages() throws {
        let unknown = try runProcess(["--bogus"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr == "collate: Unknown option '--bogus'\nRun 'collate --help' for usage.\n")
        let unknownInTest = try runProcess(["test", "--bogus", "."])
        #expect(unknownInTest.status == 64)
        #expect(unknownInTest.stderr == "collate test: Unknown option '--bogus'\nRun 'collate test --help' for usage.\n")
        let field = try runProcess(["-k", "2.1"], stdin: [])
        #expect(field.status == 64)
        #expect(field.stderr.hasPrefix("collate: -k '2.1': character offsets (N.C) are not supported"))
        let locale = try runProcess(["--locale", "xx_YY"], stdin: [])
        #expect(locale.status == 64)
        #expect(locale.stderr.hasPrefix("collate: unknown locale 'xx_YY'") && locale.stderr.split(separator: "\n").count == 1)
        let empty = try ScratchDirectory()
        let noCases = try runProcess(["test", empty.url.path])
        #expect(noCases.status == 64)
        #expect(noCases.stderr == "collate test: \(empty.url.path): no cases (a case is <locale>/<case>.txt or .tsv)\n")
        let missing = try runProcess(["/nonexistent"])
        #expect(missing.status == 1 && missing.stderr == "collate: /nonexistent: no such file\n")
        let version = try runProcess(["--version"])
        #expect(version.status == 0 && version.stdoutText.hasPrefix("collate "))
    }

    /// In process, the same statuses through ``CollateCommand/execute(standardOutput:standardError:environment:)``.
    @Test func inProcessStatuses() throws {
        #expect(try runInProcess(["--locale", "xx_YY", "/dev/null"]).status == 64)
        #expect(try runInProcess(["/nonexistent"]).status == 1)
        #expect(try runInProcess(["--format", "tsv", "/dev/null"]).status == 0)
    }
}
