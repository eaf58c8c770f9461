import Foundation
import SectionedData
import Testing

@testable import IndexedCollation

/// A person with a family and a given name, each with an optional reading.
private struct Person: Hashable, Sendable, Identifiable {
    var id: Int
    var familyName: String
    var givenName: String
    var familyReading: String? = nil
    var givenReading: String? = nil

    var name: String { familyName + givenName }
}

private func people(_ names: [(String, String)]) -> [Person] {
    names.enumerated().map { Person(id: $0.offset, familyName: $0.element.0, givenName: $0.element.1) }
}

/// Furigana per key: kanji order (花 カ < 健 ケン < 太 タ, JIS) differs from the readings'.
private let japanese = [
    Person(id: 0, familyName: "山田", givenName: "花子", familyReading: "やまだ", givenReading: "はなこ"),
    Person(id: 1, familyName: "山田", givenName: "太郎", familyReading: "やまだ", givenReading: "たろう"),
    Person(id: 2, familyName: "佐藤", givenName: "一郎", familyReading: "さとう", givenReading: "いちろう"),
    Person(id: 3, familyName: "山田", givenName: "健", familyReading: "やまだ", givenReading: "けん"),
]

@Suite("Several keys with readings: key by key, section from the first non-empty key")
struct SeveralKeysTests {
    static let korean = Result { try LocalizedIndexedCollation(locale: "ko_KR") }

    @Test func familyThenGivenName() throws {
        let korean = try Self.korean.get()
        let kims = people([("김", "하늘"), ("김", "가은"), ("김", "민준")])
        let byBoth = korean.sections(of: kims, keys: [\.familyName, \.givenName])
        #expect(byBoth.sections.map(\.title) == ["ㄱ"])
        #expect(byBoth.records.map(\.name) == ["김가은", "김민준", "김하늘"])
        // One key leaves equal family names in arrival order.
        #expect(korean.sections(of: kims, by: \.familyName).records.map(\.name) == ["김하늘", "김가은", "김민준"])
        #expect(korean.sorted(kims, by: [\.familyName, \.givenName]).map(\.name) == ["김가은", "김민준", "김하늘"])
    }

    /// Keys compare one by one, not as one concatenated string: 김|하 before 김가|나
    /// (concatenated, 김가나 would sort before 김하).
    @Test func keysAreNotConcatenated() throws {
        let korean = try Self.korean.get()
        let records = people([("김가", "나"), ("김", "하"), ("김", "")])
        let expected = ["김", "김하", "김가나"]
        #expect(korean.sections(of: records, keys: [\.familyName, \.givenName]).records.map(\.name) == expected)
        #expect(korean.sorted(records, by: [\.familyName, \.givenName]).map(\.name) == expected)
        let descending = korean.sections(of: records, keys: [\.familyName, \.givenName], descending: true)
        #expect(descending.records.map(\.name) == expected.reversed())
    }

    @Test func keyPathsHeldInVariables() throws {
        let collation = try LocalizedIndexedCollation(locale: "ja_JP")
        let keys: [KeyPath<Person, String>] = [\.familyName, \.givenName]
        let readings: [KeyPath<Person, String?>] = [\.familyReading, \.givenReading]
        let expected = collation.sections(of: japanese, keys: [{ $0.familyName }, { $0.givenName }], readings: [{ $0.familyReading }, { $0.givenReading }])
        #expect(collation.sections(of: japanese, keys: keys, readings: readings) == expected)
        #expect(expected.records.map(\.name) == ["佐藤一郎", "山田健", "山田太郎", "山田花子"])
        #expect(
            collation.storageKeys(for: japanese, keys: keys, readings: readings)
                == collation.storageKeys(for: japanese, keys: [\.familyName, \.givenName], readings: [\.familyReading, \.givenReading]))
        let source = try IndexedDataSource(collation: collation, records: japanese, keys: keys, readings: readings) { _, p in p.name }
        let sourceByID = try IndexedDataSource(collation: collation, records: japanese, id: \.id, keys: keys) { _, p in p.name }
        #expect(source.snapshot().itemIdentifiers == [2, 3, 1, 0])
        #expect(sourceByID.snapshot().sectionIdentifiers == ["#"])
    }

    @Test func readingsPerKey() throws {
        let collation = try LocalizedIndexedCollation(locale: "ja_JP")
        let keys: [(Person) -> String] = [\.familyName, \.givenName]
        let sections = collation.sections(of: japanese, keys: keys, readings: [\.familyReading, \.givenReading])
        #expect(sections.sections.map(\.title) == ["さ", "や"])
        #expect(sections.records.map(\.name) == ["佐藤一郎", "山田健", "山田太郎", "山田花子"])
        // Without the given names' readings, the kanji order decides among the 山田.
        let familyOnly = collation.sections(of: japanese, keys: keys, readings: [\.familyReading])
        #expect(familyOnly.records.map(\.name) == ["佐藤一郎", "山田花子", "山田健", "山田太郎"])
        // A reading may be skipped: only the given names' readings.
        let givenOnly = collation.sections(of: japanese, keys: keys, readings: [{ _ in nil }, \.givenReading])
        #expect(givenOnly.sections.map(\.title) == ["#"])
        #expect(collation.section(for: japanese[0], keys: keys, readings: [\.familyReading]) == collation.sectionTitles.firstIndex(of: "や"))
    }

    @Test func equalReadingsAreBrokenByTheKeys() throws {
        let collation = try LocalizedIndexedCollation(locale: "ja_JP")
        // Both read やまだ はなこ; the display keys break the tie (花子 before 華子, JIS order).
        let twins = [
            Person(id: 0, familyName: "山田", givenName: "華子", familyReading: "やまだ", givenReading: "はなこ"),
            Person(id: 1, familyName: "山田", givenName: "花子", familyReading: "やまだ", givenReading: "はなこ"),
        ]
        let order = collation.sections(of: twins, keys: [\.familyName, \.givenName], readings: [\.familyReading, \.givenReading])
        #expect(order.records.map(\.name) == collation.sorted(twins.map(\.name), by: { $0 }))
    }

    @Test func theSectionComesFromTheFirstNonEmptyKey() throws {
        let korean = try Self.korean.get()
        let records = people([("", "Smith"), ("", ""), ("박", "서준"), ("", "김민준"), ("Adams", "")])
        let sections = korean.sections(of: records, keys: [\.familyName, \.givenName])
        #expect(sections.sections.map(\.title) == ["ㄱ", "ㅂ", "A", "S", "#"])
        #expect(sections.sections.map { $0.records.map(\.id) } == [[3], [2], [4], [0], [1]])
        #expect(sections.records.count == records.count)
        let titles = records.map { korean.sectionTitles[korean.section(for: $0, keys: [\.familyName, \.givenName])] }
        #expect(titles == ["S", "#", "ㅂ", "ㄱ", "A"])
        // A reading counts as the key's text: an empty family name with a reading files by it.
        let read = [Person(id: 0, familyName: "", givenName: "Zoe", familyReading: "김")]
        #expect(korean.sections(of: read, keys: [\.familyName, \.givenName], readings: [\.familyReading]).sections.map(\.title) == ["ㄱ"])
        // No keys at all: every record under #.
        #expect(korean.sections(of: records, keys: [(Person) -> String]()).sections.map(\.title) == ["#"])
    }

    @Test(arguments: ["ko_KR", "ja_JP", "zh_CN", "en_US"])
    func oneKeyIsTheSingleKeyPath(locale: String) throws {
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: locale).with { $0.personNames = true })
        let records = japanese + people([("김", "하늘"), ("李", "民"), ("曾", "国藩"), ("Smith", ""), ("", "x"), ("123", "")])
        let single = collation.sections(of: records, by: \.familyName, reading: \.familyReading)
        let several = collation.sections(of: records, keys: [\.familyName], readings: [\.familyReading])
        #expect(single == several)
        #expect(
            collation.storageKeys(for: records, by: \.familyName, reading: \.familyReading)
                == collation.storageKeys(for: records, keys: [\.familyName], readings: [\.familyReading]))
    }

    @Test(arguments: ["ko_KR", "ja_JP", "en_US"])
    func storageKeysSortAsTheSections(locale: String) throws {
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: locale).with { $0.personNames = true })
        let records =
            japanese
            + people([("김", "하늘"), ("김", "가은"), ("김가", "나"), ("김", ""), ("", "Smith"), ("", ""), ("李", "舜臣"), ("이", "순신")])
        let keys: [(Person) -> String] = [\.familyName, \.givenName]
        let readings: [(Person) -> String?] = [\.familyReading, \.givenReading]
        let storage = collation.storageKeys(for: records, keys: keys, readings: readings)
        let byBytes = records.indices.sorted { compareBytes(storage[$0].bytes[...], storage[$1].bytes[...]) < 0 }
        #expect(byBytes.map { records[$0].id } == collation.sections(of: records, keys: keys, readings: readings).records.map(\.id))
    }

    /// Person-name rules apply to the first key only: 李 files under ㅇ, and 李 as a given
    /// name is ordered as itself.
    @Test func personNameRulesApplyToTheFirstKey() throws {
        let names = try LocalizedIndexedCollation(LocalizedIndexedCollation.Configuration(locale: "ko_KR").with { $0.personNames = true })
        let records = people([("李", "민호"), ("이", "李"), ("이", "가")])
        let sections = names.sections(of: records, keys: [\.familyName, \.givenName])
        #expect(sections.sections.map(\.title) == ["ㅇ"])
        // 이 ties 李 (read 이) on the first key. On the second, ko collation files the Hanja
        // 李 by its dictionary reading 리, before 민호; the surname rule (李 → 이) would put
        // it after 민호.
        #expect(sections.records.map(\.name) == ["이가", "이李", "李민호"])
        #expect(names.sorted(["李", "민호", "이"], by: { $0 }) == ["李", "민호", "이"])
    }

    @Test func manyRecordsMatchAComparatorSort() throws {
        let korean = try Self.korean.get()
        let families = ["김", "이", "박", "Smith", "", "김가", "최"]
        let givens = ["하늘", "가은", "민준", "", "Anna", "서준"]
        var random = SplitMix(seed: 11)
        let records = (0..<3_000).map { index in
            Person(id: index, familyName: families[random.next(families.count)], givenName: givens[random.next(givens.count)])
        }
        let sections = korean.sections(of: records, keys: [\.familyName, \.givenName])
        #expect(Set(sections.records.map(\.id)) == Set(records.map(\.id)))
        #expect(sections.records.count == records.count)
        // Inside each section: key by key, then input order.
        for section in sections.sections {
            let expected = section.records.sorted { a, b in
                let family = korean.collator.compare(a.familyName, b.familyName)
                if family != .orderedSame { return family == .orderedAscending }
                let given = korean.collator.compare(a.givenName, b.givenName)
                if given != .orderedSame { return given == .orderedAscending }
                return a.id < b.id
            }
            #expect(section.records.map(\.id) == expected.map(\.id))
        }
    }
}

/// A small deterministic random source for tests.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }
}
