/// The byte-level scanner shared by ``CSVRecords`` (quoting on) and ``TSVRecords``
/// (quoting off): one pass over the input, no allocation per field.
struct DelimitedScanner {
    let delimiter: UInt8
    let quoting: Bool
    let allowsRaggedRows: Bool
    let formatName: String

    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let quote = UInt8(ascii: "\"")

    /// Reads a whole input: BOM, header row, records.
    func read(_ input: [UInt8], format: RecordFormat) throws(RecordError) -> RecordTable {
        var recordRanges = [Range<Int>]()
        var lines = [Int]()
        var base = [0]
        var ends = [UInt32]()
        var header: [String]? = nil
        var widest = 0
        let estimate = input.count / 48 + 1
        recordRanges.reserveCapacity(estimate)
        lines.reserveCapacity(estimate)
        base.reserveCapacity(estimate + 1)
        ends.reserveCapacity(estimate * 5)
        var isSpecial = [Bool](repeating: false, count: 256)
        isSpecial[Int(delimiter)] = true
        isSpecial[Int(Self.lineFeed)] = true
        isSpecial[Int(Self.carriageReturn)] = true

        try input.withUnsafeBufferPointer { (buffer) throws(RecordError) in
            try isSpecial.withUnsafeBufferPointer { (special) throws(RecordError) in
                let count = buffer.count
                var position = Self.hasByteOrderMark(buffer) ? 3 : 0
                var line = 1
                while position < count {
                    let recordStart = position
                    let recordLine = line
                    let firstEnd = ends.count
                    var recordEnd = count
                    fields: while true {
                        if quoting && position < count && buffer[position] == Self.quote {
                            position = try closingQuote(in: buffer, from: position + 1, line: &line, openedOn: line)
                        }
                        while position < count && !special[Int(buffer[position])] { position += 1 }
                        let length = position - recordStart
                        guard length <= Int(UInt32.max) else {
                            throw RecordError(line: recordLine, message: "a record longer than 4 GiB; expected line ends between records")
                        }
                        ends.append(UInt32(truncatingIfNeeded: length))
                        guard position < count else { break fields }
                        let byte = buffer[position]
                        if byte == delimiter {
                            position += 1
                            continue fields
                        }
                        recordEnd = position
                        position += byte == Self.carriageReturn && position + 1 < count && buffer[position + 1] == Self.lineFeed ? 2 : 1
                        line += 1
                        break fields
                    }
                    let fieldCount = ends.count - firstEnd
                    if recordEnd == recordStart {
                        // A blank line is no record (exporters end files with one).
                        ends.removeLast(fieldCount)
                        continue
                    }
                    guard let columns = header else {
                        header = headerNames(buffer, start: recordStart, ends: ends[firstEnd...])
                        ends.removeLast(fieldCount)
                        continue
                    }
                    if fieldCount > columns.count {
                        guard allowsRaggedRows else {
                            throw RecordError(
                                line: recordLine,
                                message: "\(fieldCount) fields, but the header has \(columns.count) columns; expected at most "
                                    + "\(columns.count)\(quoting ? " (quote a field that contains the delimiter)" : "")"
                                    + " or use --ragged")
                        }
                        widest = max(widest, fieldCount)
                    }
                    recordRanges.append(recordStart..<recordEnd)
                    lines.append(recordLine)
                    base.append(ends.count)
                }
            }
        }
        var columns = header ?? []
        if widest > columns.count { columns += (columns.count..<widest).map { String($0 + 1) } }
        let fields = RecordTable.DelimitedFields(quoting: quoting, headerCount: header?.count ?? 0, base: base, ends: ends)
        return RecordTable(
            format: format, bytes: input, columns: columns, recordRanges: recordRanges, lines: lines, storage: .delimited(fields))
    }

    /// The position after the quote that closes a quoted field whose content starts at
    /// `start`; counts the line breaks inside.
    func closingQuote(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, line: inout Int, openedOn: Int) throws(RecordError) -> Int {
        var position = start
        let count = buffer.count
        while position < count {
            let byte = buffer[position]
            if byte == Self.quote {
                if position + 1 < count && buffer[position + 1] == Self.quote {
                    position += 2
                    continue
                }
                return position + 1
            }
            if byte == Self.lineFeed || (byte == Self.carriageReturn && (position + 1 >= count || buffer[position + 1] != Self.lineFeed)) {
                line += 1
            }
            position += 1
        }
        throw RecordError(
            line: openedOn,
            message: "a quoted field starts here but never ends; expected a closing '\"' before the end of the input "
                + "(write a '\"' inside a quoted field as '\"\"')")
    }

    /// The decoded header fields of the record starting at `start`.
    func headerNames(_ buffer: UnsafeBufferPointer<UInt8>, start: Int, ends: ArraySlice<UInt32>) -> [String] {
        var names = [String]()
        var fieldStart = start
        for end in ends {
            let raw = UnsafeBufferPointer(rebasing: buffer[fieldStart..<start + Int(end)])
            names.append(quoting ? CSVField.string(of: raw) : String(decoding: raw, as: UTF8.self))
            fieldStart = start + Int(end) + 1
        }
        return names
    }

    static func hasByteOrderMark(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
    }
}
