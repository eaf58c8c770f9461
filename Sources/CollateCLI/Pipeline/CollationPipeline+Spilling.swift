import IndexedCollation
import IndexedTableFormatting

extension CollationPipeline {
    /// Sorts an input larger than the buffer in runs on disk, merged while printing.
    /// - Parameters:
    ///   - first: The input's first piece.
    ///   - reader: The rest of the input.
    ///   - standardOutput: The descriptor of standard output.
    /// - Throws: ``InputError`` for what cannot be written past the buffer (before any
    ///   run is written), or what reading, sorting and writing throw.
    func sortExternally(first: ChunkReader.Piece, reader: ChunkReader, standardOutput: Int32) throws {
        FaultInjection.interposeLibraryCalls()
        do {
            try spill(first: first, reader: reader, standardOutput: standardOutput)
        } catch let error as ExternalSortError {
            throw error.toolError
        }
    }

    /// ``sortExternally(first:reader:standardOutput:)``, with the library's errors as they are.
    private func spill(first: ChunkReader.Piece, reader: ChunkReader, standardOutput: Int32) throws {
        try checkSpillable(name: reader.name, first: first)
        if records != nil && fields == nil {
            // Structured records are carried in their output form (``RecordForm``): the
            // drawn formats split their cells again at the unit separator.
            var carried = self
            carried.fields = RecordForm.cellFields
            return try carried.spill(first: first, reader: reader, standardOutput: standardOutput)
        }
        let progress = progressDescriptor.map { Progress(descriptor: $0) }
        defer { progress?.finish() }
        let sorter = ExternalSort(pipeline: self, progress: progress)
        let runs = try sorter.keepingFirstOfEqual(sorter.makeRuns(first: first, reader: reader))
        try withOutput(standardOutput: standardOutput) { sink in
            if let style = output.format.textStyle, style != .plain {
                return try draw(style, runs: runs, sorter: sorter, to: sink)
            }
            if let columns = runs.columns {
                // html: the whole page, as in memory (--page does not apply to a page).
                let writer = SpilledHTMLWriter(
                    sink: sink, options: HTMLOptions(collating: collation.locale.identifier, table: output.table),
                    titles: collation.sectionTitles, counts: runs.sectionCounts, descending: descending, columns: columns, fields: fields,
                    indexTitles: indexFolding?(runs.sectionCounts).titles, search: pageSearch)
                try writer.begin()
                try sorter.merge(runs, into: writer)
                return try writer.end()
            }
            if records != nil, [.csv, .vcard].contains(output.format) {
                let writer = RecordRowWriter(
                    sink: sink, titles: collation.sectionTitles, csvColumns: output.format == .csv ? runs.recordColumns : nil)
                try writer.begin()
                return try sorter.merge(runs, rows: output.rows, into: writer)
            }
            if KeyedRowWriter.handles(output.format, withKeys: output.withKeys) {
                // csv, and tsv with storage keys: the run keys are the storage keys.
                let writer = KeyedRowWriter(format: output.format, sink: sink, titles: collation.sectionTitles, stamp: keyStamp)
                try writer.begin()
                return try sorter.merge(runs, rows: output.rows, into: writer)
            }
            var outline = DocumentOutline(
                localeIdentifier: collation.locale.identifier, titles: collation.sectionTitles, counts: runs.sectionCounts,
                fields: fields)
            outline.sectionIndex = indexFolding?(runs.sectionCounts)
            let writer = StreamingWriter(
                format: output.format, sink: sink, outline: outline, options: output.table, recordEnd: zeroTerminated ? 0x00 : 0x0A)
            writer.writesJSONValues = records != nil
            try writer.begin()
            try sorter.merge(runs, rows: output.rows, into: writer)
            try writer.end()
        }
    }

    /// Writes table, markdown or columns: measured while the runs were written, or, for a
    /// page, staged and measured while merged; then drawn as the records come.
    private func draw(_ style: TextStyle, runs: ExternalSort.Runs, sorter: ExternalSort, to sink: OutputSink) throws {
        var measure = runs.measure ?? TextMeasure(style: style, options: output.table)
        var rowCounts = runs.sectionCounts
        var stage: SpilledStage?
        if let rows = output.rows {
            let staged = try SpilledStage(
                directory: runDirectory, sectionCount: collation.sectionTitles.count, measure: measure, fields: fields, budget: budget)
            try sorter.merge(runs, rows: rows, into: staged)
            (measure, rowCounts, stage) = (staged.measure, staged.rowCounts, staged)
        }
        var drawn = DrawnSections(
            titles: collation.sectionTitles, counts: runs.sectionCounts, rowCounts: rowCounts, descending: descending, measure: measure)
        if let index = indexFolding?(runs.sectionCounts) { drawn.fold(to: index) }
        let writer: any SpilledDocumentWriter = style == .columns
            ? SpilledColumnsWriter(sink: sink, drawn: drawn, fields: fields, directory: runDirectory, budget: budget)
            : SpilledTextWriter(style: style, sink: sink, drawn: drawn, fields: fields)
        try writer.begin()
        if let stage { try stage.replay(into: writer) } else { try sorter.merge(runs, into: writer) }
        try writer.end()
    }

    /// Refuses, before any work, what cannot be written past the buffer, saying why.
    private func checkSpillable(name: String, first: ChunkReader.Piece) throws(InputError) {
        let limit = "the input does not fit the memory bound (--buffer-size \(budget.bytes) bytes)"
        if records != nil {
            if output.writesReadings {
                throw InputError(file: name, message: "\(limit): --write-readings rewrites records in memory only; give a larger --buffer-size")
            }
            let wide: String?
            if case .named(let charset) = encoding, InputEncoding.isWide(charset) {
                wide = charset
            } else {
                wide = CharsetConversion.byteOrderMark(of: first.bytes).map(\.charset).flatMap { InputEncoding.isWide($0) ? $0 : nil }
            }
            if let wide {
                throw InputError(
                    file: name,
                    message: "\(limit): \(wide) input is converted as a whole, in memory only; give a larger --buffer-size, or convert the file to UTF-8 first")
            }
        }
        if transcodesLines {
            throw InputError(
                file: name,
                message: "\(limit): input converted with --encoding is sorted in memory only; give a larger --buffer-size, "
                    + "or convert the file to UTF-8 first")
        }
    }
}
