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
/// A sorter is used from one thread at a time; it keys each piece on all cores.
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
    /// How many runs the sorter has written (pieces, not tier merges), for tests.
    package private(set) var runsWritten = 0

    /// Creates a sorter and checks that the temporary directory takes files.
    /// - Parameters:
    ///   - collation: The collation to section and sort by.
    ///   - memoryLimit: The memory bound in bytes (64 MiB by default). Bounds below a
    ///     floor of about 24 MiB for the merge's buffers still work: the records are then
    ///     sorted a few at a time, and the merge takes the floor.
    ///   - temporaryDirectory: Where run files go; by default `TMPDIR`, else `/tmp`.
    ///   - descending: Reverse sections and records.
    /// - Throws: ``ExternalSortError`` (``ExternalSortError/Reason/cannotCreateTemporaryFile``)
    ///   when no file can be created in the temporary directory.
    public init(
        collation: LocalizedIndexedCollation, memoryLimit: Int = 64 << 20, temporaryDirectory: String? = nil, descending: Bool = false
    ) throws(ExternalSortError) {
        let directory = temporaryDirectory ?? systemGetenv("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        self.collation = collation
        self.memoryLimit = memoryLimit
        self.temporaryDirectory = directory
        self.descending = descending
        runs = SortedRuns(budget: SpillBudget(bytes: memoryLimit), directory: directory)
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
        if piece.cost > runs.budget.pieceBudget { try spill() }
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
        if piece.count > 0 { try spill() }
        try runs.narrowToFanIn()
        let encoding = OrderKeyEncoding.spilledRun(descending: descending)
        let count = collation.sectionTitles.count
        return SortedRecordStream(
            stream: try runs.stream(), sectionTitles: collation.sectionTitles, sectionCounts: sectionCounts,
            section: { encoding.section(ofKey: $0, sectionCount: count) })
    }

    /// Sorts the pending records and writes them as a run.
    private func spill() throws(ExternalSortError) {
        let piece = self.piece
        self.piece = PendingPiece()
        let output = piece.texts.withUnsafeBufferPointer { bytes in
            let input = IndexingEngine.Input(bytes: bytes, keys: piece.keys, readings: piece.hasReadings ? piece.readings : nil)
            return IndexingEngine(collation: collation).index(input, descending: descending)
        }
        let budget = runs.budget
        let run: RunFile
        do {
            run = try SortedRuns.writeRun(
                SortedRuns.KeyedPiece(bytes: piece.payloads, lines: piece.payloadRanges, output: output),
                encoding: .spilledRun(descending: descending), firstPosition: nil, sectionCounts: &sectionCounts,
                directory: temporaryDirectory, budget: budget
            ) { [temporaryDirectory] _, bytes in
                ExternalSortError(
                    .recordTooLong(bytes: bytes, neededBound: SpillBudget.bytesToSpill(record: bytes)), directory: temporaryDirectory)
            }
        } catch let error as ExternalSortError {
            throw error
        } catch {
            preconditionFailure("run writing throws ExternalSortError only: \(error)")
        }
        runsWritten += 1
        try runs.add(run)
    }
}

/// Records waiting to be sorted: their texts and readings in one buffer, their payloads
/// in another.
private struct PendingPiece {
    var texts: [UInt8] = []
    var keys: [Range<Int>] = []
    var readings: [Range<Int>] = []
    var hasReadings = false
    var payloads: [UInt8] = []
    var payloadRanges: [Range<Int>] = []

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
