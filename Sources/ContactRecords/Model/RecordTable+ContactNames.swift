extension RecordTable {
    /// The columns of a contacts CSV export that name a person, by what Google Contacts,
    /// Outlook and Thunderbird call them.
    enum ContactColumn: CaseIterable {
        case family, given, familyReading, givenReading, displayName, nickname, organization, email, phone

        /// The header names of the role, in order of preference.
        var headers: [String] {
            switch self {
            case .family: ["Last Name", "Family Name", "Surname"]
            case .given: ["First Name", "Given Name"]
            case .familyReading: ["Phonetic Last Name", "Family Name Yomi", "Surname Yomi", "Yomi Last Name"]
            case .givenReading: ["Phonetic First Name", "Given Name Yomi", "Given Yomi", "Yomi First Name"]
            case .displayName: ["Name", "Display Name", "Full Name"]
            case .nickname: ["Nickname", "Nick Name"]
            case .organization: ["Organization Name", "Organization 1 - Name", "Company", "Organization"]
            case .email: ["E-mail 1 - Value", "E-mail Address", "Primary Email", "Email Address", "E-mail", "Email"]
            case .phone:
                ["Phone 1 - Value", "Mobile Phone", "Primary Phone", "Home Phone", "Business Phone", "Work Phone", "Mobile Number"]
            }
        }
    }

    /// The phonetic (reading) columns of a contacts CSV: Google's `Phonetic Last Name` and
    /// `Phonetic First Name`, Outlook's `Surname Yomi` and `Given Yomi`…
    /// - Returns: The column indexes, nil where the header has none.
    public func contactReadingColumns() -> (family: Int?, given: Int?) {
        func index(_ role: ContactColumn) -> Int? {
            let upper = Set(role.headers.map { $0.uppercased() })
            return columns.firstIndex(where: { upper.contains($0.uppercased()) })
        }
        return (index(.familyReading), index(.givenReading))
    }

    /// The name each record of a contacts CSV (Google Contacts, Outlook, Thunderbird) files
    /// under, by the same rule as a vCard's (``Record/sortKeys``): the family then given
    /// name with their phonetic columns, a record with only a given name ordering by it;
    /// else the first of the display name (`Name`), `Nickname`, the organization, the first
    /// e-mail and the first phone that is not empty.
    /// - Returns: Two keys per record (`keys[0]`, `keys[1]`) with their readings, or `nil`
    ///   when the header has no first- or last-name column (not a contacts export).
    /// - Complexity: O(*n*) in the input size.
    public func contactNameKeys() -> (keys: [FieldValues], readings: [FieldValues])? {
        guard format == .csv || format == .tsv else { return nil }
        var found = [ContactColumn: FieldValues]()
        for role in ContactColumn.allCases {
            let upper = Set(role.headers.map { $0.uppercased() })
            if let index = columns.firstIndex(where: { upper.contains($0.uppercased()) }) { found[role] = values(ofColumnAt: index) }
        }
        guard found[.family] != nil || found[.given] != nil else { return nil }
        var out = [[UInt8]](repeating: [], count: 4)
        var ranges = [[Range<Int>]](repeating: [], count: 4)
        func value(_ role: ContactColumn, _ record: Int) -> ArraySlice<UInt8> {
            guard let values = found[role] else { return [] }
            return Self.trimmed(values.bytes[values.ranges[record]])
        }
        for record in 0..<count {
            var chosen: [ArraySlice<UInt8>] = [[], [], [], []]
            let family = value(.family, record)
            let given = value(.given, record)
            if !family.isEmpty {
                chosen = [family, given, value(.familyReading, record), value(.givenReading, record)]
            } else if !given.isEmpty {
                chosen = [given, [], value(.givenReading, record), []]
            } else {
                for role in [ContactColumn.displayName, .nickname, .organization, .email, .phone] {
                    let candidate = value(role, record)
                    if !candidate.isEmpty {
                        chosen[0] = candidate
                        break
                    }
                }
            }
            for slot in 0..<4 {
                let start = out[slot].count
                out[slot] += chosen[slot]
                ranges[slot].append(start..<out[slot].count)
            }
        }
        let values = (0..<4).map { FieldValues(bytes: out[$0], ranges: ranges[$0]) }
        return ([values[0], values[1]], [values[2], values[3]])
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else {
            return bytes[bytes.startIndex..<bytes.startIndex]
        }
        return bytes[first...last]
    }
}
