import IndexedCollation
import JapaneseReadings
import Testing

/// MeCabReadings through the public seam only: what an app that adds the product sees.
@Suite("MeCabReadings as a collation's reading provider")
struct MeCabReadingsTests {
    func collation(_ locale: String, personNames: Bool = true) throws -> LocalizedIndexedCollation {
        var configuration = try LocalizedIndexedCollation.Configuration(locale: locale)
        configuration.personNames = personNames
        configuration.readingProvider = try MeCabReadings.installed()
        return try LocalizedIndexedCollation(configuration)
    }

    @Test func readsNamesAndTextInHiragana() throws {
        let readings = try MeCabReadings.installed()
        #expect(readings.language == "ja")
        #expect(readings.identifier == "naist-jdic")
        #expect(readings.reading(of: "佐藤健", as: .personName) == "さとう けん")
        #expect(readings.reading(of: "東京", as: .text) == "とうきょう")
        #expect(readings.reading(of: "Smith", as: .personName) == nil)
        var bytes = [UInt8]()
        let appended = "佐藤健".utf8.withContiguousStorageIfAvailable { readings.appendReading(of: $0, as: .personName, to: &bytes) }
        #expect(appended == true)
        #expect(String(decoding: bytes, as: UTF8.self) == "さとう けん")
    }

    @Test func theSameDictionaryIsSharedByEveryCaller() throws {
        #expect(try MeCabReadings.installed().dictionaryDirectory == MeCabReadings.installed().dictionaryDirectory)
    }

    @Test func aMissingDictionaryIsAClearError() throws {
        #expect {
            try MeCabReadings.installed(dictionaryDirectory: "/nonexistent/dictionary")
        } throws: { error in
            (error as? CollationError)?.description.contains("mecab-naist-jdic") == true
        }
    }

    @Test func searchSpellsKanjiByTheirReadings() throws {
        let matcher = try SearchMatcher(collation: collation("ja_JP", personNames: false))
        #expect(matcher.matches("yamada", key: "山田", reading: nil))
        #expect(matcher.matches("やまだ", key: "山田", reading: nil))
    }

    @Test func namesAreWrittenBackOnlyInTheProvidersLanguage() throws {
        let japanese = try collation("ja_JP")
        let guess = try #require(japanese.guessedReadings(familyName: "佐藤", givenName: "健"))
        #expect(guess.familyName == "さとう")
        #expect(guess.givenName == "けん")
        // A Chinese contact never gets a Japanese reading, whatever provider is configured.
        // It gets its pinyin (issue 37), not でんよし.
        let chinese = try collation("zh_CN").guessedReadings(familyName: "单", givenName: "田芳")
        #expect(chinese?.familyName == "Shan")
        #expect(chinese?.givenName == "Tianfang")
        #expect(try collation("ko_KR").guessedReadings(familyName: "金", givenName: "民俊") == nil)
    }

    @Test func theConfigurationSaysWhenAProviderIsNeeded() throws {
        var configuration = try LocalizedIndexedCollation.Configuration(locale: "ja_JP")
        #expect(!configuration.needsReadingProvider)
        configuration.personNames = true
        #expect(configuration.needsReadingProvider)
        var korean = try LocalizedIndexedCollation.Configuration(locale: "ko_KR")
        korean.personNames = true
        #expect(!korean.needsReadingProvider)
        korean.guessesReadings = true
        #expect(korean.needsReadingProvider)
    }
}
