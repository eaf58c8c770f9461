import Foundation
import Testing

/// Keeps the layer diagram at the top of `Package.swift` true: every target is named, and
/// its `A ─► B, C` line lists exactly the target's dependencies (a product by its name).
@Suite("Package.swift's diagram is the targets' dependencies")
struct PackageDiagramTests {
    static let manifest = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Package.swift")

    /// Each target's dependencies, read from the manifest's `name:`/`dependencies:` pairs.
    static func declaredEdges(_ text: String) -> [String: Set<String>] {
        var edges: [String: Set<String>] = [:]
        let declarations = text.components(separatedBy: "\n        .")  // one piece per target
        for declaration in declarations {
            guard declaration.hasPrefix("target(") || declaration.hasPrefix("testTarget(")
                || declaration.hasPrefix("executableTarget(") || declaration.hasPrefix("systemLibrary("),
                let name = firstQuoted(after: "name: ", in: declaration)
            else { continue }
            var dependencies: Set<String> = []
            if let start = declaration.range(of: "dependencies: [") {
                let list = declaration[start.upperBound...].prefix { $0 != "]" }
                for piece in list.components(separatedBy: ",") {
                    let piece = piece.trimmingCharacters(in: .whitespacesAndNewlines)
                    if piece.hasPrefix(".product(") {
                        dependencies.insert(firstQuoted(after: "name: ", in: piece) ?? piece)
                    } else if let quoted = firstQuoted(after: "", in: piece), piece.hasPrefix("\"") {
                        dependencies.insert(quoted)
                    }
                }
            }
            edges[name] = dependencies
        }
        return edges
    }

    /// The edges the diagram draws: `//   A ─► B, C` lines; `//   A, B: …` names targets
    /// without dependencies.
    static func drawnEdges(_ text: String) -> [String: Set<String>] {
        var edges: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("//   ") {
            let body = line.dropFirst(5)
            if let arrow = body.range(of: " ─► ") {
                let targets = body[arrow.upperBound...].split(separator: ",").map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                edges[String(body[..<arrow.lowerBound]), default: []].formUnion(targets)
            } else if let colon = body.firstIndex(of: ":") {
                for name in body[..<colon].split(separator: ",") {
                    let name = name.trimmingCharacters(in: .whitespaces)
                    edges[String(name.prefix { $0 != " " }), default: []].formUnion([])
                }
            }
        }
        return edges
    }

    static func firstQuoted(after marker: String, in text: some StringProtocol) -> String? {
        guard let start = text.range(of: marker + "\"") else { return nil }
        let rest = text[start.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    @Test func everyTargetAndEdgeIsDrawn() throws {
        let text = try String(contentsOf: Self.manifest, encoding: .utf8)
        let declared = Self.declaredEdges(text)
        let drawn = Self.drawnEdges(text)
        #expect(declared.count >= 15, "the parser found \(declared.count) targets")
        #expect(declared["CollateCLI"]?.contains("ArgumentParser") == true)
        for (target, dependencies) in declared.sorted(by: { $0.key < $1.key }) {
            #expect(drawn[target] == dependencies, "\(target): drawn \(drawn[target].map { $0.sorted() } ?? []), declared \(dependencies.sorted())")
        }
        #expect(Set(drawn.keys) == Set(declared.keys), "the diagram names targets the manifest does not declare")
    }

    /// ARCHITECTURE.md is the map a reviewer reads first: every non-test target of the
    /// manifest appears in it as code (`Name`), so a new target cannot land unexplained.
    @Test func architectureNamesEveryTarget() throws {
        let text = try String(contentsOf: Self.manifest, encoding: .utf8)
        let architecture = try String(
            contentsOf: Self.manifest.deletingLastPathComponent().appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let targets = Self.declaredEdges(text).keys.filter { !$0.hasSuffix("Tests") && $0 != "TestSupport" }
        #expect(targets.count >= 9, "the parser found \(targets.sorted())")
        let missing = Self.unnamed(targets, in: architecture)
        #expect(missing.isEmpty, "ARCHITECTURE.md does not name \(missing)")
    }

    /// The targets that `document` never writes as code (`Name`).
    static func unnamed(_ targets: some Sequence<String>, in document: String) -> [String] {
        targets.filter { !document.contains("`\($0)`") }.sorted()
    }

    @Test func anUnnamedTargetIsFound() {
        #expect(Self.unnamed(["CICU", "collate", "CMeCab"], in: "`CICU` and `collate` only") == ["CMeCab"])
        #expect(Self.unnamed(["IndexedCollation"], in: "IndexedCollation without backticks") == ["IndexedCollation"])
    }

    @Test func aMissingEdgeIsFound() {
        let manifest = """
            //   A ─► B
            //   B: no dependencies
            let package = Package(
                targets: [
                    .target(name: "A", dependencies: ["B", "C"]),
                    .target(name: "B"),
                ]
            )
            """
        let declared = Self.declaredEdges(manifest)
        #expect(declared == ["A": ["B", "C"], "B": []])
        #expect(Self.drawnEdges(manifest) == ["A": ["B"], "B": []])
    }
}
