extension RecordTable {
    /// Reads a whole input in one of the structured formats (one call for a command line
    /// that picks the format from a flag or the file name).
    ///
    /// ```swift
    /// let format = RecordFormat(fileName: "contacts.vcf") ?? .csv
    /// let table = try RecordTable(reading: bytes, as: format)
    /// ```
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - format: The input format.
    ///   - delimiter: The CSV field separator (`,` when `nil`); ignored by other formats.
    ///   - allowsRaggedRows: Whether CSV/TSV rows may have more fields than the header.
    ///   - invalidUTF8: What to do with bytes that do not decode.
    ///   - charsetDecoder: vCard: the converter for `CHARSET=` values other than UTF-8
    ///     and ISO-8859-1 (the other formats take UTF-8: convert them first).
    ///   - defaultCharset: vCard: the charset of values that declare none and are not UTF-8.
    /// - Throws: ``RecordError`` naming the line and what was expected.
    /// - Complexity: O(*n*) in the input size.
    public init(
        reading bytes: [UInt8], as format: RecordFormat, delimiter: UInt8? = nil, allowsRaggedRows: Bool = false,
        invalidUTF8: InvalidUTF8Handling = .error, charsetDecoder: (any CharsetDecoding)? = nil, defaultCharset: String? = nil
    ) throws(RecordError) {
        switch format {
        case .csv:
            self = try CSVRecords(delimiter: delimiter ?? UInt8(ascii: ","), allowsRaggedRows: allowsRaggedRows, invalidUTF8: invalidUTF8)
                .read(bytes)
        case .tsv: self = try TSVRecords(allowsRaggedRows: allowsRaggedRows, invalidUTF8: invalidUTF8).read(bytes)
        case .jsonLines: self = try JSONLinesRecords(invalidUTF8: invalidUTF8).read(bytes)
        case .vCard: self = try VCardRecords(invalidUTF8: invalidUTF8, charsetDecoder: charsetDecoder, defaultCharset: defaultCharset).read(bytes)
        }
    }
}
