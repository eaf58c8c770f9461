/// Reads tab-separated values with a header row into a ``RecordTable``.
///
/// No quoting: a `"` is an ordinary character and a field cannot hold a tab or a line
/// break. Otherwise as ``CSVRecords``: CRLF/LF/CR line ends, a leading byte order mark
/// skipped, blank lines skipped, short rows padded, long rows an error unless ragged.
public struct TSVRecords: Sendable {
    /// Whether rows may have more fields than the header.
    public var allowsRaggedRows: Bool
    /// What to do with bytes that are not UTF-8.
    public var invalidUTF8: InvalidUTF8Handling
    /// Whether the input is checked as UTF-8 (off only when the caller already checked it).
    package var checksUTF8 = true

    /// Creates a TSV reader.
    /// - Parameters:
    ///   - allowsRaggedRows: Whether rows may have more fields than the header (`--ragged`).
    ///   - invalidUTF8: What to do with bytes that are not UTF-8.
    public init(allowsRaggedRows: Bool = false, invalidUTF8: InvalidUTF8Handling = .error) {
        self.allowsRaggedRows = allowsRaggedRows
        self.invalidUTF8 = invalidUTF8
    }

    /// Reads a whole TSV input.
    /// - Parameter bytes: The file's bytes.
    /// - Returns: The header's columns and one record per data row.
    /// - Throws: ``RecordError`` for a row with more fields than the header (unless
    ///   ragged rows are allowed) or invalid UTF-8 (unless replaced).
    /// - Complexity: O(*n*) in the input size.
    public func read(_ bytes: [UInt8]) throws(RecordError) -> RecordTable {
        let input = checksUTF8 ? try UTF8Check.checked(bytes, handling: invalidUTF8) : bytes
        let scanner = DelimitedScanner(delimiter: 0x09, quoting: false, allowsRaggedRows: allowsRaggedRows)
        return try scanner.read(input, format: .tsv)
    }
}
