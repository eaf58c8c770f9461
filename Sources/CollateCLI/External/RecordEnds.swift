import ContactRecords

/// Where a piece of the input may be cut so that every record stays whole: at any line
/// end for lines, TSV and JSON Lines (one record a line); outside quotes for CSV (a quoted
/// field may hold line ends); after an `END:VCARD` line for vCards (folded lines start
/// with white space, so a card's own lines never look like its end).
///
/// CSV quotes follow the reader's rule (`ContactRecords`' `DelimitedScanner`): a `"`
/// opens a quoted field only at the start of a field, `""` inside one is a quote, and a
/// `"` anywhere else is an ordinary character.
struct RecordEnds {
    enum Kind: Equatable {
        case lines
        /// CSV with its field delimiter.
        case csv(delimiter: UInt8)
        case vCard
    }

    let kind: Kind
    /// The CSV field delimiter (0 for the other kinds).
    let delimiter: UInt8
    /// CSV: inside a quoted field; just after a quote that may close it (or be the first
    /// of `""`); at the start of a field.
    private var inQuotes = false
    private var closing = false
    private var atFieldStart = true

    init(_ kind: Kind) {
        self.kind = kind
        if case .csv(let delimiter) = kind { self.delimiter = delimiter } else { delimiter = 0 }
    }

    /// The cut rule of a record format.
    init(_ format: RecordFormat, delimiter: UInt8?) {
        switch format {
        case .csv: self.init(.csv(delimiter: delimiter ?? UInt8(ascii: ",")))
        case .vCard: self.init(.vCard)
        case .tsv, .jsonLines: self.init(.lines)
        }
    }

    static let lines = RecordEnds(.lines)

    /// Whether every line end ends a record (no per-byte state).
    var isLines: Bool { kind == .lines }

    /// Whether every byte must go through ``scan(_:)`` (CSV quotes).
    var scansBytes: Bool { delimiter != 0 }

    /// Starts again at the start of a record.
    mutating func reset() { (inQuotes, closing, atFieldStart) = (false, false, true) }

    /// Takes one CSV byte other than a line end.
    @inline(__always)
    mutating func scan(_ byte: UInt8) {
        if inQuotes {
            if byte == 0x22 { (inQuotes, closing) = (false, true) }
            return
        }
        if closing && byte == 0x22 {
            // `""` inside a quoted field: still inside.
            (inQuotes, closing) = (true, false)
            return
        }
        closing = false
        if byte == delimiter {
            atFieldStart = true
        } else {
            if atFieldStart && byte == 0x22 { inQuotes = true }
            atFieldStart = false
        }
    }

    /// Whether a record ends with `line` (without its line end), which was just read.
    @inline(__always)
    mutating func endsRecord(line: UnsafeBufferPointer<UInt8>) -> Bool {
        switch kind {
        case .lines: return true
        case .csv:
            if inQuotes { return false }
            reset()
            return true
        case .vCard: return Self.isCardEnd(line)
        }
    }

    /// The end of the first record of `bytes` that is not a blank line (after its line end;
    /// the header of csv and tsv input) and its lines, or the whole of `bytes`; `found`
    /// is false when `bytes` holds blank lines only.
    static func firstRecord(
        of bytes: [UInt8], format: RecordFormat, delimiter: UInt8?, separator: UInt8
    ) -> (end: Int, lines: Int, found: Bool) {
        var ends = RecordEnds(format, delimiter: delimiter)
        var lines = 0
        var lineStart = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var recordStart = lineStart
        return bytes.withUnsafeBufferPointer { buffer in
            for index in lineStart..<buffer.count {
                let byte = buffer[index]
                guard byte == separator else {
                    if ends.scansBytes { ends.scan(byte) }
                    continue
                }
                lines += 1
                if ends.endsRecord(line: UnsafeBufferPointer(rebasing: buffer[lineStart..<index])) {
                    // Blank lines before the header are no record (the reader skips them).
                    let record = buffer[recordStart..<index]
                    if !(record.isEmpty || record.elementsEqual([0x0D])) { return (index + 1, lines, true) }
                    recordStart = index + 1
                }
                lineStart = index + 1
            }
            let rest = buffer[recordStart...]
            return (buffer.count, lines + 1, !rest.allSatisfy { $0 == 0x0D || $0 == separator })
        }
    }

    /// Whether `line` is `END:VCARD` (any case, trailing white space allowed).
    static func isCardEnd(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = Array("END:VCARD".utf8)
        guard line.count >= end.count else { return false }
        for index in end.indices where line[index] & 0xDF != end[index] & 0xDF { return false }
        return line[end.count...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}
