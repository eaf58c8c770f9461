import IndexedCollation
import SystemSupport

extension ExternalSort {
    /// Merges the runs into `writer`, in output order: every record, or only the page
    /// `rows` (numbered across sections): the records before it are read past unwritten
    /// and the merge stops after its last (``SortedRuns/merge(rows:distinct:_:)``).
    /// - Complexity: O(*n* log *r*) key comparisons for *n* records read in *r* runs.
    func merge<Writer: MergedRecordWriter>(_ runs: Runs, rows: Range<Int>? = nil, into writer: Writer) throws {
        let section = sectionOfKey
        var done = rows?.lowerBound ?? 0
        try runs.sorted.merge(rows: rows) { key, line in
            try writer.record(section: section(key), key: key, line: line)
            done += 1
            if done & 0xFFFF == 0 { progress?.update(merged: done, of: runs.records) }
        }
    }

    /// Run keys: the order encoding in the output's direction (see ``writeRun(_:_:firstPosition:sectionCounts:source:recordLines:)``).
    var runKeys: OrderKeyEncoding { OrderKeyEncoding.spilledRun(descending: pipeline.descending) }

    /// The section (index into the titles) a run key starts with.
    var sectionOfKey: (UnsafeBufferPointer<UInt8>) -> Int {
        let (encoding, count) = (runKeys, collation.sectionTitles.count)
        return { encoding.section(ofKey: $0, sectionCount: count) }
    }

    /// The most runs merged at once (``SpillBudget/mergeWidth``).
    static var mergeWidth: Int { SpillBudget.mergeWidth }
}

extension ExternalSortError {
    /// The error as `collate` reports it (`-T DIR`, `--buffer-size`): the messages its
    /// users and tests know.
    var toolError: any Error {
        let cause = systemMessage ?? ""
        switch reason {
        case .cannotCreateTemporaryFile:
            return OutputError(
                file: directory,
                message: "cannot create a temporary file for sorting: \(cause); use -T DIR or TMPDIR for a writable directory with space")
        case .cannotWrite:
            return OutputError(
                file: directory,
                message: "cannot write a temporary sort file: \(cause); free space there or use -T DIR (sorting needs about 1.5× the input in temporary files)")
        case .cannotRead:
            return InputError(file: "<temporary run>", message: "cannot read back: \(cause)")
        case .truncated:
            return InputError(file: "<temporary run>", message: "a temporary sort file was cut short (disk full?)")
        case .recordTooLong:
            return InputError(file: directory, message: description)
        }
    }
}
