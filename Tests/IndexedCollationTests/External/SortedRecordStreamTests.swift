import IndexedCollation
import Testing

/// `SortedRecordStream` in GRDB's `Cursor` shape: the sequence operations read the same
/// records in the same order as `next()`, stop where they should, and an error thrown in
/// the middle ends the operation without losing the records after it.
@Suite("Sorted record stream")
struct SortedRecordStreamTests {
    struct Stop: Error, Equatable {}

    static let names = ["Örjan", "Åsa", "Zelda", "Ärla", "anders", "Bo", "Östen", "Ada"]
    /// The Swedish order of ``names``: Å, Ä, Ö after Z.
    static let sorted = ["Ada", "anders", "Bo", "Zelda", "Åsa", "Ärla", "Örjan", "Östen"]

    /// A stream of ``names``: from runs on disk (a bound of one byte) or from memory.
    static func stream(spilled: Bool) throws -> SortedRecordStream {
        let sorter = try ExternalSorter(collation: LocalizedIndexedCollation(locale: "sv_SE"), memoryLimit: spilled ? 1 : 64 << 20)
        for name in names { try sorter.append(name) }
        let stream = try sorter.finish()
        #expect((sorter.runsWritten > 0) == spilled)
        return stream
    }

    @Test(arguments: [false, true])
    func operationsReadTheOrderOfNext(spilled: Bool) throws {
        #expect(try Self.stream(spilled: spilled).map(\.text) == Self.sorted)
        #expect(try Array(Self.stream(spilled: spilled)).map(\.text) == Self.sorted)
        #expect(try Self.stream(spilled: spilled).filter { $0.text.hasPrefix("Ö") }.map(\.text) == ["Örjan", "Östen"])
        #expect(try Self.stream(spilled: spilled).compactMap { $0.text.count == 2 ? $0.text : nil } == ["Bo"])
        #expect(try Self.stream(spilled: spilled).reduce(0) { $0 + $1.payload.count } == Self.names.map(\.utf8.count).reduce(0, +))
        let titles = try Self.stream(spilled: spilled).reduce(into: [String]()) { titles, record in titles.append(record.text) }
        #expect(titles == Self.sorted)
        #expect(try Self.stream(spilled: spilled).contains { $0.text == "Zelda" })
        #expect(try !Self.stream(spilled: spilled).contains { $0.text == "Zorro" })
    }

    @Test(arguments: [false, true])
    func firstWhereStopsAtTheMatch(spilled: Bool) throws {
        let stream = try Self.stream(spilled: spilled)
        let zelda = try #require(try stream.first { $0.text == "Zelda" })
        #expect(stream.sectionTitles[zelda.section] == "Z")
        // The records after the match are still there, in order.
        #expect(try stream.map(\.text) == ["Åsa", "Ärla", "Örjan", "Östen"])
        #expect(try stream.next() == nil)
        #expect(try stream.first { _ in true } == nil)
    }

    @Test(arguments: [false, true])
    func forTryAwaitReadsEveryRecord(spilled: Bool) async throws {
        let stream = try Self.stream(spilled: spilled)
        var texts: [String] = []
        var titles: [String] = []
        for try await record in stream {
            texts.append(record.text)
            titles.append(stream.sectionTitles[record.section])
        }
        #expect(texts == Self.sorted)
        #expect(titles == ["A", "A", "B", "Z", "Å", "Ä", "Ö", "Ö"])
    }

    @Test(arguments: [false, true])
    func anErrorThrownMidIterationEndsItAndKeepsTheRest(spilled: Bool) throws {
        let stream = try Self.stream(spilled: spilled)
        var seen: [String] = []
        #expect(throws: Stop.self) {
            try stream.forEach { record in
                seen.append(record.text)
                if record.text == "Bo" { throw Stop() }
            }
        }
        #expect(seen == ["Ada", "anders", "Bo"])
        #expect(throws: Stop.self) {
            _ = try stream.map { record -> String in
                if record.text == "Åsa" { throw Stop() }
                return record.text
            }
        }
        // "Zelda" was read by map before it threw at "Åsa": the stream goes on after it.
        #expect(try stream.map(\.text) == ["Ärla", "Örjan", "Östen"])
    }

    @Test func anErrorThrownInsideForTryAwaitLeavesTheStreamWhereItWas() async throws {
        let stream = try Self.stream(spilled: true)
        var seen = 0
        do {
            for try await record in stream {
                seen += 1
                if record.text == "Zelda" { throw Stop() }
            }
            Issue.record("the loop should have thrown")
        } catch is Stop {}
        #expect(seen == 4)
        #expect(try stream.next()?.text == "Åsa")
    }
}
