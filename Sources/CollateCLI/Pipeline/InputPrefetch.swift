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

        /// Whether the reader checks the bytes as UTF-8 text without NUL while it reads
        /// (lines in UTF-8; records and NUL-ended lines are checked as they are decoded).
        var checksText: Bool { records == nil && !zeroTerminated && !transcodesLines }

        /// Opens the input.
        /// - Throws: ``InputError`` naming the file when it cannot be opened.
        func open() throws(InputError) -> ChunkReader {
            try ChunkReader(
                path: path, budget: budget, policy: invalidUTF8, checksText: checksText, separator: zeroTerminated ? 0x00 : nil,
                recordEnds: records.map { RecordEnds($0.format, delimiter: $0.delimiter) } ?? .lines,
                overlapped: records == nil && budget.overlapsRuns)
        }
    }

    private let work: BackgroundWork<(ChunkReader, ChunkReader.Piece?)>
    /// The file's size when the read started.
    let fileSize: Int

    /// Starts reading the first piece of a regular file; nil for standard input, pipes and
    /// anything that is not a regular file.
    init?(_ settings: ReaderSettings) {
        guard settings.path != "-", let size = systemRegularFileSize(atPath: settings.path) else { return nil }
        fileSize = size
        work = BackgroundWork {
            let reader = try settings.open()
            return (reader, try reader.next())
        }
    }

    /// Waits for the read. - Returns: The reader and its first piece (nil for an empty
    /// input). - Throws: ``InputError``, as the read would have where the run reads.
    func wait() throws -> (reader: ChunkReader, first: ChunkReader.Piece?) {
        try work.wait()
    }
}
