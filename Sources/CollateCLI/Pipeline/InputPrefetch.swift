import IndexedCollation
import SystemSupport

/// The input's first piece, read on another thread while the run's collation is opened:
/// ICU's setup of a locale (collator, index, section tables) takes about 20 ms of one core,
/// which the read of a large file no longer waits for. Only regular files are read ahead
/// (standard input and pipes are read when the run starts); what the read throws is
/// thrown where the run would have read it, after any error of the run's own settings.
final class InputPrefetch {
    /// How the input is read: the same reader the run would open itself.
    struct ReaderSettings {
        var path: String
        var budget: SpillBudget
        var invalidUTF8: InvalidUTF8Policy
        var records: RecordSettings?
        var zeroTerminated: Bool
        var transcodesLines: Bool
        /// Whether the input starts the data set (a leading BOM is dropped).
        var atStart = true

        /// Whether the reader checks the bytes as UTF-8 text without NUL while it reads
        /// (lines in UTF-8; records and NUL-ended lines are checked as they are decoded).
        var checksText: Bool { records == nil && !zeroTerminated && !transcodesLines }

        /// Whether the lines of an input that fits in memory can be split as soon as it is
        /// read: UTF-8 lines checked while read, refused when invalid (not repaired).
        var splitsLines: Bool { checksText && invalidUTF8 == .error }

        /// Opens the input.
        /// - Throws: ``InputError`` naming the file when it cannot be opened.
        func open() throws(InputError) -> ChunkReader {
            try ChunkReader(
                path: path, budget: budget, policy: invalidUTF8, checksText: checksText, separator: zeroTerminated ? 0x00 : nil,
                recordEnds: records.map { RecordEnds($0.format, delimiter: $0.delimiter) } ?? .lines,
                overlapped: records == nil && budget.overlapsRuns)
        }
    }

    /// What the read gives the run.
    struct Read {
        var reader: ChunkReader
        /// The first piece (nil for an empty input).
        var first: ChunkReader.Piece?
        /// The first piece's lines, when it is the whole input and its lines are split as
        /// soon as it is read (``ReaderSettings/splitsLines``).
        var lines: Lines?
    }

    private let work: BackgroundWork<Read, any Error>
    /// The file's size when the read started.
    let fileSize: Int

    /// Starts reading a regular file whose bytes fit the memory bound; nil for standard
    /// input, pipes, anything that is not a regular file, and a file that will be sorted in
    /// runs on disk (its reading gains nothing from the head start, and the thread would
    /// take descriptors the merge of its runs counts on under a small `ulimit -n`).
    init?(_ settings: ReaderSettings) {
        guard settings.path != "-", let size = systemRegularFileSize(atPath: settings.path) else { return nil }
        let cost = size.multipliedReportingOverflow(by: settings.records == nil ? SpillBudget.bytesPerByte : SpillBudget.bytesPerRecordByte)
        guard !cost.overflow && cost.partialValue <= settings.budget.pieceBudget else { return nil }
        fileSize = size
        work = BackgroundWork {
            let reader = try settings.open()
            let first = try reader.next()
            // The lines as LineDecoder splits text the reader checked.
            let lines = settings.splitsLines && reader.isFinished ? first.map { Lines(splitting: $0.bytes, atStart: settings.atStart) } : nil
            return Read(reader: reader, first: first, lines: lines)
        }
    }

    /// Waits for the read. - Returns: The reader, its first piece and maybe its lines.
    /// - Throws: ``InputError``, as the read would have where the run reads.
    func wait() throws -> Read {
        try work.wait()
    }
}
