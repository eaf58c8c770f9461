import ContactRecords
import IndexedCollation

/// The fields of structured records that `--search` looks in besides their keys: phone
/// fields by their names (vCard `TEL`, csv columns whose header names a phone in the
/// languages of common contacts exports), and the `--search-field` columns.
struct RecordSearchFields {
    /// Header words that name a phone column (compared lower-cased, as words of the
    /// header or the whole header): English and the localized headers of Google and
    /// Outlook contacts exports.
    static let phoneWords: [String] = [
        "phone", "mobile", "tel", "telephone", "cell", "cellphone", "fax", "pager", "mobile number", "phone number",
        "telefon", "handy", "mobil", "mobiltelefon", "téléphone", "telephone", "portable", "teléfono", "telefono", "móvil", "movil",
        "celular", "cellulare", "telefoon", "mobiel", "telefone", "telemóvel", "телефон", "мобильный", "τηλέφωνο", "κινητό",
        "電話", "電話番号", "携帯", "携帯電話", "手机", "电话", "手機", "電話號碼", "전화", "전화번호", "휴대폰", "휴대전화", "핸드폰",
    ]

    /// Whether a column name names a phone field.
    static func isPhone(_ column: String) -> Bool {
        let name = column.lowercased()
        // vCard: TEL, or a grouped item1.TEL.
        if name == "tel" || name.hasSuffix(".tel") { return true }
        let words = name.split(whereSeparator: { !$0.isLetter }).map(String.init)
        return phoneWords.contains { word in word.contains(" ") ? name.contains(word) : words.contains(word) || name == word }
            || ["電話", "携帯", "手机", "电话", "手機", "전화", "휴대"].contains { name.contains($0) }
    }

    /// Each record's fields to search, or nil when the table has none.
    /// - Parameters:
    ///   - table: The records.
    ///   - extra: `--search-field` names (searched as words and, with digits, as phones).
    static func fields(of table: RecordTable, extra: [String]) -> [[SearchField]]? {
        var kinds: [Int: [SearchField.Kind]] = [:]
        for (index, column) in table.columns.enumerated() {
            if isPhone(column) { kinds[index] = [.phone] }
            if extra.contains(where: { $0.caseInsensitiveCompare(column) }) { kinds[index] = [.text, .phone] }
        }
        guard !kinds.isEmpty else { return nil }
        return table.indices.map { record in
            var fields: [SearchField] = []
            table.withFields(ofRecordAt: record) { column, value in
                guard let kinds = kinds[column], !value.isEmpty else { return }
                let text = String(decoding: value, as: UTF8.self)
                for kind in kinds { fields.append(SearchField(name: table.columns[column], text: text, kind: kind)) }
            }
            return fields
        }
    }
}

extension RecordSearch {
    /// Where the search finds each record of a table, as a JSON object: `{"field": NAME,
    /// "value": TEXT}` — a key column (its name as the table shows it), `"reading"` for a
    /// reading or another spelling of a key (romaji, pinyin, keypad digits of a reading),
    /// or a phone or `--search-field` field with its value; `{}` for a record not found.
    /// - Complexity: One lookup per record.
    func matchDescriptions(of table: RecordTable, keys: RecordKeyColumns) -> [[UInt8]] {
        let fields = RecordSearchFields.fields(of: table, extra: fieldNames)
        return (0..<keys.count).map { record in
            let keyTexts = keys.displayKeys(of: record)
            let readings: [String?] = (0..<keys.keysPerRecord).map { position in
                guard let ranges = keys.readings else { return nil }
                let range = ranges[record * keys.keysPerRecord + position]
                return range.isEmpty ? nil : String(decoding: keys.buffer[range], as: UTF8.self)
            }
            let recordFields = fields.map { record < $0.count ? $0[record] : [] } ?? []
            guard let match = match(keys: keyTexts, readings: readings, fields: recordFields) else { return Array("{}".utf8) }
            let name: String
            let value: String
            if let key = match.key, key < keyTexts.count {
                (name, value) = (key < keys.names.count ? keys.names[key] : "key", keyTexts[key])
            } else if let key = match.key, key - keyTexts.count < recordFields.count {
                (name, value) = (recordFields[key - keyTexts.count].name, recordFields[key - keyTexts.count].text)
            } else {
                (name, value) = ("reading", readings.compactMap { $0 }.joined(separator: " "))
            }
            return Array("{\"field\": \(JSONText.quoted(name)), \"value\": \(JSONText.quoted(value))}".utf8)
        }
    }
}

extension String {
    /// Whether two names are the same, ignoring case.
    fileprivate func caseInsensitiveCompare(_ other: String) -> Bool { lowercased() == other.lowercased() }
}
