import IndexedCollation
import IndexedTableFormatting

extension CollatedDocument {
    /// The records as the stream carries them, and how they split into cells.
    struct Carried {
        /// One entry per input record: the line, or a structured record's output form.
        var records: Lines
        var fields: FieldSelector?
    }

    /// The stream's records for `format`: the lines as read, or each structured record
    /// in the output form spilled runs carry it in (``RecordForm``), so both sources give
    /// the writers the same bytes.
    func carried(for format: OutputFormat) -> Carried {
        guard let records else { return Carried(records: lines, fields: outline.fields) }
        let form = RecordForm(format, input: records.table.format)
        if form == .card && !records.rewrittenCards.isEmpty {
            // Cards rewritten with guessed readings (--write-readings, in memory only).
            var bytes = [UInt8]()
            var ranges = ByteRanges()
            for record in records.table.indices {
                let start = bytes.count
                let card = records.rewrittenCards[record].map { $0[...] } ?? lines.bytes[lines.ranges[record]]
                RecordForm.append(card: card, to: &bytes)
                ranges.append(start..<bytes.count)
            }
            return Carried(records: Lines(bytes: bytes, ranges: ranges), fields: nil)
        }
        let columns = records.csvColumns.count
        return Carried(
            records: form.render(records, columns: Array(0..<columns)),
            fields: form == .cells ? RecordForm.cellFields : nil)
    }

    /// What the writer of `format` must know before the first record: the run's outline,
    /// with the records written per section (`groups`) and what they measure.
    func outline(for format: OutputFormat, groups: [IndexingEngine.Group], carried: Carried, table: TableOptions) -> DocumentOutline {
        var outline = outline
        outline.rowCounts = [Int](repeating: 0, count: outline.titles.count)
        for group in groups { outline.rowCounts[group.section] += group.range.count }
        outline.fields = carried.fields
        outline.table = table
        outline.recordColumns = records?.csvColumns
        outline.recordHeader = records.flatMap { CSVHeader($0.table) }
        let bytes = carried.records.bytes
        let ranges = carried.records.ranges
        if let style = format.textStyle, style != .plain {
            var measure = TextMeasure(style: style, options: table)
            var repeated = RepeatedRecord<Bool>()  // a repeated record measures the same
            bytes.withUnsafeBufferPointer { bytes in
                for group in groups {
                    for record in output.order[group.range] {
                        let line = UnsafeBufferPointer(rebasing: bytes[ranges[Int(record)]])
                        if repeated.reused(section: group.section, line: line) != nil { continue }
                        measure.add(DrawnTextWriter.cells(of: line, fields: carried.fields, options: table), section: group.section)
                        repeated.keep(true, section: group.section, line: line)
                    }
                }
            }
            outline.measure = measure
        }
        if format == .html {
            // Over the records written (-u drops some), as spilled runs count them.
            for group in groups {
                for record in output.order[group.range] {
                    outline.columns = max(outline.columns, DocumentOutline.cellCount(bytes[ranges[Int(record)]], fields: carried.fields))
                }
            }
        }
        return outline
    }

    /// Plays the records of `groups` into `writer`, in output order: each with its
    /// section, its storage key (`--with-keys`; else an empty key) and its bytes.
    func play(_ groups: [IndexingEngine.Group], _ records: Lines, into writer: any RecordStreamWriter) throws {
        try records.bytes.withUnsafeBufferPointer { bytes in
            guard outline.stamp != nil else {
                let noKey = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
                for group in groups {
                    for record in output.order[group.range] {
                        try writer.record(
                            section: group.section, key: noKey, line: UnsafeBufferPointer(rebasing: bytes[records.ranges[Int(record)]]))
                    }
                }
                return
            }
            // The key without its position is the same for all records of one text, and
            // they are adjacent in the output: encoded once per text.
            let encoding = OrderKeyEncoding(descending: outline.descending)
            var key = [UInt8](repeating: 0, count: 256)
            var placeCount = 0
            var placeText = -1
            for group in groups {
                for record in output.order[group.range] {
                    let record = Int(record)
                    let text = output.text(ofRecord: record)
                    if text != placeText {
                        let sortKey = output.sortKey(ofRecord: record)
                        let tie = output.tieBreakKey(ofRecord: record)
                        let needed = OrderKeyEncoding.maximumCount(keyCount: sortKey.count, tieCount: tie.count) + 9
                        if key.count < needed { key = [UInt8](repeating: 0, count: needed) }
                        placeCount = sortKey.withUnsafeBufferPointer { sortKey in
                            tie.withUnsafeBufferPointer { tie in
                                key.withUnsafeMutableBufferPointer {
                                    encoding.encodePlace(
                                        section: group.section, sectionCount: output.sectionCount, key: sortKey, tie: tie,
                                        into: $0.baseAddress.unsafelyUnwrapped)
                                }
                            }
                        }
                        placeText = text
                    }
                    try key.withUnsafeMutableBufferPointer { key in
                        let count =
                            placeCount
                            + OrderKeyEncoding.encodePosition(
                                positionOffset + record, into: key.baseAddress.unsafelyUnwrapped + placeCount)
                        try writer.record(
                            section: group.section, key: UnsafeBufferPointer(rebasing: key[0..<count]),
                            line: UnsafeBufferPointer(rebasing: bytes[records.ranges[record]]))
                    }
                }
            }
        }
    }
}

extension IndexingEngine.Output {
    /// Records per section, indexed by title.
    var recordsPerSection: [Int] {
        var counts = [Int](repeating: 0, count: sectionCount)
        for group in groups { counts[group.section] += group.range.count }
        return counts
    }
}
