import SectionedData
import TestSupport
import Testing

@testable import IndexedCollation

private typealias Person = NamedRecord
private typealias People = IndexedDataSource<Person, Int, String>

/// Names of four scripts that share long beginnings (a family name of many, given names
/// that start alike), so that start lists split several weights deep.
private func randomName(_ random: inout SplitMix64) -> (String, String?) {
    func pick(_ pool: [String]) -> String { pool[Int(random.next() % UInt64(pool.count))] }
    switch random.next() % 6 {
    case 0, 1: return (pick(["김", "김", "기", "이", "남궁"]) + pick(["민", "미", "민서", "서", "지"]) + pick(["준", "연", "", "수", "우"]), nil)
    case 2: return (pick(["张", "张", "赵", "王"]) + pick(["伟", "晓", "小", "明", ""]) + pick(["明", "伟", ""]), nil)
    case 3:
        let reading = pick(["やまだ", "やまもと", "やま"]) + " " + pick(["たろう", "たかし", "はな"])
        return (pick(["山田", "山本"]) + pick(["太郎", "隆", "花"]), random.next() % 3 == 0 ? nil : reading)
    default: return (pick(["Jo", "Joan", "John", "Johan", "Ann"]) + pick(["", " ", " Smith", "na", "nes Doe"]), nil)
    }
}

/// What people type: beginnings of the names, initials, given names, keypad digits,
/// several words, letters at random.
private func randomQuery(_ random: inout SplitMix64) -> String {
    let pool = [
        "김민준", "김민서", "김민", "김ㅁ", "ㄱㅁㅈ", "기민", "민서", "남궁민수", "ㄴㄱㅁ", "409", "4096", "40", "zhangw", "zhang", "zxm", "张伟",
        "やまだた", "yamada t", "yamamoto", "山田太", "johnnes", "johan", "john smith", "smith jo", "doe joh", "5646", "56466", "ohn",
        "民", "ann", "민준 김", "서 김",
    ]
    if random.next() % 4 == 0 {
        let letters = Array("jonhamsㄱㅁㅅ김민서yzw40")
        return String((0..<Int(random.next() % 5 + 1)).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
    }
    return pool[Int(random.next() % UInt64(pool.count))]
}

@Suite("Start lists split by longer paths find what the unsplit lists and a brute-force matcher find")
struct SearchSplitListsTests {
    /// Two indexes of the same records: lists never split, and every list of more than
    /// one lookup split (down to ``StartPostings/maximumDepth``).
    private func sources(mode: SearchOptions.Mode, locale: String, count: Int, seed: UInt64) throws -> (People, People) {
        var random = SplitMix64(seed: seed)
        let people = (0..<count).map { index -> Person in
            let (name, reading) = randomName(&random)
            return Person(id: index, name: name, reading: reading)
        }
        let unsplit = Int.max
        var plain = try People(
            people, collation: LocalizedIndexedCollation(locale: CollationLocale(locale)), id: \.id,
            keys: { RecordKeys($0.name, reading: $0.reading) }
        ) { _, person in person.name }
        var split = plain
        try plain.buildSearchIndex(options: SearchOptions(mode: mode), fields: nil, splitThreshold: unsplit)
        try split.buildSearchIndex(options: SearchOptions(mode: mode), fields: nil, splitThreshold: 1)
        return (plain, split)
    }

    /// Lists made by many workers, each numbering the keys it meets first on its own, and
    /// longer paths found by many workers, each keeping the paths of its groups apart, are
    /// the lists one pass makes: the same numbers, the same slots, the same splits.
    @Test(arguments: ["ko_KR", "ja"])
    func listsMadeInPiecesAreTheListsOfOnePass(locale: String) throws {
        let (_, split) = try sources(mode: .prefix, locale: locale, count: 3_000, seed: 46)
        var pieces = split
        try pieces.buildSearchIndex(options: SearchOptions(), fields: nil, splitThreshold: 1, pieceSize: 7)
        let (one, many) = (try #require(split.searchIndex).postings, try #require(pieces.searchIndex).postings)
        #expect(one.pieceSize > 3_000 && many.pieceSize == 7)
        #expect(one.lists.count == many.lists.count)
        #expect(one.lists.map(\.slots) == many.lists.map(\.slots))
        #expect(one.split == many.split)
        #expect(one.lists.contains { $0.count > 100 } && one.split.contains(true))
        for text in ["김민", "ㄱㅁ", "409", "やまだ", "yamada t", "john"] {
            #expect(shown(pieces.search(text)) == shown(split.search(text)), "\(text)")
        }
    }

    @Test(arguments: ["ko_KR", "zh_CN", "ja", "en"], SearchOptions.Mode.allCases)
    func searchesAndNarrowingsAreTheSameWithSplitLists(locale: String, mode: SearchOptions.Mode) throws {
        var (plain, split) = try sources(mode: mode, locale: locale, count: 120, seed: 38)
        let matcher = try #require(split.searchIndex).matcher
        // The split index has lists of longer paths; the other has none.
        #expect(try #require(split.searchIndex).postings.lists.count > (try #require(plain.searchIndex)).postings.lists.count)
        var random = SplitMix64(seed: 380)
        var nextID = 10_000
        for round in 0..<2 {
            for _ in 0..<20 {
                let text = randomQuery(&random)
                let characters = Array(text)
                var typingPlain = plain.search(String(characters.prefix(1)))
                var typingSplit = split.search(String(characters.prefix(1)))
                for length in 1...characters.count {
                    let typed = String(characters.prefix(length))
                    if length > 1 {
                        typingPlain = typingPlain.narrowed(to: typed)
                        typingSplit = typingSplit.narrowed(to: typed)
                    }
                    let expected = bruteForceSections(split, matcher, typed)
                    #expect(shown(typingSplit) == expected, "\(locale) \(mode) round \(round): typing \(typed), split")
                    #expect(shown(typingPlain) == expected, "\(locale) \(mode) round \(round): typing \(typed), unsplit")
                    #expect(shown(split.search(typed)) == expected, "\(locale) \(mode) round \(round): \(typed), split")
                }
            }
            // Edits between rounds: records inserted later join the longer lists.
            for _ in 0..<15 {
                let (name, reading) = randomName(&random)
                let person = Person(id: nextID, name: name, reading: reading)
                nextID += 1
                try plain.insert(person)
                try split.insert(person)
            }
            for id in stride(from: round * 7, to: 120, by: 17) {
                if plain.position(of: id) != nil { try plain.remove(id: id) }
                if split.position(of: id) != nil { try split.remove(id: id) }
            }
        }
        #expect(split.searchIndex?.count == split.numberOfRecords)
    }

    @Test func typingOnReadsTheSplitListInsteadOfCheckingThePreviousResults() throws {
        // 김 starts most names: 김 (ㄱㅣㅁ) and 김민 (ㄱㅣㅁㅁㅣㄴ) each have a list of their
        // own once the lists split, so neither checks a lookup.
        let names = ["김민준", "김민서", "김서연", "김지우", "기민수", "김수", "이민준", "김민"]
        let people = (0..<400).map { Person(id: $0, name: names[$0 % names.count] + ($0 % 3 == 0 ? "" : " \($0 % 7)")) }
        var source = try People(people, collation: LocalizedIndexedCollation(locale: "ko_KR"), id: \.id, keys: { RecordKeys($0.name) }) {
            _, person in
            person.name
        }
        try source.buildSearchIndex(options: SearchOptions(), fields: nil, splitThreshold: 2)
        let index = try #require(source.searchIndex)
        let first = source.search("김")
        let typing = first.narrowed(to: "김서")
        for (results, text) in [(first, "김"), (typing, "김서"), (first.narrowed(to: "김민"), "김민")] {
            // Every reading of the query is its list's whole path: no lookup is checked.
            for variant in index.matcher.query(text).variants {
                #expect(index.postings.deepestList(for: variant).depth == variant.count, "\(text)")
            }
            #expect(shown(results) == bruteForceSections(source, index.matcher, text), "\(text)")
        }
        // 김서 has one reading (서 has no final consonant): its results are its list itself.
        let (list, _) = index.postings.deepestList(for: index.matcher.query("김서").variants[0])
        let number = try #require(list)
        #expect(typing.sections.count == 1)
        #expect(typing.sections.first.map { Array($0.slots) } == index.postings.lists[Int(number)].slots)
        // 김서 finds fewer than 김, and the same as the unsplit index that checks 김's matches.
        #expect(typing.numberOfRecords < first.numberOfRecords)
        var unsplit = source
        try unsplit.buildSearchIndex(options: SearchOptions(), fields: nil, splitThreshold: Int.max)
        for text in ["김서", "김민", "김민준", "김민준 3", "김ㅁ", "기민"] {
            #expect(shown(unsplit.search("김").narrowed(to: text)) == shown(first.narrowed(to: text)), "\(text)")
        }
    }

    @Test func aListSplitsOnlyAboveTheThreshold() throws {
        let people = (0..<50).map { Person(id: $0, name: ["Anna", "Annika", "Anne", "Bo"][$0 % 4] + " \($0)") }
        var source = try People(people, collation: LocalizedIndexedCollation(locale: "en"), id: \.id, keys: { RecordKeys($0.name) }) {
            _, person in
            person.name
        }
        // "an" holds 38 distinct lookups (13 Anna, 13 Annika, 12 Anne, each with its number).
        try source.buildSearchIndex(options: SearchOptions(), fields: nil, splitThreshold: 38)
        var index = try #require(source.searchIndex)
        #expect(index.postings.deepestList(for: index.matcher.query("ann").variants[0]).depth == 2)
        try source.buildSearchIndex(options: SearchOptions(), fields: nil, splitThreshold: 37)
        index = try #require(source.searchIndex)
        #expect(index.postings.deepestList(for: index.matcher.query("ann").variants[0]).depth == 3)
        #expect(source.search("ann").numberOfRecords == 38)
        #expect(source.search("annik").numberOfRecords == 13)
    }
}
