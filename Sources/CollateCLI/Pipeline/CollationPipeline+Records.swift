import ContactRecords
import IndexedCollation

/// How structured input (csv, tsv, jsonl, vcard) is read and keyed, resolved once from
/// the flags.
struct RecordSettings {
    /// The reader's format.
    var format: RecordFormat
    /// The CSV separator (`--delimiter`/`-t`), or nil for `,`.
    var delimiter: UInt8?
    /// Whether rows may have more fields than the header (`--ragged`).
    var allowsRaggedRows: Bool
    /// The key columns (`--key`), most significant first; empty for the format's default.
    var keys: [String]
    /// The readings of the keys in the same positions (`--reading-key`; "" for none).
    var readings: [String]
    /// Which part of a name sorts first (`--sort-order`).
    var sortOrder: NameSortOrder = .family
    /// How names are shown (`--display-order`), or nil for as the record gives it.
    var displayOrder: NameDisplayOrder? = nil
    /// The `--pin` rules (a record matching any is pinned), and whether pinned records are
    /// also listed under their letter (`--pin-copy`).
    var pins: [PinRule] = []
    var copiesPinned = false

    /// The settings for a command line, or nil when the input is read as lines.
    init?(_ command: CollateCommand) {
        guard let format = command.input.resolvedFormat.recordFormat else { return nil }
        self.format = format
        delimiter = command.keys.delimiterByte
        allowsRaggedRows = command.input.ragged
        keys = command.keys.keyNames + ((try? command.keys.parsedFields()) ?? []).map(String.init)
        readings = command.keys.readingKeyNames
        sortOrder = command.filing.sortOrder
        displayOrder = command.filing.displayOrder
        pins = command.sections.pin
        copiesPinned = command.sections.pinCopy
    }
}

extension CollationPipeline {
    /// Converts structured input to UTF-8 (``InputTranscoder``: valid UTF-8 as it is),
    /// reads it with its `ContactRecords` reader (which checks UTF-8 itself and decodes
    /// each vCard value by its `CHARSET=` through ``ICUCharsetDecoder``), picks the keys and readings and collates.
    /// - Parameters:
    ///   - input: The whole input.
    ///   - name: The input's name for error messages.
    ///   - settings: The reader and keys.
    /// - Returns: The document, whose records are the input's records.
    /// - Throws: ``InputError`` naming the line for malformed input or a key column that
    ///   does not exist.
    /// - Complexity: O(*n* log *n*) byte comparisons and O(*n*) ICU calls.
    func collateRecords(bytes input: [UInt8], name: String, settings: RecordSettings) throws(InputError) -> CollatedDocument {
        let table = try readRecords(input, name: name, settings: settings)
        let keys = try RecordKeyColumns(table, settings: settings, name: name)
        var view = RecordView(table: table, keys: keys)
        if output.writesReadings { writeReadings(into: &view) }
        view.searchMatches = searchMatches(table, keys)
        let output = index(keys, table: table)
        let lines = Lines(bytes: table.bytes, ranges: ByteRanges(table.indices.lazy.map { table.sourceRange(ofRecordAt: $0) }))
        var document = document(lines, output: output, records: view)
        document.outline.fields = nil
        return document
    }

    /// Sections and order for the keys of structured records (with `--search`, only the
    /// records a query finds).
    /// - Complexity: O(*n* log *n*) byte comparisons and O(*n*) ICU calls.
    func index(_ keys: RecordKeyColumns, table: RecordTable) -> IndexingEngine.Output {
        // Phone fields and --search-field columns, read only when there is a search.
        let fields = search.flatMap { RecordSearchFields.fields(of: table, extra: $0.fieldNames) }
        return keys.buffer.withUnsafeBufferPointer { buffer in
            let input = IndexingEngine.Input(bytes: buffer, keys: keys.keys, keysPerRecord: keys.keysPerRecord, readings: keys.readings)
            let output = finish(
                admitted(IndexingEngine(collation: collation).index(input, descending: descending), of: input, fields: fields))
            guard let pinned = keys.pinned else { return output }
            return output.pinning({ pinned[$0] }, copies: keys.copiesPinned)
        }
    }

    /// With `--search` and `--format json`: where the search found each record (see
    /// ``RecordView/searchMatches``), else nil.
    func searchMatches(_ table: RecordTable, _ keys: RecordKeyColumns) -> [[UInt8]]? {
        guard let search, output.format == .json else { return nil }
        return search.matchDescriptions(of: table, keys: keys)
    }

    /// Converts structured input to UTF-8 and reads it with its `ContactRecords` reader.
    /// - Parameters:
    ///   - input: The whole input, or a piece of whole records (with the header of csv
    ///     and tsv input in front).
    ///   - name: The input's name for error messages.
    ///   - settings: The reader.
    ///   - lineShift: Lines before `input`'s first line that it does not hold (added to
    ///     the line of an error).
    /// - Throws: ``InputError`` naming the line for malformed input.
    func readRecords(_ input: [UInt8], name: String, settings: RecordSettings, lineShift: Int = 0) throws(InputError) -> RecordTable {
        let decoded: InputTranscoder.Decoded
        do {
            decoded = try transcoder.decode(input, name: name, keepsByteCharset: settings.format == .vCard)
        } catch {
            throw InputError(file: error.file, line: error.line.map { $0 + lineShift }, message: error.message)
        }
        func read(defaultCharset: String?, handling: InvalidUTF8Handling, isGuess: Bool = decoded.defaultCharsetIsGuess) throws(RecordError)
            -> RecordTable
        {
            try RecordTable(
                reading: decoded.bytes, as: settings.format, delimiter: settings.delimiter, allowsRaggedRows: settings.allowsRaggedRows,
                invalidUTF8: handling, charsetDecoder: ICUCharsetDecoder(), defaultCharset: defaultCharset, defaultCharsetIsGuess: isGuess,
                checksUTF8: !decoded.isCheckedUTF8)
        }
        let handling: InvalidUTF8Handling = invalidUTF8 == .replace ? .replace : .error
        do {
            if decoded.detectsDefaultCharset {
                // A vCard file that is not all UTF-8: values without CHARSET= that are not
                // UTF-8 take the detected charset (detected only when there is one).
                do {
                    return try read(defaultCharset: nil, handling: .error)
                } catch {
                    // Detected from the text values that are not UTF-8, unfolded (only they
                    // take the guess): not a photo's bytes, nor UTF-8 split by folds.
                    let text = VCardRecords.textNotUTF8(of: decoded.bytes)
                    return try read(defaultCharset: transcoder.detectedCharset(of: text), handling: handling, isGuess: true)
                }
            }
            return try read(defaultCharset: decoded.defaultCharset, handling: handling)
        } catch {
            throw InputError(file: name, line: error.line + lineShift, message: error.message)
        }
    }

    /// The engine's output as the run asks for it: with `-u`, only the first of each run of
    /// records equal at the collator's strength (same sort key and tie key) in a section.
    /// - Complexity: O(*n*) key comparisons.
    func finish(_ output: IndexingEngine.Output) -> IndexingEngine.Output {
        guard unique else { return output }
        var order = [Int32]()
        order.reserveCapacity(output.order.count)
        var groups = [IndexingEngine.Group]()
        for group in output.groups {
            let start = order.count
            var previous: Int?
            for record in output.order[group.range] {
                if let previous, output.sortsEqual(previous, Int(record)) { continue }
                order.append(record)
                previous = Int(record)
            }
            groups.append(IndexingEngine.Group(section: group.section, range: start..<order.count))
        }
        var kept = output
        kept.order = order
        kept.groups = groups
        return kept
    }

    /// `--write-readings`: the guessed reading of every contact that has none, written into
    /// its card (vCard) or its phonetic columns (contacts CSV); a count on standard error.
    /// Cards with a reading, and names that need none (kana, Latin), are left as they are.
    /// - Parameter view: The records; receives the rewritten cards or filled cells.
    func writeReadings(into view: inout RecordView) {
        let table = view.table
        let keys = view.keys
        let readingColumns: (family: Int?, given: Int?) = table.format == .csv ? table.contactReadingColumns() : (nil, nil)
        var written = 0
        var hadReadings = 0
        var undecided = 0
        for record in 0..<keys.count {
            let slots = record * keys.keysPerRecord..<(record + 1) * keys.keysPerRecord
            if let readings = keys.readings, slots.contains(where: { !readings[$0].isEmpty }) {
                hadReadings += 1
                continue
            }
            let family: String
            let given: String
            if table.format == .vCard {
                // The readings are those of N: a card filed under FN, ORG… has none to write.
                let card = table[record]
                family = card.value(for: "N.family") ?? ""
                given = card.value(for: "N.given") ?? ""
            } else {
                let names = keys.displayKeys(of: record)
                guard names.count >= 2 else { continue }
                (family, given) = (names[0], names[1])
            }
            guard !family.isEmpty || !given.isEmpty else { continue }
            let guess: (familyName: String, givenName: String)
            switch collation.nameReading(familyName: family, givenName: given) {
            case .read(let familyName, let givenName): guess = (familyName, givenName)
            case .needsNone: continue
            case .undecided:
                // Never a guess in another language or a Han character as its own reading.
                undecided += 1
                continue
            }
            if table.format == .vCard {
                let card = table.bytes[table.sourceRange(ofRecordAt: record)]
                guard let rewritten = VCardReadingWriter.card(card, familyReading: guess.familyName, givenReading: guess.givenName) else {
                    continue
                }
                view.rewrittenCards[record] = rewritten
            } else {
                var cells = [(column: Int, value: [UInt8])]()
                if let column = readingColumns.family, !guess.familyName.isEmpty { cells.append((column, Array(guess.familyName.utf8))) }
                if let column = readingColumns.given, !guess.givenName.isEmpty { cells.append((column, Array(guess.givenName.utf8))) }
                guard !cells.isEmpty else { continue }
                view.filledCells[record] = cells
            }
            written += 1
        }
        guard let reportDescriptor else { return }
        var note = "collate: --write-readings: wrote guessed readings for \(written) of \(keys.count) records"
        note += " (\(hadReadings) already had readings"
        if undecided > 0 { note += "; \(undecided) left unchanged: their reading cannot be decided" }
        note += "; the others need none or have no name)"
        if table.format == .csv && readingColumns.family == nil && readingColumns.given == nil {
            note += "; this CSV has no phonetic columns (Phonetic Last Name, Phonetic First Name), so none could be written"
        }
        let sink = OutputSink(descriptor: reportDescriptor)
        try? sink.write(note + "\n")
        try? sink.flush()
    }

}
