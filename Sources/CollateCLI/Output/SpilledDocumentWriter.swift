/// Writes a whole document from merged records: its opening, the records, its closing.
protocol SpilledDocumentWriter: MergedRecordWriter {
    /// Writes what comes before the first record (a header, a table's top rule).
    func begin() throws
    /// Writes what comes after the last record (a closing rule; joined columns).
    func end() throws
}
