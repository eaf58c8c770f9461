import IndexedCollation
import SystemPackage

/// One run of `collate`, resolved once from the command's flags: how input is read and
/// decoded, the collation and keys, and how output is written. The input readers, the
/// indexing engine, the spilled sort and the writers receive this value, never the
/// command.
struct CollationPipeline {
    /// The input path ("-" for standard input).
    var inputPath: String
    /// What to do with invalid UTF-8 and NUL bytes.
    var invalidUTF8: InvalidUTF8Policy
    /// The input's charset (`--encoding`); nil when not given (auto for record inputs,
    /// UTF-8 for lines).
    var encoding: InputEncoding?
    /// The memory bound of the whole process; inputs that do not fit spill sorted runs.
    var budget: SpillBudget
    /// Where the progress display goes (standard error on a terminal), or nil for none.
    var progressDescriptor: FileDescriptor? = nil
    /// Where notes on what was done go (standard error: the count of readings written),
    /// or nil for none.
    var reportDescriptor: FileDescriptor? = nil
    /// Where spilled runs go.
    var runDirectory: String
    /// Which part of a line is its key and reading, or nil for whole lines.
    var fields: FieldSelector?
    /// The structured input's reader and keys, or nil for lines.
    var records: RecordSettings?
    /// Whether lines end with NUL (`-z`) on input and in tsv/csv output.
    var zeroTerminated: Bool
    /// Whether only the first of records equal at the strength is kept (`-u`).
    var unique: Bool
    /// The locale's collation.
    var collation: LocalizedIndexedCollation
    /// Whether sections and records are reversed.
    var descending: Bool
    /// The output side.
    var output: OutputSettings
    /// The side index of a document from its records per section (`--max-titles`,
    /// `--index-titles`), or nil for every section title.
    var indexFolding: (@Sendable ([Int]) -> SectionIndex)?
    /// `--search`: the records kept, or nil to keep every record.
    var search: RecordSearch?
    /// The collation an html page's search box matches by, or nil for a page without one
    /// (`--no-search-box`).
    var pageSearch: LocalizedIndexedCollation?
    /// How the page's search box matches (`--search-mode`, `--search-keypad`).
    var pageSearchOptions = SearchOptions()
    /// The input's first piece, being read while the collation was opened, or nil when the
    /// run reads it itself.
    var prefetch: InputPrefetch?

    /// The pipeline for a command's flags.
    /// - Parameters:
    ///   - command: The parsed command line.
    ///   - output: The resolved output settings.
    ///   - environment: The locale (when --locale is absent) and `TMPDIR`.
    ///   - prefetchesInput: Whether a regular file's first piece is read on another thread
    ///     while the collation is opened (``InputPrefetch``).
    /// - Throws: ``CollationError`` for unknown or malformed locales.
    init(_ command: CollateCommand, output: OutputSettings, environment: [String: String], prefetchesInput: Bool = false)
        throws(CollationError)
    {
        inputPath = command.input.path
        invalidUTF8 = command.input.invalid
        encoding = command.input.encoding.flatMap(InputEncoding.init)
        budget = command.input.memoryBudget
        runDirectory = command.input.runDirectory(environment: environment)
        fields = command.keys.fieldSelector
        records = RecordSettings(command)
        zeroTerminated = command.input.zeroTerminated
        if prefetchesInput {
            prefetch = InputPrefetch(
                InputPrefetch.ReaderSettings(
                    path: inputPath, budget: budget, invalidUTF8: invalidUTF8, records: records, zeroTerminated: zeroTerminated,
                    transcodesLines: Self.transcodesLines(records: records, encoding: encoding), atStart: output.positionOffset == nil))
        }
        unique = command.collation.unique
        collation = try command.collation.makeCollation(
            environment: environment, filing: command.filing.rules(command), sections: command.sections)
        descending = command.collation.reverse
        self.output = output
        indexFolding = command.indexTitles.folding(collation)
        search = try RecordSearch(
            command.search.search, collation: collation, options: command.search.options, fields: command.search.searchFields)
        pageSearch = command.search.searchBox ? collation : nil
        pageSearchOptions = command.search.options
    }

    /// The stamp written beside storage keys, when the output carries them: the
    /// collation's, the direction and which field is the key and the reading.
    var keyStamp: String? {
        guard output.withKeys else { return nil }
        var selection = [String]()
        if let fields, fields.keyField != nil || fields.readingField != nil {
            selection.append("field=\(fields.keyField.map(String.init) ?? "line")")
            if let reading = fields.readingField { selection.append("reading=\(reading)") }
            selection.append("delimiter=" + fields.delimiter.map(LineDecoder.hex).joined())
        }
        return collation.keyStamp(descending: descending, keySelection: selection.joined(separator: ";"))
    }

    /// Whether the input starts the data set, so a leading U+FEFF is a byte order mark
    /// (not with `--position-offset`: a part of a larger input starts with data).
    var inputStartsDataSet: Bool { output.positionOffset == nil }

    /// Whether lines input is converted to UTF-8 first (`--encoding` other than UTF-8),
    /// which needs the whole input in memory.
    var transcodesLines: Bool { Self.transcodesLines(records: records, encoding: encoding) }

    /// Whether lines (no `records`) in `encoding` are converted to UTF-8 first.
    static func transcodesLines(records: RecordSettings?, encoding: InputEncoding?) -> Bool {
        records == nil && encoding != nil && encoding?.isUTF8 == false
    }

    /// The input's conversion to UTF-8, by `--encoding` (auto when not given) and the
    /// locale's language.
    var transcoder: InputTranscoder {
        InputTranscoder(encoding: encoding ?? .auto, language: collation.locale.languageCode, replacing: invalidUTF8 == .replace)
    }

    /// Keys, sections and order for decoded lines.
    /// - Parameter lines: The lines of an input or of one piece of it.
    /// - Returns: The engine's output.
    /// - Complexity: O(*n* log *n*) byte comparisons and O(*n*) ICU calls.
    func index(_ lines: Lines) -> IndexingEngine.Output {
        withEngineInput(lines) { finish(IndexingEngine(collation: collation).index($0, descending: descending)) }
    }

    /// The engine's input for decoded lines: their keys and readings by the field selector.
    func withEngineInput<Result>(_ lines: Lines, _ body: (IndexingEngine.Input) -> Result) -> Result {
        lines.bytes.withUnsafeBufferPointer { buffer in
            if let fields, fields.keyFields.count > 1 {
                // Several -k fields: record-major keys; a --reading-field reads the first.
                let width = fields.keyFields.count
                let readings = fields.readings(of: lines.ranges, in: buffer).map { readings in
                    ByteRanges((0..<readings.count * width).lazy.map { $0 % width == 0 ? readings[$0 / width] : 0..<0 })
                }
                return body(
                    IndexingEngine.Input(
                        bytes: buffer, keys: fields.allKeys(of: lines.ranges, in: buffer), keysPerRecord: width, readings: readings))
            }
            let keys = fields?.keys(of: lines.ranges, in: buffer) ?? lines.ranges
            return body(IndexingEngine.Input(bytes: buffer, keys: keys, readings: fields?.readings(of: lines.ranges, in: buffer)))
        }
    }

    /// Decodes and collates an input already in memory.
    /// - Parameters:
    ///   - checkedUTF8: Whether the bytes are known to be UTF-8 without NUL (the reader
    ///     checked them), so they are not checked twice.
    ///   - lines: The input's lines when they were split already (``InputPrefetch``).
    /// - Throws: ``InputError`` for undecodable input.
    func collate(bytes input: [UInt8], name: String, checkedUTF8: Bool = false, lines split: Lines? = nil) throws(InputError)
        -> CollatedDocument
    {
        if let records { return try collateRecords(bytes: input, name: name, settings: records) }
        var input = input
        if transcodesLines { input = try transcoder.decode(input, name: name, keepsByteCharset: false).bytes }
        let decoded: Lines
        if let split {
            decoded = split
        } else {
            decoded = try LineDecoder(invalidUTF8: invalidUTF8, zeroTerminated: zeroTerminated, isCheckedUTF8: checkedUTF8).decode(
                input, name: name, atStart: inputStartsDataSet)
        }
        let lines = admitted(decoded)
        return document(lines, output: index(lines))
    }

    /// The in-memory document of collated records (lines, or the source of structured
    /// records in `records`).
    func document(_ lines: Lines, output: IndexingEngine.Output, records: RecordView? = nil) -> CollatedDocument {
        CollatedDocument(
            outline: outline(counts: output.recordsPerSection), lines: lines, output: output, records: records,
            positionOffset: self.output.positionOffset ?? 0)
    }
}
