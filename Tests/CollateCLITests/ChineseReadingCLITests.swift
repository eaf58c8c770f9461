import Foundation
import Testing

/// Chinese readings (issue 37): never a reading of another language, pinyin written into
/// Chinese contacts, and polyphonic words filed and searched by the word's reading.
@Suite("collate: Chinese readings")
struct ChineseReadingCLITests {
    @Test(arguments: ["zh_CN", "ko_KR", "zh_TW"])
    func guessReadingsIsRefusedWhereHanIsReadInAnotherLanguage(locale: String) throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("names.txt", "单田芳\n東京\n")
        let result = try runInProcess(["--locale", locale, "--guess-readings", input])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("--guess-readings guesses Japanese readings"))
        let process = try runProcess(["--locale", locale, "--guess-readings", input])
        #expect(process.status == 1)
        #expect(process.stderr.contains("leave --guess-readings out"))
    }

    @Test func guessReadingsStillReadsJapaneseUnderJapanese() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("words.txt", "東京\n")
        let result = try runInProcess(["--locale", "ja_JP", "--guess-readings", "--format", "tsv", input])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == "た\t東京\n")
    }

    @Test func noKanaOrHanIsWrittenIntoAChineseCard() throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("zh.vcf", "BEGIN:VCARD\r\nVERSION:3.0\r\nN:单;田芳;;;\r\nFN:单田芳\r\nEND:VCARD\r\n")
        let result = try runInProcess(["--locale", "zh_CN", "--names", "--write-readings", "--format", "vcard", input])
        #expect(result.status == 0, "\(result.stderr)")
        let phonetic = result.stdoutText.split(separator: "\r\n").filter { $0.hasPrefix("X-PHONETIC") }
        #expect(!phonetic.contains { line in line.unicodeScalars.contains { $0.value >= 0x3040 } })
    }

    @Test func pinyinIsWrittenIntoChineseCardsAndUndecidedOnesAreCounted() throws {
        let scratch = try ScratchDirectory()
        let cards = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:单;田芳;;;\r\nFN:单田芳\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nN:王;𠀋;;;\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Smith;John;;;\r\nEND:VCARD\r\n"
        let input = try scratch.file("zh.vcf", cards)
        let result = try runProcess(["--locale", "zh_CN", "--names", "--write-readings", "--format", "vcard", input])
        #expect(result.status == 0, "\(result.stderr)")
        let text = result.stdoutText
        #expect(text.contains("N:单;田芳;;;\r\nX-PHONETIC-LAST-NAME:Shan\r\nX-PHONETIC-FIRST-NAME:Tianfang\r\nFN:单田芳"))
        #expect(text.contains("BEGIN:VCARD\r\nVERSION:3.0\r\nN:王;𠀋;;;\r\nEND:VCARD\r\n"))  // unchanged
        #expect(text.components(separatedBy: "X-PHONETIC").count == 3)
        #expect(result.stderr.contains("wrote guessed readings for 1 of 3 records"))
        #expect(result.stderr.contains("1 left unchanged: their reading cannot be decided"))
        // Read back without --names, the written reading files the card under S.
        let written = try scratch.file("written.vcf", text)
        let back = try runInProcess(["--locale", "zh_CN", "--format", "json", written])
        #expect(back.status == 0, "\(back.stderr)")
        let titles = try sectionTitles(back.stdout)
        #expect(titles.first { $0.value.contains { $0.contains("N:单;田芳") } }?.key == "S")
        // Without the written reading (and without --names) 单 is read dān: D.
        let plain = try sectionTitles(try runInProcess(["--locale", "zh_CN", "--format", "json", input]).stdout)
        #expect(plain.first { $0.value.contains { $0.contains("N:单;田芳") } }?.key == "D")
    }

    func sectionTitles(_ stdout: [UInt8]) throws -> [String: [String]] {
        struct Document: Decodable {
            struct Section: Decodable {
                var title: String
                var records: [String]
            }
            var sections: [Section]
        }
        let document = try JSONDecoder().decode(Document.self, from: Data(stdout))
        return Dictionary(uniqueKeysWithValues: document.sections.map { ($0.title, $0.records) })
    }
}
