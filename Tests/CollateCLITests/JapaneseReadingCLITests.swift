import Foundation
import Testing

/// `--names` under ja and `--guess-readings`, in process and as a process.
@Suite("collate: guessed Japanese readings")
struct JapaneseReadingCLITests {
    struct Document: Decodable {
        struct Section: Decodable {
            var title: String
            var records: [String]
        }
        var sections: [Section]
    }

    func sections(_ stdout: [UInt8]) throws -> [String: [String]] {
        let document = try JSONDecoder().decode(Document.self, from: Data(stdout))
        return Dictionary(uniqueKeysWithValues: document.sections.map { ($0.title, $0.records) })
    }

    @Test func kanjiNamesFileUnderTheirFamilyNamesRow() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("names.txt", "佐藤健\n鈴木一郎\n高橋 翔\n田中花子\n伊藤 大輔\n渡辺美咲\nSmith\nやまだ はなこ\n123\n")
        let result = try runInProcess(["--locale", "ja_JP", "--names", "--format", "json", input])
        #expect(result.status == 0, "\(result.stderr)")
        let sections = try sections(result.stdout)
        #expect(sections["さ"] == ["佐藤健", "鈴木一郎"])
        #expect(sections["た"] == ["高橋 翔", "田中花子"])
        #expect(sections["あ"] == ["伊藤 大輔"])
        #expect(sections["わ"] == ["渡辺美咲"])
        #expect(sections["S"] == ["Smith"])
        #expect(sections["や"] == ["やまだ はなこ"])
        #expect(sections["#"] == ["123"])
        #expect(sections.values.map(\.count).reduce(0, +) == 9)
    }

    /// With several `-k` fields, `--reading-field` reads the first: records order by the
    /// first key's reading, then by the second key, each record keeping its own line.
    @Test func aReadingFieldReadsTheFirstOfSeveralKeyFields() throws {
        let scratch = try ScratchDirectory()
        // 東 read あずま (あ) and ひがし (は); 角田 read かくた (か); the third field breaks ties.
        let lines = ["東\tひがし\t2", "角田\tかくた\t1", "東\tあずま\t9", "東\tあずま\t3", "東\tひがし\t1"]
        let input = try scratch.file("keys.tsv", lines.joined(separator: "\n") + "\n")
        let result = try runInProcess(["--locale", "ja_JP", "-k", "1", "-k", "3", "--reading-field", "2", "--format", "json", input])
        #expect(result.status == 0, "\(result.stderr)")
        let sections = try sections(result.stdout)
        #expect(sections["あ"] == ["東\tあずま\t3", "東\tあずま\t9"])
        #expect(sections["か"] == ["角田\tかくた\t1"])
        #expect(sections["は"] == ["東\tひがし\t1", "東\tひがし\t2"])
        #expect(sections.values.map(\.count).reduce(0, +) == lines.count)
    }

    @Test func anExplicitReadingFieldStillWins() throws {
        let scratch = try ScratchDirectory()
        // MeCab reads 東 as ひがし and 角田 as つのだ; the reading column says otherwise.
        let input = try scratch.file("names.tsv", "東 洋子\tあずま ようこ\n東 健\t\n角田 光\tかくた ひかる\n角田 誠\t\n")
        let result = try runInProcess(["--locale", "ja_JP", "--names", "--field", "1", "--reading-field", "2", "--format", "json", input])
        #expect(result.status == 0, "\(result.stderr)")
        let sections = try sections(result.stdout)
        #expect(sections["あ"] == ["東 洋子\tあずま ようこ"])
        #expect(sections["は"] == ["東 健\t"])
        #expect(sections["か"] == ["角田 光\tかくた ひかる"])
        #expect(sections["た"] == ["角田 誠\t"])
    }

    @Test func guessReadingsReadsAnyText() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("words.txt", "東京\n大阪\nさっぽろ\nNew York\n")
        let plain = try runInProcess(["--locale", "ja_JP", "--format", "json", input])
        #expect(try sections(plain.stdout)["#"] == ["大阪", "東京"])
        let guessed = try runInProcess(["--locale", "ja_JP", "--guess-readings", "--format", "json", input])
        #expect(guessed.status == 0, "\(guessed.stderr)")
        let sections = try sections(guessed.stdout)
        #expect(sections["た"] == ["東京"])
        #expect(sections["あ"] == ["大阪"])
        #expect(sections["#"] == nil)
    }

    @Test func aMissingDictionaryIsAnErrorNamingThePackage() throws {
        let result = try runProcess(
            ["--locale", "ja_JP", "--names", "--format", "tsv"], stdin: Array("佐藤健\n".utf8),
            environment: ["LANG": "C.UTF-8", "COLLATE_MECAB_DICDIR": "/nonexistent/mecab-dic"])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("collate: "))
        #expect(result.stderr.contains("apt-get install mecab-naist-jdic"))
        // Without guessing nothing needs the dictionary.
        let plain = try runProcess(
            ["--locale", "ja_JP", "--format", "tsv"], stdin: Array("佐藤健\n".utf8),
            environment: ["LANG": "C.UTF-8", "COLLATE_MECAB_DICDIR": "/nonexistent/mecab-dic"])
        #expect(plain.status == 0)
        #expect(plain.stdoutText == "#\t佐藤健\n")
    }
}
