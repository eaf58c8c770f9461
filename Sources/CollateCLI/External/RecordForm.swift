import ContactRecords
import IndexedCollation

/// What a structured record is carried as through spilled runs: the bytes the output
/// format writes of it, made from the piece's table by the functions the in-memory
/// writers use (``RecordView``), so merged and in-memory output are the same bytes.
enum RecordForm: Equatable {
    /// The record's JSON value (`--format json`): the object of a row, the JSON line as
    /// given, a card's text as a string.
    case json
    /// The card as read, with a line end (`--format vcard`).
    case card
    /// The cells after the title, TAB-separated, without the row end (`--format tsv`).
    case tsvCells
    /// The record's non-empty values only, in column order, each as the number of columns
    /// skipped since the previous value and its field's length (LEB128 varints, one byte
    /// each for most) and the value as a CSV field after a comma (`--format csv`): the
    /// empty fields between and after them are added when the row is written, so a record
    /// costs its own values, not one field per column of the whole input (records with many
    /// distinct JSON keys or vCard properties).
    case csvValues
    /// The cells a table shows, separated by ``cellSeparator`` (table, plain, markdown,
    /// columns, html).
    case cells

    /// What separates the cells of ``cells`` (U+001F UNIT SEPARATOR), and the field
    /// selector that splits them again for the drawing writers.
    static let cellSeparator: UInt8 = 0x1F
    static let cellFields = FieldSelector(delimiter: [cellSeparator], keyField: nil, readingField: nil, splitsColumns: true)

    init(_ format: OutputFormat, input: RecordFormat) {
        switch format {
        case .json: self = .json
        case .vcard: self = .card
        case .tsv: self = .tsvCells
        case .csv: self = .csvValues
        case .table, .plain, .markdown, .columns, .html: self = .cells
        }
    }

    /// Every record of `view` in this form, in input order.
    /// - Parameters:
    ///   - view: One piece's records.
    ///   - columns: The global column of each of the table's columns (csv).
    func render(_ view: RecordView, columns: [Int]) -> Lines {
        let table = view.table
        if self == .json {
            // Written through the in-memory writer's JSON, into one memory sink.
            let sink = OutputSink.memory()
            var ranges = ByteRanges()
            ranges.reserveCapacity(table.count)
            for record in table.indices {
                let start = sink.collected.count
                try? view.writeJSON(record, to: sink)  // a memory sink does not fail
                try? sink.flush()
                ranges.append(start..<sink.collected.count)
            }
            return Lines(bytes: sink.collected, ranges: ranges)
        }
        var bytes = [UInt8]()
        bytes.reserveCapacity(table.bytes.count + table.count * 16)
        var ranges = ByteRanges()
        ranges.reserveCapacity(table.count)
        let csv = CSVWriter()
        for record in table.indices {
            let start = bytes.count
            switch self {
            case .json:
                break
            case .card:
                Self.append(card: table.bytes[table.sourceRange(ofRecordAt: record)], to: &bytes)
            case .tsvCells:
                for (position, cell) in Self.tsvCells(view, record).enumerated() {
                    if position > 0 { bytes.append(0x09) }
                    for byte in cell { bytes.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0x20 : byte) }
                }
            case .csvValues:
                let cells = view.csvCells(of: record)
                // Global columns usually rise with the table's (always in memory): then no
                // sort and no copy of the cells; else in global column order.
                var previous = -1
                var rising = true
                for cell in cells where cell.column < columns.count {
                    if columns[cell.column] <= previous { rising = false }
                    previous = columns[cell.column]
                }
                var next = 0
                if rising {
                    for cell in cells where cell.column < columns.count {
                        Self.appendCSVValue(cell.value, column: columns[cell.column], after: &next, csv: csv, to: &bytes)
                    }
                } else {
                    let global = cells.filter { $0.column < columns.count }.map { (column: columns[$0.column], value: $0.value) }
                    for cell in global.sorted(by: { $0.column < $1.column }) {
                        Self.appendCSVValue(cell.value, column: cell.column, after: &next, csv: csv, to: &bytes)
                    }
                }
            case .cells:
                for (position, cell) in view.cells(of: record).enumerated() {
                    if position > 0 { bytes.append(Self.cellSeparator) }
                    bytes += cell.utf8
                }
            }
            ranges.append(start..<bytes.count)
        }
        return Lines(bytes: bytes, ranges: ranges)
    }

    /// The cells `--format tsv` writes of a record after its title: the key values, or a
    /// card's `FN` (what a table shows of it).
    private static func tsvCells(_ view: RecordView, _ record: Int) -> [[UInt8]] {
        if view.table.format == .vCard { return view.cells(of: record).map { Array($0.utf8) } }
        if let name = view.keys.displayName(of: record) { return [Array(name.utf8)] }
        let keys = view.keys
        return (record * keys.keysPerRecord..<(record + 1) * keys.keysPerRecord).map { Array(keys.buffer[keys.keys[$0]]) }
    }

    /// Appends a card's bytes as read, and, when the input's last card has no line end,
    /// the card's own line end (its first one: CRLF, CR CR LF, LF or CR; CRLF for a card
    /// of one line), so the next card starts on a line of its own. A card that ends with
    /// a line end of any kind gets nothing (a CR-only file stays byte for byte).
    static func append(card: ArraySlice<UInt8>, to bytes: inout [UInt8]) {
        bytes += card
        guard let last = card.last, last != 0x0A, last != 0x0D else { return }
        guard let end = card.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else {
            bytes += [0x0D, 0x0A]
            return
        }
        var stop = card.index(after: end)
        while stop < card.endIndex && card[stop - 1] == 0x0D && (card[stop] == 0x0A || card[stop] == 0x0D) {
            stop += 1
            if card[stop - 1] == 0x0A { break }
        }
        bytes += card[end..<stop]
    }
}

extension RecordForm {
    /// Appends one carried csv value: the columns skipped since `next` and the field's
    /// length as varints, then the value as a CSV field after a comma.
    fileprivate static func appendCSVValue(_ value: [UInt8], column: Int, after next: inout Int, csv: CSVWriter, to bytes: inout [UInt8]) {
        appendVarint(column - next, to: &bytes)
        // One byte for the length, widened in place for the rare field of 128 bytes or more.
        let lengthAt = bytes.count
        bytes.append(0)
        value.withUnsafeBufferPointer { csv.appendField($0, isFirst: false, to: &bytes) }
        let length = bytes.count - lengthAt - 1
        if length < 0x80 {
            bytes[lengthAt] = UInt8(length)
        } else {
            var varint: [UInt8] = []
            appendVarint(length, to: &varint)
            bytes.replaceSubrange(lengthAt..<(lengthAt + 1), with: varint)
        }
        next = column + 1
    }

    /// LEB128: seven bits a byte, low first, the high bit set on all but the last.
    static func appendVarint(_ value: Int, to bytes: inout [UInt8]) {
        var rest = UInt(value)
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads a varint written by ``appendVarint(_:to:)`` at `offset`, moving past it; nil
    /// when the bytes end inside it.
    static func readVarint(_ bytes: UnsafeBufferPointer<UInt8>, at offset: inout Int) -> Int? {
        var value = 0
        var shift = 0
        while offset < bytes.count && shift < 63 {
            let byte = bytes[offset]
            offset += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }
}
