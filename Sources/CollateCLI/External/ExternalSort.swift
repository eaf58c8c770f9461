import IndexedCollation

/// Sorting an input larger than the buffer: each buffer-sized piece is collated in
/// memory and written to disk as a sorted run; the runs are then merged by their byte
/// keys, streaming the output. Memory stays near one piece, whatever the input size.
struct ExternalSort {
    /// The run's settings: decoding, collation, direction, run directory.
    let pipeline: CollationPipeline

    var collation: LocalizedIndexedCollation { pipeline.collation }
    var directory: String { pipeline.runDirectory }

    /// The runs and what the merge needs to know before the first record is printed.
    struct Runs {
        var files: [RunFile] = []
        /// How many merges went into each file (0: a sorted piece of the input).
        var levels: [Int] = []
        var sectionCounts: [Int]
        var records = 0
    }

    /// Collates `first` and every following piece of `reader` into sorted runs.
    func makeRuns(first: ChunkReader.Piece, reader: ChunkReader) throws -> Runs {
        var runs = Runs(sectionCounts: [Int](repeating: 0, count: collation.sectionTitles.count))
        var piece: ChunkReader.Piece? = first
        while let current = piece {
            let lines = try LineDecoder(invalidUTF8: pipeline.invalidUTF8).decode(
                current.bytes, name: reader.name, atStart: current.atStart && pipeline.inputStartsDataSet, separator: reader.separator,
                firstLine: current.firstLine, firstOffset: current.firstOffset)
            let output = pipeline.index(lines)
            let run = try RunFile(directory: directory)
            try lines.bytes.withUnsafeBufferPointer { bytes in
                for group in output.groups {
                    runs.sectionCounts[group.section] += group.range.count
                    for record in output.order[group.range] {
                        let key = output.orderKey(Int(record), position: runs.records + Int(record), encoding: encoding)
                        try run.append(key: key, line: UnsafeBufferPointer(rebasing: bytes[lines.ranges[Int(record)]]))
                    }
                }
            }
            try run.finishWriting()
            runs.files.append(run)
            runs.levels.append(0)
            // Tiered merging: every `mergeWidth` runs of one level become one run of the
            // next, so each record is rewritten O(log runs) times and few files are open.
            while runs.levels.count >= Self.mergeWidth,
                  let level = runs.levels.last,
                  runs.levels.suffix(Self.mergeWidth).allSatisfy({ $0 == level }) {
                let merged = try mergeIntoRun(Array(runs.files.suffix(Self.mergeWidth)))
                runs.files.removeLast(Self.mergeWidth)
                runs.levels.removeLast(Self.mergeWidth)
                runs.files.append(merged)
                runs.levels.append(level + 1)
            }
            runs.records += lines.ranges.count
            piece = try reader.next()
        }
        return runs
    }

    /// The order encoding of the runs: the output's direction, global positions.
    var encoding: OrderKeyEncoding { .spilledRun(descending: pipeline.descending) }

    /// Merges the runs into `writer`, smallest key first.
    func merge(_ runs: Runs, into writer: StreamingWriter) throws {
        try merge(runs.files) { key, line in
            let section = encoding.section(of: key, sectionCount: collation.sectionTitles.count)
            try writer.record(section: section, line: line[...])
        }
    }

    /// The most runs merged at once; more are first merged into one run (so the number
    /// of open files stays small whatever the input size and buffer).
    static let mergeWidth = 64

    /// Merges `files` into one new run.
    func mergeIntoRun(_ files: [RunFile]) throws -> RunFile {
        let merged = try RunFile(directory: directory)
        try merge(files) { key, line in
            try line.withUnsafeBufferPointer { (line) throws in try merged.append(key: key, line: line) }
        }
        try merged.finishWriting()
        return merged
    }

    /// Calls `emit` with every record of `files`, smallest key first.
    private func merge(_ files: [RunFile], emit: ([UInt8], [UInt8]) throws -> Void) throws {
        var heads = [(key: [UInt8], line: [UInt8])?]()
        for run in files { heads.append(try run.next()) }
        var heap = MergeHeap(heads: heads)
        while let smallest = heap.top {
            guard let head = heads[smallest] else { break }
            try emit(head.key, head.line)
            heads[smallest] = try files[smallest].next()
            heap.replaceTop(with: heads)
        }
    }
}
