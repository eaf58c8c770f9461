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
