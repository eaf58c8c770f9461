import IndexedCollation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Sorting an input larger than the buffer: each buffer-sized piece is collated in
/// memory and written to disk as a sorted run; the runs are then merged by their byte
/// keys, streaming the output. Memory stays near one piece, whatever the input size.
struct ExternalSort {
    let command: CollateCommand
    let collation: LocalizedIndexedCollation
    let directory: String

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
            let lines = try command.decode(
                current.bytes, name: reader.name, atStart: current.atStart, separator: reader.separator,
                firstLine: current.firstLine, firstOffset: current.firstOffset)
            let output = command.run(lines, with: collation)
            let run = try RunFile(directory: directory)
            try lines.bytes.withUnsafeBufferPointer { bytes in
                for group in output.groups {
                    runs.sectionCounts[group.section] += group.range.count
                    for record in output.order[group.range] {
                        let key = mergeKey(output, Int(record), position: runs.records + Int(record))
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

    /// A key whose byte order is the output order across runs: the output section,
    /// the sort key, the display key, then the global input position (ascending even in
    /// reverse, so equal keys keep input order). Reverse complements the key bytes and
    /// ends them with 0xFF, which turns memcmp order around for variable-length keys.
    func mergeKey(_ output: IndexingEngine.Output, _ record: Int, position: Int) -> [UInt8] {
        let sections = collation.sectionTitles.count
        let section = Int(output.sectionOfRecord[record])
        let slot = UInt16(command.reverse ? sections - 1 - section : section)
        let key = output.sortKey(ofRecord: record)
        let tie = output.tieKey(ofRecord: record) ?? key
        var bytes = [UInt8]()
        bytes.reserveCapacity(key.count + tie.count + 12)
        bytes.append(UInt8(slot >> 8))
        bytes.append(UInt8(slot & 0xFF))
        for part in [key, tie] {
            if command.reverse {
                for byte in part { bytes.append(0xFF &- byte) }
                bytes.append(0xFF)
            } else {
                bytes.append(contentsOf: part)
                bytes.append(0)
            }
        }
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: UInt64(position) >> UInt64(shift))) }
        return bytes
    }

    /// Merges the runs into `writer`, smallest key first.
    func merge(_ runs: Runs, into writer: StreamingWriter) throws {
        try merge(runs.files) { key, line in
            let section = Int(UInt16(key[0]) << 8 | UInt16(key[1]))
            let title = command.reverse ? collation.sectionTitles.count - 1 - section : section
            try writer.record(section: title, line: line[...])
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

/// A binary min-heap of run indices ordered by their current head key (memcmp).
struct MergeHeap {
    private var items: [Int]
    private var keys: [[UInt8]?]

    init(heads: [(key: [UInt8], line: [UInt8])?]) {
        keys = heads.map { $0?.key }
        items = heads.indices.filter { heads[$0] != nil }
        for index in stride(from: items.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    var top: Int? { items.first }

    /// Updates the top run's key after it advanced (removing it when exhausted).
    mutating func replaceTop(with heads: [(key: [UInt8], line: [UInt8])?]) {
        guard let run = items.first else { return }
        keys[run] = heads[run]?.key
        if keys[run] == nil {
            items[0] = items[items.count - 1]
            items.removeLast()
        }
        if !items.isEmpty { siftDown(0) }
    }

    private func less(_ a: Int, _ b: Int) -> Bool {
        guard let left = keys[a], let right = keys[b] else { return false }
        return left.withUnsafeBufferPointer { left in
            right.withUnsafeBufferPointer { right in
                let common = min(left.count, right.count)
                if common > 0, let l = left.baseAddress, let r = right.baseAddress {
                    let order = memcmp(l, r, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
    }

    private mutating func siftDown(_ start: Int) {
        var index = start
        while true {
            let left = 2 * index + 1
            let right = left + 1
            var smallest = index
            if left < items.count && less(items[left], items[smallest]) { smallest = left }
            if right < items.count && less(items[right], items[smallest]) { smallest = right }
            if smallest == index { return }
            items.swapAt(index, smallest)
            index = smallest
        }
    }
}
