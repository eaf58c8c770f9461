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

    /// The sorting command parsed on its own (no root first) takes exactly the arguments
    /// that name no subcommand and ask for no text of ArgumentParser's, and parses them as
    /// the root does; anything else (other subcommands, help, version, completion scripts,
    /// errors) is left to the root, whose messages stay.
    @Test func theSortingCommandIsParsedDirectlyOnlyWhereTheRootWouldChooseIt() throws {
        for arguments in [["--locale", "ko_KR", "names.txt"], ["--", "test"], ["--locale", "ko_KR", "test"], ["-r", "-u", "a.txt"]] {
            let direct = try #require(CollateTool.parseSortingCommand(arguments))
            let root = try #require(try CollateTool.parseAsRoot(arguments) as? CollateCommand)
            #expect(direct.input.file == root.input.file)
            #expect(String(describing: direct) == String(describing: root))
        }
        for arguments in [
            [], ["sort", "names.txt"], ["test", "Locales"], ["help"], ["--help"], ["-h"], ["--locale", "ko", "--help"], ["--version"],
            ["--generate-completion-script", "bash"], ["--no-such-option"], ["--format", "nonsense", "a.txt"],
        ] {
            #expect(CollateTool.parseSortingCommand(arguments) == nil, "\(arguments)")
        }
        let error = try runProcess(["--no-such-option"])
        #expect(error.status == 64 && error.stderr.hasPrefix("collate: ") && error.stderr.contains("Run 'collate --help' for usage."))
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

    /// A failing run: its arguments, its exit status and its whole standard error (a
    /// trailing `…` matches any rest of the line).
    struct Failure: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let status: Int32
        let stderr: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// Usage errors in the arguments carry a pointer to --help; those found while running
    /// (an unknown locale, a folder without cases) and input errors are one line.
    static let failures = [
        Failure(arguments: ["--bogus"], status: 64, stderr: "collate: Unknown option '--bogus'\nRun 'collate --help' for usage.\n"),
        Failure(
            arguments: ["test", "--bogus", "."], status: 64,
            stderr: "collate test: Unknown option '--bogus'\nRun 'collate test --help' for usage.\n"),
        Failure(
            arguments: ["-k", "2.1"], status: 64,
            stderr: "collate: -k '2.1': character offsets (N.C) are not supported; collate compares whole fields (-k N or -k N,N).\n"
                + "Run 'collate --help' for usage.\n"),
        Failure(arguments: ["--locale", "xx_YY", "/dev/null"], status: 64, stderr: "collate: unknown locale 'xx_YY'…"),
        Failure(arguments: ["test", "/nonexistent"], status: 64, stderr: "collate test: /nonexistent…"),
        Failure(arguments: ["sort", "/nonexistent"], status: 1, stderr: "collate: /nonexistent: no such file\n"),
    ]

    @Test(arguments: failures)
    func exitStatusesAndMessages(_ failure: Failure) throws {
        let result = try runProcess(failure.arguments, stdin: [])
        #expect(result.status == failure.status)
        #expect(result.stdout.isEmpty)
        if failure.stderr.hasSuffix("…") {
            #expect(result.stderr.hasPrefix(failure.stderr.dropLast()), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        } else {
            #expect(result.stderr == failure.stderr)
        }
    }

    @Test func aFolderWithoutCasesIsAUsageError() throws {
        let empty = try ScratchDirectory()
        let result = try runProcess(["test", empty.url.path])
        #expect(result.status == 64)
        #expect(result.stderr == "collate test: \(empty.url.path): no cases (a case is <locale>/<case>.txt or .tsv)\n")
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
