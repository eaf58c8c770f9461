import Foundation
import Testing

@testable import IndexedCollation

@Suite("Person-name mode")
struct PersonNameTests {
    func title(_ collation: LocalizedIndexedCollation, _ name: String) -> String {
        collation.sectionTitles[collation.section(for: name)]
    }

    @Test(arguments: [
        ("曾国藩", "C", "Z"), ("单田芳", "D", "S"), ("解缙", "J", "X"), ("仇英", "C", "Q"), ("区家麟", "Q", "O"),
        ("查良镛", "C", "Z"), ("覃雪梅", "T", "Q"), ("乐嘉", "L", "Y"), ("翟天临", "D", "Z"), ("尉迟恭", "W", "Y"),
        ("万俟卨", "W", "M"), ("长孙无忌", "Z", "Z"), ("欧阳修", "O", "O"),
    ])
    func chineseSurnamesUseTheirSurnameReading(name: String, plain: String, asName: String) throws {
        // Each character by ICU's own reading (words would read 尉迟 and 万俟 as surnames do).
        var characters = LocalizedIndexedCollation.Configuration(locale: try CollationLocale("zh_CN"))
        characters.hanReadingUnit = .characters
        let ordinary = try LocalizedIndexedCollation(characters)
        let names = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale("zh_CN")).with { $0.personNames = true })
        #expect(title(ordinary, name) == plain)
        #expect(title(names, name) == asName)
    }

    @Test func nameModeSortsAmongTheSurnameReading() throws {
        let names = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale("zh_CN")).with { $0.personNames = true })
        // 曾 (Zēng) sorts with 增/曾 zēng names, after zāng (臧) and before zhāng (张).
        let grouped = names.sections(of: ["张三", "曾国藩", "臧克家", "增田", "曾小贤"], by: { $0 })
        let z = try #require(grouped.sections.first { $0.title == "Z" })
        let order = z.records
        let zeng = try #require(order.firstIndex(of: "曾国藩"))
        #expect(try #require(order.firstIndex(of: "臧克家")) < zeng)
        #expect(zeng < (try #require(order.firstIndex(of: "张三"))))
        #expect(abs(zeng - (try #require(order.firstIndex(of: "曾小贤")))) == 1 || order.firstIndex(of: "增田").map { abs($0 - zeng) <= 2 } == true)
    }

    @Test func onlyTheFamilyNamePositionIsAffected() throws {
        let names = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale("zh_CN")).with { $0.personNames = true })
        #expect(title(names, "解放军") == "X")  // as a name, 解 is Xiè
        let ordinary = try LocalizedIndexedCollation(locale: "zh_CN")
        #expect(title(ordinary, "解放军") == "J")  // outside name mode it stays under J
        #expect(title(names, "王解") == "W")  // 解 later in the name is untouched
    }

    @Test func strokeIndexesIgnoreReadings() throws {
        let ordinary = try LocalizedIndexedCollation(locale: "zh_TW")
        let names = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale("zh_TW")).with { $0.personNames = true })
        #expect(names.surnameReadings == nil)
        for name in ["曾國藩", "單田芳", "解縉"] { #expect(title(ordinary, name) == title(names, name)) }
    }

    @Test func zhuyinUsesTheZhuyinSubstitutes() throws {
        let names = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale("zh@collation=zhuyin")).with { $0.personNames = true })
        #expect(title(names, "曾國藩") == "ㄗ")
        #expect(title(names, "沈從文") == "ㄕ")
    }

    @Test(arguments: [("李舜臣", "ㄹ", "ㅇ"), ("林巨正", "ㄹ", "ㅇ"), ("柳寬順", "ㄹ", "ㅇ"), ("盧武鉉", "ㄹ", "ㄴ"), ("羅雲奎", "ㄹ", "ㄴ"), ("陸英修", "ㄹ", "ㅇ"), ("金九", "ㄱ", "ㄱ")])
    func koreanHanjaSurnamesFollowTheInitialSoundRule(name: String, plain: String, asName: String) throws {
        let ordinary = try LocalizedIndexedCollation(locale: "ko_KR")
        let names = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale("ko_KR")).with { $0.personNames = true })
        #expect(title(ordinary, name) == plain)
        #expect(title(names, name) == asName)
    }

    @Test func anExplicitReadingStillWins() throws {
        struct Person { var name: String; var reading: String? }
        let names = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale("zh_CN")).with { $0.personNames = true })
        let grouped = names.sections(of: [Person(name: "曾国藩", reading: "ceng guofan")], by: \.name, reading: \.reading)
        #expect(grouped.sections.first?.title == "C")
    }

    @Test func otherLocalesAreUnchanged() throws {
        let english = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale("en_US")).with { $0.personNames = true })
        #expect(english.surnameReadings == nil)
        // Japanese has no table: its readings are guessed by a provider (JapaneseReadingsTests);
        // without one, name mode substitutes nothing.
        var japanese = try LocalizedIndexedCollation.Configuration(locale: "ja_JP")
        japanese.personNames = true
        #expect(try LocalizedIndexedCollation(japanese).surnameReadings == nil)
    }

    /// The tables compiled into the library (SwiftPM `embedInCode`) read back as the files in
    /// Sources/IndexedCollation/Names/Tables.
    @Test func embeddedTablesMatchTheDataFiles() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/IndexedCollation/Names/Tables")
        let chinese = try String(contentsOf: data.appendingPathComponent("zh-surnames.tsv"), encoding: .utf8)
        let korean = try String(contentsOf: data.appendingPathComponent("ko-hanja-surnames.tsv"), encoding: .utf8)
        #expect(SurnameReadings.chineseTable == chinese)
        #expect(SurnameReadings.koreanTable == korean)
        #expect(SurnameReadings.chinesePinyin.count > 500)
        #expect(SurnameReadings.korean.count > 150)
    }
}
