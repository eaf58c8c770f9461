import IndexedTableFormatting

/// Draws `table` and `markdown` one row at a time, through the stream the library's
/// renderers draw through (`SectionedTextStream`); the widths come from measurements
/// taken before the first record (``DocumentOutline/measure``).
final class DrawnTextWriter: RecordStreamWriter {
    private let stream: SectionedTextStream
    private let sink: OutputSink
    private let fields: FieldSelector?
    private let options: TableOptions
    /// The previous row's lines, when it did not open a section.
    private var repeated = RepeatedRecord<[String]>()
    private var currentSection: Int?

    /// - Parameters:
    ///   - style: `.table` or `.markdown`.
    ///   - sink: Where the lines go.
    ///   - drawn: The sections drawn and what the layout knows of them.
    ///   - fields: How a record splits into columns.
    init(style: TextStyle, sink: OutputSink, drawn: DrawnSections, fields: FieldSelector?) {
        self.sink = sink
        self.fields = fields
        options = drawn.measure.options
        stream = SectionedTextStream(
            style: style, options: options, indexTitles: drawn.indexTitles, titleHasRows: drawn.titleHasRows,
            sections: drawn.sections, measure: drawn.measure)
    }

    /// The cells a renderer draws of a record.
    static func cells<Bytes: Collection<UInt8>>(of line: Bytes, fields: FieldSelector?, options: TableOptions) -> [CellText] {
        FieldSelector.columns(of: line, by: fields).map { CellText($0, ambiguousWide: options.ambiguousWide) }
    }

    func begin() throws { try sink.writeLines(stream.begin()) }

    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws {
        if let lines = repeated.reused(section: section, line: line) { return try sink.writeLines(lines) }
        let lines = stream.row(Self.cells(of: line, fields: fields, options: options), section: section)
        try sink.writeLines(lines)
        // A row that opens its section carries the section's opening lines: not reused.
        repeated.keep(section == currentSection ? lines : nil, section: section, line: line)
        currentSection = section
    }

    func end() throws { try sink.writeLines(stream.end()) }
}
