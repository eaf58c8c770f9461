import Foundation
import IndexedCollation
import Testing
import TextSupport

@testable import IndexedTableFormatting

/// Widths must agree with Python's `wcwidth` (the reference terminals and the acceptance
/// checks use), recorded in Fixtures/widths.tsv by scripts/make-width-fixtures.py.
@Suite("Display width")
struct DisplayWidthTests {
    static func fixtures() throws -> [(String, Int)] {
        let url = try #require(Bundle.module.url(forResource: "widths", withExtension: "tsv", subdirectory: "Fixtures"))
        let text = try String(contentsOf: url, encoding: .utf8)
        return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[1]) else { return nil }
            let scalars = parts[0].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
            var string = ""
            string.unicodeScalars.append(contentsOf: scalars)
            return (string, width)
        }
    }

    @Test func agreesWithPythonWcwidth() throws {
        let fixtures = try Self.fixtures()
        #expect(fixtures.count > 400)
        var mismatches = [String]()
        for (text, expected) in fixtures {
            let measured = TextMetrics.displayWidth(text)
            if measured != expected {
                mismatches.append("\(text.unicodeScalars.map { String($0.value, radix: 16) }): \(measured) ≠ \(expected)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches: \(mismatches.prefix(12))")
    }

    @Test func hangulComposedAndDecomposedAlike() {
        let composed = "한글"
        let decomposed = "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}"
        #expect(TextMetrics.displayWidth(composed) == 4)
        #expect(TextMetrics.displayWidth(decomposed) == 4)
    }

    @Test func ambiguousWidthIsAnOptionNotALocale() {
        #expect(TextMetrics.displayWidth("αβ°") == 3)
        #expect(TextMetrics.displayWidth("αβ°", ambiguousWide: true) == 6)
    }

    @Test func graphemeClustersNeverSplitCharacters() {
        #expect(TextMetrics.graphemeClusters("👨‍👩‍👧a").count == 2)
        #expect(TextMetrics.graphemeClusters("e\u{301}x").count == 2)
        #expect(TextMetrics.graphemeClusters("\u{1112}\u{1161}\u{11AB}").count == 1)
        #expect(TextMetrics.graphemeClusters("नमस्ते").count == 3)
        #expect(TextMetrics.graphemeClusters("").isEmpty)
    }
}
