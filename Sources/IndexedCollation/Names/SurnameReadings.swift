/// Surname readings for person-name mode: a surname at the start of a name is replaced,
/// for sectioning and sorting only, by a string the locale's collator reads the way the
/// surname is read. For Japanese the substitute is the whole name's guessed reading.
///
/// ICU files a name under the usual reading of its first character; for surnames that is
/// often wrong. In name mode 曾国藩 sorts as 增国藩 (Zēng, not céng) under zh pinyin, and
/// 李舜臣 as 이舜臣 (the South Korean initial-sound rule: 이, not 리) under ko. The tables are
/// `Names/Tables/*.tsv` (sources in `Locales/README.md`, checker
/// `scripts/check-name-tables.py`), compiled in by SwiftPM's `embedInCode`.
struct SurnameReadings: Sendable {
    /// Surname (UTF-8) → substitute (UTF-8).
    private let substitutes: [[UInt8]: [UInt8]]
    /// Longest surname, in Unicode scalars (matching is longest first, as written).
    private let longest: Int

    /// Japanese has no table: readings come from the collation's reading provider (see
    /// ``ReadingProvider``), for names or for any text.
    private let guessing: (provider: ReadingProviderBox, kind: ReadingKind)?

    /// The provider and what keys are to it, when readings are guessed.
    var guesses: (provider: any ReadingProvider, kind: ReadingKind)? { guessing.map { ($0.provider.provider, $0.kind) } }

    /// What a collation substitutes: guessed readings when asked for (`guessReadings`) or
    /// in name mode for the provider's language; else the surname table of the collator.
    /// Guesses are only made in the language that decides Han (`hanLanguage`, see
    /// ``LanguagePolicy/hanLanguage(of:additionalLocales:)``): a Chinese or Korean collation
    /// asked to guess with a Japanese provider keeps its own rules.
    /// - Throws: ``CollationError/readingDictionaryUnavailable(_:)`` when guesses are asked
    ///   for and there is no provider (never a silent fallback).
    static func forCollation(
        _ collator: CollatorHandle, personNames: Bool, guessReadings: Bool, provider: (any ReadingProvider)?,
        hanLanguage: String?
    ) throws(CollationError) -> SurnameReadings? {
        let kind: ReadingKind = personNames ? .personName : .text
        if guessReadings {
            guard let provider else {
                throw .readingDictionaryUnavailable(
                    "guessing readings needs a reading provider: add the JapaneseReadings product and set the configuration's readingProvider to MeCabReadings (collate: --guess-readings)."
                )
            }
            if LanguagePolicy.guesses(with: provider, hanLanguage: hanLanguage) {
                return SurnameReadings(provider: provider, kind: kind)
            }
        }
        guard personNames else { return nil }
        let policy = LanguagePolicy(collator.locale)
        if policy.isJapanese {
            guard let provider, policy.reads(with: provider) else { return nil }
            return SurnameReadings(provider: provider, kind: .personName)
        }
        return forCollator(collator)
    }

    private init(provider: any ReadingProvider, kind: ReadingKind) {
        substitutes = [:]
        longest = 0
        guessing = (ReadingProviderBox(provider), kind)
    }

    /// Which table a collator needs, if any: Chinese under pinyin or zhuyin collation
    /// (not stroke: stroke counts do not depend on readings), Korean under any collation.
    static func forCollator(_ collator: CollatorHandle) -> SurnameReadings? {
        let policy = LanguagePolicy(collator.locale)
        if policy.isKorean { return korean }
        guard policy.isChinese else { return nil }
        switch collator.collationType {
        case "pinyin": return chinesePinyin
        case "zhuyin": return chineseZhuyin
        default: return nil
        }
    }

    /// `Names/Tables/zh-surnames.tsv` as text.
    static let chineseTable = String(decoding: PackageResources.zh_surnames_tsv, as: UTF8.self)
    /// `Names/Tables/ko-hanja-surnames.tsv` as text.
    static let koreanTable = String(decoding: PackageResources.ko_hanja_surnames_tsv, as: UTF8.self)

    static let chinesePinyin = SurnameReadings(table: chineseTable, key: "surname", value: "pinyin_substitute")
    static let chineseZhuyin = SurnameReadings(table: chineseTable, key: "surname", value: "zhuyin_substitute")
    static let korean = SurnameReadings(table: koreanTable, key: "hanja", value: "hangul")

    /// Parses a table: TSV with a header line starting with `#`.
    init(table: String, key: String, value: String) {
        let lines = table.split(separator: "\n", omittingEmptySubsequences: true)
        let header = (lines.first?.dropFirst() ?? "").split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        let keyColumn = header.firstIndex(of: key) ?? 0
        let valueColumn = header.firstIndex(of: value) ?? 1
        var substitutes = [[UInt8]: [UInt8]]()
        var longest = 0
        for line in lines.dropFirst() where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count > max(keyColumn, valueColumn) else { continue }
            substitutes[Array(columns[keyColumn].utf8)] = Array(columns[valueColumn].utf8)
            longest = max(longest, columns[keyColumn].unicodeScalars.count)
        }
        self.substitutes = substitutes
        self.longest = longest
        guessing = nil
    }

    var count: Int { substitutes.count }

    /// The name with its surname replaced, written to `output`; false (and nothing
    /// written) when the name starts with no surname of the table.
    func substitute(_ name: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Bool {
        if let guessing { return guessing.provider.provider.appendReading(of: name, as: guessing.kind, to: &output) }
        // Byte offsets after each of the first `longest` scalars.
        var ends = [Int]()
        var index = 0
        while ends.count < longest && index < name.count {
            let lead = name[index]
            index += lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            ends.append(min(index, name.count))
        }
        for end in ends.reversed() {
            if let replacement = substitutes[Array(name[0..<end])] {
                output.append(contentsOf: replacement)
                output.append(contentsOf: name[end...])
                return true
            }
        }
        return false
    }

    /// The longest surname of the table that `name` starts with: its length in Unicode
    /// scalars and its value (search reads 沈 as "Shěn" from the pinyin column), or nil.
    func surname(startingWith name: String) -> (length: Int, value: String)? {
        let scalars = Array(name.unicodeScalars.prefix(longest))
        for length in stride(from: scalars.count, to: 0, by: -1) {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: scalars[..<length])
            if let value = substitutes[Array(String(prefix).utf8)] { return (length, String(decoding: value, as: UTF8.self)) }
        }
        return nil
    }

    /// The name with its surname replaced, or nil.
    func substitute(_ name: String) -> String? {
        name.rewritingUTF8(substitute(_:into:))
    }
}
