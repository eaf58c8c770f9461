/// The byte-level scanner shared by ``CSVRecords`` (quoting on) and ``TSVRecords``
/// (quoting off): one pass over the input, no allocation per field.
struct DelimitedScanner {
    let delimiter: UInt8
    let quoting: Bool
    let allowsRaggedRows: Bool

    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let quote = UInt8(ascii: "\"")

    /// What one pass finds: per record its raw range, first line and the end of each field.
    struct Scan {
        var recordRanges = [Range<Int>]()
        var lines = [Int]()
        var base = [0]
        var ends = [UInt32]()
        var header: [String]? = nil
        /// The header row's bytes, without its line end.
        var headerRange: Range<Int>? = nil
        var widest = 0
    }

    /// Reads a whole input: BOM, header row, records.
    func read(_ input: [UInt8], format: RecordFormat) throws(RecordError) -> RecordTable {
        var scan = Scan()
        let estimate = input.count / 48 + 1
        scan.recordRanges.reserveCapacity(estimate)
        scan.lines.reserveCapacity(estimate)
        scan.base.reserveCapacity(estimate + 1)
        scan.ends.reserveCapacity(estimate * 5)
        var table = [Bool](repeating: false, count: 256)
        table[Int(delimiter)] = true
        table[Int(Self.lineFeed)] = true
        table[Int(Self.carriageReturn)] = true
        let special = table
        try input.withUnsafeBufferPointer { (buffer) throws(RecordError) in
            try special.withUnsafeBufferPointer { (special) throws(RecordError) in
                try scanRecords(buffer, special: special, into: &scan)
            }
        }
        var columns = scan.header ?? []
        if scan.widest > columns.count { columns += (columns.count..<scan.widest).map { String($0 + 1) } }
        columns = Self.uniqueColumnNames(columns)
        let fields = RecordTable.DelimitedFields(quoting: quoting, headerCount: scan.header?.count ?? 0, base: scan.base, ends: scan.ends)
        var read = RecordTable(
            format: format, bytes: input, columns: columns, recordRanges: scan.recordRanges, lines: scan.lines,
            storage: .delimited(fields))
        read.header = scan.header ?? []
        read.headerRange = scan.headerRange
        return read
    }

    /// The scanning loop: `special` marks the delimiter, CR and LF.
    func scanRecords(_ buffer: UnsafeBufferPointer<UInt8>, special: UnsafeBufferPointer<Bool>, into scan: inout Scan) throws(RecordError) {
        let count = buffer.count
        var position = Self.hasByteOrderMark(buffer) ? 3 : 0
        var line = 1
        var headerCount = Int.max
        while position < count {
            let recordStart = position
            let recordLine = line
            let firstEnd = scan.ends.count
            var recordEnd = count
            while true {
                if quoting && position < count && buffer[position] == Self.quote {
                    position = try closingQuote(in: buffer, from: position + 1, line: &line, openedOn: line)
                }
                position = nextSpecial(in: buffer, from: position, special: special)
                let length = position - recordStart
                guard length <= Int(UInt32.max) else {
                    throw RecordError(line: recordLine, message: "a record longer than 4 GiB; expected line ends between records")
                }
                scan.ends.append(UInt32(truncatingIfNeeded: length))
                guard position < count else { break }
                let byte = buffer[position]
                position += 1
                if byte == delimiter { continue }
                recordEnd = position - 1
                if byte == Self.carriageReturn && position < count && buffer[position] == Self.lineFeed { position += 1 }
                line += 1
                break
            }
            let fieldCount = scan.ends.count - firstEnd
            if recordEnd == recordStart {
                // A blank line is no record (exporters end files with one).
                scan.ends.removeLast(fieldCount)
                continue
            }
            if headerCount == Int.max {
                let names = headerNames(buffer, start: recordStart, ends: scan.ends[firstEnd...])
                scan.header = names
                scan.headerRange = recordStart..<recordEnd
                headerCount = names.count
                scan.ends.removeLast(fieldCount)
                continue
            }
            if fieldCount > headerCount {
                guard allowsRaggedRows else {
                    let semicolons = quoting && delimiter != UInt8(ascii: ";") && headerCount == 1 && scan.header?.first?.contains(";") == true
                    throw RecordError(
                        line: recordLine,
                        message: "\(fieldCount) fields, but the header has \(headerCount) columns; expected at most "
                            + "\(headerCount)\(quoting ? " (quote a field that contains the delimiter)" : "") or use --ragged"
                            + (semicolons ? "; the header is one field holding ';': for a ';'-separated file give -t ';'" : ""))
                }
                scan.widest = Swift.max(scan.widest, fieldCount)
            }
            scan.recordRanges.append(recordStart..<recordEnd)
            scan.lines.append(recordLine)
            scan.base.append(scan.ends.count)
        }
    }

    /// The first delimiter, CR or LF at or after `start` (or the end), eight bytes at a
    /// time: a byte equal to one of them becomes a zero byte after XOR, and the lowest
    /// zero byte of a word is found exactly by the classic has-zero-byte bit trick.
    @inline(__always)
    func nextSpecial(in buffer: UnsafeBufferPointer<UInt8>, from start: Int, special: UnsafeBufferPointer<Bool>) -> Int {
        let count = buffer.count
        var position = start
        if let base = buffer.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101
            let highs: UInt64 = 0x8080_8080_8080_8080
            let delimiters = ones &* UInt64(delimiter)
            let lineFeeds = ones &* UInt64(Self.lineFeed)
            let returns = ones &* UInt64(Self.carriageReturn)
            while position + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
                let a = word ^ delimiters
                let b = word ^ lineFeeds
                let c = word ^ returns
                let found = ((a &- ones) & ~a | (b &- ones) & ~b | (c &- ones) & ~c) & highs
                if found != 0 { return position + found.trailingZeroBitCount >> 3 }
                position += 8
            }
        }
        while position < count && !special[Int(buffer[position])] { position += 1 }
        return position
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

    /// Column names that are all different, so that JSON objects have no duplicate keys:
    /// an empty name becomes its 1-based position (`"3"`), a repeated name gets `_2`,
    /// `_3`… (`"Name"`, `"Name_2"`), skipping names already taken.
    static func uniqueColumnNames(_ names: [String]) -> [String] {
        // Every name as written is reserved, so a suffix never takes a later column's name.
        let reserved = Set(names.filter { !$0.isEmpty })
        var taken = Set<String>()
        taken.reserveCapacity(names.count)
        // The next suffix to try for each repeated name. A name's smallest free suffix only
        // grows (names are only ever taken), so the search goes on where it stopped: each
        // `name_k` is passed over at most once in all, and n repeats cost O(n), not O(n²).
        var nextSuffix = [String: Int]()
        var result = [String]()
        result.reserveCapacity(names.count)
        for (position, name) in names.enumerated() {
            var unique = name.isEmpty ? String(position + 1) : name
            if taken.contains(unique) || (name.isEmpty && reserved.contains(unique)) {
                var suffix = nextSuffix[unique] ?? 2
                while taken.contains("\(unique)_\(suffix)") || reserved.contains("\(unique)_\(suffix)") { suffix += 1 }
                nextSuffix[unique] = suffix + 1
                unique = "\(unique)_\(suffix)"
            }
            taken.insert(unique)
            result.append(unique)
        }
        return result
    }

    static func hasByteOrderMark(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
    }
}
