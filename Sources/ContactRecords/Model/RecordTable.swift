/// A record file as read: the input bytes, the column names and, per record, its raw text,
/// its starting line and its fields.
///
/// Reading keeps fields as byte ranges (CSV/TSV) or in one buffer of decoded values
/// (JSON Lines, vCard), so a million rows cost no `String` per field. Records become
/// ``Record`` values only when asked for (subscript, iteration); bulk callers use
/// ``values(ofColumnAt:)``, ``defaultKeys(at:)`` and ``withFields(ofRecordAt:_:)``.
///
/// ```swift
/// let table = try CSVRecords().read(Array(csvText.utf8))
/// for contact in table { print(contact.line, contact.value(for: "Last Name") ?? "") }
/// ```
public struct RecordTable: Sendable, RandomAccessCollection {
    /// The format the table was read from.
    public let format: RecordFormat
    /// The input as read (after repair under ``InvalidUTF8Handling/replace``); record
    /// texts are ranges of it.
    public let bytes: [UInt8]
    /// The column names: the CSV/TSV header (plus `"6"`, `"7"`… for the extra fields of
    /// ragged rows; all different: an empty name becomes its 1-based position, a repeated
    /// one gets `_2`, `_3`…, so `Name,Name,` gives `Name`, `Name_2`, `3`), every JSON path in first-seen order, or every vCard field name in
    /// first-seen order.
    public let columns: [String]
    // The readers create tables with the memberwise initializer.
    let recordRanges: [Range<Int>]
    let lines: [Int]
    let storage: Storage
    /// How a vCard file's charsets were decoded, to give the UTF-8 text of a card that is
    /// not UTF-8 as read (nil for other formats).
    var cardCharsets: VCardCharsets? = nil
    /// The header row of CSV or TSV input as the file names its columns: empty and
    /// repeated names kept (`Name,,Phone,Phone` gives `["Name", "", "Phone", "Phone"]`),
    /// where ``columns`` makes them unique for JSON keys. Empty for other formats.
    public internal(set) var header: [String] = []
    /// Where the header row of CSV or TSV input is in ``bytes`` (its fields and
    /// delimiters as written, quotes included, without the line end), or nil.
    public internal(set) var headerRange: Range<Int>? = nil

    /// The first record's index (0).
    public var startIndex: Int { 0 }
    /// One past the last record's index (the number of records).
    public var endIndex: Int { recordRanges.count }

    /// The record at `index`, with its fields decoded into strings.
    /// - Parameter index: A record index.
    public subscript(index: Int) -> Record {
        var fields = [RecordField]()
        withFields(ofRecordAt: index) { column, value in
            fields.append(RecordField(name: columns[column], value: String(decoding: value, as: UTF8.self)))
        }
        let keyCount = defaultKeyCount(ofRecordAt: index)
        var keys = [String]()
        var readings = [String]()
        for position in 0..<keyCount {
            let (key, reading) = defaultKey(ofRecordAt: index, position: position)
            keys.append(key)
            readings.append(reading)
        }
        return Record(
            bytes: bytes[recordRanges[index]], line: lines[index], fields: fields, sortKeys: keys, readings: readings)
    }

    /// The record's text exactly as read (a CSV row without its line end, a whole card
    /// from `BEGIN:VCARD` to the end of its `END:VCARD` line, a JSON line).
    /// - Parameter index: A record index.
    /// - Returns: A range of ``bytes``.
    public func sourceRange(ofRecordAt index: Int) -> Range<Int> { recordRanges[index] }

    /// The record's text as UTF-8: its bytes as read (``sourceRange(ofRecordAt:)``), or,
    /// for a card that is not UTF-8 as read, its lines decoded by their `CHARSET` (folds
    /// joined first), else by the file's charset, else with U+FFFD.
    /// - Parameter index: A record index.
    /// - Returns: UTF-8 bytes.
    public func utf8Text(ofRecordAt index: Int) -> ArraySlice<UInt8> {
        let range = recordRanges[index]
        guard let cardCharsets else { return bytes[range] }
        // Valid UTF-8 is the text, unless the file's charset decodes it, or a value declares
        // a 7-bit charset (ISO-2022-JP: escape sequences).
        if UTF8Check.isValid(bytes[range]) && !cardCharsets.decodesValidUTF8 && !bytes[range].contains(0x1B) {
            return bytes[range]
        }
        return VCardRecords.utf8Text(ofCard: bytes[range], charsets: cardCharsets)[...]
    }

    /// The 1-based line where the record starts.
    /// - Parameter index: A record index.
    public func line(ofRecordAt index: Int) -> Int { lines[index] }

    /// The index of the first column called `name`, or of the `n`-th column when `name` is
    /// a 1-based number that is not itself a column name (and at most ``columns``' count).
    /// - Parameter name: A column name, JSON path, vCard field name or 1-based number.
    /// - Returns: The column index, or `nil` when there is no such column.
    public func columnIndex(named name: String) -> Int? {
        if let index = columns.firstIndex(of: name) { return index }
        if format == .vCard, let index = columns.firstIndex(where: { $0.uppercased() == name.uppercased() }) {
            return index
        }
        // A number past the last column names none: every row's fields are among the
        // columns (a ragged row's extras included), so its keys would all be empty.
        if let number = Int(name), number >= 1, number <= columns.count { return number - 1 }
        return nil
    }
}
