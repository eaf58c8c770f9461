import Dispatch
import IndexedCollation

/// Writes plain tsv rows (`title<TAB>line`, the ``TSVWriter`` layout without storage keys)
/// for records in output order, formatting blocks of rows on all cores.
///
/// In sorted order every line is read from a random place of the input, so copying lines
/// out is bound by memory latency (half the CPU time of a 1M-line run, profiled). Each
/// block is formatted in two passes — first every line's range, then the bytes — so the
/// loads of one pass do not wait for each other; blocks go to the threads in waves, and
/// while one wave's buffers are written in order the next wave is formatted (memory stays
/// bounded by two waves, never the whole output).
final class TSVBlockWriter {
    /// Rows per block: about 250 KB of Korean names, small enough to stay in cache.
    static let blockSize = 16_384

    private let titles: [[UInt8]]
    private let recordEnd: UInt8
    private let threads: Int
    /// Two sets of buffers, one wave each.
    private let buffers: [Buffer]

    /// A block's output buffer, reused from wave to wave.
    private final class Buffer: @unchecked Sendable {
        // @unchecked: in a wave, exactly one worker writes each buffer; the writer reads
        // it only after the wave has finished.
        var storage = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
        var capacity = 1
        var count = 0
        /// Where the worker formatting this buffer keeps its prefetching loads.
        let loaded = LoadedBytes()

        func reserve(_ needed: Int) {
            guard needed > capacity else { return }
            storage.deallocate()
            capacity = max(needed, capacity * 2)
            storage = .allocate(capacity: capacity)
        }

        deinit { storage.deallocate() }
    }

    /// Creates a writer.
    /// - Parameters:
    ///   - titles: The collation's section titles.
    ///   - recordEnd: What ends a row (newline, or NUL with `-z`).
    ///   - threads: Threads that format blocks (1 formats inline).
    init(titles: [String], recordEnd: UInt8, threads: Int) {
        self.titles = titles.map { Array($0.utf8) + [0x09] }
        self.recordEnd = recordEnd
        self.threads = max(1, threads)
        buffers = (0..<self.threads * 4).map { _ in Buffer() }
    }

    /// Writes every record of `groups` (positions into `order`), each under its group's
    /// section title.
    /// - Parameters:
    ///   - groups: Runs of output positions and their sections.
    ///   - order: Record numbers in output order.
    ///   - bytes: The input the ranges point into.
    ///   - ranges: Each record's line.
    ///   - sink: Where the rows go, in order.
    /// - Throws: The sink's failure.
    /// - Complexity: O(*n*) byte copies for *n* records, on up to ``threads`` threads.
    func write(
        _ groups: [IndexingEngine.Group], order: [Int32], bytes: [UInt8], ranges: ByteRanges, to sink: OutputSink
    ) throws(OutputSink.Failure) {
        var blocks = [(section: Int, positions: Range<Int>)]()
        for group in groups {
            for start in stride(from: group.range.lowerBound, to: group.range.upperBound, by: Self.blockSize) {
                blocks.append((group.section, start..<min(start + Self.blockSize, group.range.upperBound)))
            }
        }
        try order.withUnsafeBufferPointer { (order) throws(OutputSink.Failure) in
            try bytes.withUnsafeBufferPointer { (bytes) throws(OutputSink.Failure) in
                try ranges.withUnsafeRanges { (ranges) throws(OutputSink.Failure) in
                    let order = UnsafeSendableBuffer(order)
                    let bytes = UnsafeSendableBuffer(bytes)
                    // Waves of blocks, one per set of buffers in turn (two sets).
                    let waveSize = threads * 2
                    let waves = stride(from: 0, to: blocks.count, by: waveSize).map { blocks[$0..<min($0 + waveSize, blocks.count)] }
                    let titles = titles
                    let recordEnd = recordEnd
                    let threads = threads
                    let sets = [Array(buffers[..<waveSize]), Array(buffers[waveSize...])]
                    @Sendable func format(_ wave: ArraySlice<(section: Int, positions: Range<Int>)>, into buffers: [Buffer]) {
                        parallelFor(wave.count, threads: threads) { item in
                            let block = wave[wave.startIndex + item]
                            Self.format(
                                block.positions, title: titles[block.section], recordEnd: recordEnd, order: order.buffer,
                                bytes: bytes.buffer, ranges: ranges, into: buffers[item])
                        }
                    }
                    // Wave k is formatted on every core (this thread among them) while wave
                    // k-1 is written on another thread: a pipe's reader drains it meanwhile.
                    let writer = WaveWriter(sink: sink)
                    let writing = DispatchGroup()
                    defer { writing.wait() }  // never leave while a write still reads a buffer
                    for (index, wave) in waves.enumerated() {
                        format(wave, into: sets[index % 2])
                        writing.wait()
                        if let failure = writer.failure { throw failure }
                        let buffers = Array(sets[index % 2].prefix(wave.count))
                        DispatchQueue.global().async(group: writing) { writer.write(buffers) }
                    }
                    writing.wait()
                    if let failure = writer.failure { throw failure }
                }
            }
        }
    }

    /// Writes the buffers of a wave to the sink, on a thread of its own, and keeps the
    /// first failure (after which nothing more is written).
    private final class WaveWriter: @unchecked Sendable {
        // @unchecked: one write at a time (the caller waits for each before the next), and
        // `failure` is read only after that write has finished.
        let sink: OutputSink
        var failure: OutputSink.Failure?

        init(sink: OutputSink) { self.sink = sink }

        func write(_ buffers: [Buffer]) {
            guard failure == nil else { return }
            do {
                for buffer in buffers { try sink.writeThrough(UnsafeBufferPointer(start: buffer.storage, count: buffer.count)) }
            } catch {
                failure = error
            }
        }
    }

    /// Formats the rows of one block into `buffer`.
    private static func format(
        _ positions: Range<Int>, title: [UInt8], recordEnd: UInt8, order: UnsafeBufferPointer<Int32>,
        bytes: UnsafeBufferPointer<UInt8>, ranges: ByteRanges.View, into buffer: Buffer
    ) {
        // Pass 1: the lines' ranges (independent loads from random places) and the size.
        let lines = [Range<Int>](unsafeUninitializedCapacity: positions.count) { lines, initialized in
            if let target = lines.baseAddress { ranges.gather(UnsafeBufferPointer(rebasing: order[positions]), into: target) }
            initialized = positions.count
        }
        var size = positions.count * (title.count + 1)
        for line in lines { size += line.count }
        buffer.reserve(size)
        // Pass 2: the bytes, 64 lines at a time: the ends of a batch's lines are loaded
        // first, so their cache misses (the lines lie at random places) overlap.
        var out = buffer.storage
        let source = bytes.baseAddress
        var touched: UInt8 = 0
        title.withUnsafeBufferPointer { title in
            for start in stride(from: 0, to: lines.count, by: 64) {
                let batch = lines[start..<min(start + 64, lines.count)]
                if let source {
                    for line in batch { touched ^= loadEnds(UnsafeBufferPointer(start: source + line.lowerBound, count: line.count)) }
                }
                for line in batch {
                    if let titleStart = title.baseAddress { out.update(from: titleStart, count: title.count) }
                    out += title.count
                    if let source, !line.isEmpty { out.update(from: source + line.lowerBound, count: line.count) }
                    out += line.count
                    out.pointee = recordEnd
                    out += 1
                }
            }
        }
        buffer.loaded.keep(touched)
        buffer.count = out - buffer.storage
    }
}
