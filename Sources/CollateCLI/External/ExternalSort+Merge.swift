import IndexedCollation

extension ExternalSort {
    /// Merges the runs into `writer`, in output order: every record, or only the page
    /// `rows` (numbered across sections): the records before it are read past unwritten
    /// and the merge stops after its last.
    /// - Complexity: O(*n* log *r*) key comparisons for *n* records read in *r* runs.
    func merge<Writer: MergedRecordWriter>(_ runs: Runs, rows: Range<Int>? = nil, into writer: Writer) throws {
        var merger = try RunMerger(runs.files, blockSize: budget.mergeBlock(runs: runs.files.count))
        let section = sectionOfKey
        let first = rows?.lowerBound ?? 0
        let end = rows?.upperBound ?? Int.max
        var done = 0
        while done < end, let top = merger.top {
            if done >= first {
                let key = top.key.bytes
                try writer.record(section: section(key), key: key, line: top.line.bytes)
            }
            try merger.advance()
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

    /// The most runs merged at once; more are first merged into one run (so the number
    /// of open files stays small whatever the input size and buffer).
    static let mergeWidth = 64

    /// Merges `files` into one new run.
    func mergeIntoRun(_ files: [RunFile]) throws -> RunFile {
        let writer = try RunRecordWriter(directory: directory, blockSize: budget.runBlock)
        var merger = try RunMerger(files, blockSize: budget.mergeBlock(runs: files.count))
        while let top = merger.top {
            try writer.append(key: top.key.bytes, line: top.line.bytes)
            try merger.advance()
        }
        return try writer.finish()
    }
}
