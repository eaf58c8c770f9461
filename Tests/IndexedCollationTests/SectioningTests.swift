import TestSupport
import Testing

@testable import IndexedCollation

struct Contact: Equatable, Sendable {
    var name: String
    var reading: String?
}

@Suite("Sections and order")
struct SectioningTests {
    @Test func koreanIndex() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        #expect(Array(korean.sectionTitles.prefix(14)) == ["ㄱ", "ㄴ", "ㄷ", "ㄹ", "ㅁ", "ㅂ", "ㅅ", "ㅇ", "ㅈ", "ㅊ", "ㅋ", "ㅌ", "ㅍ", "ㅎ"])
        #expect(korean.sectionTitles[14] == "A")
        #expect(korean.sectionTitles.last == "#")
        #expect(korean.addsEnglishTitles)
        let grouped = korean.sections(of: ["박서준", "김민준", "Smith", "123", "까치", "😀"], by: { $0 })
        #expect(grouped.sections.map(\.title) == ["ㄱ", "ㅂ", "S", "#"])
        #expect(grouped.sections.map(\.records) == [["김민준", "까치"], ["박서준"], ["Smith"], ["😀", "123"]])  // CLDR: symbols before digits
        #expect(grouped.indexTitles == korean.sectionTitles)
        #expect(korean.sectionTitles[korean.section(for: "까치")] == "ㄱ")
    }

    @Test func swedishAndDanishLettersAfterZ() throws {
        let swedish = try LocalizedIndexedCollation(locale: "sv_SE")
        #expect(Array(swedish.sectionTitles.suffix(4)) == ["Å", "Ä", "Ö", "#"])
        #expect(!swedish.addsEnglishTitles)
        let danish = try LocalizedIndexedCollation(locale: "da_DK")
        #expect(Array(danish.sectionTitles.suffix(4)) == ["Æ", "Ø", "Å", "#"])
        #expect(danish.sectionTitles[danish.section(for: "Aalborg")] == "Å")
    }

    @Test func czechCHAfterH() throws {
        let czech = try LocalizedIndexedCollation(locale: "cs_CZ")
        let h = try #require(czech.sectionTitles.firstIndex(of: "H"))
        #expect(czech.sectionTitles[h + 1] == "CH")
        #expect(czech.sectionTitles[czech.section(for: "Chrudim")] == "CH")
        #expect(czech.sectionTitles[czech.section(for: "Cyril")] == "C")
    }

    @Test func japaneseReadingsDecideSectionAndOrder() throws {
        let japanese = try LocalizedIndexedCollation(locale: "ja_JP")
        let contacts = [
            Contact(name: "山田太郎", reading: "やまだたろう"), Contact(name: "東海林", reading: "しょうじ"),
            Contact(name: "日本", reading: ""), Contact(name: "あおい", reading: nil), Contact(name: "Smith", reading: nil),
            Contact(name: "佐藤", reading: "さとう"), Contact(name: "里東", reading: "さとう"),
        ]
        let grouped = japanese.sections(of: contacts, by: \.name, reading: \.reading)
        let titled = Dictionary(uniqueKeysWithValues: grouped.sections.map { ($0.title, $0.records.map(\.name)) })
        #expect(titled["や"] == ["山田太郎"])
        #expect(titled["さ"] == ["佐藤", "里東", "東海林"] || titled["さ"] == ["里東", "佐藤", "東海林"])
        #expect(titled["#"] == ["日本"])  // kanji without a reading
        #expect(titled["あ"] == ["あおい"])
        #expect(titled["S"] == ["Smith"])
        // Latin first, then kana: ICU's label order for ja.
        #expect(grouped.sections.first?.title == "S")
    }

    @Test func equalKeysKeepInputOrder() throws {
        let english = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: "en_US").with { $0.options = CollatorOptions(strength: .primary) })
        let records = ["anna#1", "Anna#2", "ANNA#3", "anna#4"].map { ($0, String($0.prefix(4))) }
        let grouped = english.sections(of: records, by: { $0.1 })
        #expect(grouped.sections.first?.records.map(\.0) == ["anna#1", "Anna#2", "ANNA#3", "anna#4"])
        let reversed = english.sections(of: records, by: { $0.1 }, descending: true)
        #expect(reversed.sections.first?.records.map(\.0) == ["anna#1", "Anna#2", "ANNA#3", "anna#4"])
    }

    @Test func descendingReversesSectionsAndRecords() throws {
        let english = try LocalizedIndexedCollation(locale: "en_US")
        let grouped = english.sections(of: ["b", "a2", "a1", "1"], by: { $0 }, descending: true)
        #expect(grouped.sections.map(\.title) == ["#", "B", "A"])
        #expect(grouped.records == ["1", "b", "a2", "a1"])
    }

    @Test func icuStyleKeepsICUBuckets() throws {
        let korean = try LocalizedIndexedCollation(LocalizedIndexedCollation.Configuration(locale: "ko_KR").with { $0.style = .icu })
        #expect(korean.sectionTitles.first == "…")
        #expect(!korean.sectionTitles.contains("#"))
        let grouped = korean.sections(of: ["김", "123", "Smith"], by: { $0 })
        #expect(grouped.sections.map(\.title) == ["…", "ㄱ", "S"])
    }

    @Test func emptyInput() throws {
        let english = try LocalizedIndexedCollation(locale: "en")
        let grouped = english.sections(of: [String](), by: { $0 })
        #expect(grouped.sections.isEmpty)
        #expect(grouped.indexTitles.count == 27)
    }

    @Test func sortedIgnoresSections() throws {
        let swedish = try LocalizedIndexedCollation(locale: "sv")
        #expect(swedish.sorted(["Öberg", "1", "Zorn", "Åsa"], by: { $0 }) == ["1", "Zorn", "Åsa", "Öberg"])
    }

    @Test func sectionIndexTitlesMapOneToOne() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        #expect(korean.sectionIndexTitles == korean.sectionTitles)
        #expect(korean.section(forSectionIndexTitleAt: 3) == 3)
        #expect(korean.section(forSectionIndexTitleAt: 999) == korean.sectionTitles.count - 1)
    }
}

/// Invariants over random multi-script input: nothing lost or duplicated, sections in
/// order and each record in the section `section(for:)` gives, the same for 1 or many
/// threads.
@Suite("Properties")
struct SectioningPropertyTests {
    static let alphabet: [String] =
        Array("가각까나다라마바사아자차카타파하ㄱㅎAaÅäÖoZzßÇçĞİıЁёЖжαΩωאבשابي0123456789あかさアカ山田日本ก่เนि -'.😀👍🏽").map(String.init) + [
            "", "\u{301}", "\u{1100}\u{1161}",
        ]

    @Test(arguments: ["ko_KR", "sv_SE", "ja_JP", "zh_CN", "ar", "tr_TR"])
    func permutationSortedAndConsistent(locale: String) throws {
        var generator = SplitMix64(seed: 0xC011A7E + UInt64(locale.utf8.count))
        let records = (0..<3000).map { _ in
            (0..<Int.random(in: 0...6, using: &generator)).map { _ in Self.alphabet.randomElement(using: &generator) ?? "" }.joined()
        }
        let collation = try LocalizedIndexedCollation(locale: locale)
        let grouped = collation.sections(of: records, by: { $0 })
        #expect(multiset(grouped.records) == multiset(records))  // a permutation: nothing lost or duplicated
        var lastTitle = -1
        for section in grouped.sections {
            #expect(section.titleIndex > lastTitle)
            lastTitle = section.titleIndex
            for record in section.records { #expect(collation.section(for: record) == section.titleIndex) }
            for (a, b) in zip(section.records, section.records.dropFirst()) {
                #expect(collation.collator.compare(a, b) != .orderedDescending, "\(a) > \(b)")
            }
        }
        let output = collation.indexingOutput(of: records, key: { $0 }, reading: nil, descending: false)
        for threads in [1, 4] {
            let again = collation.runEngine(IndexingEngine(collation: collation, threads: threads), records)
            #expect(again.order == output.order)
            #expect(again.groups == output.groups)
        }
    }

    @Test func largeInputUsesManyChunksAndStaysIdentical() throws {
        var generator = SplitMix64(seed: 42)
        let records = (0..<60_000).map { _ in
            (0..<Int.random(in: 1...5, using: &generator)).map { _ in Self.alphabet.randomElement(using: &generator) ?? "" }.joined()
        }
        let collation = try LocalizedIndexedCollation(locale: "ko_KR")
        let one = collation.runEngine(IndexingEngine(collation: collation, threads: 1), records)
        let four = collation.runEngine(IndexingEngine(collation: collation, threads: 4), records)
        #expect(one.order == four.order)
        #expect(one.sectionOfRecord == four.sectionOfRecord)
        #expect(Set(one.order).count == records.count)
    }
}

/// Lines as byte strings with their counts (String equality would merge canonically
/// equivalent lines, hiding a lost record).
func multiset(_ lines: [String]) -> [[UInt8]: Int] {
    lines.reduce(into: [:]) { $0[Array($1.utf8), default: 0] += 1 }
}

extension LocalizedIndexedCollation {
    func runEngine(_ engine: IndexingEngine, _ records: [String]) -> IndexingEngine.Output {
        var utf8 = [UInt8]()
        var ranges = ByteRanges()
        for record in records {
            let start = utf8.count
            utf8.append(contentsOf: record.utf8)
            ranges.append(start..<utf8.count)
        }
        return utf8.withUnsafeBufferPointer { engine.index(IndexingEngine.Input(bytes: $0, keys: ranges)) }
    }
}

/// Records share one key computation per distinct text; equal keys from different texts
/// must still come out in input order.
@Suite("Distinct-text sharing")
struct DistinctTextTests {
    @Test(arguments: [1_000, 100_000])
    func equalKeysFromDifferentTextsInterleaveInInputOrder(count: Int) throws {
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: "en_US").with { $0.options = CollatorOptions(strength: .primary) })
        var generator = SplitMix64(seed: UInt64(count))
        let variants = ["anna", "Anna", "ANNA", "ánna", "bob", "Bob", "böb", "carl"]
        let records = (0..<count).map { index in (variants.randomElement(using: &generator) ?? "anna", index) }
        let grouped = collation.sections(of: records, by: { $0.0 })
        // Reference: a stable sort by the collator alone.
        let expected = records.enumerated().sorted { a, b in
            let order = collation.collator.compare(a.element.0, b.element.0)
            return order == .orderedSame ? a.offset < b.offset : order == .orderedAscending
        }.map(\.element.1)
        #expect(grouped.records.map(\.1) == expected)
    }

    @Test func mostlyDistinctInputsGiveTheSameResultAsGroupedOnes() throws {
        let collation = try LocalizedIndexedCollation(locale: "ko_KR")
        var generator = SplitMix64(seed: 7)
        let syllables = Array("김이박최정강조윤장임한오서신권황안송류전")
        let distinct = (0..<80_000).map { "\(syllables.randomElement(using: &generator) ?? "김")\($0)" }
        let repeated = distinct + distinct.prefix(1_000)
        let one = collation.sections(of: distinct, by: { $0 }).records
        let two = collation.sections(of: repeated, by: { $0 }).records
        #expect(one.count == 80_000)
        #expect(two.count == 81_000)
        #expect(Array(two.filter { Int($0.dropFirst()) ?? 0 >= 1_000 }) == Array(one.filter { Int($0.dropFirst()) ?? 0 >= 1_000 }))
    }
}
