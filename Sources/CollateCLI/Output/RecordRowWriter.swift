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

    /// - Parameters:
    ///   - sink: Where the output goes.
    ///   - titles: Every section title.
    ///   - csvColumns: Every column of the input in first-seen order (csv), or nil (vcard).
    init(sink: OutputSink, titles: [String], csvColumns: [String]?) {
        self.sink = sink
        self.titles = titles.map { Array($0.utf8) }
        self.csvColumns = csvColumns
    }

    func begin() throws {
        guard let csvColumns else { return }
        row.removeAll(keepingCapacity: true)
        csv.appendRow(["section"] + csvColumns, to: &row)
        try sink.write(row)
    }

    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws {
        guard let csvColumns else { return try sink.write(line) }
        row.removeAll(keepingCapacity: true)
        titles[section].withUnsafeBufferPointer { csv.appendField($0, isFirst: true, to: &row) }
        // The columns known when the record was read, then its values; later columns are empty.
        let known = Int(UInt32(line[0]) | UInt32(line[1]) << 8 | UInt32(line[2]) << 16 | UInt32(line[3]) << 24)
        row.append(contentsOf: UnsafeBufferPointer(rebasing: line[4...]))
        let empty = [UInt8]()
        for _ in known..<max(known, csvColumns.count) { empty.withUnsafeBufferPointer { csv.appendField($0, isFirst: false, to: &row) } }
        csv.appendRowEnd(to: &row)
        try sink.write(row)
    }

    func end() throws {}
}
