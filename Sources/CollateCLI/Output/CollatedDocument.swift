import IndexedCollation
import IndexedTableFormatting

/// The result of collating an input held in memory, written as a single run of the
/// record stream: its outline is counted and measured here, then its records go in
/// output order to the writer ``DocumentOutline/makeWriter(for:sink:)`` makes, the same
/// writer the merge of spilled runs feeds.
struct CollatedDocument {
    /// What the run knows before counting: the locale, titles and counts, the side index,
    /// the options, the keys' stamp and direction, the row ends (``CollationPipeline/outline(counts:)``).
    var outline: DocumentOutline
    /// The input's records: lines, or the source bytes of structured records.
    let lines: Lines
    let output: IndexingEngine.Output
    /// The structured records (csv, tsv, jsonl, vcard input), or nil for lines.
    var records: RecordView? = nil
    /// Records before this input in the whole data set (`--position-offset`), added to
    /// the positions of storage keys.
    var positionOffset = 0

    /// The groups (sections) and record slices shown: all of them, or one page of rows
    /// counted across sections in display order.
    func visibleGroups(rows: Range<Int>?) -> [IndexingEngine.Group] {
        guard let rows else { return output.groups }
        return output.groups.compactMap { group in
            let clamped = group.range.clamped(to: rows)
            return clamped.isEmpty ? nil : IndexingEngine.Group(section: group.section, range: clamped)
        }
    }

    /// Writes the document: begin, every record shown in output order, end.
    ///
    /// Plain tsv of lines (no keys) goes through ``TSVBlockWriter`` instead, which writes
    /// the same bytes as the stream's tsv writer but formats blocks of rows on all cores
    /// (an in-memory optimisation: the records are all at hand).
    /// - Parameters:
    ///   - format: The output format.
    ///   - sink: Where the document goes.
    ///   - rows: One page of rows (`--page`, see ``OutputSettings/page``), or nil for all.
    ///   - table: The human formats' options.
    /// - Throws: The sink's failure.
    func write(_ format: OutputFormat, to sink: OutputSink, rows: Range<Int>?, table: TableOptions) throws {
        // No record (empty input, or a search that finds none) prints nothing, except json,
        // which is always one document (`"sections": []`).
        if lines.ranges.isEmpty && format != .json { return }
        let groups = visibleGroups(rows: rows)
        if format == .tsv && outline.stamp == nil && records == nil {
            let writer = TSVBlockWriter(titles: outline.titles, recordEnd: outline.recordEnd, threads: IndexingEngine.defaultThreads)
            return try writer.write(groups, order: output.order, bytes: lines.bytes, ranges: lines.ranges, to: sink)
        }
        let carried = carried(for: format)
        let writer = outline(for: format, groups: groups, carried: carried, table: table).makeWriter(for: format, sink: sink)
        try writer.begin()
        try play(groups, carried.records, into: writer)
        try writer.end()
    }
}
