import IndexedCollation
import IndexedTableFormatting
import SystemPackage
import SystemSupport

extension CollationPipeline {
    /// Reads the input, collates it (in memory, or in spilled runs when it is larger than
    /// the buffer) and writes the output.
    /// - Parameter standardOutput: The descriptor of standard output.
    /// - Throws: ``InputError``, ``OutputError`` or `OutputSink.Failure`.
    func execute(standardOutput: FileDescriptor) throws {
        let settings = readerSettings
        // A file of many lines: the table-driven key writer is made while it is read.
        let prepareKeys = { (size: Int?) in if (size ?? 0) >= Self.bytesForKeyTable { collation.collator.prepareForManyKeys() } }
        let (reader, first): (ChunkReader, ChunkReader.Piece?)
        var lines: Lines?
        if let prefetch {
            prepareKeys(prefetch.fileSize)
            let read = try prefetch.wait()
            (reader, first, lines) = (read.reader, read.first, read.lines)
        } else {
            reader = try settings.open()
            prepareKeys(reader.fileSize)
            first = try reader.next()
        }
        if reader.isFinished {
            // The whole input fits the buffer: sort in memory.
            // The reader has checked the text when it checks with the error policy.
            let document = try collate(bytes: first?.bytes ?? [], name: reader.name, checkedUTF8: settings.checksText && invalidUTF8 == .error, lines: lines)
            try withOutput(standardOutput: standardOutput) { sink in
                try document.write(output.format, to: sink, rows: output.page, table: output.table)
            }
            ProcessEnd.keep(document)
        } else if let first {
            try sortExternally(first: first, reader: reader, standardOutput: standardOutput)
        }
    }

    /// From this input size on (about 20,000 short lines), the collator's table-driven key
    /// writer is made while the input is read (``Collator/prepareForManyKeys()``).
    static let bytesForKeyTable = 256 << 10

    /// How the run reads its input.
    var readerSettings: InputPrefetch.ReaderSettings {
        InputPrefetch.ReaderSettings(
            path: inputPath, budget: budget, invalidUTF8: invalidUTF8, records: records, zeroTerminated: zeroTerminated,
            transcodesLines: transcodesLines, atStart: inputStartsDataSet)
    }

    /// Sorts an input larger than the buffer in runs on disk, merged while printing.
    /// - Parameters:
    ///   - first: The input's first piece.
    ///   - reader: The rest of the input.
    ///   - standardOutput: The descriptor of standard output.
    /// - Throws: ``InputError`` for what cannot be written past the buffer (before any
    ///   run is written), or what reading, sorting and writing throw.
    func sortExternally(first: ChunkReader.Piece, reader: ChunkReader, standardOutput: FileDescriptor) throws {
        do {
            try spill(first: first, reader: reader, standardOutput: standardOutput)
        } catch let error as ExternalSortError {
            throw error.toolError
        }
    }

    /// ``sortExternally(first:reader:standardOutput:)``, with the library's errors as they are.
    private func spill(first: ChunkReader.Piece, reader: ChunkReader, standardOutput: FileDescriptor) throws {
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
            var outline = self.outline(counts: runs.sectionCounts)
            outline.measure = runs.measure
            outline.columns = runs.columns ?? 1
            outline.scratch = (runDirectory, budget)
            if records != nil {
                outline.recordColumns = runs.recordColumns
                outline.recordHeader = runs.recordHeader
            }
            var stage: SpilledStage?
            if let rows = output.page, let style = output.format.textStyle, style != .plain {
                // A drawn page: its widths depend on its rows only, so it is staged and
                // measured first.
                let staged = try SpilledStage(
                    directory: runDirectory, sectionCount: collation.sectionTitles.count,
                    measure: TextMeasure(style: style, options: output.table), fields: fields, budget: budget)
                try sorter.merge(runs, rows: rows, into: staged)
                (outline.measure, outline.rowCounts, stage) = (staged.measure, staged.rowCounts, staged)
            }
            let writer = outline.makeWriter(for: output.format, sink: sink)
            try writer.begin()
            if let stage { try stage.replay(into: writer) } else { try sorter.merge(runs, rows: output.page, into: writer) }
            try writer.end()
        }
    }

    /// The outline every run's writer starts from: the locale, titles and counts, the
    /// side index, cells, options, keys' stamp and row ends (the in-memory document and
    /// the spilled merge add what they counted and measured).
    /// - Parameter counts: Records per section in the whole input.
    func outline(counts: [Int]) -> DocumentOutline {
        var outline = DocumentOutline(
            localeIdentifier: collation.locale.identifier, titles: collation.sectionTitles, counts: counts, fields: fields)
        outline.descending = descending
        outline.sectionIndex = indexFolding?(counts)
        outline.table = output.table
        outline.pageSearch = pageSearch
        outline.pageSearchOptions = pageSearchOptions
        outline.stamp = keyStamp
        outline.recordEnd = zeroTerminated ? 0x00 : 0x0A
        return outline
    }

    /// Refuses, before any work, what cannot be written past the buffer, saying why.
    private func checkSpillable(name: String, first: ChunkReader.Piece) throws(InputError) {
        let limit = "the input does not fit the memory bound (--buffer-size \(budget.bytes) bytes)"
        if records != nil {
            if output.writesReadings {
                throw InputError(file: name, message: "\(limit): --write-readings rewrites records in memory only; give a larger --buffer-size")
            }
            // A charset whose bytes below 0x80 are not always ASCII (UTF-16, ISO-2022-JP: its
            // double-byte text holds `"` and `,`) cannot be cut at record ends before it is
            // decoded; a vCard file is cut at END:VCARD lines, which such bytes never form,
            // except in UTF-16 and UTF-32.
            let whole: String?
            if case .named(let charset) = encoding, charset.isWide || (records?.format != .vCard && !charset.isASCIITransparent) {
                whole = charset.name
            } else {
                whole = CharsetConversion.byteOrderMark(of: first.bytes).map(\.charset).flatMap { (try? Charset($0))?.isWide == true ? $0 : nil }
            }
            if let whole {
                throw InputError(
                    file: name,
                    message: "\(limit): \(whole) input is converted as a whole, in memory only; give a larger --buffer-size, "
                        + "or convert the file to UTF-8 first")
            }
            if (encoding ?? .auto) == .auto, records?.format != .vCard, CharsetConversion.byteOrderMark(of: first.bytes) == nil,
                let escape = InputTranscoder.stateful7BitEscape(in: first.bytes)
            {
                throw InputTranscoder.statefulInputError(name: name, input: first.bytes, escape: escape)
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
