import SystemSupport

/// Sorted runs on disk, merged in tiers as they come, and their final merge as one
/// stream of records in order: the merge half of the external sort, shared by
/// ``ExternalSorter`` and `collate --buffer-size`.
///
/// Runs are kept in input order, so equal keys keep theirs: a merge takes the record of
/// the earliest run first. Once `width` runs of one level are written they are merged
/// into one run of the next level (each record is rewritten O(log runs) times and few
/// files are open); ``narrowToFanIn()`` leaves at most one merge's width for the final
/// merge. The width shrinks for long records and a low descriptor limit
/// (``SpillBudget/mergeFanIn(longest:descriptorLimit:)``).
package struct SortedRuns {
    /// How the bound is shared out (block sizes, fan-in).
    package let budget: SpillBudget
    /// Where run files are made.
    package let directory: String
    /// The runs, in input order.
    package private(set) var files: [RunFile] = []
    /// How many merges went into each file (0: a sorted piece of the input).
    private var levels: [Int] = []
    /// Bytes of temporary files at the most (for the report of disk use).
    package private(set) var peakDiskBytes = 0
    /// The longest record's key and line bytes.
    package private(set) var longestRecord = 0

    /// No runs yet.
    package init(budget: SpillBudget, directory: String) {
        self.budget = budget
        self.directory = directory
    }

    /// Records in all runs.
    package var records: Int { files.reduce(0) { $0 + $1.records } }

    /// Adds a written run (after the runs before it in the input) and merges runs of one
    /// level once there are `width` of them.
    package mutating func add(_ run: RunFile) throws(ExternalSortError) {
        files.append(run)
        levels.append(0)
        notePeak()
        longestRecord = max(longestRecord, run.longestRecord)
        let width = budget.mergeFanIn(longest: longestRecord)
        while levels.count >= width, let level = levels.last, levels.suffix(width).allSatisfy({ $0 == level }) {
            let merged = try mergeIntoRun(Array(files.suffix(width)))
            peakDiskBytes = max(peakDiskBytes, files.reduce(merged.bytes) { $0 + $1.bytes })
            files.removeLast(width)
            levels.removeLast(width)
            files.append(merged)
            levels.append(level + 1)
        }
    }

    /// Merges the earliest runs until the final merge reads at most one merge's width.
    package mutating func narrowToFanIn() throws(ExternalSortError) {
        let width = budget.mergeFanIn(longest: longestRecord)
        while files.count > width {
            let merged = try mergeIntoRun(Array(files.prefix(width)))
            files.removeFirst(width)
            levels.removeFirst(width)
            files.insert(merged, at: 0)
            levels.insert(0, at: 0)
            notePeak()
        }
    }

    /// Replaces the runs with one run holding their records (see ``merge(rows:distinct:_:)``).
    package mutating func replace(with run: RunFile) {
        peakDiskBytes = max(peakDiskBytes, files.reduce(run.bytes) { $0 + $1.bytes })
        files = [run]
        levels = [0]
        longestRecord = run.longestRecord
    }

    private mutating func notePeak() { peakDiskBytes = max(peakDiskBytes, files.reduce(0) { $0 + $1.bytes }) }

    /// The runs' records in order, one at a time (the final merge).
    /// - Parameter distinct: With `-u`, how many leading bytes of a key say where its
    ///   record goes (its place): only the first record of each run of equal places comes.
    ///
    /// From ``sharedMergeRuns`` runs on, on two or more cores, the earlier half of the runs
    /// and the later half are merged on two threads and the stream merges the two (the
    /// readers and their blocks are the same; two more batches of ``MergeAhead``).
    package func stream(distinct: ((UnsafeBufferPointer<UInt8>) -> Int)? = nil) throws(ExternalSortError) -> RunStream {
        let block = budget.mergeBlock(runs: files.count)
        guard files.count >= Self.sharedMergeRuns, systemProcessorCount() > 1 else {
            return try RunStream(RunMerger(files, blockSize: block), distinct: distinct)
        }
        let half = files.count / 2
        return try RunStream(
            RunMerger(Array(files[..<half]), blockSize: block), second: RunMerger(Array(files[half...]), blockSize: block),
            distinct: distinct)
    }

    /// The fewest runs whose final merge is shared by two threads: below, one thread's
    /// merge keeps up with the output.
    package static let sharedMergeRuns = 4

    /// Merges the runs, in order, into `body`: every record, or only the page `rows`
    /// (numbered across the whole output: the records before it are read past and the
    /// merge stops after its last).
    /// - Parameters:
    ///   - rows: The records to pass on, or nil for all.
    ///   - distinct: As in ``stream(distinct:)``.
    ///   - body: Takes each record's key and line; valid only during the call.
    /// - Complexity: O(*n* log *r*) key comparisons for *n* records in *r* runs.
    package func merge(
        rows: Range<Int>? = nil, distinct: ((UnsafeBufferPointer<UInt8>) -> Int)? = nil,
        _ body: (_ key: UnsafeBufferPointer<UInt8>, _ line: UnsafeBufferPointer<UInt8>) throws -> Void
    ) throws {
        let records = try stream(distinct: distinct)
        let first = rows?.lowerBound ?? 0
        let end = rows?.upperBound ?? Int.max
        var done = 0
        while done < end, try records.next() {
            if done >= first { try body(records.key, records.line) }
            done += 1
        }
    }

    /// Merges `files` into one new run.
    private func mergeIntoRun(_ files: [RunFile]) throws(ExternalSortError) -> RunFile {
        let writer = try RunRecordWriter(directory: directory, blockSize: budget.runBlock)
        let merger = try RunMerger(files, blockSize: budget.mergeBlock(runs: files.count))
        while !merger.isEmpty {
            try writer.append(key: merger.key, line: merger.line)
            try merger.advance()
        }
        return try writer.finish()
    }
}
