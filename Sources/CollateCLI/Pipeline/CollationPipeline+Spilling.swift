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
        try checkSpillable(name: reader.name)
        let progress = progressDescriptor.map { Progress(descriptor: $0) }
        defer { progress?.finish() }
        let sorter = ExternalSort(pipeline: self, progress: progress)
        let runs = try sorter.makeRuns(first: first, reader: reader)
        try withOutput(standardOutput: standardOutput) { sink in
            if let style = output.format.textStyle, style != .plain, let rows = output.rows {
                // A page of a layout measured over its rows: held, then drawn in memory.
                let page = SpilledPage(
                    titles: collation.sectionTitles, counts: runs.sectionCounts, descending: descending, fields: fields,
                    rows: rows,
                    limit: max(budget.bytes / 2, 1 << 20))
                try sorter.merge(runs, rows: rows, into: page)
                try sink.writeLines(SectionedTextRenderer.render(page, style: style, rows: rows, options: output.table))
                return
            }
            if KeyedRowWriter.handles(output.format, withKeys: output.withKeys) {
                // csv, and tsv with storage keys: the run keys are the storage keys.
                let writer = KeyedRowWriter(format: output.format, sink: sink, titles: collation.sectionTitles, stamp: keyStamp)
                try writer.begin()
                try sorter.merge(runs, rows: output.rows, into: writer)
                return
            }
            let outline = DocumentOutline(
                localeIdentifier: collation.locale.identifier, titles: collation.sectionTitles, counts: runs.sectionCounts,
                fields: fields)
            let writer = StreamingWriter(format: output.format, sink: sink, outline: outline, options: output.table)
            try writer.begin()
            try sorter.merge(runs, rows: output.rows, into: writer)
            try writer.end()
        }
    }

    /// Refuses, before any work, what cannot be written past the buffer, saying why.
    private func checkSpillable(name: String) throws(InputError) {
        let limit = "the input does not fit the memory bound (--buffer-size \(budget.bytes) bytes)"
        if records != nil || zeroTerminated {
            throw InputError(
                file: name,
                message: "\(limit): csv, tsv, jsonl and vcard input and -z are sorted in memory only (no spilling yet); give a larger --buffer-size")
        }
        let paged = output.rows != nil && output.format.textStyle != nil
        guard StreamingWriter.supports(output.format) || KeyedRowWriter.handles(output.format, withKeys: output.withKeys) || paged else {
            throw InputError(
                file: name,
                message: "\(limit): --format \(output.format) needs the whole input in memory; use --format tsv, json, csv or plain, a --page, or a larger --buffer-size")
        }
    }
}
