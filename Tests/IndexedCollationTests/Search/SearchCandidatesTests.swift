import TestSupport
import Testing

@testable import IndexedCollation

private struct Person: Sendable {
    var id: Int
    var name: String
    var reading: String? = nil
}

/// Names of four scripts, some with readings, some repeated (shared lookups).
private let names: [(String, String?)] = [
    ("김민준", nil), ("김서연", nil), ("박서준", nil), ("남궁민수", nil), ("이지은", nil), ("최민서", nil), ("김민준", nil),
    ("山田太郎", "やまだ たろう"), ("佐藤健", "さとう けん"), ("やまだ はなこ", nil), ("ヤマモト", nil), ("鈴木一郎", "すずき いちろう"),
    ("张伟", nil), ("张晓明", nil), ("王伟", nil), ("赵小明", nil), ("沈阳", nil), ("李娜", nil),
    ("José Álvarez", nil), ("Renée O'Connor", nil), ("Smith, John", nil), ("Zoe", nil), ("Anna", nil), ("JOSE", nil),
    ("Øystein", nil), ("123", nil), ("", nil), ("!?", nil),
]

/// Queries people type: prefixes of names, readings, initials, plus letters at random.
private func randomQuery(_ random: inout SplitMix64) -> String {
    let pool = [
        "ㄱ", "ㄱㅁ", "ㄱㅁㅈ", "김", "김ㅁ", "김민", "민준", "ㅅ", "ㅅㅇ", "서", "남ㄱ", "ㄴㄱㅁ", "やま", "ヤマ", "yama", "yamada t", "ken", "sa",
        "さと", "zh", "zw", "zhangw", "zxm", "shen", "z", "w", "l", "jose", "JOS", "ré", "renee o", "john", "smith j", "ø", "o", "1",
        "12", "!", " ", "a", "an", "ann", "山", "张", "赵小", "i", "ichi", "すず",
    ]
    if random.next() % 4 == 0 {
        let letters = Array("aeiouzxsjmnkㄱㅁㅅㅇ김서やまzhw")
        return String((0..<Int(random.next() % 3 + 1)).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
    }
    return pool[Int(random.next() % UInt64(pool.count))]
}

/// A search's sections as plain values: title, source section, rows and slots.
private func plain(_ sections: [SearchResults<Person, Int, String>.Section]) -> [[Int32]] {
    sections.map { [Int32($0.titleIndex), Int32($0.sourceSection)] + $0.rows + [-1] + $0.slots }
}

@Suite("The first weight's candidates find what a scan of every record finds")
struct SearchCandidatesTests {
    @Test(arguments: ["ko_KR", "zh_CN", "ja"])
    func candidatesAgreeWithTheFullScan(locale: String) throws {
        var random = SplitMix64(seed: 24)
        var nextID = 0
        func person() -> Person {
            let (name, reading) = names[Int(random.next() % UInt64(names.count))]
            defer { nextID += 1 }
            return Person(id: nextID, name: name, reading: reading)
        }
        let records = (0..<120).map { _ in person() }
        var source = try IndexedDataSource(
            collation: LocalizedIndexedCollation(locale: CollationLocale(locale)), records: records, id: \.id,
            key: \.name, reading: \.reading
        ) { _, person in person.name }
        try source.buildSearchIndex()
        for round in 0..<4 {
            for _ in 0..<60 {
                let text = randomQuery(&random)
                let index = try #require(source.searchIndex)
                let query = index.matcher.query(text)
                let full = plain(source.fullScan(query, in: index))
                #expect(plain(source.search(text).sections) == full, "\(locale) round \(round): \(text)")
                if let candidates = SearchResults<Person, Int, String>.candidates(index, query, shown: source.table.shown) {
                    #expect(plain(candidates) == full, "\(locale) round \(round): \(text)")
                }
            }
            // Edits between rounds: the start lists follow inserts and removals.
            for _ in 0..<15 { try source.insert(person()) }
            let present = (0..<nextID).filter { source.position(of: $0) != nil }
            for _ in 0..<10 {
                let id = present[Int(random.next() % UInt64(present.count))]
                if source.position(of: id) != nil { try source.remove(id: id) }
            }
        }
        #expect(source.searchIndex?.count == source.numberOfRecords)
    }

    @Test func aOneWeightQueryReadsNoLookupAndAnUnknownWeightFindsNothing() throws {
        var source = try IndexedDataSource(
            collation: LocalizedIndexedCollation(locale: "en"), records: [Person(id: 1, name: "Anna"), Person(id: 2, name: "Bob")],
            id: \.id, key: \.name
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
        let index = try #require(source.searchIndex)
        #expect(index.postings.candidates(startingWith: index.matcher.query("b").variants[0][0]).count == 1)
    }
}
