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
        let sections = DrawnSections.shown(
            titles: outline.titles, counts: outline.counts, rowCounts: outline.counts, descending: outline.descending)
        stream = HTMLPageStream(
            options: HTMLOptions(collating: outline.localeIdentifier, table: outline.table),
            indexTitles: outline.sectionIndex?.titles ?? outline.titles,
            indexTargets: outline.sectionIndex.map { Self.targets(of: $0, shown: sections, titleCount: outline.titles.count) },
            indexCounts: outline.sectionIndex?.counts,
            sections: sections,
            columns: outline.columns, search: outline.pageSearch.flatMap { PageSearchLookups(collation: $0, options: outline.pageSearchOptions) })
    }

    /// For each title of a folded index, the section it links to (numbered by title): of
    /// the sections it stands for (its own, up to the next title's), the first shown in
    /// display order; nil when none of them has records.
    static func targets(of index: SectionIndex, shown: [SectionedTextStream.Section], titleCount: Int) -> [Int?] {
        index.sections.indices.map { position in
            let run = index.sections[position]..<(position + 1 < index.sections.count ? index.sections[position + 1] : titleCount)
            return shown.first { run.contains($0.id) }?.id
        }
    }

    func begin() throws { try sink.write(stream.begin()) }

    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws {
        row.removeAll(keepingCapacity: true)
        stream.row(FieldSelector.columns(of: line, by: fields), section: section, into: &row)
        try sink.write(row)
    }

    func end() throws { try sink.write(stream.end()) }
}
