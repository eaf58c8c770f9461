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
    ///   - defaultCharset: vCard: the file's charset, that of values that declare none.
    /// - Throws: ``RecordError`` naming the line and what was expected.
    /// - Complexity: O(*n*) in the input size.
    public init(
        reading bytes: [UInt8], as format: RecordFormat, delimiter: UInt8? = nil, allowsRaggedRows: Bool = false,
        invalidUTF8: InvalidUTF8Handling = .error, charsetDecoder: (any CharsetDecoding)? = nil, defaultCharset: String? = nil
    ) throws(RecordError) {
        try self.init(
            reading: bytes, as: format, delimiter: delimiter, allowsRaggedRows: allowsRaggedRows, invalidUTF8: invalidUTF8,
            charsetDecoder: charsetDecoder, defaultCharset: defaultCharset, checksUTF8: true)
    }

    /// As the public initializer, for a caller that has already checked the whole input
    /// as UTF-8 (`checksUTF8: false` skips the csv, tsv and jsonl readers' own pass), and
    /// may give the vCard default charset as a guess (``VCardRecords/defaultCharsetIsGuess``).
    package init(
        reading bytes: [UInt8], as format: RecordFormat, delimiter: UInt8?, allowsRaggedRows: Bool, invalidUTF8: InvalidUTF8Handling,
        charsetDecoder: (any CharsetDecoding)?, defaultCharset: String?, defaultCharsetIsGuess: Bool = false, checksUTF8: Bool
    ) throws(RecordError) {
        switch format {
        case .csv:
            var reader = CSVRecords(delimiter: delimiter ?? UInt8(ascii: ","), allowsRaggedRows: allowsRaggedRows, invalidUTF8: invalidUTF8)
            reader.checksUTF8 = checksUTF8
            self = try reader.read(bytes)
        case .tsv:
            var reader = TSVRecords(allowsRaggedRows: allowsRaggedRows, invalidUTF8: invalidUTF8)
            reader.checksUTF8 = checksUTF8
            self = try reader.read(bytes)
        case .jsonLines:
            var reader = JSONLinesRecords(invalidUTF8: invalidUTF8)
            reader.checksUTF8 = checksUTF8
            self = try reader.read(bytes)
        case .vCard:
            var reader = VCardRecords(invalidUTF8: invalidUTF8, charsetDecoder: charsetDecoder, defaultCharset: defaultCharset)
            reader.defaultCharsetIsGuess = defaultCharsetIsGuess
            self = try reader.read(bytes)
        }
    }
}
