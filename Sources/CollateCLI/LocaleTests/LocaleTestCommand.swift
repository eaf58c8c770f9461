import ArgumentParser
import IndexedCollation
import SystemPackage
import SystemSupport

/// `collate test DIR`: runs a Locales-style regression folder (see Locales/README.md)
/// and reports one line per case, a short diff for each failure and a summary.
public struct LocaleTestCommand: ParsableCommand {
    /// The command's name, help text and examples.
    public static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run a Locales-style regression folder: every case's collate output against its expected files.",
        discussion: """
            DIR holds one folder per locale (or is one locale folder). A case is a <case>.txt or \
            <case>.tsv input with optional <case>.args (one collate argument per line; the locale \
            defaults to the folder name) and expected outputs <case>.expected.tsv and \
            <case>.expected.json (collate --format tsv / json). Prints "ok" or "FAIL" per case, the \
            first differing lines of each failure, and "N passed, N failed". When DIR/ICU_VERSION \
            names another ICU than this one, says so first: differences may be locale-data drift.

            Exit status: 0 when every case passes (or after --record), 1 when any fails, 64 for \
            usage errors (DIR missing or holding no cases). Sorting itself is `collate [options] \
            FILE…` (collate --help).

            Examples:
              collate test Locales
              collate test Locales/ko_KR
              collate test --record my-locales
            """,
        helpNames: [.short, .long]
    )

    @Flag(help: "Rewrite the expected files from collate's current output (review the diff before committing).")
    var record = false

    @Option(help: "Run only the cases whose folder/name contains this text.")
    var filter: String?

    @Argument(help: "The folder of locale folders (or one locale folder).")
    var directory: String

    /// An empty command; ArgumentParser fills in the arguments.
    public init() {}

    /// Parses `arguments` (those after `collate test`), runs, and exits with the status.
    /// - Parameter arguments: The command-line arguments after `test`.
    /// - Returns: Never; the process exits.
    @available(*, deprecated, message: "Use CollateTool.main(), which dispatches `collate test`.")
    public static func main(_ arguments: [String]) -> Never {
        CollateTool.main(arguments: [_commandName] + arguments)
    }

    /// ArgumentParser's entry: runs on the process's standard output.
    /// - Throws: `ValidationError` (exit 64) when DIR is missing or holds no cases,
    ///   `ExitCode.failure` (exit 1) when a case fails.
    public func run() throws {
        try perform(standardOutput: FileDescriptor.standardOutput)
    }

    /// Runs the folder's cases, writing the report to `standardOutput`.
    /// - Parameters:
    ///   - standardOutput: The descriptor for the report.
    ///   - standardError: The descriptor for usage errors.
    /// - Returns: The exit status: 0 all passed, 1 any failed, 64 usage error.
    public func execute(standardOutput: FileDescriptor, standardError: FileDescriptor) -> Int32 {
        do {
            try perform(standardOutput: standardOutput)
            return 0
        } catch {
            return CollateTool.exitStatus(reporting: error, program: "collate test", standardError: standardError)
        }
    }

    /// Runs the folder's cases, writing the report to `standardOutput`.
    /// - Throws: `ValidationError` (exit 64) when DIR is missing or holds no cases,
    ///   `ExitCode.failure` when a case fails, an error naming the report's problem when it
    ///   cannot be written (exit 1); a closed output ends the run quietly.
    func perform(standardOutput: FileDescriptor) throws {
        let out = OutputSink(descriptor: standardOutput)
        var cases: [LocaleTestCase]
        do {
            cases = try LocaleTestCase.discover(root: directory)
        } catch {
            throw ValidationError("\(error)")
        }
        if let filter { cases = cases.filter { $0.description.contains(filter) } }
        guard !cases.isEmpty else {
            throw ValidationError(
                "\(directory): no cases (a case is <locale>/<case>.txt or .tsv\(filter == nil ? "" : " matching --filter"))")
        }
        let runner = LocaleTestRunner()
        var passed = 0
        var failed = 0
        var written = 0
        do {
            if let stamp = LocaleTestRunner.recordedICUVersion(root: directory), stamp != ICUVersion.icu {
                try out.write(
                    "note: the expected files were recorded with ICU \(stamp); this is ICU \(ICUVersion.icu). Locale data (CLDR) changes between ICU releases, so differences may be drift rather than bugs.\n"
                )
            }
            for testCase in cases {
                let result = runner.run(testCase, record: record)
                if record && result.passed {
                    written += result.recorded.count
                    try out.write("\(result.recorded.isEmpty ? "same " : "wrote") \(testCase)\n")
                } else if result.passed {
                    passed += 1
                    try out.write("ok    \(testCase)\n")
                } else {
                    failed += 1
                    try out.write("FAIL  \(testCase)\n")
                    for failure in result.failures {
                        // Each line of a message escaped too: it may quote a file name.
                        try out.write(
                            failure.split(separator: "\n").map { "      \(LocaleTestCase.escaped(String($0), backslashes: false))\n" }.joined())
                    }
                }
                try out.flush()
            }
            if record {
                try out.write(
                    "\(written) expected file(s) rewritten in \(cases.count) case(s)\(failed > 0 ? ", \(failed) case(s) failed to run" : "")\n"
                )
            } else {
                try out.write("\(passed) passed, \(failed) failed\n")
            }
            try out.flush()
        } catch OutputSink.Failure.closedPipe {
        } catch {
            throw ReportFailure(reason: "\(error)")
        }
        if failed > 0 { throw ExitCode.failure }
    }

    /// The report could not be written (exit 1).
    struct ReportFailure: Error, CustomStringConvertible {
        let reason: String
        var description: String { "cannot write the report: \(reason)" }
    }
}
