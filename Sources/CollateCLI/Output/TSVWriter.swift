import IndexedCollation

/// The tsv layout: `title<TAB>record` per record (with storage keys, see
/// ``KeyedRowWriter``); ``TSVBlockWriter`` writes the same rows in blocks.
final class TSVWriter {
    private let sink: OutputSink
    /// Every title followed by a TAB, in one buffer (no per-record array access).
    private let titleBytes: UnsafeMutableBufferPointer<UInt8>
    private let titleRanges: [Range<Int>]
    /// What ends a row: newline, or NUL with `-z`.
    private let recordEnd: UInt8

    /// Creates a writer.
    /// - Parameters:
    ///   - sink: Where lines go.
    ///   - titles: The collation's section titles.
    ///   - recordEnd: What ends a row (newline, or NUL with `-z`).
    init(sink: OutputSink, titles: [String], recordEnd: UInt8 = 0x0A) {
        self.recordEnd = recordEnd
        self.sink = sink
        var bytes = [UInt8]()
        var ranges = [Range<Int>]()
        for title in titles {
            let start = bytes.count
            bytes += Array(title.utf8) + [0x09]
            ranges.append(start..<bytes.count)
        }
        titleBytes = .allocate(capacity: bytes.count)
        _ = titleBytes.initialize(from: bytes)
        titleRanges = ranges
    }

    deinit { titleBytes.deallocate() }

    /// Writes one record's line.
    /// - Parameters:
    ///   - section: The record's section (index into the titles).
    ///   - line: The record as given in the input.
    @inline(__always)
    func record(section: Int, line: UnsafeBufferPointer<UInt8>) throws(OutputSink.Failure) {
        try sink.write(UnsafeBufferPointer(rebasing: titleBytes[titleRanges[section]]))
        try sink.write(line)
        try sink.write(byte: recordEnd)
    }
}
