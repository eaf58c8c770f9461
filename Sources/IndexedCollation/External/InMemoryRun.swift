/// The records of an external sort that fitted its bound, in order, read straight from
/// the keyed piece: what ``ExternalSorter/finish()`` returns when it wrote no run, so a
/// sort that fits in memory makes no temporary file at all.
///
/// Each record's order key is encoded as a run would store it
/// (``SortedRuns/writeRun(_:encoding:firstPosition:sectionCounts:directory:budget:tooLong:)``),
/// so the records are exactly those a run and its merge would give.
final class InMemoryRun {
    private let piece: SortedRuns.KeyedPiece
    private let encoding: OrderKeyEncoding
    /// The group (section) being read and the next place in the output's order.
    private var group = 0
    private var place: Int
    private var key = ByteBuffer(capacity: 256)

    init(_ piece: SortedRuns.KeyedPiece, encoding: OrderKeyEncoding) {
        self.piece = piece
        self.encoding = encoding
        place = piece.output.groups.first?.range.lowerBound ?? 0
    }

    deinit { key.free() }

    /// The next record in order, or nil after the last.
    func next() -> SortedRecord? {
        let output = piece.output
        while group < output.groups.count && place >= output.groups[group].range.upperBound {
            group += 1
            if group < output.groups.count { place = output.groups[group].range.lowerBound }
        }
        guard group < output.groups.count else { return nil }
        let record = Int(output.order[place])
        place += 1
        let section = output.groups[group].section
        key.count = 0
        output.withKeys(ofText: output.text(ofRecord: record)) { sortKey, tieBreak in
            SortedRuns.encode(
                encoding, section: section, sectionCount: output.sectionCount, key: sortKey, tie: tieBreak, position: nil, into: &key)
        }
        return SortedRecord(section: section, orderKey: Array(key.bytes), payload: Array(piece.bytes[piece.lines[record]]))
    }
}
