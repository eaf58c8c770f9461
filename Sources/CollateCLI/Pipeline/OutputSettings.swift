import IndexedTableFormatting
import SystemPackage
import SystemSupport

/// The output side of a run, resolved once: the format (table on a terminal, plain
/// otherwise, unless --format), the destination, the page of rows and the formatter's
/// options.
struct OutputSettings {
    /// The format to write.
    var format: OutputFormat
    /// The `-o` file, or nil for standard output.
    var destination: String?
    /// One page of rows numbered across sections, or nil for all.
    var rows: Range<Int>?
    /// Width, borders, colour and measuring for human-readable formats.
    var table: TableOptions
    /// The rows written: ``rows`` (`--page` with html is refused: a page holds every
    /// record).
    var page: Range<Int>? { format == .html ? nil : rows }
    /// Whether tsv carries storage keys (`--with-keys`).
    var withKeys: Bool
    /// Whether guessed readings are written into the records (`--write-readings`).
    var writesReadings: Bool
    /// Records before this input in the whole data set (`--position-offset`), or nil
    /// when the input is the whole data set (then a leading U+FEFF is a byte order mark).
    var positionOffset: Int?

    /// Resolves the flags against where the output goes.
    /// - Parameters:
    ///   - output: The output flags.
    ///   - table: The table flags.
    ///   - standardOutput: The descriptor standard output is written to.
    ///   - environment: `COLUMNS`, `NO_COLOR`, `TERM`.
    init(_ output: OutputArguments, _ table: TableArguments, standardOutput: FileDescriptor, environment: [String: String]) {
        let isTerminal = output.output == nil && systemIsTerminal(standardOutput)
        format = output.format ?? (isTerminal ? .table : .plain)
        destination = output.output
        rows = output.rows
        withKeys = output.withKeys
        writesReadings = output.writeReadings
        positionOffset = output.positionOffset
        self.table = table.tableOptions(
            isTerminal: isTerminal, terminalWidth: Self.terminalWidth(standardOutput, environment: environment),
            environment: environment)
    }

    /// Settings for output collected in memory (tests, fuzzing): plain unless --format,
    /// 80 columns unless --width, no colour, all rows.
    init(inMemory output: OutputArguments, _ table: TableArguments) {
        format = output.format ?? .plain
        destination = nil
        rows = nil
        withKeys = output.withKeys
        writesReadings = output.writeReadings
        positionOffset = output.positionOffset
        var options = table.tableOptions(isTerminal: false, terminalWidth: 80, environment: [:])
        options.color = false
        self.table = options
    }

    /// The terminal's width, else `$COLUMNS`, else 80.
    static func terminalWidth(_ descriptor: FileDescriptor, environment: [String: String]) -> Int {
        if let columns = systemTerminalColumns(descriptor), columns >= 10 { return columns }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns >= 10 { return min(columns, NumericLimits.width.upperBound) }
        return 80
    }
}

extension CollationPipeline {
    /// Opens standard output or the atomic `-o` file, lets `body` write, and commits;
    /// on any failure an existing `-o` file is left as it was.
    /// - Parameters:
    ///   - standardOutput: The descriptor of standard output.
    ///   - body: Writes the output to the sink.
    /// - Throws: ``OutputError`` when the destination cannot be written, or what `body`
    ///   throws.
    func withOutput(standardOutput: FileDescriptor, _ body: (OutputSink) throws -> Void) throws {
        guard let destination = output.destination else {
            let sink = OutputSink(descriptor: standardOutput)
            try body(sink)
            try sink.flush()
            return
        }
        let file = try AtomicOutputFile(destination)
        do {
            let sink = OutputSink(descriptor: file.descriptor)
            try body(sink)
            try sink.flush()
        } catch {
            file.abandon()
            if case OutputSink.Failure.writeFailed(let reason) = error {
                let kept = file.temporaryPath == nil ? "" : "; the file was left as it was"
                throw OutputError(file: destination, message: "cannot write: \(reason)\(kept)")
            }
            throw error
        }
        try file.commit()
    }
}
