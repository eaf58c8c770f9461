#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Sorts and sections more records than fit in memory, within a memory bound: records
/// are collated a piece at a time, written to disk as sorted runs, and merged.
///
/// The order is exactly ``LocalizedIndexedCollation/sections(of:by:reading:descending:)``'s:
/// sections in title order (`#` last), records by the collator within a section, a
/// record's reading (when present and non-empty) deciding its section and order with
/// its text breaking ties, and equal records in input order. Each record carries a
/// payload of bytes (a whole input line, an encoded row, an identifier) that comes back
/// unchanged beside its section.
///
/// ```swift
/// let korean = try LocalizedIndexedCollation(locale: "ko_KR")
/// let sorter = try ExternalSorter(collation: korean, memoryLimit: 32 << 20)
/// for name in ["홍길동", "김민준", "Smith"] { try sorter.append(name) }
/// let sorted = try sorter.finish()
/// while let record = try sorted.next() {
///     print(sorted.sectionTitles[record.section], record.text)  // ㄱ 김민준, ㅎ 홍길동, S Smith
/// }
/// ```
///
/// Memory stays near `memoryLimit` whatever the input size: the records waiting to be
/// sorted take at most the part of the bound left beside the merge's buffers, and the
/// merge reads a block of at most a bounded number of runs at once (runs beyond that are
/// first merged in tiers; fewer under a low open-file limit). Run files are unlinked as
/// soon as they are created, so nothing is left in the temporary directory after
/// ``finish()``, an error, or the sorter's end, even if the process is killed.
///
/// A sorter is used from one thread at a time; it keys each piece on all cores, and
/// writes each run after the first on a second thread while the next piece is appended.
public final class ExternalSorter {
    /// The collation records are sectioned and sorted by.
    public let collation: LocalizedIndexedCollation
    /// The memory bound in bytes.
    public let memoryLimit: Int
    /// Where run files are made.
    public let temporaryDirectory: String
    /// Whether sections and records come in reverse order (equal records keep input order).
    public let descending: Bool

    private var runs: SortedRuns
    private var sectionCounts: [Int]
    private var piece = PendingPiece()
    private var finished = false
    /// The run being written on a second thread while the next piece is appended, and
    /// the counts of its sections.
    private var writing: BackgroundWork<(RunFile, [Int]), ExternalSortError>?
    /// Whether runs after the first are written beside the next piece
    /// (``SpillBudget/overlapsRuns``, asked once: it reads the open-file limit).
    private let overlapsRuns: Bool
    /// How many sorted runs the sorter has written so far (pieces of the input, not the
    /// merges of runs): 0 when everything fitted the bound, which ``finish()`` then reads
    /// from memory without a temporary file.
    public private(set) var runsWritten = 0

    /// Creates a sorter and checks that the temporary directory takes files.
    /// - Parameters:
    ///   - collation: The collation to section and sort by.
    ///   - memoryLimit: The memory bound in bytes (64 MiB by default). Bounds below a
    ///     floor of about 24 MiB for the merge's buffers still work: the records are then
    ///     sorted a few at a time, and the merge takes the floor.
    ///   - temporaryDirectory: Where run files go; by default the system's temporary
    ///     directory as Foundation's `FileManager.temporaryDirectory` names it (`TMPDIR`,
    ///     else `/tmp`).
    ///   - descending: Reverse sections and records.
    /// - Throws: ``ExternalSortError`` (``ExternalSortError/Reason/cannotCreateTemporaryFile``)
    ///   when no file can be created in the temporary directory.
    public init(
        collation: LocalizedIndexedCollation, memoryLimit: Int = 64 << 20, temporaryDirectory: String? = nil, descending: Bool = false
    ) throws(ExternalSortError) {
        let directory = temporaryDirectory ?? FileManager.default.temporaryDirectory.path
        self.collation = collation
        self.memoryLimit = memoryLimit
        self.temporaryDirectory = directory
        self.descending = descending
        runs = SortedRuns(budget: SpillBudget(bytes: memoryLimit), directory: directory)
        overlapsRuns = runs.budget.overlapsRuns
        sectionCounts = [Int](repeating: 0, count: collation.sectionTitles.count)
        _ = try RunFile(directory: directory)  // fails now rather than after the first piece
    }

    /// Adds one record.
    /// - Parameters:
    ///   - text: The text the record is sectioned and sorted by (a name).
    ///   - reading: A reading (furigana, pinyin, a "sort as" value) that, when non-empty,
    ///     sections and sorts instead; `text` then breaks ties.
    ///   - payload: The bytes that come back with the record (any bytes, NUL included).
    /// - Throws: ``ExternalSortError`` when a run cannot be written.
    /// - Complexity: Amortized O(1); each time the pending records fill their share of
    ///   the bound they are sorted (O(*m* log *m*)) and written as a run.
    public func append(_ text: String, reading: String? = nil, payload: some Collection<UInt8>) throws(ExternalSortError) {
        precondition(!finished, "append after finish()")
        piece.append(text, reading: reading, payload: payload)
        if piece.cost > pieceLimit { try spill() }
    }

    /// Adds one record whose payload is its text (UTF-8).
    /// - Parameters:
    ///   - text: The text the record is sectioned and sorted by, and comes back as.
    ///   - reading: A reading that, when non-empty, sections and sorts instead.
    /// - Throws: ``ExternalSortError`` when a run cannot be written.
    public func append(_ text: String, reading: String? = nil) throws(ExternalSortError) {
        try append(text, reading: reading, payload: text.utf8)
    }

    /// Ends the input and starts the merge.
    /// - Returns: The records in order, with the count of every section known before the
    ///   first record is read.
    /// - Throws: ``ExternalSortError`` when a run cannot be written or merged.
    /// - Complexity: O(*n* log *r*) comparisons over the merges for *n* records in *r* runs.
    public func finish() throws(ExternalSortError) -> SortedRecordStream {
        precondition(!finished, "finish() called twice")
        finished = true
        if runsWritten == 0 {
            // Everything fitted the bound: read it from memory, no run written.
            let keyed = keyedPiece()
            for group in keyed.output.groups { sectionCounts[group.section] += group.range.count }
            return SortedRecordStream(
                memory: InMemoryRun(keyed, encoding: .spilledRun(descending: descending)), sectionTitles: collation.sectionTitles,
                sectionCounts: sectionCounts)
        }
        if piece.count > 0 { try spill() }
        try collectWriting()
        try runs.narrowToFanIn()
        let encoding = OrderKeyEncoding.spilledRun(descending: descending)
        let count = collation.sectionTitles.count
        return SortedRecordStream(
            stream: try runs.stream(), sectionTitles: collation.sectionTitles, sectionCounts: sectionCounts,
            section: { encoding.section(ofKey: $0, sectionCount: count) })
    }

    /// What the pending records may take before they are sorted and written: the whole
    /// piece budget for the first piece (so what fits the bound is sorted in one piece),
    /// half of it after that when runs are written beside the next piece
    /// (``SpillBudget/overlappedPieceBudget``: two pieces are held then).
    private var pieceLimit: Int {
        runsWritten == 0 || !overlapsRuns ? runs.budget.pieceBudget : runs.budget.overlappedPieceBudget
    }

    /// Sorts the pending records (on all cores) and writes them as a run: the first piece
    /// at once, later ones on a second thread while the caller appends the next piece, as
    /// `collate --buffer-size` does.
    private func spill() throws(ExternalSortError) {
        let keyed = keyedPiece()
        let output = keyed.output
        let (directory, budget, encoding) = (temporaryDirectory, runs.budget, OrderKeyEncoding.spilledRun(descending: descending))
        let write = { () throws(ExternalSortError) -> (RunFile, [Int]) in
            var counts = [Int](repeating: 0, count: output.sectionCount)
            do {
                let run = try SortedRuns.writeRun(
                    keyed, encoding: encoding, firstPosition: nil, sectionCounts: &counts,
                    directory: directory, budget: budget
                ) { _, bytes in
                    ExternalSortError(
                        .recordTooLong(bytes: bytes, neededBound: SpillBudget.bytesToSpill(record: bytes)), directory: directory)
                }
                return (run, counts)
            } catch let error as ExternalSortError {
                throw error
            } catch {
                preconditionFailure("run writing throws ExternalSortError only: \(error)")
            }
        }
        // The run before comes first in the input: it is added first.
        try collectWriting()
        if runsWritten > 0 && overlapsRuns {
            writing = BackgroundWork(write)
        } else {
            try add(write())
        }
        runsWritten += 1
    }

    /// Sorts and sections the pending records (on all cores) and starts a new piece.
    private func keyedPiece() -> SortedRuns.KeyedPiece {
        let piece = self.piece
        self.piece = PendingPiece()
        let output = piece.texts.withUnsafeBufferPointer { bytes in
            let input = IndexingEngine.Input(bytes: bytes, keys: piece.keys, readings: piece.hasReadings ? piece.readings : nil)
            return IndexingEngine(collation: collation).index(input, descending: descending)
        }
        return SortedRuns.KeyedPiece(bytes: piece.payloads, lines: piece.payloadRanges, output: output)
    }

    /// Waits for the run being written, if any, and adds it.
    private func collectWriting() throws(ExternalSortError) {
        guard let previous = writing else { return }
        writing = nil
        try add(previous.wait())
    }

    /// Adds a written run after the ones before it, with its section counts.
    private func add(_ written: (run: RunFile, counts: [Int])) throws(ExternalSortError) {
        for (section, count) in written.counts.enumerated() { sectionCounts[section] += count }
        try runs.add(written.run)
    }
}

/// Records waiting to be sorted: their texts and readings in one buffer, their payloads
/// in another.
private struct PendingPiece {
    var texts: [UInt8] = []
    var keys: ByteRanges = []
    var readings: ByteRanges = []
    var hasReadings = false
    var payloads: [UInt8] = []
    var payloadRanges: ByteRanges = []

    var count: Int { keys.count }

    /// What the piece takes in memory when sorted (the engine's model, plus payloads).
    var cost: Int { SpillBudget.cost(bytes: texts.count, lines: keys.count) + payloads.count + 16 * keys.count }

    mutating func append(_ text: String, reading: String?, payload: some Collection<UInt8>) {
        keys.append(Self.append(text, to: &texts))
        let reading = reading ?? ""
        hasReadings = hasReadings || !reading.isEmpty
        readings.append(Self.append(reading, to: &texts))
        let start = payloads.count
        payloads.append(contentsOf: payload)
        payloadRanges.append(start..<payloads.count)
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) -> Range<Int> {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        return start..<bytes.count
    }
}
