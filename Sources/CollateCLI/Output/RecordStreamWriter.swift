/// Writes one output document from the record stream: ``begin()``, then every record in
/// output order through ``MergedRecordWriter/record(section:key:line:)``, then ``end()``.
///
/// Every format and option is such a writer, made in one place
/// (``DocumentOutline/makeWriter(for:sink:)``) from what the document must know before its
/// first record (the ``DocumentOutline``). The records come from the in-memory result
/// played as a single run (``CollatedDocument/write(_:to:rows:table:)``) or from the
/// merge of spilled runs (`ExternalSort.merge(_:rows:into:)`); a writer cannot tell which.
protocol RecordStreamWriter: MergedRecordWriter {
    /// Writes what comes before the first record (a header, the side index, a table's
    /// top rule, a page's head).
    func begin() throws
    /// Writes what comes after the last record (a closing rule, joined columns, the
    /// page's end); flushes nothing (the caller commits the sink).
    func end() throws
}
