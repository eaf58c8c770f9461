import IndexedTableFormatting

/// Draws `columns` (the phone book) from merged records. A line of the layout holds a
/// piece of every column, and each column is a later stretch of the records, so the
/// pieces go to one temporary file per column as they come (blocks are never split, so
/// one file is written at a time) and the files are read back side by side: memory stays
/// one block per column whatever the sections' sizes.
final class SpilledColumnsWriter: SpilledDocumentWriter {
    private let layout: ColumnsLayout
    private let sink: OutputSink
    private let fields: FieldSelector?
    private let directory: String
    private let budget: MemoryBudget
    private let drawn: DrawnSections
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
    ///   - directory: Where the column files go.
    ///   - budget: The memory bound (the read blocks' size).
    init(sink: OutputSink, drawn: DrawnSections, fields: FieldSelector?, directory: String, budget: MemoryBudget) {
        self.sink = sink
        self.drawn = drawn
        self.fields = fields
        self.directory = directory
        self.budget = budget
        let options = drawn.measure.options
        layout = ColumnsLayout(
            headers: drawn.sections.map { ColumnsLayout.headerCell(title: $0.title, count: $0.count, options: options) },
            rowCounts: drawn.sections.map { drawn.rowCounts[$0.id] }, measure: drawn.measure, options: options)
        blockOfSection = Dictionary(drawn.sections.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    func begin() throws {
        try sink.writeLines(layout.head(indexTitles: drawn.indexTitles, nonEmptyTitles: drawn.nonEmptyTitles))
    }

    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws {
        let options = layout.options
        if section != currentSection, let block = blockOfSection[section] {
            let column = layout.columnOfBlock[block]
            if column == currentColumn {
                try append(layout.piece(nil))  // the blank line between two blocks of a column
            } else {
                if let writer { files.append(try writer.finish()) }
                writer = try RunRecordWriter(directory: directory, blockSize: budget.runBlock)
                currentColumn = column
            }
            let header = drawn.sections[block]
            try append(layout.piece(ColumnsLayout.headerCell(title: header.title, count: header.count, options: options)))
            currentSection = section
        }
        let cells = SpilledTextWriter.cells(of: line, fields: fields, options: options)
        try append(layout.piece(ColumnsLayout.rowCell(cells, options: options)))
    }

    private func append(_ piece: String) throws {
        var piece = piece
        try piece.withUTF8 { bytes in try writer?.append(key: noKey, line: bytes) }
    }

    /// Reads the columns back side by side, a line of each at a time.
    func end() throws {
        if let writer { files.append(try writer.finish()) }
        writer = nil
        let blockSize = budget.mergeBlock(runs: files.count)
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
