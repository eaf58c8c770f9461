import IndexedCollation

/// What a writer made of the previous record, kept for the next when that record has the
/// same bytes in the same section: identical records are adjacent in output order and
/// names repeat (6,000 distinct names in a million), so the drawn layouts build a row's
/// cells and lines once per run of equal records.
struct RepeatedRecord<Made> {
    private var bytes: [UInt8] = []
    private var section = -1
    private var made: Made?

    /// What was made of the previous record, when `line` in `section` repeats it; else nil.
    func reused(section: Int, line: UnsafeBufferPointer<UInt8>) -> Made? {
        guard let made, section == self.section else { return nil }
        return bytes.withUnsafeBufferPointer { line.count == $0.count && compareBytes(line, $0) == 0 } ? made : nil
    }

    /// Keeps what was made of `line` in `section` (nil: nothing to reuse for the next).
    mutating func keep(_ made: Made?, section: Int, line: UnsafeBufferPointer<UInt8>) {
        bytes.removeAll(keepingCapacity: true)
        bytes.append(contentsOf: line)
        self.section = section
        self.made = made
    }
}
