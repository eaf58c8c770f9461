import Foundation
import Testing

/// Keeps `Generated/` equal to what `scripts/sync-readme-snippets` makes of the current
/// README.md, so that the snippet tests run the README's code as it reads now.
@Suite("README snippets are in sync")
struct ReadmeSnippetSyncTests {
    /// The package's root folder, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("Generated/ matches README.md (run scripts/sync-readme-snippets after editing the README)")
    func generatedTestsMatchTheReadme() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.root.appendingPathComponent("scripts/sync-readme-snippets").path, "--check"]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
    }

    @Test("every ```swift block of README.md has a generated test or is listed as skipped")
    func everyBlockIsAccountedFor() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = readme.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { $0.trimmingCharacters(in: .whitespaces) == "```swift" }.count
        let folder = Self.root.appendingPathComponent("Tests/ReadmeSnippetTests/Generated")
        let generated = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("ReadmeSnippet") && $0.hasSuffix(".swift") }.count
        let skipped = try String(contentsOf: folder.appendingPathComponent("ReadmeSnippetsSkipped.txt"), encoding: .utf8)
            .split(separator: "\n").dropFirst().count
        #expect(blocks > 0)
        #expect(generated + skipped == blocks)
    }
}
