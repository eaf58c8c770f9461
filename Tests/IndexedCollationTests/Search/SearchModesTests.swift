import SectionedData
import TestSupport
import Testing

@testable import IndexedCollation

/// Keypad digits, words in any order, inside words, phone numbers, Simplified ↔
/// Traditional and romaji variants: each on the names people type them for.
@Suite("Search modes and spellings")
struct SearchModesTests {
    private func matcher(_ locale: String, _ mode: SearchOptions.Mode = .prefix, keypad: Bool = true) throws -> SearchMatcher {
        var options = SearchOptions(mode: mode)
        options.keypad = keypad
        return try SearchMatcher(collation: LocalizedIndexedCollation(locale: CollationLocale(locale)), options: options)
    }

    @Test func keypadDigitsFindNamesOnEachLayout() throws {
        let cases: [(String, String, String, Bool)] = [
            ("en_US", "5646", "John Doe", true), ("en_US", "363", "John Doe", true), ("en_US", "5646363", "John Doe", true),
            ("en_US", "5647", "John Doe", false), ("en_US", "7363", "José Álvarez", false), ("en_US", "5673", "José Álvarez", true),
            ("en_US", "258", "Álvarez", true), ("de_DE", "78", "Straße", true),
            ("ru_RU", "422", "Иванов", true), ("ru_RU", "242", "Иванов", false), ("ru_RU", "7", "Фёдор", true), ("ru_RU", "3", "Фёдор", false),
            ("el_GR", "6", "Μαρία", false), ("el_GR", "527", "Μαρία", true), ("el_GR", "645", "Νίκος", true),
            ("he_IL", "352", "אבי", false), ("he_IL", "335", "אבי", true),
            ("zh_CN", "94", "张伟", true), ("zh_CN", "942", "张伟", true), ("zh_CN", "9", "张伟", true), ("zh_CN", "93", "张伟", true), ("zh_CN", "95", "张伟", false), ("zh_CN", "99", "张伟", true),
            ("zh_TW", "94", "張偉", true), ("ja_JP", "874", "やまだ", true), ("ja_JP", "874", "ヤマダ", true), ("ja_JP", "87", "やまだ", true),
            ("ja_JP", "84", "やまだ", false), ("ko_KR", "409", "김민준", true), ("ko_KR", "41", "김민준", true), ("ko_KR", "09", "김민준", true),
            ("ko_KR", "408", "김민준", false), ("ko_KR", "410", "김민준", true), ("ko_KR", "410015", "김민준", true), ("ko_KR", "410012", "김민준", false),
        ]
        for (locale, query, name, expected) in cases {
            #expect(try matcher(locale).matches(query, key: name) == expected, "\(locale) \(query) \(name)")
        }
        // Kanji with a kana reading: the reading's rows.
        #expect(try matcher("ja_JP").matches("874", key: "山田太郎", reading: "やまだ たろう"))
        #expect(try matcher("ja_JP").matches("491", key: "山田太郎", reading: "やまだ たろう"))
    }

    @Test func keypadOffKeepsDigitsLiteralAndOtherQueriesAreUnchanged() throws {
        let off = try matcher("en_US", keypad: false)
        #expect(!off.matches("5646", key: "John"))
        #expect(off.matches("12", key: "Flat 12B"))
        let on = try matcher("en_US")
        #expect(on.matches("12", key: "Flat 12B"))
        for (query, name) in [("jo", "John"), ("do", "John Doe"), ("oh", "John"), ("a1", "a1"), ("j5", "John")] {
            #expect(on.matches(query, key: name) == off.matches(query, key: name), "\(query) \(name)")
        }
    }

    @Test func wordsInAnyOrderAndInsideWords() throws {
        let prefix = try matcher("en_US")
        let words = try matcher("en_US", .words)
        let anywhere = try matcher("en_US", .anywhere)
        #expect(prefix.matches("john doe", key: "John Doe"))
        #expect(!prefix.matches("doe john", key: "John David Doe"))
        #expect(words.matches("doe john", key: "John David Doe"))
        #expect(words.matches("da jo", key: "John David Doe"))
        #expect(!words.matches("doe jane", key: "John David Doe"))
        #expect(!words.matches("ohn", key: "John David Doe"))
        #expect(anywhere.matches("ohn", key: "John David Doe"))
        #expect(anywhere.matches("avi oe", key: "John David Doe"))
        #expect(!anywhere.matches("avi xo", key: "John David Doe"))
        // Korean inside a given name, in anywhere mode only.
        #expect(try matcher("ko_KR", .anywhere).matches("준", key: "김민준"))
        #expect(!(try matcher("ko_KR").matches("준", key: "김민준")))
    }

    @Test func phoneNumbersMatchByDigitsWithTheRegionsForms() throws {
        let korean = try matcher("ko_KR")
        let phone = SearchField(name: "TEL", text: "+82 10-1234-5678", kind: .phone)
        let lookup = korean.lookup(keys: ["김민준"], readings: [nil], fields: [phone])
        for (query, expected) in [
            ("01012345678", true), ("821012", true), ("+82 10", true), ("1234", true), ("5678", true), ("010-1234", true),
            ("01056", false), ("9999", false),
        ] {
            #expect((korean.firstMatch(of: korean.query(query), in: lookup) != nil) == expected, "\(query)")
        }
        #expect(korean.firstMatch(of: korean.query("1234"), in: lookup)?.key == 1)
        let national = korean.lookup(keys: ["이지은"], readings: [nil], fields: [SearchField(name: "mobile", text: "010-9876-5432", kind: .phone)])
        #expect(korean.firstMatch(of: korean.query("821098"), in: national) != nil)
        // Another region's code is not rewritten.
        let french = korean.lookup(keys: ["Anne"], readings: [nil], fields: [SearchField(name: "TEL", text: "+33 6 12 34 56 78", kind: .phone)])
        #expect(korean.firstMatch(of: korean.query("0612"), in: french) == nil)
        #expect(korean.firstMatch(of: korean.query("3361"), in: french) != nil)
        // Text fields match by words, and name their field.
        let org = korean.lookup(keys: ["Anne"], readings: [nil], fields: [SearchField(name: "ORG", text: "Acme Widgets")])
        #expect(korean.firstMatch(of: korean.query("widg"), in: org)?.key == 1)
    }

    @Test func simplifiedAndTraditionalFindEachOther() throws {
        for locale in ["zh_CN", "zh_TW"] {
            let chinese = try matcher(locale)
            #expect(chinese.matches("张", key: "張偉"), "\(locale)")
            #expect(chinese.matches("張", key: "张伟"), "\(locale)")
            #expect(chinese.matches("张伟", key: "張偉"), "\(locale)")
            #expect(!chinese.matches("张", key: "王偉"), "\(locale)")
        }
        var options = SearchOptions()
        options.chineseVariants = false
        let off = try SearchMatcher(collation: LocalizedIndexedCollation(locale: "zh_CN"), options: options)
        #expect(!off.matches("张", key: "張偉"))
    }

    @Test(arguments: [
        ("si", "しんいち"), ("sinniti", "しんいち"), ("shinichi", "しんいち"), ("shin'ichi", "しんいち"), ("tuyosi", "つよし"),
        ("tsuyoshi", "つよし"), ("huzi", "ふじ"), ("fuji", "ふじ"), ("satou", "さとう"), ("sato", "さとう"), ("satoo", "さとう"),
        ("satoh", "さとう"), ("satō", "さとう"), ("satô", "さとう"), ("tiduru", "ちづる"), ("chizuru", "ちづる"), ("tizuru", "ちづる"),
        ("zyun", "じゅん"), ("jun", "じゅん"), ("syouta", "しょうた"), ("kyouko", "きょうこ"), ("kyoko", "きょうこ"), ("kyooko", "きょうこ"),
        ("hanna", "はんな"),
    ])
    func romajiVariantsFindTheReading(query: String, reading: String) throws {
        #expect(try matcher("ja_JP").matches(query, key: reading))
    }

    @Test func romajiVariantsDoNotMatchOtherReadings() throws {
        let japanese = try matcher("ja_JP")
        #expect(!japanese.matches("satu", key: "さとう"))
        #expect(!japanese.matches("ti", key: "しんいち"))
        var options = SearchOptions()
        options.romajiVariants = false
        let off = try SearchMatcher(collation: LocalizedIndexedCollation(locale: "ja_JP"), options: options)
        #expect(!off.matches("tuyosi", key: "つよし"))
    }

    @Test func theTablesAreReadWhole() {
        // Every row of the shipped tables is read (a broken row would be skipped silently).
        #expect(KeypadLayouts.shared.count > 26 + 33 + 24 + 22 + 60)
        #expect(CallingCodes.shared.count >= 40)
        #expect(CallingCodes.shared.entry(forLocale: "ko")?.code == [8, 2])
        #expect(CallingCodes.shared.entry(forLocale: "zh_Hant_TW")?.code == [8, 8, 6])
        #expect(CallingCodes.shared.entry(forLocale: "ru_RU")?.trunk == [8])
        #expect(CallingCodes.shared.entry(forLocale: "xx") == nil)
    }

    @Test func aDataSourceSearchesItsRecordsFieldsAndKeepsThemOnInsert() throws {
        // The phone is carried in the reading slot of the test record: the field reader
        // decides what is searched, the key stays the name.
        let phones = [1: "+82 10-1234-5678", 2: "010-9876-5432", 3: ""]
        var source = try IndexedDataSource(
            [NamedRecord(id: 1, name: "김민준"), NamedRecord(id: 2, name: "이지은"), NamedRecord(id: 3, name: "박서준")],
            collation: LocalizedIndexedCollation(locale: "ko_KR"), id: \.id, keys: { RecordKeys($0.name) }
        ) { _, record in record.name }
        try source.buildSearchIndex(options: SearchOptions()) { record in
            [SearchField(name: "phone", text: phones[record.id] ?? (record.id == 4 ? "+82 10-5555-0000" : ""), kind: .phone)]
        }
        func found(_ query: String) -> Set<Int> {
            let results = source.search(query)
            return Set((0..<results.numberOfSections).flatMap { section in
                (0..<results.numberOfRows(inSection: section)).compactMap { results.record(at: Position(row: $0, section: section))?.id }
            })
        }
        #expect(found("01012345678") == [1])
        #expect(found("821098") == [2])
        #expect(found("ㅂ") == [3])
        try source.insert(NamedRecord(id: 4, name: "최민서"))
        #expect(found("0105555") == [4])
        let results = source.search("9876")
        #expect(results.match(at: Position(row: 0, section: 0))?.key == 1)
    }
}
