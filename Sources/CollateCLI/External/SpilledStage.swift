import IndexedCollation
import IndexedTableFormatting

/// Merged records kept aside in a temporary run to be written later, measured and
/// counted as they pass: a page of a drawn layout, whose widths depend on the page's
/// rows only, is staged, then drawn from the stage. Memory stays one write block
/// whatever the page's size.
final class SpilledStage: MergedRecordWriter {
    private let writer: RunRecordWriter
    private let fields: FieldSelector?
    private let budget: SpillBudget
    /// The staged rows' measurements.
    private(set) var measure: TextMeasure
    /// Rows staged per section, indexed by title.
    private(set) var rowCounts: [Int]

    /// - Parameters:
    ///   - directory: Where the run goes.
    ///   - sectionCount: How many section titles there are.
    ///   - measure: An empty measure of the layout to draw.
    ///   - fields: How a record splits into columns.
    ///   - budget: The memory bound (the read block's size).
    init(directory: String, sectionCount: Int, measure: TextMeasure, fields: FieldSelector?, budget: SpillBudget) throws {
        writer = try RunRecordWriter(directory: directory, blockSize: budget.runBlock)
        rowCounts = [Int](repeating: 0, count: sectionCount)
        self.measure = measure
        self.fields = fields
        self.budget = budget
    }

    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws {
        let sectionKey: [UInt8] = [UInt8(truncatingIfNeeded: section >> 8), UInt8(truncatingIfNeeded: section)]
        try sectionKey.withUnsafeBufferPointer { try writer.append(key: $0, line: line) }
        measure.add(DrawnTextWriter.cells(of: line, fields: fields, options: measure.options), section: section)
        rowCounts[section] += 1
    }

    /// Writes the staged records, in the order they came, into `target`.
    func replay(into target: some MergedRecordWriter) throws {
        let reader = RunRecordReader(try writer.finish(), blockSize: budget.mergeBlock(runs: 1))
        while try reader.advance() {
            let key = reader.key.bytes
            try target.record(section: Int(key[0]) << 8 | Int(key[1]), key: key, line: reader.line.bytes)
        }
    }
}
