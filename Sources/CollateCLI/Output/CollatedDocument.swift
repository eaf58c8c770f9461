import IndexedCollation
import IndexedTableFormatting
import SectionedData

/// The result of collating an input, ready to print in any ``OutputFormat``.
struct CollatedDocument {
    let localeIdentifier: String
    let titles: [String]
    let lines: Lines
    let fields: FieldSelector?
    let output: IndexingEngine.Output
    /// With `--with-keys`: the stamp, direction and position offset of the keys.
    var keys: StorageKeyColumns? = nil
    /// What ends a tsv row: newline, or NUL with `-z`.
    var recordEnd: UInt8 = 0x0A
    /// The structured records (csv, tsv, jsonl, vcard input), or nil for lines.
    var records: RecordView? = nil
    /// The side index from the records per section (`--max-titles`, `--index-titles`),
    /// or nil for every section title.
    var indexFolding: (@Sendable ([Int]) -> SectionIndex)? = nil
    /// The collation the html page's search box matches by (nil: no search box).
    var searchCollation: LocalizedIndexedCollation? = nil

    func record(_ index: Int32) -> ArraySlice<UInt8> { lines.bytes[lines.ranges[Int(index)]] }

    /// The groups (sections) and record slices shown: all of them, or one page of rows
    /// counted across sections in display order.
    func visibleGroups(rows: Range<Int>?) -> [IndexingEngine.Group] {
        guard let rows else { return output.groups }
        return output.groups.compactMap { group in
            let clamped = group.range.clamped(to: rows)
            return clamped.isEmpty ? nil : IndexingEngine.Group(section: group.section, range: clamped)
        }
    }

    func write(_ format: OutputFormat, to sink: OutputSink, rows: Range<Int>?, table options: TableOptions) throws(OutputSink.Failure) {
        if lines.ranges.isEmpty { return }  // empty input prints nothing, in every format
        let groups = visibleGroups(rows: rows)
        switch format {
        case .tsv where records != nil: return try writeRecordTSV(groups, to: sink)
        case .csv where records != nil: return try writeCSV(groups, to: sink)
        case .tsv where keys == nil: return try writeTSV(groups, to: sink)
        case .tsv, .csv: return try writeRows(format, groups, to: sink)
        case .json: return try writeJSON(groups, to: sink)
        case .vcard: return try writeVCards(groups, to: sink)
        case .html: return try writeHTML(to: sink, options: options)
        case .table, .plain, .markdown, .columns:
            guard let style = format.textStyle else { return }
            try sink.writeLines(SectionedTextRenderer.render(self, style: style, rows: rows, options: options))
        }
    }

    /// The whole document as one HTML page (`--page` does not apply: a page holds every record).
    private func writeHTML(to sink: OutputSink, options: TableOptions) throws(OutputSink.Failure) {
        try sink.write(
            HTMLRenderer.render(self, options: HTMLOptions(collating: localeIdentifier, table: options), search: searchCollation.flatMap(PageSearchLookups.init(collation:))))
    }

    private func writeTSV(_ groups: [IndexingEngine.Group], to sink: OutputSink) throws(OutputSink.Failure) {
        let writer = TSVBlockWriter(titles: titles, recordEnd: recordEnd, threads: IndexingEngine.defaultThreads)
        try writer.write(groups, order: output.order, bytes: lines.bytes, ranges: lines.ranges, to: sink)
    }

    /// The layout of Python's `json.dumps(…, ensure_ascii=False, indent=2)`, so goldens
    /// made by the independent PyICU script compare byte for byte.
    private func writeJSON(_ groups: [IndexingEngine.Group], to sink: OutputSink) throws(OutputSink.Failure) {
        var counts = [Int](repeating: 0, count: titles.count)
        for group in groups { counts[group.section] += group.range.count }
        var outline = DocumentOutline(localeIdentifier: localeIdentifier, titles: titles, counts: counts, fields: fields)
        outline.sectionIndex = indexFolding?(sectionCounts)
        let writer = StreamingWriter(format: .json, sink: sink, outline: outline)
        try writer.begin()
        for group in groups {
            for record in output.order[group.range] {
                if let records {
                    try writer.record(section: group.section) { (sink) throws(OutputSink.Failure) in try records.writeJSON(Int(record), to: sink) }
                } else {
                    try writer.record(section: group.section, line: self.record(record))
                }
            }
        }
        try writer.end()
    }
}
