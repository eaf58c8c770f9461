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
        let style: TextStyle
        switch format {
        case .tsv where keys == nil: return try writeTSV(groups, to: sink)
        case .tsv, .csv: return try writeRows(format, groups, to: sink)
        case .json: return try writeJSON(groups, to: sink)
        case .table: style = .table
        case .plain: style = .plain
        case .markdown: style = .markdown
        case .columns: style = .columns
        }
        for line in SectionedTextRenderer.render(self, style: style, rows: rows, options: options) {
            try sink.write(line)
            try sink.write(byte: 0x0A)
        }
    }

    private func writeTSV(_ groups: [IndexingEngine.Group], to sink: OutputSink) throws(OutputSink.Failure) {
        try lines.bytes.withUnsafeBufferPointer { (bytes) throws(OutputSink.Failure) in
            try lines.ranges.withUnsafeBufferPointer { (ranges) throws(OutputSink.Failure) in
                for group in groups {
                    let title = Array(titles[group.section].utf8) + [0x09]
                    try title.withUnsafeBufferPointer { (title) throws(OutputSink.Failure) in
                        for record in output.order[group.range] {
                            try sink.write(title)
                            try sink.write(UnsafeBufferPointer(rebasing: bytes[ranges[Int(record)]]))
                            try sink.write(byte: 0x0A)
                        }
                    }
                }
            }
        }
    }

    /// The layout of Python's `json.dumps(…, ensure_ascii=False, indent=2)`, so goldens
    /// made by the independent PyICU script compare byte for byte.
    private func writeJSON(_ groups: [IndexingEngine.Group], to sink: OutputSink) throws(OutputSink.Failure) {
        var counts = [Int](repeating: 0, count: titles.count)
        for group in groups { counts[group.section] += group.range.count }
        let writer = StreamingWriter(format: .json, sink: sink, titles: titles, counts: counts, localeIdentifier: localeIdentifier, fields: fields)
        try writer.begin()
        for group in groups {
            for record in output.order[group.range] { try writer.record(section: group.section, line: self.record(record)) }
        }
        try writer.end()
    }
}

/// The document as a data source: one section per non-empty group, one row per record,
/// each cell built only when asked for (paging builds just the page's cells).
extension CollatedDocument: SectionedDataSource {
    var numberOfSections: Int { output.groups.count }

    func numberOfRows(inSection section: Int) -> Int { output.groups[section].range.count }

    func cell(at position: Position) -> [String] {
        let group = output.groups[position.section]
        let record = output.order[group.range.lowerBound + position.row]
        let text = String(decoding: self.record(record), as: UTF8.self)
        guard let fields, fields.splitsColumns else { return [text] }
        return text.split(separator: fields.delimiterString, omittingEmptySubsequences: false).map(String.init)
    }

    func titleForHeader(inSection section: Int) -> String? { titles[output.groups[section].section] }

    var sectionIndexTitles: [String] { titles }
}

/// JSON string escaping exactly as Python's `json.dumps(ensure_ascii=False)`.
enum JSONText {
    static func writeString(_ bytes: ArraySlice<UInt8>, to sink: OutputSink) throws(OutputSink.Failure) {
        let hex = Array("0123456789abcdef".utf8)
        try sink.write(byte: 0x22)
        var runStart = bytes.startIndex
        for index in bytes.indices {
            let byte = bytes[index]
            guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
            try sink.write(bytes[runStart..<index])
            switch byte {
            case 0x22: try sink.write("\\\"")
            case 0x5C: try sink.write("\\\\")
            case 0x0A: try sink.write("\\n")
            case 0x0D: try sink.write("\\r")
            case 0x09: try sink.write("\\t")
            case 0x08: try sink.write("\\b")
            case 0x0C: try sink.write("\\f")
            default: try sink.write([0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
            }
            runStart = index + 1
        }
        try sink.write(bytes[runStart..<bytes.endIndex])
        try sink.write(byte: 0x22)
    }
}
