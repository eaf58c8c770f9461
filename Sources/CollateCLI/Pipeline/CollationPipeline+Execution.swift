extension CollationPipeline {
    /// Reads the input, collates it (in memory, or in spilled runs when it is larger than
    /// the buffer) and writes the output.
    /// - Parameter standardOutput: The descriptor of standard output.
    /// - Throws: ``InputError``, ``OutputError`` or `OutputSink.Failure`.
    func execute(standardOutput: Int32) throws {
        let checksText = records == nil && !zeroTerminated && !transcodesLines
        let reader = try ChunkReader(
            path: inputPath, budget: budget, policy: invalidUTF8, checksText: checksText,
            separator: zeroTerminated ? 0x00 : nil, recordEnds: records.map { RecordEnds($0.format, delimiter: $0.delimiter) } ?? .lines,
            overlapped: records == nil && budget.overlapsRuns)
        let first = try reader.next()
        if reader.isFinished {
            // The whole input fits the buffer: sort in memory.
            // The reader has checked the text when it checks with the error policy.
            let document = try collate(bytes: first?.bytes ?? [], name: reader.name, checkedUTF8: checksText && invalidUTF8 == .error)
            try withOutput(standardOutput: standardOutput) { sink in
                try document.write(output.format, to: sink, rows: output.page, table: output.table)
            }
        } else if let first {
            try sortExternally(first: first, reader: reader, standardOutput: standardOutput)
        }
    }
}
