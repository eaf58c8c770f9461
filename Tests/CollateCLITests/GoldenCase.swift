import Foundation
import Testing
@testable import CollateCLI

/// A hand-written Locales/ case, for the tests that run every sample through other paths
/// (tables, storage keys, spilling). The generated `letters` samples of every ICU
/// language are left to the goldens suite, to keep those tests fast.
struct GoldenCase: CustomTestStringConvertible, Sendable {
    let folder: String
    let input: URL
    let arguments: [String]

    var testDescription: String { "\(folder)/\(input.lastPathComponent)" }

    func expectedURL(_ format: String) -> URL {
        input.deletingPathExtension().appendingPathExtension("expected.\(format)")
    }

    static func discover() -> [GoldenCase] {
        let cases = (try? LocaleTestCase.discover(root: Paths.locales.path)) ?? []
        return cases.filter { $0.name != "letters" }.map {
            GoldenCase(folder: $0.folder, input: URL(fileURLWithPath: $0.inputPath), arguments: $0.arguments)
        }
    }
}
