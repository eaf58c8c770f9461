import ArgumentParser
import IndexedCollation
import SystemPackage
import SystemSupport

extension CollateCommand {
    /// The entry point of the whole tool.
    @available(*, deprecated, renamed: "CollateTool.main()", message: "CollateTool dispatches `collate test` too.")
    public static func main() {
        CollateTool.main()
    }

    /// ArgumentParser's entry (the default subcommand of ``CollateTool``): runs on the
    /// process's standard output and error.
    /// - Throws: `ValidationError` (exit 64) for usage errors found while building the run,
    ///   an input or output error naming its file (exit 1).
    public func run() throws {
        try perform(standardOutput: FileDescriptor.standardOutput, standardError: FileDescriptor.standardError, environment: systemEnvironment())
    }

    /// Runs the command with explicit descriptors and environment (also for in-process tests).
    /// - Parameters:
    ///   - standardOutput: Where the output goes (unless `-o`).
    ///   - standardError: Where `collate: file:line: message` errors go.
    ///   - environment: The locale variables, `TMPDIR`, `COLUMNS`, `NO_COLOR`, `TERM`.
    /// - Returns: The exit status: 0, 1 for input and output errors, 64 for usage errors.
    public func execute(standardOutput: FileDescriptor, standardError: FileDescriptor, environment: [String: String]) -> Int32 {
        do {
            try perform(standardOutput: standardOutput, standardError: standardError, environment: environment)
            return 0
        } catch {
            return CollateTool.exitStatus(reporting: error, program: "collate", standardError: standardError)
        }
    }

    /// Runs the command; a closed standard output ends it quietly (as `collate … | head`).
    /// - Throws: `ValidationError` (exit 64) for usage errors found while building the run
    ///   (an unknown locale, a bad combination); an input error or `OutputError` (exit 1),
    ///   each naming its file; any other error (exit 1).
    func perform(standardOutput: FileDescriptor, standardError: FileDescriptor, environment: [String: String]) throws {
        do {
            try write(standardOutput: standardOutput, standardError: standardError, environment: environment)
        } catch OutputSink.Failure.closedPipe {
            return
        } catch OutputSink.Failure.writeFailed(let reason) {
            throw OutputError(file: listLocales ? "<stdout>" : output.output ?? "<stdout>", message: "cannot write: \(reason)")
        }
    }

    private func write(standardOutput: FileDescriptor, standardError: FileDescriptor, environment: [String: String]) throws {
        if listLocales {
            let sink = OutputSink(descriptor: standardOutput)
            for line in LocaleListing.lines() { try sink.write(line + "\n") }
            try sink.flush()
            return
        }
        var pipeline: CollationPipeline
        do {
            let settings = OutputSettings(output, table, standardOutput: standardOutput, environment: environment)
            pipeline = try CollationPipeline(self, output: settings, environment: environment, prefetchesInput: true)
        } catch {
            // A missing reading dictionary is a problem of the machine (exit 1), not of usage.
            if case .readingDictionaryUnavailable = error { throw error }
            throw ValidationError(error.description)
        }
        let showsProgress = Progress.isWanted(
            flag: input.progress, standardErrorIsTerminal: systemIsTerminal(standardError), environment: environment)
        pipeline.progressDescriptor = showsProgress ? standardError : nil
        pipeline.reportDescriptor = standardError
        try pipeline.execute(standardOutput: standardOutput)
    }

    /// Runs the whole pipeline on an input in memory (decode, collate, format) and returns
    /// what would be printed; for tests and fuzzing.
    /// - Parameters:
    ///   - input: The input bytes.
    ///   - environment: Supplies the locale when --locale is absent.
    /// - Returns: The output bytes.
    /// - Throws: An input error (its message names the line) for undecodable input, `CollationError` (from IndexedCollation) for bad locales.
    public func output(for input: [UInt8], environment: [String: String] = [:]) throws -> [UInt8] {
        let pipeline = try CollationPipeline(self, output: OutputSettings(inMemory: output, table), environment: environment)
        let document = try pipeline.collate(bytes: input, name: "<input>")
        let sink = OutputSink.memory()
        try document.write(pipeline.output.format, to: sink, rows: nil, table: pipeline.output.table)
        try sink.flush()
        return sink.collected
    }
}

/// The lines of `collate --list-locales`: every locale ICU has locale data for, one per
/// line, `ID<TAB>collation<TAB>index`, where collation is `tailored` (rules of its own:
/// sv, ko), `inherited` (collation data of its language without rules: de, en_US) or
/// `root` (the CLDR root order: eu, vai), and index is `index` when ICU lists index
/// letters for it (or a parent), else `-` (ICU derives them from its standard letters).
enum LocaleListing {
    /// One line per known locale, sorted by ID.
    static func lines() -> [String] {
        CollationLocale.knownIdentifiers.map { identifier in
            let info = CollationLocale(knownIdentifier: identifier).dataInfo
            let collation: String
            switch info.collation {
            case .tailored: collation = "tailored"
            case .inherited: collation = "inherited"
            case .root: collation = "root"
            }
            return "\(identifier)\t\(collation)\t\(info.hasIndexCharacters ? "index" : "-")"
        }
    }
}
