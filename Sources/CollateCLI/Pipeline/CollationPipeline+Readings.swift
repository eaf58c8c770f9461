import ContactRecords

extension CollationPipeline {
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
            guard !family.isEmpty || !given.isEmpty,
                let guess = collation.guessedNameReadings(family: Self.trimmed(family), given: Self.trimmed(given))
            else { continue }
            if table.format == .vCard {
                let card = table.bytes[table.sourceRange(ofRecordAt: record)]
                guard let rewritten = VCardReadingWriter.card(card, familyReading: guess.family, givenReading: guess.given) else {
                    continue
                }
                view.rewrittenCards[record] = rewritten
            } else {
                var cells = [(column: Int, value: [UInt8])]()
                if let column = readingColumns.family, !guess.family.isEmpty { cells.append((column, Array(guess.family.utf8))) }
                if let column = readingColumns.given, !guess.given.isEmpty { cells.append((column, Array(guess.given.utf8))) }
                guard !cells.isEmpty else { continue }
                view.filledCells[record] = cells
            }
            written += 1
        }
        guard let reportDescriptor else { return }
        var note = "collate: --write-readings: wrote guessed readings for \(written) of \(keys.count) records"
        note += " (\(hadReadings) already had readings; the others need none or have no name)"
        if table.format == .csv && readingColumns.family == nil && readingColumns.given == nil {
            note += "; this CSV has no phonetic columns (Phonetic Last Name, Phonetic First Name), so none could be written"
        }
        let sink = OutputSink(descriptor: reportDescriptor)
        try? sink.write(note + "\n")
        try? sink.flush()
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
