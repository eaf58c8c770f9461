import ContactRecords
import IndexedCollation

/// Structured records (csv, tsv, jsonl, vcard) past the buffer: each piece of whole
/// records (``RecordEnds``) is read with the file's header in front, keyed and collated
/// like the whole input in memory, and each record goes into its run as the bytes the
/// output format writes of it (``RecordForm``), so the merged output is byte for byte the
/// in-memory one.
struct SpilledRecords {
    /// The reader and keys.
    let settings: RecordSettings
    /// What each record is written as.
    let form: RecordForm
    /// The header record of csv and tsv input (with its line end), put in front of every
    /// piece after the first, and its lines.
    private(set) var header: [UInt8]?
    private var headerLines = 0
    /// Every column seen so far, in first-seen order (the csv output's header); for other
    /// outputs only the first few, which an error message names (``namedColumns``).
    private(set) var columns: [String] = []
    /// The input's own header row (csv, tsv), from the first piece (each piece has it).
    private(set) var csvHeader: CSVHeader?
    private var columnIndex: [String: Int] = [:]
    /// Whether every column is kept (csv output: its header names them all).
    private let keepsEveryColumn: Bool
    /// What the column table takes in memory (``columnCost(_:)`` per column), which the
    /// memory bound counts: pieces are cut that much smaller (``ChunkReader/heldBytes``).
    private(set) var columnTableBytes = 0
    /// The most ``columnTableBytes`` may reach: a quarter of the bound, at least 16 MiB
    /// (within the fixed allowance the bound has beside SIZE, so tiny bounds still work).
    private let columnTableLimit: Int
    /// The bound in bytes (for the message).
    private let budget: Int
    /// The charset of csv, tsv and jsonl input not in UTF-8, detected once, in the first
    /// piece that is not UTF-8 (the whole input in memory is detected once too), or nil.
    private var detected: InputEncoding?
    /// The `--key`/`--reading-key` names no piece so far had a column for.
    private var missing: Set<String>?

    /// - Parameters:
    ///   - settings: The reader and keys.
    ///   - format: The output format.
    ///   - budget: The memory bound, of which the column table may take a quarter (at
    ///     least 16 MiB).
    init(settings: RecordSettings, format: OutputFormat, budget: SpillBudget) {
        self.settings = settings
        form = RecordForm(format, input: settings.format)
        keepsEveryColumn = form == .csvValues
        columnTableLimit = max(budget.bytes / 4, 16 << 20)
        self.budget = budget.bytes
    }

    /// How many columns are kept for messages when the output does not need them all
    /// (``RecordKeyColumns/noColumn(_:columns:format:name:)`` names 12, and `…` after).
    static let namedColumns = 13

    /// The memory one column of the table takes: its name (inline up to 15 bytes, else on
    /// the heap with a header), its place in the array and in the index (a hash table at
    /// three quarters full).
    static func columnCost(_ name: String) -> Int {
        let count = name.utf8.count
        return 16 + 64 + (count > 15 ? count + 32 : 0)
    }

    /// One piece, read, collated and turned into the run's records.
    struct Piece {
        /// Each record's output form, in input order.
        var records: Lines
        /// Sections and order.
        var output: IndexingEngine.Output
        /// Each record's first line in the input.
        var lines: [Int]
    }

    /// Reads and collates one piece.
    /// - Parameters:
    ///   - piece: Whole records from the reader.
    ///   - name: The input's name for error messages.
    ///   - pipeline: The run's settings.
    /// - Throws: ``InputError`` naming the line (in the whole input) for malformed records.
    ///   - separator: The line end (``ChunkReader/separator``).
    mutating func collate(
        _ piece: ChunkReader.Piece, name: String, separator: UInt8, pipeline: CollationPipeline
    ) throws(InputError) -> Piece {
        var bytes = piece.bytes
        var lineShift = piece.firstLine - 1
        if settings.format == .csv || settings.format == .tsv {
            if let header {
                bytes = header + bytes
                lineShift -= headerLines
            } else {
                // The first piece that is not all blank lines holds the header.
                let first = RecordEnds.firstRecord(of: bytes, format: settings.format, delimiter: settings.delimiter, separator: separator)
                if first.found { (header, headerLines) = (Array(bytes[..<first.end]), first.lines) }
            }
        }
        var pipeline = pipeline
        if detected == nil && settings.format != .vCard && (pipeline.encoding ?? .auto) == .auto
            && CharsetConversion.byteOrderMark(of: bytes) == nil
            && bytes.withUnsafeBufferPointer({ UTF8Validation.firstProblem(in: $0) }) != nil
        {
            detected = pipeline.transcoder.detectedCharset(of: bytes).flatMap { try? Charset($0) }.map(InputEncoding.named)
        }
        if let detected { pipeline.encoding = detected }
        let table = try pipeline.readRecords(bytes, name: name, settings: settings, lineShift: lineShift)
        let keys = try RecordKeyColumns(table, settings: settings, name: name, missingAsEmpty: true)
        missing = missing.map { $0.intersection(keys.missing) } ?? Set(keys.missing)
        var view = RecordView(table: table, keys: keys)
        view.searchMatches = pipeline.searchMatches(table, keys)
        if csvHeader == nil { csvHeader = CSVHeader(table) }
        var global: [Int] = []
        if keepsEveryColumn {
            global.reserveCapacity(table.columns.count)
            for column in table.columns {
                if let index = columnIndex[column] {
                    global.append(index)
                    continue
                }
                columnIndex[column] = columns.count
                columns.append(column)
                columnTableBytes += Self.columnCost(column)
                global.append(columns.count - 1)
            }
            if columnTableBytes > columnTableLimit {
                throw InputError(
                    file: name,
                    message: "the records have \(columns.count) or more distinct fields (JSON keys, vCard properties or columns): "
                        + "as the columns of --format csv their names take more than \(columnTableLimit >> 20) MiB, a quarter "
                        + "of the memory bound (--buffer-size \(budget)); give a larger --buffer-size, or another --format "
                        + "(json keeps each record as it is)")
            }
        } else {
            for column in table.columns where columns.count < Self.namedColumns && columnIndex[column] == nil {
                columnIndex[column] = columns.count
                columns.append(column)
            }
        }
        return Piece(
            records: form.render(view, columns: global), output: pipeline.index(keys, table: table),
            lines: table.indices.map { table.line(ofRecordAt: $0) + lineShift })
    }

    /// Checks, once every piece is read, that each `--key`/`--reading-key` named a column
    /// of some piece (the error the whole input in memory gives).
    /// - Throws: ``InputError`` for a column no record has.
    func checkKeys(name: String) throws(InputError) {
        guard let key = settings.keys.first(where: { missing?.contains($0) == true })
            ?? settings.readings.first(where: { missing?.contains($0) == true })
        else { return }
        throw RecordKeyColumns.noColumn(key, columns: columns, format: settings.format, name: name)
    }

}
