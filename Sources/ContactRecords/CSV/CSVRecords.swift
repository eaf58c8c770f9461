/// Reads CSV (RFC 4180) with a header row into a ``RecordTable``.
///
/// Quoted fields may hold the delimiter, `""` for a quote, and line breaks; rows end
/// with CRLF, LF or CR; a UTF-8 byte order mark at the start is skipped; blank lines are
/// skipped. The first row names the columns. A row shorter than the header reads as if
/// padded with empty fields; a longer row is an error unless ``allowsRaggedRows``, and its
/// extra fields are then named by their 1-based position (`"6"`).
///
/// ```swift
/// let table = try CSVRecords(delimiter: UInt8(ascii: ";")).read(bytes)
/// let family = table.values(ofColumnAt: table.columnIndex(named: "Last Name") ?? 0)
/// ```
public struct CSVRecords: Sendable {
    /// The field separator (`,` by default; `;` for many European exports).
    public var delimiter: UInt8
    /// Whether rows may have more fields than the header.
    public var allowsRaggedRows: Bool
    /// What to do with bytes that are not UTF-8.
    public var invalidUTF8: InvalidUTF8Handling
    /// Whether the input is checked as UTF-8 (off only when the caller already checked it).
    package var checksUTF8 = true

    /// Creates a CSV reader.
    /// - Parameters:
    ///   - delimiter: The field separator byte (an ASCII character other than `"`, CR, LF).
    ///   - allowsRaggedRows: Whether rows may have more fields than the header (`--ragged`).
    ///   - invalidUTF8: What to do with bytes that are not UTF-8.
    public init(delimiter: UInt8 = UInt8(ascii: ","), allowsRaggedRows: Bool = false, invalidUTF8: InvalidUTF8Handling = .error) {
        self.delimiter = delimiter
        self.allowsRaggedRows = allowsRaggedRows
        self.invalidUTF8 = invalidUTF8
    }

    /// Reads a whole CSV input.
    /// - Parameter bytes: The file's bytes.
    /// - Returns: The header's columns and one record per data row.
    /// - Throws: ``RecordError`` for an unterminated quoted field, a row with more fields
    ///   than the header (unless ragged rows are allowed), invalid UTF-8 (unless replaced),
    ///   or an unusable delimiter.
    /// - Complexity: O(*n*) in the input size.
    public func read(_ bytes: [UInt8]) throws(RecordError) -> RecordTable {
        guard delimiter < 0x80, delimiter != UInt8(ascii: "\""), delimiter != 0x0A, delimiter != 0x0D else {
            throw RecordError(line: 1, message: "the CSV delimiter must be one ASCII character other than '\"', CR and LF")
        }
        let input = checksUTF8 ? try UTF8Check.checked(bytes, handling: invalidUTF8) : bytes
        let scanner = DelimitedScanner(delimiter: delimiter, quoting: true, allowsRaggedRows: allowsRaggedRows)
        return try scanner.read(input, format: .csv)
    }
}
