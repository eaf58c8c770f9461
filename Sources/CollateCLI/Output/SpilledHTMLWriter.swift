import IndexedCollation
import IndexedTableFormatting

/// Writes `--format html` from merged records, one row at a time, through the stream
/// ``HTMLRenderer`` writes through: the sections and their counts, and the widest
/// record's columns, are known from the runs (``ExternalSort/Runs/columns``).
final class SpilledHTMLWriter: SpilledDocumentWriter {
    private let stream: HTMLPageStream
    private let sink: OutputSink
    private let fields: FieldSelector?
    /// One row's bytes, reused from row to row.
    private var row: [UInt8] = []

    /// - Parameters:
    ///   - sink: Where the page goes.
    ///   - options: The page options (``HTMLOptions/init(collating:table:)``).
    ///   - titles: Every section title, the index.
    ///   - counts: Records per section, indexed by title.
    ///   - descending: Whether sections come in reverse title order.
    ///   - columns: The most columns a record has.
    ///   - fields: How a record splits into columns.
    ///   - indexTitles: The side index's titles when folded (`--max-titles`), else nil.
    ///   - search: The collation the page's search box matches by, or nil for none.
    init(
        sink: OutputSink, options: HTMLOptions, titles: [String], counts: [Int], descending: Bool, columns: Int,
        fields: FieldSelector?, indexTitles: [String]? = nil, search: LocalizedIndexedCollation? = nil
    ) {
        self.sink = sink
        self.fields = fields
        stream = HTMLPageStream(
            options: options, indexTitles: indexTitles ?? titles,
            sections: DrawnSections.shown(titles: titles, counts: counts, rowCounts: counts, descending: descending), columns: columns,
            search: search.flatMap(PageSearchLookups.init(collation:)))
    }

    func begin() throws { try sink.write(stream.begin()) }

    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws {
        row.removeAll(keepingCapacity: true)
        stream.row(FieldSelector.columns(of: line, by: fields), section: section, into: &row)
        try sink.write(row)
    }

    func end() throws { try sink.write(stream.end()) }
}
