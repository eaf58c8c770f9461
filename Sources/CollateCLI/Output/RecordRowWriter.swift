import ContactRecords

/// Writes structured records carried in their output form (``RecordForm``):
/// `--format vcard` (each card as read, or as rewritten by `--write-readings`) and
/// `--format csv` (the header `section,<columns>`, then the title and the record's values).
final class RecordRowWriter: RecordStreamWriter {
    private let sink: OutputSink
    private let titles: [[UInt8]]
    /// The csv header's columns, or nil for vcard.
    private let csvColumns: [String]?
    private let csv = CSVWriter(lineEnding: "\r\n")
    private var row: [UInt8] = []
    /// An empty field after the one before it (the delimiter, or `,""` when empty fields
    /// are quoted), made once: rows of many columns are mostly empty fields.
    private lazy var emptyField: [UInt8] = {
        var bytes = [UInt8]()
        [UInt8]().withUnsafeBufferPointer { csv.appendField($0, isFirst: false, to: &bytes) }
        return bytes
    }()

    /// - Parameters:
    ///   - sink: Where the output goes.
    ///   - titles: Every section title.
    ///   - csvColumns: Every column of the input in first-seen order (csv), or nil (vcard).
    ///   - csvHeader: The input's own header (csv, tsv), written for its columns in place of
    ///     their unique names.
    init(sink: OutputSink, titles: [String], csvColumns: [String]?, csvHeader: CSVHeader? = nil) {
        self.sink = sink
        self.titles = titles.map { Array($0.utf8) }
        self.csvColumns = csvColumns
        self.csvHeader = csvHeader
    }

    /// The input's own header row (``CSVHeader``), or nil.
    private let csvHeader: CSVHeader?

    func begin() throws {
        guard let csvColumns else { return }
        // Field by field, in slices: the columns may be many (counted in the bound once).
        row.removeAll(keepingCapacity: true)
        Array("section".utf8).withUnsafeBufferPointer { csv.appendField($0, isFirst: true, to: &row) }
        // The file's own header names (issue 37: never rewritten), then any later columns.
        var own = 0
        if let csvHeader, csvHeader.names.count <= csvColumns.count {
            own = csvHeader.names.count
            if let headerRow = csvHeader.row {
                row.append(UInt8(ascii: ","))
                row += headerRow
            } else {
                for name in csvHeader.names {
                    Array(name.utf8).withUnsafeBufferPointer { csv.appendField($0, isFirst: false, to: &row) }
                }
            }
        }
        for column in csvColumns[own...] {
            Array(column.utf8).withUnsafeBufferPointer { csv.appendField($0, isFirst: false, to: &row) }
            if row.count >= 1 << 16 {
                try sink.write(row)
                row.removeAll(keepingCapacity: true)
            }
        }
        csv.appendRowEnd(to: &row)
        try sink.write(row)
    }

    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws {
        guard let csvColumns else { return try sink.write(line) }
        row.removeAll(keepingCapacity: true)
        titles[section].withUnsafeBufferPointer { csv.appendField($0, isFirst: true, to: &row) }
        // The record's non-empty values with their columns (RecordForm.csvValues), the
        // empty fields between and after them added here.
        let empty = emptyField
        func appendEmptyFields(_ count: Int) {
            guard count > 0 else { return }
            if empty.count == 1 {
                row.append(contentsOf: repeatElement(empty[0], count: count))
            } else {
                for _ in 0..<count { row += empty }
            }
        }
        var next = 0
        var offset = 0
        while offset < line.count, let skipped = RecordForm.readVarint(line, at: &offset),
            let length = RecordForm.readVarint(line, at: &offset), offset + length <= line.count
        {
            appendEmptyFields(skipped)
            row.append(contentsOf: UnsafeBufferPointer(rebasing: line[offset..<(offset + length)]))
            next += skipped + 1
            offset += length
        }
        appendEmptyFields(csvColumns.count - next)
        csv.appendRowEnd(to: &row)
        try sink.write(row)
    }

    func end() throws {}
}
