import ContactRecords

/// Where a piece of the input may be cut so that every record stays whole: at any line
/// end for lines, TSV and JSON Lines (one record a line); outside quotes for CSV (a quoted
/// field may hold line ends); after an `END:VCARD` line for vCards (folded lines start
/// with white space, so a card's own lines never look like its end).
enum RecordEnds: Equatable {
    case lines
    case csv
    case vCard

    /// The cut rule of a record format.
    init(_ format: RecordFormat) {
        switch format {
        case .csv: self = .csv
        case .vCard: self = .vCard
        case .tsv, .jsonLines: self = .lines
        }
    }

    /// Whether a record ends with `line` (without its line end).
    /// - Parameters:
    ///   - line: The line just read.
    ///   - inQuotes: Whether a CSV quote is open at the line end.
    @inline(__always)
    func endsRecord(line: UnsafeBufferPointer<UInt8>, inQuotes: Bool) -> Bool {
        switch self {
        case .lines: return true
        case .csv: return !inQuotes
        case .vCard: return Self.isCardEnd(line)
        }
    }

    /// Whether `line` is `END:VCARD` (any case, trailing white space allowed).
    static func isCardEnd(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = Array("END:VCARD".utf8)
        guard line.count >= end.count else { return false }
        for index in end.indices where line[index] & 0xDF != end[index] & 0xDF && line[index] != end[index] { return false }
        return line[end.count...].allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}
