/// Country calling codes and national trunk prefixes (`Search/Tables/calling-codes.tsv`, its
/// sources cited there): a phone number written with `+` and its country code and the same
/// number dialled with the trunk prefix are one number to search in that country.
struct CallingCodes: Sendable {
    /// One region's calling code and trunk prefix, as digits.
    struct Entry: Sendable, Hashable {
        let region: String
        let code: [UInt8]
        let trunk: [UInt8]
    }

    private var regions: [String: Entry] = [:]
    private var languages: [String: Entry] = [:]

    /// The shipped table.
    static let shared = CallingCodes(table: String(decoding: PackageResources.calling_codes_tsv, as: UTF8.self))

    /// Parses a table: `region<TAB>code<TAB>trunk<TAB>languages` after a header line;
    /// `#` lines are comments.
    init(table: String) {
        func digits(_ text: Substring) -> [UInt8] { text.utf8.compactMap { $0 >= 0x30 && $0 <= 0x39 ? $0 - 0x30 : nil } }
        for line in table.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("region\t") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count >= 3, !columns[1].isEmpty else { continue }
            let entry = Entry(region: String(columns[0]), code: digits(columns[1]), trunk: digits(columns[2]))
            regions[entry.region] = entry
            for language in columns.count > 3 ? columns[3].split(separator: " ") : [] { languages[String(language)] = entry }
        }
    }

    /// The number of regions.
    var count: Int { regions.count }

    /// The entry of a locale's region ("ko_KR" → KR, "zh_Hant_TW" → TW), or of its
    /// language's likely region when it names none ("ko" → KR); nil when the table has
    /// neither.
    func entry(forLocale identifier: String) -> Entry? {
        let parts = identifier.split(separator: "@").first?.split(whereSeparator: { $0 == "_" || $0 == "-" }) ?? []
        for part in parts.dropFirst() where part.count == 2 && part.allSatisfy({ $0.isUppercase }) {
            return regions[String(part)]
        }
        return parts.first.flatMap { languages[String($0).lowercased()] }
    }

    /// The digit spellings of a phone number: its digits, and with a region's entry the
    /// same number in the other form (+82 10… also as 010…, 010… also as 8210…). Each
    /// digit comes with the UTF-8 range of the character it stands for.
    /// - Returns: The spellings, and the one that is international (to be found with its
    ///   `+` too), if any.
    static func spellings(of number: String, in entry: Entry?) -> (spellings: [[(digit: UInt8, range: Range<Int32>)]], international: Int?) {
        var digits: [(digit: UInt8, range: Range<Int32>)] = []
        var offset: Int32 = 0
        var international = false
        for scalar in number.unicodeScalars {
            let width = Int32(UTF8.width(scalar))
            defer { offset += width }
            let value = scalar.value
            if value >= 0x30 && value <= 0x39 {
                digits.append((UInt8(value - 0x30), offset..<offset + width))
            } else if value >= 0xFF10 && value <= 0xFF19 {
                digits.append((UInt8(value - 0xFF10), offset..<offset + width))
            } else if digits.isEmpty && (value == 0x2B || value == 0xFF0B) {
                international = true
            }
        }
        guard !digits.isEmpty else { return ([], nil) }
        var spellings = [digits]
        guard let entry else { return (spellings, international ? 0 : nil) }
        let first = digits[0].range
        if international, digits.count > entry.code.count, digits.prefix(entry.code.count).map(\.digit) == entry.code,
            !entry.trunk.isEmpty
        {
            spellings.append(entry.trunk.map { ($0, first) } + digits.dropFirst(entry.code.count))
            return (spellings, 0)
        } else if !international, !entry.trunk.isEmpty, digits.count > entry.trunk.count,
            digits.prefix(entry.trunk.count).map(\.digit) == entry.trunk
        {
            spellings.append(entry.code.map { ($0, first) } + digits.dropFirst(entry.trunk.count))
            return (spellings, 1)
        }
        return (spellings, international ? 0 : nil)
    }
}
