extension DocumentOutline {
    /// The writer of `format`: the one place where a format and its options choose how
    /// records are written, for the in-memory result and spilled runs alike.
    ///
    /// The stream's record bytes are the input line (lines input) or the record's output
    /// form (structured input, ``RecordForm``: ``recordColumns`` is set); the key is the
    /// record's storage key with `--with-keys` (``stamp`` is set), else unused.
    /// - Parameters:
    ///   - format: The output format.
    ///   - sink: Where the document goes.
    /// - Returns: A writer to call ``RecordStreamWriter/begin()`` on, then records, then
    ///   ``RecordStreamWriter/end()``.
    func makeWriter(for format: OutputFormat, sink: OutputSink) -> any RecordStreamWriter {
        switch format {
        case .table, .markdown:
            return DrawnTextWriter(style: format == .table ? .table : .markdown, sink: sink, drawn: drawn, fields: fields)
        case .columns:
            return ColumnsWriter(sink: sink, drawn: drawn, fields: fields, scratch: scratch)
        case .html:
            return HTMLPageWriter(sink: sink, outline: self)
        case .vcard:
            return RecordRowWriter(sink: sink, titles: titles, csvColumns: nil)
        case .csv where recordColumns != nil:
            return RecordRowWriter(sink: sink, titles: titles, csvColumns: recordColumns, csvHeader: recordHeader)
        case .csv:
            return KeyedRowWriter(format: .csv, sink: sink, titles: titles, stamp: stamp)
        case .tsv where stamp != nil:
            return KeyedRowWriter(format: .tsv, sink: sink, titles: titles, stamp: stamp)
        case .tsv, .json, .plain:
            let writer = StreamingWriter(format: format, sink: sink, outline: self)
            writer.writesJSONValues = recordColumns != nil
            return writer
        }
    }
}
