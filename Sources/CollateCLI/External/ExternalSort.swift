import IndexedCollation
import IndexedTableFormatting

/// Sorting an input larger than the memory bound: each piece that fits the bound is
/// decoded and keyed by the pipeline here, then handed to the library, which writes it as
/// a sorted run and merges the runs in tiers (``SortedRuns``); the final merge streams
/// into the output's writer. Memory stays near one piece plus the merge's read blocks,
/// whatever the input size. What is the tool's alone stays here: cutting and decoding
/// the input, the measurements a drawn layout needs, `-u`'s tallies, the progress display.
struct ExternalSort {
    /// The run's settings: decoding, collation, direction, run directory, memory bound.
    let pipeline: CollationPipeline
    /// The progress display, if shown.
    var progress: Progress? = nil

    var collation: LocalizedIndexedCollation { pipeline.collation }
    var directory: String { pipeline.runDirectory }
    var budget: SpillBudget { pipeline.budget }

    /// The runs and what the merge needs to know before the first record is printed.
    struct Runs {
        /// The runs on disk, merged in tiers as they are added.
        var sorted: SortedRuns
        var sectionCounts: [Int]
        var records = 0
        /// What a drawn layout needs to know of every record, measured while the runs
        /// are written (see ``init(tallyingFor:)``), or nil.
        var measure: TextMeasure?
        /// The most columns a record has, counted while the runs are written for `--format
        /// html` (rows of several columns make tables), or nil.
        var columns: Int?
        /// Structured input: every column, in first-seen order (the csv output's header).
        var recordColumns: [String] = []
        /// csv and tsv input: its own header row (``CSVHeader``).
        var recordHeader: CSVHeader?

        /// No runs yet, with nothing to measure.
        init(sectionCount: Int, budget: SpillBudget, directory: String) {
            sorted = SortedRuns(budget: budget, directory: directory)
            sectionCounts = [Int](repeating: 0, count: sectionCount)
        }

        /// No runs yet, ready to tally what the output must know before its first record:
        /// the measurements of a drawn layout of every record (table, markdown, columns;
        /// a page is measured when it is merged) and, for html, the widest record's columns.
        init(tallyingFor pipeline: CollationPipeline) {
            self.init(sectionCount: pipeline.collation.sectionTitles.count, budget: pipeline.budget, directory: pipeline.runDirectory)
            let output = pipeline.output
            if output.rows == nil, let style = output.format.textStyle, style != .plain {
                measure = TextMeasure(style: style, options: output.table)
            }
            columns = output.format == .html ? 1 : nil
        }
    }

    /// Collates `first` and every following piece of `reader` into sorted runs.
    ///
    /// Lines (not structured records) overlap: run *k* is written on a second thread
    /// while piece *k*+1 is read and keyed, so the pieces after the first take half the
    /// budget (``SpillBudget/overlappedPieceBudget``, see ``ChunkReader``).
    func makeRuns(first: ChunkReader.Piece, reader: ChunkReader) throws -> Runs {
        // With -u, what the output must know is tallied over the records kept, once they
        // are chosen (keepingFirstOfEqual).
        var runs =
            pipeline.unique
            ? Runs(sectionCount: collation.sectionTitles.count, budget: budget, directory: directory) : Runs(tallyingFor: pipeline)
        var records = pipeline.records.map { SpilledRecords(settings: $0, format: pipeline.output.format, budget: budget) }
        // The run being written beside the next piece, and what it writes into.
        var writing: BackgroundWork<(RunFile, [Int]), any Error>?
        var piece: ChunkReader.Piece? = first
        while let current = piece {
            let lines: Lines
            let output: IndexingEngine.Output
            var recordLines: [Int]?
            do {
                if records != nil {
                    let piece = try records?.collate(current, name: reader.name, separator: reader.separator, pipeline: pipeline)
                    guard let piece else { break }
                    // The column table (csv output) is held to the end: later pieces are cut smaller.
                    reader.heldBytes = records?.columnTableBytes ?? 0
                    (lines, output, recordLines) = (piece.records, piece.output, piece.lines)
                } else {
                    lines = pipeline.admitted(try LineDecoder(invalidUTF8: pipeline.invalidUTF8, zeroTerminated: pipeline.zeroTerminated).decode(
                        current.bytes, name: reader.name, atStart: current.atStart && pipeline.inputStartsDataSet,
                        separator: reader.separator, firstLine: current.firstLine, firstOffset: current.firstOffset))
                    output = pipeline.index(lines)
                }
            } catch {
                // The run before comes first in the input: its error, if any, is reported.
                _ = try writing?.wait()
                throw error
            }
            let firstPosition = (pipeline.output.positionOffset ?? 0) + runs.records
            let source = (name: reader.name, firstLine: current.firstLine)
            runs.measure?.add(lines, output, fields: pipeline.fields)
            if let columns = runs.columns { runs.columns = lines.ranges.reduce(columns) { max($0, columnCount(lines.bytes[$1])) } }
            runs.records += lines.ranges.count
            if let previous = writing {
                writing = nil
                try add(previous.wait(), to: &runs, reader: reader)
            }
            let write = { [self] in
                var counts = [Int](repeating: 0, count: output.sectionCount)
                let run = try writeRun(
                    lines, output, firstPosition: firstPosition, sectionCounts: &counts, source: source, recordLines: recordLines)
                return (run, counts)
            }
            if reader.overlapped && !current.atStart {
                writing = BackgroundWork(write)
            } else {
                try add(write(), to: &runs, reader: reader)
            }
            do {
                piece = try reader.next()
            } catch {
                _ = try writing?.wait()
                throw error
            }
        }
        if let previous = writing { try add(previous.wait(), to: &runs, reader: reader) }
        if let records {
            try records.checkKeys(name: reader.name)
            runs.recordColumns = records.columns
            runs.recordHeader = records.csvHeader
        }
        // The final merge reads at most one merge's width of runs.
        try runs.sorted.narrowToFanIn()
        return runs
    }

    /// Adds a written run to `runs` (in input order, merged in tiers: ``SortedRuns/add(_:)``).
    private func add(_ written: (run: RunFile, sectionCounts: [Int]), to runs: inout Runs, reader: ChunkReader) throws {
        for (section, count) in written.sectionCounts.enumerated() { runs.sectionCounts[section] += count }
        try runs.sorted.add(written.run)
        progress?.update(bytesRead: reader.bytesRead, runs: runs.sorted.files.count)
    }

    /// Writes one collated piece as a run (``SortedRuns/writeRun(_:encoding:firstPosition:sectionCounts:directory:budget:tooLong:)``),
    /// keyed in the output's direction; with `--with-keys` each key is the record's whole
    /// storage key, ending in its global position `firstPosition` + its place in the piece.
    /// A record longer than ``SpillBudget/longestSpilledRecord`` is an error naming its
    /// line in `source` (the input's name and the piece's first line), or in `recordLines`
    /// (each structured record's first line).
    func writeRun(
        _ lines: Lines, _ output: IndexingEngine.Output, firstPosition: Int, sectionCounts: inout [Int], source: (name: String, firstLine: Int),
        recordLines: [Int]? = nil
    ) throws -> RunFile {
        try SortedRuns.writeRun(
            SortedRuns.KeyedPiece(bytes: lines.bytes, lines: lines.ranges, output: output), encoding: runKeys,
            firstPosition: carriesStorageKeys ? firstPosition : nil, sectionCounts: &sectionCounts, directory: directory, budget: budget
        ) { [budget] record, bytes in
            Self.recordTooLong(bytes, line: recordLines?[record] ?? source.firstLine + record, of: source.name, budget: budget)
        }
    }

    /// The error for a record too long to merge within the bound.
    static func recordTooLong(_ bytes: Int, line: Int, of name: String, budget: SpillBudget) -> InputError {
        InputError(
            file: name, line: line,
            message: "the line and its sort key take \(bytes) bytes, too long to merge sorted runs within the memory bound (--buffer-size \(budget.bytes)); give --buffer-size \(SpillBudget.bytesToSpill(record: bytes)) or more")
    }

    /// How many columns `line` shows as (``FieldSelector/columns(of:by:)``, as the
    /// in-memory document gives its cells).
    func columnCount<Bytes: Collection<UInt8>>(_ line: Bytes) -> Int {
        guard let fields = pipeline.fields, fields.splitsColumns else { return 1 }
        return FieldSelector.columns(of: line, by: fields).count
    }

    /// Whether run keys are storage keys with positions (`--with-keys`).
    var carriesStorageKeys: Bool { pipeline.output.withKeys }
}

extension TextMeasure {
    /// Measures the records a piece's runs holds, as the renderers will draw them.
    mutating func add(_ lines: Lines, _ output: IndexingEngine.Output, fields: FieldSelector?) {
        for group in output.groups {
            for record in output.order[group.range] {
                add(DrawnTextWriter.cells(of: lines.bytes[lines.ranges[Int(record)]], fields: fields, options: options), section: group.section)
            }
        }
    }
}
