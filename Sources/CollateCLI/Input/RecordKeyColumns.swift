import ContactRecords
import IndexedCollation

/// The keys and readings of structured records, copied into one buffer for the engine:
/// `--key`/`--reading-key` columns, or the format's defaults: the name a contact app shows
/// (vcard, and csv/tsv contacts exports: family then given name with their readings, else
/// FN/Name, nickname, company, e-mail, phone), else the first column.
struct RecordKeyColumns {
    /// Every key and reading value, back to back.
    let buffer: [UInt8]
    /// How many keys each record has (at least 1).
    let keysPerRecord: Int
    /// Every record's keys in `buffer`, record-major.
    let keys: ByteRanges
    /// The reading of each key, parallel to ``keys`` (empty: none), or nil when no key has one.
    let readings: ByteRanges?
    /// What the key columns are called (for tables).
    let names: [String]
    /// The `--key`/`--reading-key` names this table has no column for (only when read
    /// with `missingAsEmpty`).
    private(set) var missing: [String] = []
    /// Each record's family and given name as written, when the keys are a contact's name
    /// (a contacts export's or a vCard's own, or two `--key` columns), for `--display-order`.
    private(set) var personNames: (family: FieldValues, given: FieldValues)? = nil
    /// How names are shown (`--display-order`), or nil for as the record gives them.
    let displayOrder: NameDisplayOrder?
    /// Whether each record is pinned (`--pin`), or nil without pins.
    private(set) var pinned: [Bool]? = nil
    /// Whether pinned records are also listed under their letter (`--pin-copy`).
    let copiesPinned: Bool

    /// Picks the keys of a table.
    /// - Parameters:
    ///   - table: The records.
    ///   - settings: The `--key` and `--reading-key` names.
    ///   - name: The input's name for error messages.
    ///   - missingAsEmpty: Whether a column the table lacks gives empty keys (listed in
    ///     ``missing``) instead of an error: a piece of a larger input may lack a JSON path
    ///     or vCard field that other pieces have.
    /// - Throws: ``InputError`` for a key or reading column the input does not have.
    init(_ table: RecordTable, settings: RecordSettings, name: String, missingAsEmpty: Bool = false) throws(InputError) {
        var keyValues = [FieldValues]()
        var readingValues = [FieldValues?]()
        var names = [String]()
        var missingKeys = [String]()
        func column(_ key: String) throws(InputError) -> Int {
            if let index = table.columnIndex(named: key) { return index }
            if table.isEmpty { return Int.max }
            if missingAsEmpty {
                if !missingKeys.contains(key) { missingKeys.append(key) }
                return Int.max
            }
            throw Self.noColumn(key, columns: table.columns, format: table.format, name: name)
        }
        displayOrder = settings.displayOrder
        copiesPinned = settings.copiesPinned
        if !settings.pins.isEmpty {
            var pinned = [Bool](repeating: false, count: table.count)
            for rule in settings.pins {
                // A vCard field no card has pins nothing; a csv/tsv/jsonl column must exist.
                guard let index = table.columnIndex(named: rule.field) else {
                    if table.format == .vCard || table.isEmpty || missingAsEmpty { continue }
                    throw Self.noColumn(rule.field, columns: table.columns, format: table.format, name: name, option: "--pin")
                }
                let values = table.values(ofColumnAt: index)
                for record in 0..<table.count where !pinned[record] && rule.matches(values.string(at: record)) { pinned[record] = true }
            }
            self.pinned = pinned
        }
        if settings.keys.isEmpty {
            if settings.format == .jsonLines && !table.isEmpty {
                let known = table.columns.prefix(12).joined(separator: ", ")
                throw InputError(
                    file: name, message: "JSON Lines input needs --key PATH (e.g. --key name.family); the records have: \(known)")
            }
            if let contact = table.contactNameKeys() {
                // A contacts export (Google, Outlook): the name a contact app shows.
                keyValues = contact.keys
                readingValues = contact.readings
                names = ["family", "given"]
            } else {
                for position in 0..<max(table.defaultKeyCount, 1) {
                    keyValues.append(table.defaultKeys(at: position))
                    readingValues.append(settings.format == .vCard ? table.defaultReadings(at: position) : nil)
                    names.append(settings.format == .vCard ? (position == 0 ? "family" : "given") : table.columns.first ?? "")
                }
            }
        } else {
            for (position, key) in settings.keys.enumerated() {
                let index = try column(key)
                keyValues.append(Self.values(table, index))
                names.append(index < table.columns.count ? table.columns[index] : key)
                let reading = position < settings.readings.count ? settings.readings[position] : ""
                readingValues.append(reading.isEmpty ? nil : Self.values(table, try column(reading)))
            }
        }
        // The first two keys are a family and a given name: a contacts export's or a vCard's
        // own keys, or two --key columns.
        let keysAreNames = keyValues.count >= 2 && (settings.keys.isEmpty ? names == ["family", "given"] : settings.keys.count >= 2)
        // Kept only when shown (--display-order) or when keys are swapped (a card without
        // FN is still shown family first): the default keeps no second copy of the names.
        if settings.displayOrder != nil || settings.sortOrder == .given {
            if let vCardNames = Self.vCardNames(table) {
                personNames = vCardNames
            } else if keysAreNames {
                personNames = (keyValues[0], keyValues[1])
            }
        }
        // --sort-order given: the given name first wherever a record has both parts.
        let swapsNames = settings.sortOrder == .given && keysAreNames
        var buffer = [UInt8]()
        buffer.reserveCapacity(keyValues.reduce(0) { $0 + $1.bytes.count } + readingValues.reduce(0) { $0 + ($1?.bytes.count ?? 0) })
        var keyBases = [Int]()
        for values in keyValues {
            keyBases.append(buffer.count)
            buffer += values.bytes
        }
        var readingBases = [Int?]()
        for values in readingValues {
            readingBases.append(values.map { _ in buffer.count })
            if let values { buffer += values.bytes }
        }
        let count = table.count
        let width = keyValues.count
        var keys = ByteRanges()
        keys.reserveCapacity(count * width)
        let hasReadings = readingValues.contains { $0 != nil }
        var readings = ByteRanges()
        if hasReadings { readings.reserveCapacity(count * width) }
        for record in 0..<count {
            let swapped = swapsNames && !keyValues[0].ranges[record].isEmpty && !keyValues[1].ranges[record].isEmpty
            for slot in 0..<width {
                let position = swapped && slot < 2 ? 1 - slot : slot
                keys.append(Self.shifted(keyValues[position].ranges[record], by: keyBases[position]))
                if hasReadings {
                    if let values = readingValues[position], let base = readingBases[position] {
                        readings.append(Self.shifted(values.ranges[record], by: base))
                    } else {
                        readings.append(0..<0)
                    }
                }
            }
        }
        self.buffer = buffer
        self.keysPerRecord = width
        self.keys = keys
        self.readings = hasReadings ? readings : nil
        self.names = names
        missing = missingKeys
    }

    /// A vCard file's family and given names as written (`N.family`, `N.given`), or nil.
    private static func vCardNames(_ table: RecordTable) -> (family: FieldValues, given: FieldValues)? {
        guard table.format == .vCard, let family = table.columnIndex(named: "N.family"), let given = table.columnIndex(named: "N.given")
        else {
            return nil
        }
        return (table.values(ofColumnAt: family), table.values(ofColumnAt: given))
    }

    /// The name of record `record` in `--display-order`, or nil when the keys are no
    /// contact's name, the order is not set, or the record has no name parts.
    func displayName(of record: Int) -> String? {
        guard let displayOrder, let name = personName(of: record) else { return nil }
        return name.displayName(displayOrder)
    }

    /// The family and given name of record `record` as written, or nil when the keys are no
    /// contact's name or the record has no name parts.
    func personName(of record: Int) -> PersonName? {
        guard let personNames else { return nil }
        let family = String(decoding: Self.trimmed(personNames.family, record), as: UTF8.self)
        let given = String(decoding: Self.trimmed(personNames.given, record), as: UTF8.self)
        guard !family.isEmpty || !given.isEmpty else { return nil }
        return PersonName(familyName: family, givenName: given)
    }

    private static func trimmed(_ values: FieldValues, _ record: Int) -> ArraySlice<UInt8> {
        guard record < values.ranges.count else { return [] }
        var slice = values.bytes[values.ranges[record]]
        while let first = slice.first, first == 0x20 || first == 0x09 { slice = slice.dropFirst() }
        while let last = slice.last, last == 0x20 || last == 0x09 { slice = slice.dropLast() }
        return slice
    }

    private static func values(_ table: RecordTable, _ column: Int) -> FieldValues {
        column == Int.max ? FieldValues(bytes: [], ranges: Array(repeating: 0..<0, count: table.count)) : table.values(ofColumnAt: column)
    }

    /// The error for a `--key`/`--reading-key` column the input does not have.
    /// - Parameters:
    ///   - key: The column asked for.
    ///   - columns: The input's columns.
    ///   - format: The input's format.
    ///   - name: The input's name.
    static func noColumn(_ key: String, columns: [String], format: RecordFormat, name: String, option: String = "--key/--reading-key")
        -> InputError
    {
        let known = columns.prefix(12).joined(separator: ", ") + (columns.count > 12 ? ", …" : "")
        let semicolons = format == .csv && columns.count == 1 && columns[0].contains(";")
        return InputError(
            file: name,
            message: "no column '\(key)' for \(option) (the input has: \(known))"
                + (semicolons ? "; the header is one field holding ';': for a ';'-separated file give -t ';'" : ""))
    }

    private static func shifted(_ range: Range<Int>, by base: Int) -> Range<Int> {
        (range.lowerBound + base)..<(range.upperBound + base)
    }

    /// The number of records.
    var count: Int { keys.count / keysPerRecord }

    /// The display keys of record `record`, decoded.
    func displayKeys(of record: Int) -> [String] {
        (0..<keysPerRecord).map { String(decoding: buffer[keys[record * keysPerRecord + $0]], as: UTF8.self) }
    }
}
