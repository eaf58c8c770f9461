import Foundation
import Testing

@testable import CollateCLI

/// A case of the hand-written Locales/ suites, for the tests that run every sample through
/// other paths (tables, storage keys, spilling). The folders generated for every ICU
/// language are left to the goldens suite, to keep those tests fast.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    let folder: String
    let input: URL
    let arguments: [String]

    var testDescription: String { "\(folder)/\(input.lastPathComponent)" }

    func expectedURL(_ format: String) -> URL {
        input.deletingPathExtension().appendingPathExtension("expected.\(format)")
    }

    /// - Parameter includingGenerated: Also the folders generated for every ICU language.
    static func discover(includingGenerated: Bool = false) -> [GoldenCase] {
        let cases = (try? LocaleTestCase.discover(root: Paths.locales.path)) ?? []
        // Folders made by scripts/make-locale-samples.py have a `letters` case.
        let generated = includingGenerated ? [] : Set(cases.filter { $0.name == "letters" }.map(\.folder))
        return cases.filter { !generated.contains($0.folder) }.map {
            GoldenCase(folder: $0.folder, input: URL(fileURLWithPath: $0.inputPath), arguments: $0.arguments)
        }
    }
}
