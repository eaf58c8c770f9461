import Foundation

/// Which answers the ICU-dependent suites (the `Locales/` goldens, ICU's AlphabeticIndex
/// expectations) compare `collate` with.
///
/// The recorded files come from the PyICU oracle on the reference ICU (the version in
/// `Locales/ICU_VERSION`). Locale data (CLDR) changes between ICU releases, so on another
/// ICU the recorded files are the wrong yardstick: there the suites run the same oracle on
/// this machine's ICU (Debian's and Ubuntu's `python3-icu` are built on the system ICU)
/// and compare with its answers, and report where those differ from the recorded files as
/// drift (a warning), not as a failure.
///
/// `COLLATE_ICU_GOLDENS=strict` forces the recorded files, `=oracle` forces the oracle
/// (CI runs both on the reference ICU); unset or `auto` picks by version.
package enum ICUOracle {
    /// What the suites compare with.
    package enum Mode: String, Equatable, Sendable {
        /// The files in the repository.
        case strict
        /// The PyICU oracle run on this machine's ICU.
        case oracle
    }

    /// The mode for a run on ICU `running` of files recorded with ICU `recorded`.
    /// - Throws: A message when `COLLATE_ICU_GOLDENS` has a value other than strict,
    ///   oracle or auto.
    package static func mode(
        recorded: String?, running: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Mode {
        switch environment["COLLATE_ICU_GOLDENS"] ?? "auto" {
        case "strict": return .strict
        case "oracle": return .oracle
        case "auto", "": return recorded == nil || recorded == running ? .strict : .oracle
        case let other: throw OracleError("COLLATE_ICU_GOLDENS=\(other): use strict, oracle or auto")
        }
    }

    /// An oracle that could not run, with what to do.
    package struct OracleError: Error, CustomStringConvertible, Sendable {
        package let description: String
        package init(_ description: String) { self.description = description }
    }

    /// The repository's root (this file is Tests/TestSupport/ICUOracle.swift).
    package static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A copy of `Locales/` with every expected file recorded by `scripts/make-goldens.py`
    /// on this machine's ICU; made once per test process.
    package static let locales: Result<String, OracleError> = Result { () throws(OracleError) -> String in
        let folder = try temporaryFolder("locales")
        try runOracle("scripts/make-goldens.py", ["--output", folder.path])
        return folder.path
    }

    /// `Tests/ICUExpectations/alphabetic-index.tsv` as `scripts/make-icu-expectations.py`
    /// computes it on this machine's ICU; made once per test process.
    package static let expectations: Result<URL, OracleError> = Result { () throws(OracleError) -> URL in
        let file = try temporaryFolder("expectations").appendingPathComponent("alphabetic-index.tsv")
        try runOracle("scripts/make-icu-expectations.py", ["--output", file.path])
        return file
    }

    static func temporaryFolder(_ name: String) throws(OracleError) -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("collate-oracle-\(name)-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw OracleError("cannot create \(folder.path): \(error)")
        }
        TemporaryFolders.shared.removeAtExit(folder.path)
        return folder
    }

    static func runOracle(_ script: String, _ arguments: [String]) throws(OracleError) {
        let result: (status: Int32, output: String)?
        do {
            result = try PyICUScript.run(repository.appendingPathComponent(script), arguments)
        } catch {
            throw OracleError("\(script) did not start: \(error)")
        }
        guard let result else {
            throw OracleError(
                "the oracle needs Python 3 with PyICU built on this machine's ICU (scripts/setup installs python3-icu)")
        }
        guard result.status == 0 else { throw OracleError("\(script) \(arguments.joined(separator: " ")) failed: \(result.output)") }
    }
}

/// The oracle's folders, kept for the whole test process (the suites read them until
/// its end) and removed when it exits: without this, every `swift test` left two folders
/// of goldens in the temporary directory.
private final class TemporaryFolders: @unchecked Sendable {
    // @unchecked: `paths` is touched only under `lock`.
    static let shared = TemporaryFolders()
    private let lock = NSLock()
    private var paths: [String] = []

    private init() {
        atexit { TemporaryFolders.shared.removeAll() }
    }

    func removeAtExit(_ path: String) { lock.withLock { paths.append(path) } }

    private func removeAll() {
        for path in lock.withLock({ paths }) { try? FileManager.default.removeItem(atPath: path) }
    }
}
