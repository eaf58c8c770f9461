/// Receives the records of the final merge, in output order.
protocol MergedRecordWriter: AnyObject {
    /// Takes one record.
    /// - Parameters:
    ///   - section: The record's section (index into the collation's titles).
    ///   - key: The record's run key.
    ///   - line: The record as given in the input.
    func record(section: Int, key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws
}
