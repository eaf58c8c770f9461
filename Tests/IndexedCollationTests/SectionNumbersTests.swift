import Dispatch
import Testing

@testable import IndexedCollation

/// Section numbers take a byte each for collations of at most 256 sections and four
/// beyond; both read back what was written, by the subscript or by threads through the
/// writer, and the engine's per-record sections agree with the collation's own.
@Suite("Section numbers")
struct SectionNumbersTests {
    @Test(arguments: [1, 14, 256, 257, 70_000])
    func numbersReadBackAtEitherWidth(sectionCount: Int) {
        let expected = (0..<5_000).map { ($0 * 7_919) % sectionCount }
        var written = SectionNumbers(count: expected.count, sectionCount: sectionCount)
        written.withWriter { writer in
            DispatchQueue.concurrentPerform(iterations: 3) { part in
                for index in stride(from: part, to: expected.count, by: 3) { writer.set(index, to: expected[index]) }
            }
        }
        #expect(Array(written) == expected)
        #expect(written == SectionNumbers(expected, sectionCount: sectionCount))
        written[17] = sectionCount - 1
        #expect(written[17] == sectionCount - 1)
        #expect(written != SectionNumbers(expected, sectionCount: sectionCount) || expected[17] == sectionCount - 1)
        #expect(SectionNumbers(count: 0, sectionCount: sectionCount).isEmpty)
    }

    /// The engine's per-record sections are the collation's sections of the keys, record
    /// by record, with repeats and distinct names alike.
    @Test func engineSectionsMatchTheCollation() throws {
        let collation = try LocalizedIndexedCollation(locale: "ko_KR")
        let stems = ["김민준", "이서연", "Smith", "123", "😀", "박서준", "émile", "최지우 ", ""]
        let names: [String] = (0..<3_000).map { index in stems[index % stems.count] + (index % 3 == 0 ? "" : String(index)) }
        let output = collation.runEngine(IndexingEngine(collation: collation, threads: 2), names)
        #expect(output.sectionOfRecord.count == names.count)
        for (record, name) in names.enumerated() {
            #expect(output.sectionOfRecord[record] == collation.section(for: name), "\(name)")
        }
    }
}
