import Testing

@testable import IndexedCollation

/// A reading is only ever guessed or written in the language that decides Han for the
/// collation (issue 37): a Chinese or Korean collation never sorts by, nor writes, a
/// Japanese reading, whatever provider it is given.
@Suite("Readings in the language that decides Han")
struct ReadingLanguageTests {
    static let japanese = FixedReadings(
        language: "ja", table: ["東京": "とうきょう", "单 田芳": "でん よし", "単 田芳": "たん でんよし", "李 舜臣": "り しゅんしん"])

    func collation(_ locale: String, also: [String] = [], names: Bool = false, guesses: Bool = true) throws -> LocalizedIndexedCollation {
        var configuration = LocalizedIndexedCollation.Configuration(locale: try CollationLocale(locale))
        configuration.additionalLocales = try also.map { try CollationLocale($0) }
        configuration.personNames = names
        configuration.guessesReadings = guesses
        configuration.readingProvider = Self.japanese
        return try LocalizedIndexedCollation(configuration)
    }

    func title(_ collation: LocalizedIndexedCollation, _ key: String) -> String {
        collation.sectionTitles[collation.section(for: key)]
    }

    @Test func theHanLanguageIsThePrimaryOrTheFirstExtraLanguageWithHanRules() throws {
        func han(_ locale: String, _ also: [String] = []) throws -> String? {
            var configuration = LocalizedIndexedCollation.Configuration(locale: try CollationLocale(locale))
            configuration.additionalLocales = try also.map { try CollationLocale($0) }
            return configuration.hanLanguage
        }
        #expect(try han("zh_CN") == "zh")
        #expect(try han("ja_JP", ["zh_CN"]) == "ja")
        #expect(try han("en", ["es", "ko"]) == "ko")
        #expect(try han("en") == nil)
    }

    @Test func japaneseGuessesSortJapaneseOnly() throws {
        // Japanese: the guess decides (とうきょう → た).
        #expect(title(try collation("ja_JP"), "東京") == "た")
        // Chinese and Korean keep their own reading of Han: 東 dōng under D, not a kana row or #.
        #expect(title(try collation("zh_CN"), "東京") == "D")
        #expect(title(try collation("zh_CN", names: true), "单 田芳") == "S")  // the surname table: 单 Shàn
        #expect(title(try collation("en", also: ["zh_CN"]), "東京") == "D")
        #expect(try collation("ko_KR", names: true).guessesWithDictionary == false)
        // A language with no Han rules of its own may use the guesses (they file under # in en).
        #expect(try collation("en").guessesWithDictionary)
    }

    @Test func noJapaneseReadingIsEverWrittenIntoAChineseOrKoreanName() throws {
        #expect(try collation("ja_JP", names: true).guessedReadings(familyName: "単", givenName: "田芳") != nil)
        let chinese = try collation("zh_CN", names: true).guessedReadings(familyName: "单", givenName: "田芳")
        #expect(chinese.map { !$0.familyName.unicodeScalars.contains { $0.value >= 0x3040 } } ?? true)
        #expect(chinese?.givenName != "でんよし" && chinese?.familyName != "单")
        #expect(try collation("ko_KR", names: true).guessedReadings(familyName: "李", givenName: "舜臣") == nil)
    }
}

/// Pinyin written for Chinese names (issue 37): Latin letters without tone marks, the
/// family name from the surname table.
@Suite("Chinese name readings")
struct ChineseNameReadingTests {
    func chinese(names: Bool = true) throws -> LocalizedIndexedCollation {
        try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale("zh_CN")).with { $0.personNames = names })
    }

    @Test(arguments: [
        ("单", "田芳", "Shan", "Tianfang"), ("曾", "国藩", "Zeng", "Guofan"), ("欧阳", "修", "Ouyang", "Xiu"),
        ("解", "缙", "Xie", "Jin"), ("吕", "布", "Lü", "Bu"), ("", "田芳", "", "Tianfang"), ("張", "三", "Zhang", "San"),
    ])
    func surnamesReadAsTheTableSaysAndGivenNamesByTheirPinyin(family: String, given: String, familyReading: String, givenReading: String) throws {
        #expect(try chinese().nameReading(familyName: family, givenName: given) == .read(familyName: familyReading, givenName: givenReading))
    }

    @Test func namesWithoutHanNeedNoneAndUnreadableOnesAreUndecided() throws {
        let collation = try chinese()
        #expect(collation.nameReading(familyName: "Smith", givenName: "John") == .needsNone)
        #expect(collation.nameReading(familyName: " ", givenName: "") == .needsNone)
        #expect(collation.nameReading(familyName: "王", givenName: "𠀋") == .undecided)  // no pinyin in ICU
        #expect(collation.nameReading(familyName: "山田", givenName: "たろう") == .undecided)  // kana: not a Chinese name
        #expect(collation.guessedReadings(familyName: "王", givenName: "𠀋") == nil)
        // Outside person-name mode, and under a language that reads no names, nothing is written.
        #expect(try chinese(names: false).nameReading(familyName: "单", givenName: "田芳") == .needsNone)
        #expect(
            try LocalizedIndexedCollation(
                LocalizedIndexedCollation.Configuration(locale: CollationLocale("ko_KR")).with { $0.personNames = true }
            ).nameReading(familyName: "李", givenName: "舜臣") == .needsNone)
    }

    @Test func aReadingIsLatinLettersOnly() throws {
        let collation = try chinese()
        for (family, given) in [("单", "田芳"), ("诸葛", "亮"), ("区", "家麟"), ("万俟", "卨")] {
            guard case .read(let familyReading, let givenReading) = collation.nameReading(familyName: family, givenName: given) else {
                Issue.record("no reading for \(family) \(given)")
                continue
            }
            for reading in [familyReading, givenReading] {
                #expect(reading.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "ü" }, "\(reading)")
                #expect(reading.first?.isUppercase == true)
            }
        }
    }
}
