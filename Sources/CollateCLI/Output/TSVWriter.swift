import IndexedCollation

/// The one tsv layout: `title<TAB>record` per record, or with storage keys
/// `title<TAB>hexkey<TAB>stamp<TAB>record`; used by the in-memory path and by the merge
/// of spilled runs.
final class TSVWriter {
    private let sink: OutputSink
    /// Every title followed by a TAB, in one buffer (no per-record array access).
    private let titleBytes: UnsafeMutableBufferPointer<UInt8>
    private let titleRanges: [Range<Int>]
    /// `<TAB>stamp<TAB>` after a storage key, when keys are written.
    private let stampColumn: [UInt8]?

    /// Creates a writer.
    /// - Parameters:
    ///   - sink: Where lines go.
    ///   - titles: The collation's section titles.
    ///   - keyStamp: The stamp written after each storage key, or nil for no keys.
    init(sink: OutputSink, titles: [String], keyStamp: String? = nil) {
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
        stampColumn = keyStamp.map { [0x09] + Array($0.utf8) + [0x09] }
    }

    deinit { titleBytes.deallocate() }

    /// Writes one record's line.
    /// - Parameters:
    ///   - section: The record's section (index into the titles).
    ///   - line: The record as given in the input.
    ///   - storageKey: The record's storage key, written in hex when the writer has a stamp.
    @inline(__always)
    func record(section: Int, line: UnsafeBufferPointer<UInt8>, storageKey: @autoclosure () -> [UInt8] = []) throws(OutputSink.Failure) {
        try sink.write(UnsafeBufferPointer(rebasing: titleBytes[titleRanges[section]]))
        if let stampColumn {
            try sink.write(SortKey(bytes: storageKey()).hexString)
            try sink.write(stampColumn)
        }
        try sink.write(line)
        try sink.write(byte: 0x0A)
    }
}
