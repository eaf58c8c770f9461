import ArgumentParser
import IndexedCollation
import SystemPackage
import SystemSupport

/// The `collate` executable: sorting (`collate [options] FILE…`, the default subcommand)
/// and `collate test DIR` (a Locales-style regression folder), dispatched by
/// swift-argument-parser.
///
/// Exit statuses come from ArgumentParser's mapping of the errors the commands throw:
/// 0 on success (and after `--help`, `--version`, or a closed standard output), 64
/// (`EX_USAGE`) for a `ValidationError` (bad flags, an unknown locale, a folder without
/// cases), 1 for any other error (input that cannot be read or decoded, output that
/// cannot be written, failing locale cases), each reported as `collate: message`.
public struct CollateTool: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "collate",
        abstract: CollateCommand.configuration.abstract,
        version: CollateCommand.configuration.version,
        subcommands: [CollateCommand.self, LocaleTestCommand.self],
        defaultSubcommand: CollateCommand.self,
        // No help flag of its own: `collate --help` is the sorting command's help (every
        // option), which names `collate test` too; `collate help` lists the subcommands.
        helpNames: []
    )

    public init() {}

    /// The entry point: parses the arguments, runs the chosen subcommand, and exits with
    /// the status its outcome maps to. Turns on the compiled-collator cache on disk
    /// (IndexedCollation's `CompiledCollatorCache.standardDirectory(environment:)`: `COLLATE_NO_CACHE`,
    /// `COLLATE_CACHE_DIR`, `XDG_CACHE_HOME`, `~/.cache/collate`).
    /// An argument that is not UTF-8 is a usage error (exit 64): Swift's
    /// `CommandLine.arguments` would replace its bytes, so a file name read from it would
    /// name another file.
    public static func main() {
        // Before anything is written: a refusal below must not die by SIGPIPE either.
        systemIgnoreFileSizeSignal()
        systemIgnorePipeSignal()
        switch CommandLineWords.process() {
        case .success(let arguments):
            main(arguments: arguments)
        case .failure(let invalid):
            let status = exitStatus(reporting: ValidationError(invalid.description), program: "collate", standardError: .standardError)
            systemExit(status)
        }
    }

    /// ``main()`` with explicit arguments (those after the program name).
    static func main(arguments given: [String]) -> Never {
        systemIgnoreFileSizeSignal()
        systemIgnorePipeSignal()
        let arguments = CommandLineWords.splittingMisreadValues(given)
        systemRestoreQuitSignal()
        systemBoundMallocRetention()
        ProcessEnd.endsAfterRun = true
        let environment = systemEnvironment()
        CompiledCollatorCache.directory = CompiledCollatorCache.standardDirectory(environment: environment)
        // Debug builds only: fail the Nth platform call of the tool and the library alike
        // (release builds compile FaultInjection to nothing).
        FaultInjection.configure(environment["COLLATE_FAULT_INJECT"])
        // Subcommands match the first argument only (`collate --locale ko test` sorts a file).
        let program = arguments.first == LocaleTestCommand._commandName ? "collate test" : "collate"
        var command: any ParsableCommand
        do {
            command = try parseSortingCommand(arguments) ?? parseAsRoot(arguments)
        } catch {
            systemExit(exitStatus(reporting: error, program: program, standardError: FileDescriptor.standardError, usageHint: true))
        }
        do {
            try command.run()
            systemExit(0)
        } catch {
            systemExit(exitStatus(reporting: error, program: program, standardError: FileDescriptor.standardError))
        }
    }

    /// The sorting command parsed on its own, for arguments that name no subcommand and ask
    /// for no help, version or completion script: what ``parseAsRoot(_:)`` returns for
    /// them, without ArgumentParser first rebuilding the default subcommand's options for
    /// the root (by reflection, about 2 ms of every run). Nil for anything else, and for
    /// arguments it does not accept: those go through `parseAsRoot`, so every message,
    /// usage line and exit status stays the root's.
    static func parseSortingCommand(_ arguments: [String]) -> CollateCommand? {
        let subcommands = configuration.subcommands.map { $0._commandName } + ["help"]
        guard let first = arguments.first, !subcommands.contains(first) else { return nil }
        let asksForText = arguments.contains { argument in
            ["-h", "-help", "--help", "--version", "--experimental-dump-help"].contains(argument)
                || argument.hasPrefix("--generate-completion-script")
        }
        guard !asksForText else { return nil }
        return try? CollateCommand.parse(arguments)
    }

    /// Reports `error` the way `collate` does and returns its exit status, ArgumentParser's
    /// (`ExitCode`): help and version text go to standard output (status 0); anything
    /// else prints `<program>: <message>` on `standardError`, with a pointer to `--help`
    /// after a usage error in the arguments themselves.
    /// - Parameters:
    ///   - error: What parsing or running threw.
    ///   - program: The name messages start with: `collate`, `collate test`.
    ///   - standardError: The descriptor for error messages.
    ///   - usageHint: Add "Run '<program> --help' for usage." (for errors in parsing).
    /// - Returns: The exit status.
    static func exitStatus(reporting error: any Error, program: String, standardError: FileDescriptor, usageHint: Bool = false) -> Int32 {
        let code = exitCode(for: error)
        if code == .success {
            // Help and version text: an output that cannot take it is an error (exit 1),
            // a closed pipe is not.
            let text = fullMessage(for: error)
            guard !text.isEmpty else { return 0 }
            let output = OutputSink(descriptor: FileDescriptor.standardOutput)
            do throws(OutputSink.Failure) {
                try output.write(text + "\n")
                try output.flush()
            } catch .closedPipe {
            } catch {
                let failure = OutputError(file: "<stdout>", message: "cannot write: \(error)")
                return exitStatus(reporting: failure, program: program, standardError: standardError)
            }
            return 0
        }
        let message = self.message(for: error).trimmingWhitespace()
        let errors = OutputSink(descriptor: standardError)
        if usageHint {
            try? errors.write("\(program): \(message.isEmpty ? "invalid arguments" : message)\nRun '\(program) --help' for usage.\n")
        } else if !message.isEmpty {
            try? errors.write("\(program): \(message)\n")
        }
        try? errors.flush()
        return code.rawValue
    }
}
