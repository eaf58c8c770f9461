import ContactRecords
import IndexedCollation

extension CollatedDocument {
    /// `--format csv` (RFC 4180, CRLF rows, NUL with `-z`): a header `section,<columns>`
    /// for structured input or `section,record` for lines, then one row per record.
    func writeCSV(_ groups: [IndexingEngine.Group], to sink: OutputSink) throws(OutputSink.Failure) {
        let writer = CSVWriter(lineEnding: recordEnd == 0 ? "\u{0}" : "\r\n")
        var row = [UInt8]()
        writer.appendRow(["section"] + (records?.csvColumns ?? ["record"]), to: &row)
        try sink.write(row)
        for group in groups {
            var title = titles[group.section]
            for record in output.order[group.range] {
                row.removeAll(keepingCapacity: true)
                title.withUTF8 { writer.appendField($0, isFirst: true, to: &row) }
                if let records {
                    for value in records.csvValues(of: Int(record)) {
                        value.withUnsafeBufferPointer { writer.appendField($0, isFirst: false, to: &row) }
                    }
                } else {
                    self.record(record).withUnsafeBufferPointer { writer.appendField($0, isFirst: false, to: &row) }
                }
                writer.appendRowEnd(to: &row)
                try sink.write(row)
            }
        }
    }

    /// `--format vcard`: the cards in collated order, byte for byte as read (a card read
    /// without a final line end gets CRLF so the next card starts on its own line), or as
    /// rewritten with guessed readings (`--write-readings`).
    func writeVCards(_ groups: [IndexingEngine.Group], to sink: OutputSink) throws(OutputSink.Failure) {
        for group in groups {
            for record in output.order[group.range] {
                let card = records?.rewrittenCards[Int(record)].map { $0[...] } ?? self.record(record)
                try sink.write(card)
                if let last = card.last, last != 0x0A { try sink.write([0x0D, 0x0A]) }
            }
        }
    }

    /// tsv for structured input: `title<TAB>cell<TAB>cell…` with the cells a table shows
    /// (TAB, CR and LF inside a cell become spaces, so a row stays one line); key cells are
    /// copied as bytes.
    func writeRecordTSV(_ groups: [IndexingEngine.Group], to sink: OutputSink) throws(OutputSink.Failure) {
        guard let records else { return }
        let titleBytes = titles.map { Array($0.utf8) }
        var row = [UInt8]()
        row.reserveCapacity(256)
        let keys = records.keys
        let showsKeys = records.table.format != .vCard
        if showsKeys {
            try keys.buffer.withUnsafeBufferPointer { (buffer) throws(OutputSink.Failure) in
                for group in groups {
                    for record in output.order[group.range] {
                        try sink.write(titleBytes[group.section])
                        for slot in Int(record) * keys.keysPerRecord..<(Int(record) + 1) * keys.keysPerRecord {
                            try sink.write(byte: 0x09)
                            let cell = UnsafeBufferPointer(rebasing: buffer[keys.keys[slot]])
                            if cell.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) {
                                row.removeAll(keepingCapacity: true)
                                Self.appendCell(buffer[keys.keys[slot]], to: &row)
                                try sink.write(row)
                            } else {
                                try sink.write(cell)
                            }
                        }
                        try sink.write(byte: recordEnd)
                    }
                }
            }
            return
        }
        for group in groups {
            for record in output.order[group.range] {
                row.removeAll(keepingCapacity: true)
                row += titleBytes[group.section]
                for cell in records.cells(of: Int(record)) {
                    row.append(0x09)
                    Self.appendCell(Array(cell.utf8)[...], to: &row)
                }
                row.append(recordEnd)
                try sink.write(row)
            }
        }
    }

    private static func appendCell<Bytes: Sequence<UInt8>>(_ bytes: Bytes, to row: inout [UInt8]) {
        for byte in bytes { row.append(byte == 0x09 || byte == 0x0A || byte == 0x0D ? 0x20 : byte) }
    }
}
