import ArgumentParser
import IndexedCollation

extension CollateCommand {
    /// The entry point: parses the arguments, runs, and exits with the command's status.
    /// Usage errors print as `collate: <message>` plus a hint, like every other error.
    public static func main() {
        systemIgnoreFileSizeSignal()
        systemRestoreQuitSignal()
        systemBoundMallocRetention()
        exit(parsing: Array(CommandLine.arguments.dropFirst()), program: "collate") { command in
            command.execute(standardOutput: systemStandardOutput, standardError: systemStandardError, environment: systemEnvironment())
        }
    }

    /// Runs the command with explicit descriptors and environment (also for in-process tests).
    /// - Parameters:
    ///   - standardOutput: Where the output goes (unless `-o`).
    ///   - standardError: Where `collate: file:line: message` errors go.
    ///   - environment: The locale variables, `TMPDIR`, `COLUMNS`, `NO_COLOR`, `TERM`.
    /// - Returns: The exit status: 0, 1 for input and output errors, 64 for usage errors.
    public func execute(standardOutput: Int32, standardError: Int32, environment: [String: String]) -> Int32 {
        let errors = OutputSink(descriptor: standardError)
        func fail(_ message: String, status: Int32) -> Int32 {
            try? errors.write("collate: \(message)\n")
            try? errors.flush()
            return status
        }
        if listLocales {
            let sink = OutputSink(descriptor: standardOutput)
            do throws(OutputSink.Failure) {
                for line in LocaleListing.lines() { try sink.write(line + "\n") }
                try sink.flush()
            } catch {
                switch error {
                case .closedPipe: return 0
                case .writeFailed(let reason): return fail("<stdout>: cannot write: \(reason)", status: 1)
                }
            }
            return 0
        }
        var pipeline: CollationPipeline
        do {
            let settings = OutputSettings(output, table, standardOutput: standardOutput, environment: environment)
            pipeline = try CollationPipeline(self, output: settings, environment: environment)
        } catch {
            // A missing reading dictionary is a problem of the machine (exit 1), not of usage.
            if case .readingDictionaryUnavailable = error { return fail(error.description, status: 1) }
            return fail(error.description, status: 64)
        }
        let showsProgress = Progress.isWanted(
            flag: input.progress, standardErrorIsTerminal: systemIsTerminal(standardError), environment: environment)
        pipeline.progressDescriptor = showsProgress ? standardError : nil
        pipeline.reportDescriptor = standardError
        do {
            try pipeline.execute(standardOutput: standardOutput)
            return 0
        } catch let error as InputError {
            return fail(error.description, status: 1)
        } catch let error as OutputError {
            return fail(error.description, status: 1)
        } catch OutputSink.Failure.closedPipe {
            return 0
        } catch OutputSink.Failure.writeFailed(let reason) {
            return fail("\(output.output ?? "<stdout>"): cannot write: \(reason)", status: 1)
        } catch {
            return fail("\(error)", status: 1)
        }
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
