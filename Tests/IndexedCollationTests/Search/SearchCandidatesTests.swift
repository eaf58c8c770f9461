import SectionedData
import TestSupport
import Testing

@testable import IndexedCollation

private typealias Person = NamedRecord

private typealias People = IndexedDataSource<Person, Int, String>

/// Names of four scripts, some with readings, some repeated (shared lookups).
private let names: [(String, String?)] = [
    ("김민준", nil), ("김서연", nil), ("박서준", nil), ("남궁민수", nil), ("이지은", nil), ("최민서", nil), ("김민준", nil),
    ("山田太郎", "やまだ たろう"), ("佐藤健", "さとう けん"), ("やまだ はなこ", nil), ("ヤマモト", nil), ("鈴木一郎", "すずき いちろう"),
    ("张伟", nil), ("张晓明", nil), ("王伟", nil), ("赵小明", nil), ("沈阳", nil), ("李娜", nil),
    ("José Álvarez", nil), ("Renée O'Connor", nil), ("Smith, John", nil), ("Zoe", nil), ("Anna", nil), ("JOSE", nil),
    ("Øystein", nil), ("123", nil), ("", nil), ("!?", nil),
]

/// A name made of random pieces of one script, so that start lists share first weights
/// and first pairs in many ways.
private func randomName(_ random: inout SplitMix64) -> (String, String?) {
    func pick(_ pool: [String]) -> String { pool[Int(random.next() % UInt64(pool.count))] }
    switch random.next() % 5 {
    case 0: return (pick(["김", "이", "박", "기", "긴", "남궁", "민"]) + pick(["민", "미", "서", "지", "준"]) + pick(["준", "연", "", "수"]), nil)
    case 1: return (pick(["张", "赵", "王", "沈", "朱"]) + pick(["伟", "晓", "小", "明", ""]) + pick(["明", "伟", ""]), nil)
    case 2:
        let reading = pick(["やま", "やまだ", "さと", "すず"]) + " " + pick(["た", "たろう", "けん", "はな"])
        return (pick(["山田", "佐藤", "鈴木"]) + pick(["太郎", "健", "花"]), random.next() % 3 == 0 ? nil : reading)
    case 3:
        return (pick(["Jo", "José", "Ann", "Anna", "Zo", "Ren"]) + pick(["", " ", ", "]) + pick(["e", "Smith", "O'Connor", "ika"]), nil)
    default: return names[Int(random.next() % UInt64(names.count))]
    }
}

/// Queries people type: prefixes of names, readings, initials, plus letters at random.
private func randomQuery(_ random: inout SplitMix64) -> String {
    let pool = [
        "ㄱ", "ㄱㅁ", "ㄱㅁㅈ", "김", "김ㅁ", "김민", "김민준", "민준", "ㅅ", "ㅅㅇ", "서", "남ㄱ", "ㄴㄱㅁ", "기", "긴", "やま", "ヤマ", "yama",
        "yamada t", "ken", "sa", "さと", "zh", "zw", "zhangw", "zxm", "shen", "z", "w", "l", "jose", "JOS", "ré", "renee o", "john",
        "smith j", "ø", "o", "1", "12", "!", " ", "a", "an", "ann", "山", "张", "赵小", "i", "ichi", "すず", "jo s", "zhu",
    ]
    if random.next() % 4 == 0 {
        let letters = Array("aeiouzxsjmnkㄱㅁㅅㅇ김서기やまzhw")
        return String((0..<Int(random.next() % 4 + 1)).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
    }
    return pool[Int(random.next() % UInt64(pool.count))]
}

/// What a brute-force matcher finds (``bruteForceSections(_:_:_:)``) with the default options.
private func bruteForce(_ source: People, _ text: String) throws -> [[Int]] {
    bruteForceSections(source, try SearchMatcher(collation: source.collation), text)
}

@Suite("The start lists of the first one and two weights find what a brute-force matcher finds")
struct SearchCandidatesTests {
    @Test(arguments: ["ko_KR", "zh_CN", "ja", "en"])
    func searchesAndNarrowingsAgreeWithABruteForceMatcher(locale: String) throws {
        var random = SplitMix64(seed: 24)
        var nextID = 0
        func person() -> Person {
            let (name, reading) = random.next() % 2 == 0 ? randomName(&random) : names[Int(random.next() % UInt64(names.count))]
            defer { nextID += 1 }
            return Person(id: nextID, name: name, reading: reading)
        }
        var source = try IndexedDataSource(
            (0..<200).map { _ in person() }, collation: LocalizedIndexedCollation(locale: CollationLocale(locale)), id: \.id,
            keys: { RecordKeys($0.name, reading: $0.reading) }
        ) { _, person in person.name }
        try source.buildSearchIndex()
        for round in 0..<4 {
            for _ in 0..<40 {
                let text = randomQuery(&random)
                #expect(shown(source.search(text)) == (try bruteForce(source, text)), "\(locale) round \(round): \(text)")
                // Typing the query character by character, each step narrowing the last.
                let characters = Array(text)
                var typing = source.search(String(characters.prefix(1)))
                for length in 1...characters.count {
                    let typed = String(characters.prefix(length))
                    if length > 1 { typing = typing.narrowed(to: typed) }
                    #expect(shown(typing) == (try bruteForce(source, typed)), "\(locale) round \(round): typing \(typed)")
                }
            }
            // Edits between rounds: the start lists follow inserts and removals.
            for _ in 0..<25 { try source.insert(person()) }
            let present = (0..<nextID).filter { source.position(of: $0) != nil }
            for _ in 0..<20 {
                let id = present[Int(random.next() % UInt64(present.count))]
                if source.position(of: id) != nil { try source.remove(id: id) }
            }
        }
        #expect(source.searchIndex?.count == source.numberOfRecords)
    }

    @Test func theLookupStoreReclaimsRemovedLookupsAndFindsTheSame() throws {
        // 1,200 distinct names of some 20 weights: removing 900 drops more weights than
        // stay, and the store moves the live ones together.
        let given = ["Anna", "Bo", "Cleo", "Dario", "Émile", "Fay", "Gus", "Hana"]
        let family = ["Smith", "O'Neil", "Lee", "García", "Nowak", "Kim"]
        let people = (0..<1_200).map { Person(id: $0, name: "\(given[$0 % 8]) \(family[$0 % 6]) \($0)") }
        var source = try IndexedDataSource(
            people, collation: LocalizedIndexedCollation(locale: "en"), id: \.id, keys: { RecordKeys($0.name) }
        ) { _, person in person.name }
        try source.buildSearchIndex()
        let before = try #require(source.searchIndex).store.weightCount
        try source.remove(ids: (0..<900).map { $0 * 4 / 3 })
        try source.insert(contentsOf: (2_000..<2_050).map { Person(id: $0, name: "Ann \(family[$0 % 6]) \($0)") })
        let after = try #require(source.searchIndex).store.weightCount
        // Without reclaiming, the store would only grow (removals drop, inserts add).
        #expect(after < before, "\(before) → \(after) weights")
        for text in ["ann", "an", "a", "smith", "garcia a", "émile n", "1", "12", "kim 9", "o'n", "zz", ""] {
            #expect(shown(source.search(text)) == (try bruteForce(source, text)), "\(text)")
        }
        #expect(source.searchIndex?.count == 350)
    }

    @Test func aKoreanNameStartsListsOfItsFirstWeightsAndPairs() throws {
        // Without the keypad spelling, whose digits start lists of their own.
        var options = SearchOptions()
        options.keypad = false
        let matcher = try SearchMatcher(collation: LocalizedIndexedCollation(locale: "ko_KR"), options: options)
        let keys = Set(StartPostings.startKeys(of: matcher.lookup(keys: ["김민준"], readings: [nil])))
        // ㄱ, ㅁ; and ㄱ then ㅣ (김's vowel) or ㅁ (민's initial), ㅁ then ㅣ or ㅈ.
        for query in ["ㄱ", "ㅁ", "기", "ㄱㅁ", "미", "ㅁㅈ"] {
            let key = try #require(StartPostings.key(matcher.query(query).variants[0]))
            #expect(keys.contains(key), "\(query)")
        }
        // ㅈ (준) starts no match: it is neither a word nor the given name.
        #expect(!keys.contains(try #require(StartPostings.key(matcher.query("ㅈ").variants[0]))))
        #expect(keys.count == 6)
    }

    @Test func aOneWeightQueryReadsItsListAndAnUnknownWeightFindsNothing() throws {
        var source = try IndexedDataSource(
            [Person(id: 1, name: "Anna"), Person(id: 2, name: "Bob")], collation: LocalizedIndexedCollation(locale: "en"), id: \.id,
            keys: { RecordKeys($0.name) }
        ) { _, person in person.name }
        try source.buildSearchIndex()
        #expect(source.search("b").numberOfRecords == 1)
        #expect(source.search("q").numberOfRecords == 0)
        try source.remove(id: 2)
        #expect(source.search("b").numberOfRecords == 0)
        try source.insert(Person(id: 3, name: "Bea"))
        try source.insert(Person(id: 4, name: "Ada"))
        #expect(source.search("b").numberOfRecords == 1)
        #expect(source.search("a").numberOfRecords == 2)
        #expect(source.search("an").numberOfRecords == 1)
        let index = try #require(source.searchIndex)
        #expect(index.postings.candidates(startingWith: index.matcher.query("b").variants[0])?.count == 1)
        #expect(index.postings.candidates(startingWith: index.matcher.query("be").variants[0])?.count == 1)
        #expect(index.postings.candidates(startingWith: index.matcher.query("bo").variants[0])?.count == 0)
        #expect(index.postings.candidates(startingWith: index.matcher.query("").variants[0]) == nil)
        // A two-weight query's results are its list itself, no lookup checked.
        let list = try #require(index.postings.candidates(startingWith: index.matcher.query("an").variants[0]))
        let found = source.search("an")
        #expect(found.sections.count == 1)
        #expect(Array(found.sections[0].slots) == list)
    }
}
