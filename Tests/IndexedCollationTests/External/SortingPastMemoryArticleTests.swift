import Foundation
import IndexedCollation
import Testing

/// The Swift example of the "Sorting past memory" article compiles and does what its
/// comments say: the code below, between the markers, is the article's block as it reads.
@Suite("Sorting past memory article")
struct SortingPastMemoryArticleTests {
    static let article = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/IndexedCollation/IndexedCollation.docc/SortingPastMemory.md")

    @Test func theExampleRunsAsItSays() throws {
        // article: begin
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let sorter = try ExternalSorter(collation: korean, memoryLimit: 32 << 20)
        for (name, id) in [("홍길동", 1), ("김민준", 2), ("Smith", 3), ("까치", 4)] {
            try sorter.append(name, payload: Array("\(id)".utf8))
        }
        let sorted = try sorter.finish()
        // The count of every section is known before the first record is read.
        let nonEmpty = sorted.sectionTitles.indices.filter { sorted.sectionCounts[$0] > 0 }
        var lines: [String] = []
        while let record = try sorted.next() {
            lines.append("\(sorted.sectionTitles[record.section])\t\(record.text)")
        }
        // nonEmpty.map { sorted.sectionTitles[$0] } == ["ㄱ", "ㅎ", "S"]
        // lines == ["ㄱ\t2", "ㄱ\t4", "ㅎ\t1", "S\t3"]
        // article: end
        #expect(nonEmpty.map { sorted.sectionTitles[$0] } == ["ㄱ", "ㅎ", "S"])
        #expect(lines == ["ㄱ\t2", "ㄱ\t4", "ㅎ\t1", "S\t3"])
    }

    @Test func theCursorExampleRunsAsItSays() async throws {
        let sorter = try ExternalSorter(collation: LocalizedIndexedCollation(locale: "ko_KR"), memoryLimit: 32 << 20)
        for (name, id) in [("홍길동", 1), ("김민준", 2), ("Smith", 3), ("까치", 4)] {
            try sorter.append(name, payload: Array("\(id)".utf8))
        }
        let sorted = try sorter.finish()
        var lines: [String] = []
        // article 2: begin
        // On a fresh stream, instead of the `while` loop; each record is read once:
        let firstUnderHieut = try sorted.first { sorted.sectionTitles[$0.section] == "ㅎ" }  // "1"
        let rest = try sorted.map(\.text)  // ["3"]: the records after it
        for try await record in sorted { lines.append(record.text) }  // nothing is left
        // article 2: end
        #expect(firstUnderHieut?.text == "1")
        #expect(rest == ["3"])
        #expect(lines.isEmpty)
        try Self.expectArticleBlock(1, showsCodeBetween: "// article 2: begin", and: "// article 2: end")
    }

    /// The article's `index`-th Swift block is the code between two marker lines of this file.
    static func expectArticleBlock(_ index: Int, showsCodeBetween beginMarker: String, and endMarker: String) throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8).components(separatedBy: "\n")
        let begin = try #require(source.firstIndex { $0.hasSuffix(beginMarker) })
        let end = try #require(source.firstIndex { $0.hasSuffix(endMarker) })
        let code = source[(begin + 1)..<end].map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : $0 }
        let article = try String(contentsOf: article, encoding: .utf8)
        let blocks = article.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "\n```")[0] }
        let block = try #require(index < blocks.count ? blocks[index] : nil)
        #expect(block.components(separatedBy: "\n") == code, "SortingPastMemory.md's block \(index) differs from this test's code")
    }

    @Test func theArticleShowsThisCode() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8).components(separatedBy: "\n")
        guard let begin = source.firstIndex(where: { $0.hasSuffix("// article: begin") }),
            let end = source.firstIndex(where: { $0.hasSuffix("// article: end") })
        else {
            Issue.record("markers missing")
            return
        }
        let code = source[(begin + 1)..<end].map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : $0 }
        let article = try String(contentsOf: Self.article, encoding: .utf8)
        let block = try #require(article.components(separatedBy: "```swift\n").dropFirst().first?.components(separatedBy: "\n```").first)
        #expect(block.components(separatedBy: "\n") == code, "SortingPastMemory.md's example differs from this test's code")
    }
}
