import Foundation
import SectionedData
import Testing

@testable import IndexedCollation
@testable import JapaneseReadings

/// How guessed readings split names, treat kana and Latin, and reach every path that
/// files a record (section(for:), sections(of:), IndexedDataSource).
@Suite("Japanese name mode")
struct JapaneseNameModeTests {
    func names() throws -> LocalizedIndexedCollation {
        var configuration = try LocalizedIndexedCollation.Configuration(locale: "ja_JP")
        configuration.personNames = true
        configuration.readingProvider = try MeCabReadings.installed()
        return try LocalizedIndexedCollation(configuration)
    }

    func title(_ collation: LocalizedIndexedCollation, _ key: String) -> String {
        collation.sectionTitles[collation.section(for: key)]
    }

    @Test(arguments: [
        ("高橋 翔", "たかはし しょう"), ("高橋\u{3000}翔", "たかはし しょう"), ("  高橋   翔 ", "たかはし しょう"),
        ("佐々木希", "ささき のぞみ"), ("長谷川博己", "はせがわ ひろみ"), ("小野寺真央", "おのでら まお"),
        ("田中", "たなか"), ("佐藤みゆき", "さとう みゆき"), ("五十嵐カノア", "いがらし かのあ"), ("佐藤 Ken", "さとう Ken"),
    ])
    func namesSplitIntoFamilyAndGivenReadings(name: String, reading: String) throws {
        let guesser = try JapaneseReadingGuesser.shared(.personName)
        #expect(guesser.guess(name) == reading)
    }

    @Test func theFamilyNameEndsWhereTheDictionarySaysAGivenNameStarts() throws {
        // 東出昌大: MeCab's best path is 東出 (姓) 昌 (名) 大 (suffix).
        let guesser = try JapaneseReadingGuesser.shared(.personName)
        let guess = try #require(guesser.guess("東出昌大"))
        #expect(guess.hasPrefix("ひがしで "))
    }

    @Test(arguments: ["やまだ", "スズキ イチロウ", "Smith", "John Smith", "123", "", "😀", "ｶﾀｶﾅ"])
    func kanaAndLatinNeedNoGuess(key: String) throws {
        #expect(try JapaneseReadingGuesser.shared(.personName).guess(key) == nil)
        #expect(try JapaneseReadingGuesser.shared(.text).guess(key) == nil)
    }

    @Test func textModeReadsTheWholeText() throws {
        let guesser = try JapaneseReadingGuesser.shared(.text)
        #expect(guesser.guess("東京タワー") == "とうきょうたわー")
        #expect(guesser.guess("国立\u{3000}国会図書館") == "こくりつ こっかいとしょかん")
    }

    @Test func katakanaIsComparedAsHiragana() {
        var output = [UInt8]()
        Array("サトウ・ヴァイオリン ー ヵヶ ヽヾ ｻﾄｳ abc".utf8).withUnsafeBufferPointer { JapaneseText.appendHiragana($0, to: &output) }
        #expect(String(decoding: output, as: UTF8.self) == "さとう・ゔぁいおりん ー ゕゖ ゝゞ ｻﾄｳ abc")
    }

    @Test(arguments: [("佐藤", true), ("々", true), ("〆切", true), ("𠮷野", true), ("さとう", false), ("サトウ", false), ("Sato", false), ("", false)])
    func onlyKanjiNeedReadings(text: String, needs: Bool) {
        var text = text
        #expect(text.withUTF8 { JapaneseText.needsReading($0) } == needs)
    }

    @Test(arguments: [
        ("佐藤健", "さ"), ("鈴木一郎", "さ"), ("高橋 翔", "た"), ("田中花子", "た"), ("伊藤 大輔", "あ"), ("渡辺美咲", "わ"),
        ("山本太郎", "や"), ("中村 愛", "な"), ("小林誠", "か"), ("長谷川博己", "は"), ("松本 潤", "ま"), ("Smith", "S"),
        ("やまだ", "や"), ("123", "#"),
    ])
    func namesFileUnderTheirFamilyNamesRow(name: String, row: String) throws {
        #expect(title(try names(), name) == row)
    }

    @Test func withoutNameModeKanjiStayInTheCatchAll() throws {
        let plain = try LocalizedIndexedCollation(locale: CollationLocale("ja_JP"))
        #expect(title(plain, "佐藤健") == "#")
        #expect(plain.surnameReadings == nil)
        var configuration = try LocalizedIndexedCollation.Configuration(locale: "ja_JP")
        configuration.guessesReadings = true
        configuration.readingProvider = try MeCabReadings.installed()
        let guessing = try LocalizedIndexedCollation(configuration)
        #expect(title(guessing, "東京") == "た")
        // Name mode without a provider guesses nothing: kanji stay in the catch-all, as ICU files them.
        var unprovided = try LocalizedIndexedCollation.Configuration(locale: "ja_JP")
        unprovided.personNames = true
        #expect(title(try LocalizedIndexedCollation(unprovided), "佐藤健") == "#")
        // Guesses asked for without a provider are refused, never silently skipped.
        unprovided.guessesReadings = true
        #expect(throws: CollationError.self) { try LocalizedIndexedCollation(unprovided) }
    }

    @Test func theFamilyNameOrdersBeforeTheGivenName() throws {
        // いと (伊都) + うえ would sort after いとう + あい if the readings were run together.
        let grouped = try names().sections(of: ["伊藤愛", "伊藤 健", "井上陽子", "石井誠", "伊藤"], by: { $0 })
        let a = try #require(grouped.sections.first { $0.title == "あ" })
        #expect(a.records == ["石井誠", "伊藤", "伊藤愛", "伊藤 健", "井上陽子"])
    }

    @Test func anExplicitReadingStillWins() throws {
        struct Person { var name: String; var reading: String? }
        let collation = try names()
        // MeCab reads 東 ひがし; the record says あずま.
        let people = [Person(name: "東 洋子", reading: "あずま ようこ"), Person(name: "東 健", reading: nil)]
        let grouped = collation.sections(of: people, by: \.name, reading: \.reading)
        #expect(grouped.sections.map(\.title) == ["あ", "は"])
        #expect(collation.section(for: people[0], by: \.name, reading: \.reading) == collation.section(for: "あ"))
    }

    @Test func theStampNamesTheDictionary() throws {
        let guessing = try names()
        let plain = try LocalizedIndexedCollation(locale: CollationLocale("ja_JP"))
        #expect(guessing.keyStampDescription(descending: false, keySelection: "").contains("guesses=naist-jdic"))
        #expect(plain.keyStampDescription(descending: false, keySelection: "").contains("guesses=none"))
        #expect(guessing.keyStamp != plain.keyStamp)
    }

    @Test func guessesAreTheSameOnManyThreads() throws {
        let guesser = try JapaneseReadingGuesser(mode: .personName, dictionary: MeCabReadings.installed().guesser(.personName).dictionary)
        let inputs = ["佐藤健", "鈴木一郎", "高橋 翔", "佐々木希", "小野寺真央", "東出昌大", "五十嵐カノア", "田中"]
        let sequential = inputs.map { guesser.guess($0) }
        let results = Results(count: 64)
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let fresh = JapaneseReadingGuesser(mode: .personName, dictionary: guesser.dictionary)
            results.set(index, inputs.map { (index.isMultiple(of: 2) ? fresh : guesser).guess($0) })
        }
        for index in 0..<64 { #expect(results.get(index) == sequential) }
    }

    @Test func dataSourceInsertsUseTheSameGuesses() throws {
        struct Person: Sendable { var id: Int; var name: String; var reading: String? }
        let collation = try names()
        let everyone = ["佐藤健", "高橋 翔", "山本太郎", "東 洋子", "渡辺美咲", "Smith", "やまだ", "長谷川博己", "伊藤 大輔", "佐藤"]
            .enumerated().map { Person(id: $0.offset, name: $0.element, reading: $0.element == "東 洋子" ? "あずま ようこ" : nil) }
        var source = try IndexedDataSource([Person](), collation: collation, id: \.id, keys: { RecordKeys($0.name, reading: $0.reading) }) {
            _, person in person.name
        }
        for person in everyone { _ = try source.insert(person) }
        let expected = collation.sections(of: everyone, by: \.name, reading: \.reading).sections
        #expect(source.numberOfSections == expected.count)
        for (index, section) in expected.enumerated() {
            #expect(source.titleForHeader(inSection: index) == section.title)
            #expect(
                (0..<source.numberOfRows(inSection: index)).map { source.cell(at: Position(row: $0, section: index)) }
                    == section.records.map(\.name))
        }
        #expect(expected.map(\.title) == ["S", "あ", "さ", "た", "は", "や", "わ"])
    }
}

/// Per-iteration results of a concurrent test (each index written once, by one thread).
private final class Results: @unchecked Sendable {
    private var values: [[String?]]
    private let lock = NSLock()
    init(count: Int) { values = Array(repeating: [], count: count) }
    func set(_ index: Int, _ value: [String?]) { lock.withLock { values[index] = value } }
    func get(_ index: Int) -> [String?] { lock.withLock { values[index] } }
}

@Suite("MeCab dictionary discovery")
struct MeCabDictionaryDiscoveryTests {
    @Test func aMissingDictionaryNamesThePackageToInstall() throws {
        let result = MeCabDictionary.load(directory: "/nonexistent/mecab", resourceFile: nil)
        guard case .failure(let error) = result else {
            Issue.record("a dictionary was found in /nonexistent/mecab")
            return
        }
        #expect(error.description.contains("apt-get install mecab-naist-jdic"))
        #expect(error.description.contains("/nonexistent/mecab"))
    }

    @Test func aBrokenDictionaryIsRefusedWithMeCabsReason() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mecab-broken-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("not a dictionary".utf8).write(to: directory.appendingPathComponent("sys.dic"))
        try Data("".utf8).write(to: directory.appendingPathComponent("dicrc"))
        let result = MeCabDictionary.load(directory: directory.path, resourceFile: nil)
        guard case .failure(let error) = result else {
            Issue.record("a broken dictionary was accepted")
            return
        }
        #expect(error.description.contains("cannot be loaded"))
        #expect(error.description.contains("apt-get install"))
    }

    @Test func theResourceFileNamesTheDictionary() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("mecabrc-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("; comment\ndicdir =  /opt/dic/ipadic \ncost-factor = 800\n".utf8).write(to: file)
        #expect(MeCabDictionary.dictionaryDirectory(inResourceFile: file.path) == "/opt/dic/ipadic")
        #expect(MeCabDictionary.candidates(directory: nil, resourceFile: file.path).first == "/opt/dic/ipadic")
        #expect(MeCabDictionary.candidates(directory: "/x", resourceFile: nil) == ["/x"])
        #expect(MeCabDictionary.dictionaryDirectory(inResourceFile: "/nonexistent/mecabrc") == nil)
    }
}

extension JapaneseNameModeTests {
    @Test func aVeryLongLineIsReadFromItsBeginning() throws {
        let guesser = try JapaneseReadingGuesser.shared(.text)
        let long = "東京" + String(repeating: "大阪", count: 5_000)
        let guess = try #require(guesser.guess(long))
        #expect(guess.hasPrefix("とうきょう"))
        #expect(guess.utf8.count < 10 * JapaneseReadingGuesser.maximumLength)
        // The cut falls inside no character: 4096 is not a multiple of 3.
        var text = "あ" + long
        #expect(text.withUTF8 { JapaneseReadingGuesser.readableLength($0) } % 3 == 0)
    }
}

extension JapaneseNameModeTests {
    /// Variant kanji the dictionary does not know are read as their standard forms.
    @Test(arguments: [
        ("髙橋一生", "た"), ("𠮷田沙保里", "や"), ("德永英明", "た"), ("桒原", "か"), ("瀨戸", "さ"), ("山﨑賢人", "や"),
        ("濵田", "は"), ("齋藤", "さ"), ("渡邊雅子", "わ"),
    ])
    func variantKanjiFileLikeTheirStandardForms(name: String, row: String) throws {
        #expect(title(try names(), name) == row)
    }

    @Test func variantsKeepTheTextWhenThereIsNone() throws {
        let guesser = try JapaneseReadingGuesser.shared(.personName)
        let plain = Array("高橋一生".utf8)
        #expect(guesser.variants.standardized(plain) == plain)
        #expect(guesser.variants.standardized(Array("髙橋 𠮷".utf8)) == Array("高橋 吉".utf8))
        #expect(guesser.variants.count > 0)
    }
}
