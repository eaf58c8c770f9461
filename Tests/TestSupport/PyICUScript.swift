import Foundation

/// Runs the repository's PyICU scripts (the independent oracle the goldens and ICU
/// expectations are made with) from tests.
package enum PyICUScript {
    /// The interpreter the scripts are written for (Debian's, where `python3-icu` installs).
    package static let python = "/usr/bin/python3"

    /// Runs `python script arguments…` when Python with PyICU is installed.
    /// - Returns: The exit status and the standard output and error together, or nil when
    ///   Python or PyICU is absent (`.ci/run` installs both, so CI always runs the check).
    package static func run(_ script: URL, _ arguments: [String]) throws -> (status: Int32, output: String)? {
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: python)
        probe.arguments = ["-c", "import icu"]
        probe.standardError = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: python), (try? probe.run()) != nil else { return nil }
        probe.waitUntilExit()
        guard probe.terminationStatus == 0 else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script.path] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}
