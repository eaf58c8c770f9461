import ArgumentParser

extension ParsableCommand {
    /// Parses `arguments`, runs the parsed command and exits with the status `run` returns.
    ///
    /// `--help` and `--version` print their text to standard output and exit 0. Usage
    /// errors print as `<program>: <message>` plus a hint, like every other error, and exit
    /// with ArgumentParser's status (64).
    /// - Parameters:
    ///   - arguments: The command-line arguments after the program (and subcommand) name.
    ///   - program: The name the messages start with: `collate`, `collate test`.
    ///   - run: Runs the command; returns its exit status.
    /// - Returns: Never; the process exits.
    static func exit(parsing arguments: [String], program: String, run: (Self) -> Int32) -> Never {
        let status: Int32
        do {
            status = run(try parse(arguments))
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                status = 0
            } else {
                let message = self.message(for: error).trimmingWhitespace()
                let errors = OutputSink(descriptor: systemStandardError)
                try? errors.write("\(program): \(message.isEmpty ? "invalid arguments" : message)\nRun '\(program) --help' for usage.\n")
                try? errors.flush()
                status = code.rawValue
            }
        }
        systemExit(status)
    }
}
