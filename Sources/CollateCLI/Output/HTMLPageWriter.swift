import IndexedCollation
import IndexedTableFormatting

/// Writes `--format html` one row at a time through the stream ``HTMLRenderer`` writes
/// through (`HTMLPageStream`): the sections and their counts, the widest record's cells
/// and the side index come from the outline.
final class HTMLPageWriter: RecordStreamWriter {
    private let stream: HTMLPageStream
    private let sink: OutputSink
    private let fields: FieldSelector?
    /// One row's bytes, reused from row to row.
    private var row: [UInt8] = []

    /// - Parameters:
    ///   - sink: Where the page goes.
    ///   - outline: The titles, counts (a page holds every record: `--page` does not
    ///     apply), cells per record, side index, `--counts` and the search box.
    init(sink: OutputSink, outline: DocumentOutline) {
        self.sink = sink
        fields = outline.fields
        stream = HTMLPageStream(
            options: HTMLOptions(collating: outline.localeIdentifier, table: outline.table),
            indexTitles: outline.sectionIndex?.titles ?? outline.titles,
            sections: DrawnSections.shown(
                titles: outline.titles, counts: outline.counts, rowCounts: outline.counts, descending: outline.descending),
            columns: outline.columns, search: outline.pageSearch.flatMap { PageSearchLookups(collation: $0, options: outline.pageSearchOptions) })
    }

    func begin() throws { try sink.write(stream.begin()) }

    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws {
        row.removeAll(keepingCapacity: true)
        stream.row(FieldSelector.columns(of: line, by: fields), section: section, into: &row)
        try sink.write(row)
    }

    func end() throws { try sink.write(stream.end()) }
}
