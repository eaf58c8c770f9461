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
