import IndexedTableFormatting

/// Draws `table` and `markdown` from merged records, one row at a time, through the
/// stream the in-memory renderers draw through; the widths come from measurements taken
/// before the merge (``ExternalSort/Runs/measure`` or a staged page's).
final class SpilledTextWriter: SpilledDocumentWriter {
    private let stream: SectionedTextStream
    private let sink: OutputSink
    private let fields: FieldSelector?
    private let options: TableOptions

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
            style: style, options: options, indexTitles: drawn.titles, nonEmptyTitles: drawn.nonEmptyTitles,
            sections: drawn.sections, measure: drawn.measure)
    }

    /// The cells a renderer draws of a record, as the in-memory document gives them.
    static func cells<Bytes: Collection<UInt8>>(of line: Bytes, fields: FieldSelector?, options: TableOptions) -> [CellText] {
        FieldSelector.columns(of: line, by: fields).map { CellText($0, ambiguousWide: options.ambiguousWide) }
    }

    func begin() throws { try sink.writeLines(stream.begin()) }

    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws {
        try sink.writeLines(stream.row(Self.cells(of: line, fields: fields, options: options), section: section))
    }

    func end() throws { try sink.writeLines(stream.end()) }
}

/// What a drawn layout knows before its first row: every title, which have records,
/// the sections drawn in order (numbered by title) with their counts, and the rows'
/// measurements.
struct DrawnSections {
    var titles: [String]
    var nonEmptyTitles: Set<String>
    var sections: [SectionedTextStream.Section]
    /// Rows drawn per section, indexed by title.
    var rowCounts: [Int]
    var measure: TextMeasure

    /// - Parameters:
    ///   - titles: Every section title.
    ///   - counts: Records per section in the whole input, indexed by title.
    ///   - rowCounts: Records drawn per section (fewer on a page).
    ///   - descending: Whether sections come in reverse title order.
    ///   - measure: The drawn rows' measurements.
    init(titles: [String], counts: [Int], rowCounts: [Int], descending: Bool, measure: TextMeasure) {
        self.titles = titles
        self.rowCounts = rowCounts
        self.measure = measure
        nonEmptyTitles = Set(titles.indices.filter { counts[$0] > 0 }.map { titles[$0] })
        let order = descending ? Array(titles.indices.reversed()) : Array(titles.indices)
        sections = order.filter { rowCounts[$0] > 0 }.map { SectionedTextStream.Section(id: $0, title: titles[$0], count: counts[$0]) }
    }
}
