extension CollationPipeline {
    /// Reads the input, collates it (in memory, or in spilled runs when it is larger than
    /// the buffer) and writes the output.
    /// - Parameter standardOutput: The descriptor of standard output.
    /// - Throws: ``InputError``, ``OutputError`` or `OutputSink.Failure`.
    func execute(standardOutput: Int32) throws {
        let reader = try ChunkReader(
            path: inputPath, budget: budget, policy: invalidUTF8, checksText: records == nil && !zeroTerminated)
        let first = try reader.next()
        if reader.isFinished {
            // The whole input fits the buffer: sort in memory.
            let document = try collate(bytes: first?.bytes ?? [], name: reader.name)
            try withOutput(standardOutput: standardOutput) { sink in
                try document.write(output.format, to: sink, rows: output.rows, table: output.table)
            }
        } else if let first {
            try sortExternally(first: first, reader: reader, standardOutput: standardOutput)
        }
    }

    /// Sorts an input larger than the buffer in runs on disk, merged while printing.
    private func sortExternally(first: ChunkReader.Piece, reader: ChunkReader, standardOutput: Int32) throws {
        let limit = "the input does not fit the memory bound (--buffer-size \(budget.bytes) bytes)"
        if records != nil || zeroTerminated {
            throw InputError(
                file: reader.name,
                message: "\(limit): csv, tsv, jsonl and vcard input and -z are sorted in memory only (no spilling yet); give a larger --buffer-size")
        }
        guard StreamingWriter.supports(output.format) else {
            throw InputError(
                file: reader.name,
                message: "\(limit): --format \(output.format) needs the whole input in memory; use --format tsv, json or plain, or a larger --buffer-size")
        }
        guard output.rows == nil && !output.withKeys else {
            throw InputError(file: reader.name, message: "\(limit): --page and --with-keys need the whole input in memory; use a larger --buffer-size")
        }
        let progress = progressDescriptor.map { Progress(descriptor: $0) }
        defer { progress?.finish() }
        let sorter = ExternalSort(pipeline: self, progress: progress)
        let runs = try sorter.makeRuns(first: first, reader: reader)
        try withOutput(standardOutput: standardOutput) { sink in
            let outline = DocumentOutline(
                localeIdentifier: collation.locale.identifier, titles: collation.sectionTitles, counts: runs.sectionCounts,
                fields: fields)
            let writer = StreamingWriter(format: output.format, sink: sink, outline: outline, options: output.table)
            try writer.begin()
            try sorter.merge(runs, into: writer)
            try writer.end()
        }
    }
}
