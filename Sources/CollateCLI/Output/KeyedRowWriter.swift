import ContactRecords
import IndexedCollation

/// Writes `--format tsv` rows with storage keys and `--format csv` rows of lines (with or
/// without keys), one record at a time in output order; the stream's key is the record's
/// storage key (``OrderKeyEncoding``), written in hex.
///
/// Rows: tsv `section<TAB>key<TAB>stamp<TAB>record`; csv header `section,record` or
/// `section,key,stamp,record`, then one RFC 4180 row per record (CRLF row ends, empty
/// records as `""`).
final class KeyedRowWriter {
    let format: OutputFormat
    let sink: OutputSink
    /// The stamp written beside every key, or nil for csv without keys.
    let stamp: String?
    private let titleBytes: [[UInt8]]
    private let stampBytes: [UInt8]
    private var csv = CSVWriter()
    private var row: [UInt8] = []
    /// The hex digits of a raw key, reused from row to row.
    private var digits: [UInt8] = []
    /// `<TAB>stamp<TAB>`.
    private let stampColumn: [UInt8]

    init(format: OutputFormat, sink: OutputSink, titles: [String], stamp: String?) {
        self.format = format
        self.sink = sink
        self.stamp = stamp
        titleBytes = titles.map { Array($0.utf8) }
        stampBytes = Array((stamp ?? "").utf8)
        stampColumn = [0x09] + stampBytes + [0x09]
        csv.quotesEmptyFields = true
    }

    /// Writes the header row (csv only).
    func begin() throws(OutputSink.Failure) {
        guard format == .csv else { return }
        try sink.write(stamp == nil ? "section,record\r\n" : "section,key,stamp,record\r\n")
    }

    /// Writes one record with its key's raw bytes (the spilled merge's run keys, which are
    /// storage keys when keys are written), or no key (`nil`: csv without keys).
    func record(section: Int, rawKey key: UnsafeBufferPointer<UInt8>?, line: UnsafeBufferPointer<UInt8>) throws(OutputSink.Failure) {
        if format == .tsv, let key { return try writeTSV(section: section, key: key, line: line) }
        let count = 2 * (key?.count ?? 0)
        if digits.count < count { digits = [UInt8](repeating: 0, count: count) }
        if let key, let base = key.baseAddress {
            digits.withUnsafeMutableBufferPointer { OrderKeyEncoding.expandHex(base, count: key.count, into: $0.baseAddress.unsafelyUnwrapped) }
        }
        try digits.withUnsafeBufferPointer { (digits) throws(OutputSink.Failure) in
            let hex = UnsafeBufferPointer(rebasing: digits[0..<count])
            try writeCSV(section: section, line: line) { $0.append(contentsOf: hex) }
        }
    }

    /// One tsv row `section<TAB>hexkey<TAB>stamp<TAB>record`, formatted straight into the
    /// sink's buffer (one reservation, the key's digits expanded in place).
    @inline(__always)
    private func writeTSV(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws(OutputSink.Failure) {
        try titleBytes[section].withUnsafeBufferPointer { (title) throws(OutputSink.Failure) in
            try stampColumn.withUnsafeBufferPointer { (stamp) throws(OutputSink.Failure) in
                try sink.write(upTo: title.count + 1 + 2 * key.count + stamp.count + line.count + 1) { output in
                    var count = Self.copy(title, to: output)
                    output[count] = 0x09
                    count += 1
                    if let base = key.baseAddress { OrderKeyEncoding.expandHex(base, count: key.count, into: output + count) }
                    count += 2 * key.count
                    count += Self.copy(stamp, to: output + count)
                    count += Self.copy(line, to: output + count)
                    output[count] = 0x0A
                    return count + 1
                }
            }
        }
    }

    @inline(__always)
    private static func copy(_ bytes: UnsafeBufferPointer<UInt8>, to output: UnsafeMutablePointer<UInt8>) -> Int {
        if let base = bytes.baseAddress { output.update(from: base, count: bytes.count) }
        return bytes.count
    }

    /// One csv row: section, then (with keys) the key `appendKey` writes and the stamp,
    /// then the record.
    private func writeCSV(section: Int, line: UnsafeBufferPointer<UInt8>, appendKey: (inout [UInt8]) -> Void) throws(OutputSink.Failure) {
        row.removeAll(keepingCapacity: true)
        titleBytes[section].withUnsafeBufferPointer { csv.appendField($0, isFirst: true, to: &row) }
        if stamp != nil {
            row.append(UInt8(ascii: ","))
            appendKey(&row)
            stampBytes.withUnsafeBufferPointer { csv.appendField($0, isFirst: false, to: &row) }
        }
        csv.appendField(line, isFirst: false, to: &row)
        csv.appendRowEnd(to: &row)
        try sink.write(row)
    }
}

extension KeyedRowWriter: RecordStreamWriter {
    func end() {}

    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws {
        try record(section: section, rawKey: stamp == nil ? nil : key, line: line)
    }
}
