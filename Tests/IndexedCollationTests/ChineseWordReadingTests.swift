import Testing

@testable import IndexedCollation

/// Chinese words read otherwise than their characters (issue 37): sections, order, search
/// and written readings all follow `Readings/Tables/zh-words.tsv`.
@Suite("Chinese word readings")
struct ChineseWordReadingTests {
    func chinese(_ unit: HanReadingUnit = .words, locale: String = "zh_CN", names: Bool = false) throws -> LocalizedIndexedCollation {
        var configuration = LocalizedIndexedCollation.Configuration(locale: try CollationLocale(locale))
        configuration.hanReadingUnit = unit
        configuration.personNames = names
        return try LocalizedIndexedCollation(configuration)
    }

    func title(_ collation: LocalizedIndexedCollation, _ key: String) -> String {
        collation.sectionTitles[collation.section(for: key)]
    }

    static func toneless(_ pinyin: String) -> String {
        (try? Transliteration.plainLatin.get()).map { $0(pinyin) } ?? pinyin
    }

    /// Every row: the word, its syllables and its substitute have one entry per character;
    /// each character the substitute replaces is read (Han-Latin) as the word's syllable and
    /// files the word under that syllable's letter; and something is replaced.
    @Test func everyRowOfTheTableDoesWhatItSays() throws {
        let collation = try chinese(.characters)
        let hanLatin = try Transliteration.hanToPinyin.get()
        let rows = ChineseWordReadings.table.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(rows.count > 1000)
        #expect(ChineseWordReadings.shared.count == rows.count)
        var failures: [String] = []
        for row in rows {
            let columns = row.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard columns.count == 3 else {
                failures.append("\(row): \(columns.count) columns")
                continue
            }
            let (word, syllables, substitute) = (Array(columns[0]), columns[1].split(separator: " ").map(String.init), Array(columns[2]))
            guard syllables.count == word.count, substitute.count == word.count else {
                failures.append("\(row): lengths differ")
                continue
            }
            var replaced = 0
            for index in word.indices where word[index] != substitute[index] {
                replaced += 1
                if Self.toneless(hanLatin(String(substitute[index]))) != Self.toneless(syllables[index]) {
                    failures.append("\(row): \(substitute[index]) is not read \(syllables[index])")
                }
            }
            if replaced == 0 { failures.append("\(row): nothing replaced") }
            let letter = Self.toneless(syllables[0]).prefix(1).uppercased()
            if title(collation, String(substitute)) != letter { failures.append("\(row): substitute not under \(letter)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    @Test func malformedRowsAreSkipped() {
        let table = "#word\tpinyin\tpinyin_substitute\n长沙\tcháng shā\t肠沙\n长\tcháng\t肠\n银行\tyín\t银航\n银行\tyín háng\tabc\n"
        #expect(ChineseWordReadings(table: table).count == 1)
    }

    @Test(arguments: [("长沙银行", "C", "Z"), ("长江", "C", "Z"), ("重庆", "C", "C"), ("银行", "Y", "Y"), ("行长", "H", "X"), ("音乐", "Y", "Y")])
    func wordsFileUnderTheirReading(word: String, words: String, characters: String) throws {
        #expect(title(try chinese(), word) == words)
        #expect(title(try chinese(.characters), word) == characters)
    }

    @Test func wordsSortAmongTheirSyllable() throws {
        // 银行 (yínháng) sorts before 银河 (yínhé): háng < hé; read per character, 行 is xíng (after hé).
        let keys = ["银河", "银行"]
        #expect(try chinese().sections(of: keys, by: { $0 }).sections.flatMap(\.records) == ["银行", "银河"])
        #expect(try chinese(.characters).sections(of: keys, by: { $0 }).sections.flatMap(\.records) == ["银河", "银行"])
        // A record's own reading still wins over the word's.
        let grouped = try chinese().sections(of: ["长江"], by: { $0 }, reading: { _ in "zhang" })
        #expect(grouped.sections.first?.title == "Z")
        // A later key reads its words too: equal first keys, then 长江 (cháng) before 张江 (zhāng).
        let records = [("王", "张江"), ("王", "长江")]
        #expect(try chinese().sorted(records, by: [{ $0.0 }, { $0.1 }]).map(\.1) == ["长江", "张江"])
        #expect(try chinese(.characters).sorted(records, by: [{ $0.0 }, { $0.1 }]).map(\.1) == ["张江", "长江"])
    }

    @Test func searchFollowsTheSameReading() throws {
        // 湖南长沙银行: the word is not at the start, where the surname table would read 长 Cháng.
        let words = try SearchMatcher(collation: chinese())
        #expect(words.matches("changsha", key: "湖南长沙银行", reading: nil))
        #expect(words.matches("yinhang", key: "湖南长沙银行", reading: nil))
        #expect(words.matches("hncs", key: "湖南长沙银行", reading: nil))
        #expect(!words.matches("zhangsha", key: "湖南长沙银行", reading: nil))
        #expect(!words.matches("yinxing", key: "湖南长沙银行", reading: nil))
        #expect(words.matches("chongqing", key: "重庆", reading: nil))
        let characters = try SearchMatcher(collation: chinese(.characters))
        #expect(characters.matches("zhangsha", key: "湖南长沙银行", reading: nil))
        #expect(!characters.matches("changsha", key: "湖南长沙银行", reading: nil))
    }

    @Test func writtenReadingsReadWords() throws {
        #expect(try chinese(names: true).nameReading(familyName: "", givenName: "长江") == .read(familyName: "", givenName: "Changjiang"))
        #expect(try chinese(.characters, names: true).nameReading(familyName: "", givenName: "长江") == .read(familyName: "", givenName: "Zhangjiang"))
    }

    @Test func onlyTheZhPinyinStampChanges() throws {
        #expect(try chinese().keyStamp != chinese(.characters).keyStamp)
        #expect(try chinese(.characters).keyStampDescription(descending: false, keySelection: "").contains("words=") == false)
        for locale in ["zh_TW", "zh@collation=zhuyin", "ja_JP", "en"] {
            #expect(try chinese(locale: locale).keyStamp == chinese(.characters, locale: locale).keyStamp, "\(locale)")
        }
        // Stroke order does not depend on readings: 长沙银行 stays where strokes put it.
        #expect(title(try chinese(locale: "zh_TW"), "长沙银行") == title(try chinese(.characters, locale: "zh_TW"), "长沙银行"))
    }
}
