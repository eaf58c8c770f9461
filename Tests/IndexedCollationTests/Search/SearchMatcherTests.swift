import Testing
@testable import IndexedCollation

/// The matching rule across languages: each row is a locale, a record (with its reading),
/// a query and whether the query finds the record. Positive and negative rows alike.
@Suite("Search matches by the locale's primary strength and each script's spellings")
struct SearchMatcherTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let locale: String
        let record: String
        let reading: String?
        let query: String
        let matches: Bool
        init(_ locale: String, _ record: String, _ query: String, _ matches: Bool, reading: String? = nil) {
            self.locale = locale
            self.record = record
            self.reading = reading
            self.query = query
            self.matches = matches
        }
        var testDescription: String { "\(locale): \(query) \(matches ? "→" : "↛") \(record)" }
    }

    static let cases: [Case] = [
        // English and Latin scripts: accents, case, width ignored; words; consecutive words.
        Case("en", "José García", "jose", true),
        Case("en", "José García", "JOSÉ", true),
        Case("en", "José García", "ｊｏｓｅ", true),
        Case("en", "José García", "garc", true),
        Case("en", "José García", "arcia", false),
        Case("en", "Renée O'Connor", "renee o", true),
        Case("en", "Renée O'Connor", "renee oc", true),
        Case("en", "Renée O'Connor", "ren o", false),
        Case("en", "Renée O'Connor", "oconnor", true),
        Case("en", "Smith, John", "john", true),
        Case("en", "Smith, John", "smith john", true),
        Case("en", "Smith, John", "ohn", false),
        Case("en", "Smith, John", "johnny", false),
        Case("en", "Anna", "anna karenina", false),
        // Swedish: å ä ö are letters of their own; German: ä is a with an accent.
        Case("sv", "Åsa Öberg", "åsa", true),
        Case("sv", "Åsa Öberg", "asa", false),
        Case("sv", "Åsa Öberg", "öb", true),
        Case("sv", "Åsa Öberg", "ob", false),
        Case("de", "Jürgen Müller", "muller", true),
        Case("de", "Jürgen Müller", "jur", true),
        Case("de", "Straße", "strasse", true),
        Case("fr", "Hélène Côté", "helene cote", true),
        Case("fr", "Hélène Côté", "cot", true),
        Case("fr", "Hélène Côté", "hel cote", false),
        Case("es", "Begoña Núñez", "nunez", false),
        Case("es", "Begoña Núñez", "nuñez", true),
        Case("es", "Begoña Núñez", "begona", false),
        Case("es", "Begoña Núñez", "bego", true),
        Case("es", "Ángel Ortiz", "angel", true),
        // Korean: initials, given name, mixed, compatibility and conjoining jamo, ㄲ.
        Case("ko", "김민준", "ㄱㅁㅈ", true),
        Case("ko", "김민준", "ㅁㅈ", true),
        Case("ko", "김민준", "김ㅁ", true),
        Case("ko", "김민준", "민준", true),
        Case("ko", "김민준", "김민", true),
        Case("ko", "김민준", "\u{1100}\u{1106}", true),
        Case("ko", "김민준", "ㄱㅈ", false),
        Case("ko", "김민준", "준", false),
        Case("ko", "김민준", "ㅈ", false),
        Case("ko", "김민준", "ㄴ", false),
        Case("ko", "김민준", "기", true),
        Case("ko", "기민준", "김", true),
        Case("ko", "꽃님", "ㄲ", true),
        Case("ko", "꽃님", "ㄱ", false),
        Case("ko", "남궁민수", "ㅁㅅ", true),
        Case("ko", "남궁민수", "민수", true),
        Case("ko", "남궁민수", "ㄴㄱㅁㅅ", true),
        Case("ko", "김 민준", "ㄱㅁㅈ", true),
        Case("en", "박서준", "ㅂㅅㅈ", true),
        // Japanese: the reading in hiragana, katakana and romaji, per word.
        Case("ja", "山田太郎", "やまだ", true, reading: "やまだ たろう"),
        Case("ja", "山田太郎", "ヤマダ", true, reading: "やまだ たろう"),
        Case("ja", "山田太郎", "yamada", true, reading: "やまだ たろう"),
        Case("ja", "山田太郎", "taro", true, reading: "やまだ たろう"),
        Case("ja", "山田太郎", "たろう", true, reading: "やまだ たろう"),
        Case("ja", "山田太郎", "山田", true, reading: "やまだ たろう"),
        Case("ja", "山田太郎", "やまだじろう", false, reading: "やまだ たろう"),
        Case("ja", "山田太郎", "yamaka", false, reading: "やまだ たろう"),
        Case("ja", "佐藤", "sato", true, reading: "さとう"),
        Case("ja", "ヤマダ", "やまだ", true),
        Case("ja", "ヤマダ", "yama", true),
        Case("ja", "ガッツ", "かつ", true),
        // Japanese kanji without a reading: MeCab's guess in a Japanese list.
        Case("ja", "山田", "やまだ", true),
        Case("ja", "山田", "yamada", true),
        Case("ja", "山田", "shan", false),
        Case("en", "山田たろう", "yamada", true),
        // Chinese: pinyin, initials, mixtures, toneless, the surname table.
        Case("zh_CN", "张伟", "zhang", true),
        Case("zh_CN", "张伟", "zw", true),
        Case("zh_CN", "张伟", "zhangw", true),
        Case("zh_CN", "张伟", "zhangwei", true),
        Case("zh_CN", "张伟", "wei", true),
        Case("zh_CN", "张伟", "zhwei", true),
        Case("zh_CN", "张伟", "zhāng", true),
        Case("zh_CN", "张伟", "张", true),
        Case("zh_CN", "张伟", "zx", false),
        Case("zh_CN", "张伟", "wz", false),
        Case("zh_CN", "张晓明", "zxm", true),
        Case("zh_CN", "张晓明", "zhangxm", true),
        Case("zh_CN", "沈从文", "shen", true),
        Case("zh_CN", "沈从文", "chen", false),
        Case("zh_CN", "单田芳", "shan", true),
        Case("zh_TW", "張偉", "zhang", true),
        Case("zh_TW", "張偉", "ㄓㄨ", true),
        Case("zh_TW", "張偉", "ㄓㄤㄨ", true),
        Case("zh_TW", "張偉", "ㄔ", false),
        // Mixed lists in any locale: spellings follow the record's script.
        Case("en", "张伟", "zw", true),
        Case("sv", "김민준", "ㄱㅁ", true),
        Case("de", "ヤマダ", "yamada", true),
        // The rest of the tables in Search.md.
        Case("en", "José García", "josé g", true),
        Case("en", "Renée O'Connor", "o'c", true),
        Case("en", "Renée O'Connor", "reneeo", true),
        Case("en", "Smith, John", "smi", true),
        Case("sv", "Åsa Öberg", "Å", true),
        Case("de", "Jürgen Müller", "müll", true),
        Case("de", "Jürgen Müller", "jurgen", true),
        Case("es", "Begoña Núñez", "begoña", true),
        Case("ko", "꽃님", "꼬", true),
        Case("ko", "꽃님", "꽃ㄴ", true),
        Case("ko", "남궁민수", "궁", false),
        Case("ja", "佐藤", "satou", true, reading: "さとう"),
        Case("ja", "ガッツ", "ガ", true),
        Case("ja", "ヤマダ", "ﾔﾏﾀﾞ", true),
        Case("zh_CN", "张晓明", "xiaoming", true),
        Case("zh_CN", "沈从文", "scw", true),
        Case("zh_TW", "張偉", "ㄓㄤ", true),
        Case("en", "김Smith", "smith", true),
        Case("sk", "Chovan", "c", false),
        Case("sk", "Chovan", "ch", true),
        // Bad or odd queries.
        Case("en", "José", "", true),
        Case("en", "José", "  ", true),
        Case("en", "José", "-", true),
        Case("en", "José", "josé garcía lópez", false),
        Case("en", "+82 10 1234", "+82", true),
        Case("en", "+82 10 1234", "1234", true),
        Case("en", "82", "+82", false),
    ]

    @Test(arguments: cases)
    func matching(_ row: Case) throws {
        // Kanji are read by the collation's reading provider (JapaneseReadings in apps; a
        // fixed table here, so the seam is tested without MeCab).
        var configuration = LocalizedIndexedCollation.Configuration(locale: try CollationLocale(row.locale))
        configuration.readingProvider = FixedReadings.japanese
        let matcher = try SearchMatcher(collation: LocalizedIndexedCollation(configuration))
        #expect(matcher.matches(row.query, key: row.record, reading: row.reading) == row.matches)
    }

    @Test func withoutAReadingProviderKanjiAreSpelledByTheirOwnWeightsOnly() throws {
        let matcher = try SearchMatcher(collation: LocalizedIndexedCollation(locale: "ja"))
        #expect(!matcher.matches("yamada", key: "山田", reading: nil))
        #expect(matcher.matches("yamada", key: "山田", reading: "やまだ"))
    }

    @Test func aProviderOfAnotherLanguageIsAskedOnlyForKeysThatMixInKana() throws {
        var chinese = LocalizedIndexedCollation.Configuration(locale: try CollationLocale("zh_CN"))
        chinese.readingProvider = FixedReadings.japanese
        let matcher = try SearchMatcher(collation: LocalizedIndexedCollation(chinese))
        #expect(!matcher.matches("yamada", key: "山田", reading: nil))
        #expect(matcher.matches("yamada", key: "山田たろう", reading: nil))
    }

    @Test func highlightsTheMatchedCharacters() throws {
        let matcher = try SearchMatcher(collation: LocalizedIndexedCollation(locale: "en"))
        let text = "Smith, John"
        let match = try #require(matcher.firstMatch(of: matcher.query("jo"), in: matcher.lookup(keys: [text], readings: [nil])))
        #expect(match.key == 0)
        let range = try #require(match.range(in: text))
        #expect(text[range] == "Jo")
        let korean = try SearchMatcher(collation: LocalizedIndexedCollation(locale: "ko"))
        let name = "김민준"
        let initials = try #require(korean.firstMatch(of: korean.query("ㅁㅈ"), in: korean.lookup(keys: [name], readings: [nil])))
        #expect(initials.range(in: name).map { String(name[$0]) } == "민준")
    }

    @Test func aReadingMatchIsNotInTheDisplayText() throws {
        let matcher = try SearchMatcher(collation: LocalizedIndexedCollation(locale: "ja"))
        let match = try #require(
            matcher.firstMatch(of: matcher.query("yamada"), in: matcher.lookup(keys: ["山田"], readings: ["やまだ"])))
        #expect(match.key == nil)
        #expect(match.range(in: "山田") == nil)
    }
}

/// A reading provider over a fixed table: the seam without a dictionary.
struct FixedReadings: ReadingProvider {
    var language: String
    var identifier: String { "fixed-\(language)" }
    var table: [String: String]

    static let japanese = FixedReadings(language: "ja", table: ["山田": "やまだ", "山田たろう": "やまだたろう"])

    func reading(of text: String, as kind: ReadingKind) -> String? { table[text] }
}
