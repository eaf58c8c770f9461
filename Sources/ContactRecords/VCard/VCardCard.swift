/// One card's properties while it is read, and what follows from them: its fields and
/// its default sort keys with readings.
struct VCardCard {
    /// The decoded, unescaped fields in card order (name, value).
    var fields: [(name: String, value: [UInt8])] = []
    private var nameComponents: [[UInt8]]?
    private var nameSortAs: [String] = []
    private var phoneticNameComponents: [[UInt8]]?
    private var soundNameComponents: [[UInt8]]?
    private var organization: [UInt8]?
    private var organizationSortAs: [String] = []
    private var formattedName: [UInt8]?
    /// The first NICKNAME, EMAIL and TEL, for a card without a name.
    private var nickname: [UInt8]?
    private var email: [UInt8]?
    private var telephone: [UInt8]?
    private var phonetic: [String: [UInt8]] = [:]
    /// iOS `X-ABShowAs:COMPANY` or vCard 4.0 `KIND:org`: the card is shown by its company.
    private var isCompany = false

    static let nameParts = ["family", "given", "additional", "prefix", "suffix"]
    static let skipped: Set<String> = ["BEGIN", "END"]

    /// Adds one property of the card.
    mutating func add(_ property: VCardContentLine, charsets: VCardCharsets) throws(RecordError) {
        // Binary data (photos, keys, sounds) is no name: keep it out of the fields.
        guard !Self.skipped.contains(property.name), !property.isBinary else { return }
        let decoded = try VCardValueDecoding.decodedBytes(of: property, charsets: charsets)
        switch property.name {
        case "N":
            let components = VCardValueDecoding.components(decoded)
            if !property.values(of: "PHONETIC").isEmpty {
                // RFC 9554: a second N with PHONETIC= is the reading of the first.
                if phoneticNameComponents == nil { phoneticNameComponents = components }
                return
            }
            fields.append((property.name, VCardValueDecoding.unescaped(decoded)))
            for (index, part) in Self.nameParts.enumerated() {
                fields.append(("N." + part, index < components.count ? components[index] : []))
            }
            if nameComponents == nil {
                nameComponents = components
                nameSortAs = property.sortAs
            }
            return
        case "ORG":
            let components = VCardValueDecoding.components(decoded)
            fields.append((property.name, VCardValueDecoding.unescaped(decoded)))
            fields.append(("ORG.name", components.first ?? []))
            fields.append(("ORG.unit", Array(components.dropFirst().joined(separator: [UInt8(ascii: ";")]))))
            if organization == nil {
                organization = components.first ?? []
                organizationSortAs = property.sortAs
            }
            return
        case "FN":
            if formattedName == nil { formattedName = VCardValueDecoding.unescaped(decoded) }
        case "NICKNAME":
            // A list: the first nickname is the one shown.
            if nickname == nil { nickname = VCardValueDecoding.unescaped(Self.firstListValue(decoded)) }
        case "EMAIL":
            if email == nil { email = VCardValueDecoding.unescaped(decoded) }
        case "TEL":
            if telephone == nil { telephone = Self.telephoneNumber(VCardValueDecoding.unescaped(decoded)) }
        case "SOUND" where property.parameters.contains(where: { $0.values.contains("X-IRMC-N") }):
            // Japanese phones: SOUND;X-IRMC-N:ヤマダ;タロウ;;; is the reading of N.
            if soundNameComponents == nil { soundNameComponents = VCardValueDecoding.components(decoded) }
        case "X-ABSHOWAS", "KIND":
            let kind = VCardContentLine.upper(VCardCard.trimmed(decoded))
            if kind == "COMPANY" || kind == "ORG" || kind == "ORGANIZATION" { isCompany = true }
        case "X-PHONETIC-LAST-NAME", "X-PHONETIC-FIRST-NAME", "X-PHONETIC-ORG", "SORT-STRING", "X-EVOLUTION-FILE-AS":
            if phonetic[property.name] == nil { phonetic[property.name] = VCardValueDecoding.unescaped(decoded) }
        default:
            break
        }
        fields.append((property.name, VCardValueDecoding.unescaped(decoded)))
    }

    /// The default sort keys with their readings: the name a contact app shows and files
    /// the card under. For a card iOS shows as a company (`X-ABShowAs:COMPANY`, or
    /// `KIND:org`), `ORG`; else the family then given name of `N` (readings from `SORT-AS`,
    /// a phonetic `N`, `X-PHONETIC-LAST-NAME`/`-FIRST-NAME`, `SOUND;X-IRMC-N`,
    /// `SORT-STRING` or `X-EVOLUTION-FILE-AS`), a card with only a given name ordering by
    /// it; else the first of `FN`, `NICKNAME`, `ORG` (reading `X-PHONETIC-ORG` or its
    /// `SORT-AS`), `EMAIL`, `TEL` that is not empty.
    func sortKeys() -> [(key: [UInt8], reading: [UInt8])] {
        let components = nameComponents ?? []
        let family = Self.trimmed(components.first ?? [])
        let given = Self.trimmed(components.count > 1 ? components[1] : [])
        let organizationName = Self.trimmed(organization ?? [])
        let organizationReading = firstNonEmpty(phonetic["X-PHONETIC-ORG"], sortAs(organizationSortAs, 0))
        let cardReading = firstNonEmpty(phonetic["SORT-STRING"], phonetic["X-EVOLUTION-FILE-AS"])
        if isCompany && !organizationName.isEmpty {
            return [(organizationName, organizationReading)]
        }
        let givenReading = firstNonEmpty(
            sortAs(nameSortAs, 1), component(phoneticNameComponents, 1), phonetic["X-PHONETIC-FIRST-NAME"],
            component(soundNameComponents, 1))
        if !family.isEmpty {
            let familyReading = firstNonEmpty(
                sortAs(nameSortAs, 0), phoneticNameComponents?.first, phonetic["X-PHONETIC-LAST-NAME"], soundNameComponents?.first,
                cardReading)
            return [(family, familyReading), (given, givenReading)]
        }
        if !given.isEmpty {
            // Only a given name (N:;Bono;;;): it is the name shown, so it orders first.
            return [(given, firstNonEmpty(givenReading, cardReading)), ([], [])]
        }
        for (name, reading) in [(formattedName, cardReading), (nickname, cardReading), (organization, organizationReading), (email, []), (telephone, [])] {
            let value = Self.trimmed(name ?? [])
            if !value.isEmpty { return [(value, reading)] }
        }
        return [([], [])]
    }

    /// The number of a `TEL` value: a vCard 4.0 URI (`tel:+1-555-0100;ext=12`, RFC 3966)
    /// without its scheme and its parameters (`+1-555-0100`), so a card with no name files
    /// by its number, never under "T" of the scheme; any other value as it is.
    static func telephoneNumber(_ value: [UInt8]) -> [UInt8] {
        let trimmed = Self.trimmed(value)
        guard trimmed.count >= 4, trimmed[3] == UInt8(ascii: ":"),
            VCardContentLine.upper(trimmed[0..<3]) == "TEL"
        else { return value }
        let number = trimmed[4...]
        return Array(number.prefix { $0 != UInt8(ascii: ";") })
    }

    /// The first value of a comma-separated list value (an escaped `\,` stays).
    static func firstListValue(_ bytes: [UInt8]) -> [UInt8] {
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") { index += 2; continue }
            if bytes[index] == UInt8(ascii: ",") { return Array(bytes[..<index]) }
            index += 1
        }
        return bytes
    }

    private func sortAs(_ values: [String], _ index: Int) -> [UInt8]? {
        index < values.count ? Array(values[index].utf8) : nil
    }

    private func component(_ components: [[UInt8]]?, _ index: Int) -> [UInt8]? {
        guard let components, index < components.count else { return nil }
        return components[index]
    }

    private func firstNonEmpty(_ candidates: [UInt8]?...) -> [UInt8] {
        for candidate in candidates {
            if let candidate {
                let value = Self.trimmed(candidate)
                if !value.isEmpty { return value }
            }
        }
        return []
    }

    static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        let isSpace: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let first = bytes.firstIndex(where: { !isSpace($0) }), let last = bytes.lastIndex(where: { !isSpace($0) }) else { return [] }
        return Array(bytes[first...last])
    }
}
