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
}
