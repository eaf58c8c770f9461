import ContactRecords

/// Structured records as the writers see them: the table as read and its keys, with the
/// cells a table shows (the key columns, or `FN` for vCards) and each record's fields.
struct RecordView {
    /// The records as read.
    let table: RecordTable
    /// Their keys and readings.
    let keys: RecordKeyColumns
    /// The `FN` column of a vCard file, shown in tables instead of the keys.
    private let formattedNames: FieldValues?
    /// Cards rewritten with guessed readings (`--write-readings`), by record.
    var rewrittenCards: [Int: [UInt8]] = [:]
    /// CSV cells filled with guessed readings (`--write-readings`), by record: (column, value).
    var filledCells: [Int: [(column: Int, value: [UInt8])]] = [:]
    /// With `--search` and `--format json`: where the search found each record, as a JSON
    /// object (``RecordSearch/matchDescriptions(of:keys:)``), carried after the record's
    /// JSON value and a NUL byte, for the writer's `matches` array.
    var searchMatches: [[UInt8]]? = nil

    init(table: RecordTable, keys: RecordKeyColumns) {
        self.table = table
        self.keys = keys
        formattedNames = table.format == .vCard ? table.columnIndex(named: "FN").map { table.values(ofColumnAt: $0) } : nil
    }

    /// What a table, plain or markdown row shows of record `record`: its name in
    /// `--display-order` when given, else its `FN` (vCard), else its key values.
    func cells(of record: Int) -> [String] {
        if let name = keys.displayName(of: record) { return [name] }
        if let formattedNames, !formattedNames.ranges[record].isEmpty { return [formattedNames.string(at: record)] }
        if table.format == .vCard, let name = keys.personName(of: record) {
            // N's parts family first, as written, whichever part sorts first.
            return [[name.familyName, name.givenName].filter { !$0.isEmpty }.joined(separator: " ")]
        }
        let values = keys.displayKeys(of: record)
        if table.format == .vCard { return [values.filter { !$0.isEmpty }.joined(separator: " ")] }
        return values
    }

    /// The columns of `--format csv` after `section`.
    var csvColumns: [String] { table.columns }

    /// The record's non-empty values for ``csvColumns``, with their columns, in column order
    /// (repeated vCard fields joined by "; "): a record costs its own values, not one per
    /// column of the file (a spilled piece of records with many distinct keys holds each once).
    func csvCells(of record: Int) -> [(column: Int, value: [UInt8])] {
        let columnCount = table.columns.count
        var cells: [(column: Int, value: [UInt8])] = []
        var ascending = true
        table.withFields(ofRecordAt: record) { column, value in
            guard column < columnCount else { return }
            if let last = cells.last, last.column >= column { ascending = false }
            cells.append((column, Array(value)))
        }
        if !ascending {
            // Fields out of column order (JSON objects, vCards): in column order, repeated
            // fields joined in the order they came.
            let sorted = cells.enumerated().sorted { ($0.element.column, $0.offset) < ($1.element.column, $1.offset) }.map(\.element)
            cells = []
            for cell in sorted {
                if let last = cells.last, last.column == cell.column {
                    cells[cells.count - 1].value += Array("; ".utf8) + cell.value
                } else {
                    cells.append(cell)
                }
            }
        }
        for filled in filledCells[record] ?? [] where filled.column < columnCount {
            if let index = cells.firstIndex(where: { $0.column >= filled.column }) {
                if cells[index].column == filled.column { cells[index].value = filled.value } else { cells.insert(filled, at: index) }
            } else {
                cells.append(filled)
            }
        }
        return cells.contains(where: { $0.value.isEmpty }) ? cells.filter { !$0.value.isEmpty } : cells
    }

    /// Writes record `record` as a JSON value at the records' indentation: an object
    /// `{column: value}` in column order (csv, tsv), the object as given (jsonl), or the
    /// card's text as read (vcard).
    func writeJSON(_ record: Int, to sink: OutputSink) throws(OutputSink.Failure) {
        try writeJSONValue(record, to: sink)
        if let searchMatches, record < searchMatches.count {
            try sink.write([0])
            try sink.write(searchMatches[record][...])
        }
    }

    private func writeJSONValue(_ record: Int, to sink: OutputSink) throws(OutputSink.Failure) {
        let source = table.bytes[table.sourceRange(ofRecordAt: record)]
        switch table.format {
        case .jsonLines:
            try sink.write(Self.trimmed(source))
        case .vCard:
            // UTF-8 as read, else decoded per the card's charset (never Latin-1 by fallback).
            try JSONText.writeString(table.utf8Text(ofRecordAt: record), to: sink)
        case .csv, .tsv:
            var fields = [(Int, [UInt8])]()
            table.withFields(ofRecordAt: record) { column, value in fields.append((column, Array(value))) }
            guard !fields.isEmpty else { return try sink.write("{}") }
            for (position, field) in fields.enumerated() {
                try sink.write(position == 0 ? "{\n          " : ",\n          ")
                let name = field.0 < table.columns.count ? table.columns[field.0] : String(field.0 + 1)
                try JSONText.writeString(Array(name.utf8)[...], to: sink)
                try sink.write(": ")
                try JSONText.writeString(field.1[...], to: sink)
            }
            try sink.write("\n        }")
        }
    }

    /// A JSON line without surrounding white space or line end.
    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return bytes[bytes.startIndex..<bytes.startIndex]
        }
        return bytes[first...last]
    }
}
