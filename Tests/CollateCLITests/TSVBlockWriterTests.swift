import IndexedCollation
import Testing

@testable import CollateCLI

/// The block writer (the in-memory fast path of plain tsv) formats rows on several
/// threads, yet writes exactly what the record stream's tsv writer writes (the writer
/// spilled runs are merged into): the same rows in the same order, across block and wave
/// boundaries, for empty lines, groups of one row, a later page of groups, and `-z`.
@Suite("TSV block writer")
struct TSVBlockWriterTests {
    static let titles = ["ㄱ", "ㄴ", "A", "#"]

    /// Lines of varying length (some empty) in one buffer, a shuffled order and groups of
    /// uneven sizes, some crossing the block size.
    static func document(count: Int) -> (bytes: [UInt8], ranges: [Range<Int>], order: [Int32], groups: [IndexingEngine.Group]) {
        var bytes = [UInt8]()
        var ranges = [Range<Int>]()
        for record in 0..<count {
            let start = bytes.count
            bytes += Array("김\(record)".utf8).prefix(record % 7 == 0 ? 0 : 3 + record % 9)
            ranges.append(start..<bytes.count)
            bytes.append(0x0A)
        }
        let order = (0..<Int32(count)).map { ($0 &* 7_919) % Int32(count) }
        var groups = [IndexingEngine.Group]()
        var start = 0
        for size in [1, TSVBlockWriter.blockSize + 5, 3, 2 * TSVBlockWriter.blockSize, 1] where start < count {
            let end = min(start + size, count)
            groups.append(IndexingEngine.Group(section: groups.count % titles.count, range: start..<end))
            start = end
        }
        if start < count { groups.append(IndexingEngine.Group(section: 3, range: start..<count)) }
        return (bytes, ranges, order, groups)
    }

    static func rowByRow(
        _ document: (bytes: [UInt8], ranges: [Range<Int>], order: [Int32], groups: [IndexingEngine.Group]), recordEnd: UInt8
    ) throws -> [UInt8] {
        let sink = OutputSink.memory()
        var outline = DocumentOutline(localeIdentifier: "ko_KR", titles: titles, counts: titles.map { _ in 0 }, fields: nil)
        outline.recordEnd = recordEnd
        let writer = outline.makeWriter(for: .tsv, sink: sink)
        try writer.begin()
        try document.bytes.withUnsafeBufferPointer { bytes in
            for group in document.groups {
                for record in document.order[group.range] {
                    try writer.record(
                        section: group.section, key: UnsafeBufferPointer(start: nil, count: 0),
                        line: UnsafeBufferPointer(rebasing: bytes[document.ranges[Int(record)]]))
                }
            }
        }
        try writer.end()
        return sink.collected
    }

    @Test(arguments: [0, 1, 50, 3 * TSVBlockWriter.blockSize + 17], [1, 2, 3])
    func blocksWriteWhatRowsWrite(count: Int, threads: Int) throws {
        let document = Self.document(count: count)
        for recordEnd: UInt8 in [0x0A, 0x00] {
            let sink = OutputSink.memory()
            try TSVBlockWriter(titles: Self.titles, recordEnd: recordEnd, threads: threads)
                .write(document.groups, order: document.order, bytes: document.bytes, ranges: ByteRanges(document.ranges), to: sink)
            try sink.flush()
            let expected = try Self.rowByRow(document, recordEnd: recordEnd)
            #expect(sink.collected == expected)
            #expect(sink.collected.filter { $0 == recordEnd }.count >= count)
        }
    }

    /// A later page (groups that do not start at position 0) writes only its rows.
    @Test func aPageOfGroupsWritesOnlyItsRows() throws {
        var document = Self.document(count: 40_000)
        document.groups = [IndexingEngine.Group(section: 1, range: 20_000..<39_000)]
        let sink = OutputSink.memory()
        try TSVBlockWriter(titles: Self.titles, recordEnd: 0x0A, threads: 2)
            .write(document.groups, order: document.order, bytes: document.bytes, ranges: ByteRanges(document.ranges), to: sink)
        try sink.flush()
        #expect(sink.collected == (try Self.rowByRow(document, recordEnd: 0x0A)))
        #expect(sink.collected.filter { $0 == 0x0A }.count == 19_000)
    }
}
