import Foundation
import Testing

/// Keeps the benchmark blocks of the documentation (README.md, Benchmarks/README.md, the DocC
/// articles: `<!-- benchmark: NAME -->` … `<!-- /benchmark: NAME -->`) equal to the committed
/// results in `Benchmarks/results/NAME.md`, which `Benchmarks/run NAME` writes, so that no
/// figure in the documentation is typed by hand.
@Suite("README benchmark figures are the committed results")
struct ReadmeBenchmarkSyncTests {
    /// The package's root folder, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The `collate` manual, a DocC article with benchmark blocks of its own.
    static let manual = "Sources/CollateCLI/CollateCLI.docc/CommandLineManual.md"

    /// Runs `scripts/sync-readme-benchmarks` (from `root`) with `arguments`: exit status and
    /// standard error.
    static func sync(root: URL = root, _ arguments: [String]) throws -> (status: Int32, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("scripts/sync-readme-benchmarks").path] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, message)
    }

    @Test("README.md's benchmark blocks match Benchmarks/results (run scripts/sync-readme-benchmarks)")
    func blocksMatchTheResults() throws {
        let (status, errors) = try Self.sync(["--check"])
        #expect(status == 0, "\(errors)")
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("<!-- benchmark: pipeline -->"), "README.md shows the pipeline result")
        let manual = try String(contentsOf: Self.root.appendingPathComponent(Self.manual), encoding: .utf8)
        #expect(manual.contains("<!-- benchmark: spill -->"), "the collate manual shows the spill result")
    }

    @Test("--check names a block edited by hand or a missing result; the sync rewrites the block")
    func checkFindsAnEditedBlock() throws {
        let files = FileManager.default
        let copy = files.temporaryDirectory.appendingPathComponent("readme-benchmarks-\(UUID().uuidString)")
        defer { try? files.removeItem(at: copy) }
        for folder in ["scripts", "Benchmarks", "Sources/CollateCLI"] {
            try files.createDirectory(at: copy.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for path in [
            "scripts/sync-readme-benchmarks", "README.md", "Benchmarks/README.md", "Benchmarks/results",
            "Sources/CollateCLI/CollateCLI.docc",
        ] {
            try files.copyItem(at: Self.root.appendingPathComponent(path), to: copy.appendingPathComponent(path))
        }
        let readme = copy.appendingPathComponent(Self.manual)  // a block outside README.md
        let original = try String(contentsOf: readme, encoding: .utf8)
        let marker = "<!-- /benchmark: spill -->"
        try #require(original.contains(marker))
        let edited = original.replacingOccurrences(of: marker, with: "| typed | by hand |\n" + marker)
        try edited.write(to: readme, atomically: true, encoding: .utf8)

        let check = try Self.sync(root: copy, ["--check"])
        #expect(check.status == 1)
        #expect(check.errors.contains("CommandLineManual.md:"), "\(check.errors)")
        #expect(check.errors.contains("benchmark block 'spill' differs"), "\(check.errors)")

        #expect(try Self.sync(root: copy, []).status == 0)
        #expect(try !String(contentsOf: readme, encoding: .utf8).contains("| typed | by hand |"))
        #expect(try Self.sync(root: copy, ["--check"]).status == 0)

        try files.removeItem(at: copy.appendingPathComponent("Benchmarks/results/spill.md"))
        let missing = try Self.sync(root: copy, ["--check"])
        #expect(missing.status == 1)
        #expect(missing.errors.contains("Benchmarks/results/spill.md, which does not exist"), "\(missing.errors)")
    }
}
