import IndexedCollation
import IndexedTableFormatting

/// Draws `columns` (the phone book) one record at a time. A line of the layout holds a
/// piece of every column, and each column is a later stretch of the records, so the
/// pieces are kept apart per column as they come and read back side by side. Past the
/// memory bound each column is a temporary file (blocks are never split, so one file is
/// written at a time): memory stays one block per column whatever the sections' sizes;
/// in memory the pieces stay in arrays.
final class ColumnsWriter: RecordStreamWriter {
    private let layout: ColumnsLayout
    private let sink: OutputSink
    private let fields: FieldSelector?
    /// Where the column files go and the memory bound, or nil to keep columns in memory.
    private let scratch: (directory: String, budget: SpillBudget)?
    private let drawn: DrawnSections
    /// The columns' pieces when kept in memory.
    private var pieces: [[String]] = []
    /// The previous record's piece.
    private var repeated = RepeatedRecord<String>()
    /// The block (drawn section) of each title.
    private let blockOfSection: [Int: Int]
    private var files: [RunFile] = []
    private var writer: RunRecordWriter?
    private var currentSection: Int?
    private var currentColumn = -1
    private let noKey = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    /// - Parameters:
    ///   - sink: Where the lines go.
    ///   - drawn: The sections drawn and what the layout knows of them.
    ///   - fields: How a record splits into columns.
    ///   - scratch: Where the column files go and the memory bound (the blocks' size), or
    ///     nil to keep the columns in memory.
    init(sink: OutputSink, drawn: DrawnSections, fields: FieldSelector?, scratch: (directory: String, budget: SpillBudget)?) {
        self.sink = sink
        self.drawn = drawn
        self.fields = fields
        self.scratch = scratch
        let options = drawn.measure.options
        layout = ColumnsLayout(
            headers: drawn.sections.map { ColumnsLayout.headerCell(title: $0.title, count: $0.count, options: options) },
            rowCounts: drawn.sections.map { drawn.rowCounts[$0.id] }, measure: drawn.measure, options: options)
        blockOfSection = Dictionary(drawn.sections.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func begin() throws {
        try sink.writeLines(layout.head(indexTitles: drawn.indexTitles, titleHasRows: drawn.titleHasRows))
    }

    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws {
        let options = layout.options
        if section != currentSection, let block = blockOfSection[section] {
            let column = layout.columnOfBlock[block]
            if column == currentColumn {
                try append(layout.piece(nil))  // the blank line between two blocks of a column
            } else {
                if let writer { files.append(try writer.finish()) }
                if let scratch {
                    writer = try RunRecordWriter(directory: scratch.directory, blockSize: scratch.budget.runBlock)
                } else {
                    pieces.append([])
                }
                currentColumn = column
            }
            let header = drawn.sections[block]
            try append(layout.piece(ColumnsLayout.headerCell(title: header.title, count: header.count, options: options)))
            currentSection = section
        }
        let piece = repeated.reused(section: section, line: line)
            ?? layout.piece(ColumnsLayout.rowCell(DrawnTextWriter.cells(of: line, fields: fields, options: options), options: options))
        try append(piece)
        repeated.keep(piece, section: section, line: line)
    }

    private func append(_ piece: String) throws {
        guard scratch != nil else { return pieces[pieces.count - 1].append(piece) }
        var piece = piece
        try piece.withUTF8 { bytes in try writer?.append(key: noKey, line: bytes) }
    }

    /// Reads the columns back side by side, a line of each at a time.
    func end() throws {
        guard let scratch else {
            for line in 0..<layout.height {
                try sink.write(layout.line(pieces.map { line < $0.count ? $0[line] : layout.piece(nil) }))
                try sink.write(byte: 0x0A)
            }
            return
        }
        if let writer { files.append(try writer.finish()) }
        writer = nil
        let blockSize = scratch.budget.mergeBlock(runs: files.count)
        let readers = files.map { RunRecordReader($0, blockSize: blockSize) }
        let blank = Array(layout.piece(nil).utf8)
        let gap = Array(String(repeating: " ", count: ColumnsLayout.gap).utf8)
        for _ in 0..<layout.height {
            for (index, reader) in readers.enumerated() {
                if index > 0 { try sink.write(gap) }
                if try reader.advance() { try sink.write(reader.line.bytes) } else { try sink.write(blank) }
            }
            try sink.write(byte: 0x0A)
        }
    }
}
