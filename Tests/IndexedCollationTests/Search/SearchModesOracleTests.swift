import SectionedData
import TestSupport
import Testing

@testable import IndexedCollation

private typealias Person = NamedRecord
private typealias People = IndexedDataSource<Person, Int, String>

/// An oracle that knows no collation: plain lower-case ASCII names, their words, and
/// the E.161 keypad, by string operations alone.
private enum StringOracle {
    static let keys: [Character: Character] = {
        var map: [Character: Character] = [:]
        for (digit, letters) in zip("23456789", ["abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz"]) {
            for letter in letters { map[letter] = digit }
        }
        return map
    }()

    /// Whether `query` finds `name` in `mode` (name and query: lower-case letters, digits
    /// and spaces).
    static func finds(_ query: String, _ name: String, mode: SearchOptions.Mode) -> Bool {
        let words = name.split(separator: " ").map(String.init)
        let parts = mode == .prefix ? [query.replacing(" ", with: "")] : query.split(separator: " ").map(String.init)
        if parts.allSatisfy(\.isEmpty) { return true }
        return parts.allSatisfy { part in
            spellings(words).contains { spelling in
                let tail = spelling.joined()
                if mode == .anywhere { return tail.contains(part) }
                return spelling.indices.contains { Self.tail(from: $0, spelling).hasPrefix(part) }
            }
        }
    }

    private static func tail(from index: Int, _ words: [String]) -> String { words[index...].joined() }

    /// The name's words as letters and, for a query of digits, as keypad digits (a name
    /// with no letter has no keypad spelling).
    private static func spellings(_ words: [String]) -> [[String]] {
        let keypad = words.map { String($0.map { keys[$0] ?? $0 }) }
        return words.joined().contains(where: \.isLetter) ? [words, keypad] : [words]
    }
}

@Suite("Each search mode against a brute-force matcher and a string oracle, typed character by character")
struct SearchModesOracleTests {
    private static let given = ["john", "jane", "joan", "david", "anna", "ann", "maria", "mark", "zoe", "lee", "kim", "ada"]
    private static let family = ["doe", "dodd", "smith", "smyth", "lee", "ng", "jones", "adams", "kim", "o", "r2d2"]

    private func randomName(_ random: inout SplitMix64) -> String {
        func pick(_ pool: [String]) -> String { pool[Int(random.next() % UInt64(pool.count))] }
        switch random.next() % 4 {
        case 0: return pick(Self.given)
        case 1: return pick(Self.given) + " " + pick(Self.family)
        default: return pick(Self.given) + " " + pick(Self.given) + " " + pick(Self.family)
        }
    }

    /// What people type: pieces of names in either order, keypad digits of them, inside
    /// pieces, random letters and digits.
    private func randomQuery(_ random: inout SplitMix64) -> String {
        func pick(_ pool: [String]) -> String { pool[Int(random.next() % UInt64(pool.count))] }
        let word = pick(Self.given + Self.family)
        let cut = String(word.prefix(Int(random.next() % UInt64(word.count)) + 1))
        switch random.next() % 6 {
        case 0: return cut
        case 1: return pick(Self.family) + " " + cut
        case 2: return String(cut.map { StringOracle.keys[$0] ?? $0 })
        case 3: return String(word.dropFirst(Int(random.next() % UInt64(word.count))))
        case 4: return pick(Self.given) + " " + String(pick(Self.family).map { StringOracle.keys[$0] ?? $0 })
        default:
            let letters = Array("aeiondjkmr 2356")
            return String((0..<Int(random.next() % 4 + 1)).map { _ in letters[Int(random.next() % UInt64(letters.count))] })
        }
    }

    @Test(arguments: SearchOptions.Mode.allCases)
    func latinNamesAgreeWithTheStringOracle(mode: SearchOptions.Mode) throws {
        var random = SplitMix64(seed: 36 + UInt64(mode.hashValue & 0xFF))
        let people = (0..<300).map { Person(id: $0, name: randomName(&random)) }
        var source = try People(people, collation: LocalizedIndexedCollation(locale: "en_US"), id: \.id, keys: { RecordKeys($0.name) }) {
            _, person in
            person.name
        }
        try source.buildSearchIndex(options: SearchOptions(mode: mode))
        let matcher = try #require(source.searchIndex).matcher
        for _ in 0..<60 {
            let text = randomQuery(&random)
            let characters = Array(text)
            var typing = source.search(String(characters.prefix(1)))
            for length in 1...characters.count {
                let typed = String(characters.prefix(length))
                if length > 1 { typing = typing.narrowed(to: typed) }
                let found = Set(shown(typing).flatMap { $0.dropFirst() })
                let expected = Set(people.filter { StringOracle.finds(typed, $0.name, mode: mode) }.map(\.id))
                #expect(found == expected, "\(mode) typing \(typed)")
                #expect(shown(typing) == bruteForceSections(source, matcher, typed), "\(mode) typing \(typed): index vs brute force")
            }
        }
    }

    @Test(arguments: ["ko_KR", "zh_CN", "zh_TW", "ja", "ru_RU", "el_GR"], SearchOptions.Mode.allCases)
    func everyScriptAgreesWithTheBruteForceMatcher(locale: String, mode: SearchOptions.Mode) throws {
        var random = SplitMix64(seed: 3600)
        let pool: [(String, String?)] = [
            ("김민준", nil), ("김서연", nil), ("박서준", nil), ("남궁민수", nil), ("이지은", nil), ("最", nil), ("张伟", nil), ("張偉", nil),
            ("王小明", nil), ("趙曉明", nil), ("山田太郎", "やまだ たろう"), ("佐藤健", "さとう けん"), ("しんいち", nil), ("つよし", nil),
            ("ちづる", nil), ("Иван Петров", nil), ("Фёдор", nil), ("Μαρία Νίκου", nil), ("John Doe", nil), ("Flat 12", nil),
        ]
        let queries = [
            "409", "4", "0", "ㄱㅁ", "민준", "준", "94", "9", "99", "张", "張", "zh", "wei", "874", "491", "yamada", "satoo", "sato", "satoh",
            "sinniti", "tuyosi", "tiduru", "chizuru", "422", "7", "627", "5646", "doe john", "12", "min jun", "ian", "oh",
        ]
        let people = (0..<160).map { index -> Person in
            let (name, reading) = pool[Int(random.next() % UInt64(pool.count))]
            return Person(id: index, name: name, reading: reading)
        }
        var source = try People(
            people, collation: LocalizedIndexedCollation(locale: CollationLocale(locale)), id: \.id,
            keys: { RecordKeys($0.name, reading: $0.reading) }
        ) { _, person in person.name }
        try source.buildSearchIndex(options: SearchOptions(mode: mode))
        let matcher = try #require(source.searchIndex).matcher
        for text in queries {
            let characters = Array(text)
            var typing = source.search(String(characters.prefix(1)))
            for length in 1...characters.count {
                let typed = String(characters.prefix(length))
                if length > 1 { typing = typing.narrowed(to: typed) }
                #expect(shown(typing) == bruteForceSections(source, matcher, typed), "\(locale) \(mode) typing \(typed)")
            }
        }
    }
}
