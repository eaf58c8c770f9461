import Foundation
import Testing

/// Address books as exporters write them: every charset through ICU, the name a contact
/// app files a card under, and guessed readings written back (issue 23).
@Suite("Contact encodings, names and written readings")
struct ContactEncodingTests {
    static let sameAsUTF8: [(locale: String, converted: String, original: String)] = [
        ("ja_JP", "google-ja-cp932.csv", "google-ja.csv"),
        ("ko_KR", "outlook-ko-cp949.csv", "outlook-ko.csv"),
        ("ko_KR", "outlook-ko-utf16.csv", "outlook-ko.csv"),
    ]

    /// Excel's CP932/CP949 and Outlook's "Unicode" (UTF-16 LE with BOM) read with no flag
    /// exactly as their UTF-8 originals, in every format.
    @Test(arguments: sameAsUTF8, ["tsv", "json", "csv"])
    func convertedExportsMatchTheirUTF8Originals(_ example: (locale: String, converted: String, original: String), format: String) throws {
        let converted = try runInProcess(["-l", example.locale, "--format", format, ContactFixtures.path(example.converted)])
        let original = try runInProcess(["-l", example.locale, "--format", format, ContactFixtures.path(example.original)])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(!original.stdout.isEmpty)
        #expect(converted.stdout == original.stdout)
    }

    @Test func googleCSVFilesUnderTheShownName() throws {
        let result = try runInProcess(["-l", "ja_JP", "--format", "tsv", ContactFixtures.path("google-ja.csv")])
        #expect(result.status == 0, "\(result.stderr)")
        // Family then given with the phonetic columns; a nameless row under its nickname.
        #expect(result.stdoutText.contains("や\t山田\t太郎\n"))
        #expect(result.stdoutText.contains("S\tSamsung Electronics\t\n"))
        #expect(result.stdoutText.contains("さ\tジロー\t\n"))
    }

    @Test func shiftJISVCardDecodesThroughICU() throws {
        let result = try runInProcess(["-l", "ja_JP", "--format", "tsv", ContactFixtures.path("docomo-2.1-sjis.vcf")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == "あ\t阿部 寛\nか\tカブシキガイシャ\nは\t長谷川 美由紀子\nわ\t渡辺 直美\n")
        let json = try runInProcess(["-l", "ja_JP", "--format", "json", ContactFixtures.path("docomo-2.1-sjis.vcf")])
        #expect(json.stdoutText.contains("N;CHARSET=SHIFT_JIS:渡辺;直美;;;\\r\\n"))
        #expect(json.stdoutText.contains("NOTE;CHARSET=SHIFT_JIS:①株式会社～"))
        // vcard output keeps each card's bytes.
        let vcard = try runInProcess(["-l", "ja_JP", "--format", "vcard", ContactFixtures.path("docomo-2.1-sjis.vcf")])
        let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ContactFixtures.path("docomo-2.1-sjis.vcf"))))
        #expect(vcard.stdout.sorted() == input.sorted())
    }

    @Test func aFoldInsideAUTF8SequenceIsJoinedBeforeDecoding() throws {
        let scratch = try ScratchDirectory()
        let card: [UInt8] =
            Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Zeta;".utf8) + [0xCE, 0xB2, 0xCE, 0x0D, 0x0A, 0x20, 0xB3]
            + Array(";;;\r\nEND:VCARD\r\n".utf8)
        let path = try scratch.file("owncloud.vcf", card)
        let result = try runInProcess(["-l", "en", "--format", "json", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("N:Zeta;βγ;;;\\r\\nEND:VCARD\\r\\n"))
        #expect(!result.stdoutText.contains("Î"))
    }

    @Test func givenNameOnlyAndNamelessCardsFileUnderTheShownName() throws {
        let scratch = try ScratchDirectory()
        let cards = [
            "N:Brown;Bob;;;", "N:;Bono;;;", "N:Baker;Ann;;;", "N:;;;;\r\nNICKNAME:Kit,Kitty", "EMAIL:quinn@example.com", "TEL:+1 555 0100",
            "ORG:Acme", "FN:Dee Dee", "N:Smith;Sam;;;\r\nX-EVOLUTION-FILE-AS:Amsel",
        ].map { "BEGIN:VCARD\r\nVERSION:3.0\r\n\($0)\r\nEND:VCARD\r\n" }
        let path = try scratch.file("mixed.vcf", cards.joined())
        let result = try runInProcess(["-l", "en", "--format", "tsv", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdoutText
                == "A\tAcme\nA\tSmith Sam\nB\tBaker Ann\nB\tBono\nB\tBrown Bob\nD\tDee Dee\nK\tKit\nQ\tquinn@example.com\n#\t+1 555 0100\n")
        // --key overrides the rule.
        let byEmail = try runInProcess(["-l", "en", "--key", "EMAIL", "--format", "tsv", path])
        #expect(byEmail.stdoutText.hasPrefix("Q\t"))
    }

    @Test func crCrLfCardEndsAreKept() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("outlook.vcf", "BEGIN:VCARD\r\r\nVERSION:2.1\r\r\nN:Adams;Ann\r\r\nEND:VCARD\r\r\n")
        let result = try runInProcess(["-l", "en", "--format", "json", path])
        #expect(result.stdoutText.contains("END:VCARD\\r\\r\\n\""))
    }

    @Test func duplicateAndEmptyHeadersGetUniqueKeys() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("dup.csv", "Name,Name,,Name_2\nZed,Zee,x,y\n")
        let result = try runInProcess(["-l", "en", "--format", "json", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdoutText.contains(
                "\"Name\": \"Zed\",\n          \"Name_3\": \"Zee\",\n          \"3\": \"x\",\n          \"Name_2\": \"y\""))
    }

    @Test func semicolonHeaderSuggestsTheDelimiter() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("semi.csv", "Nachname;Vorname\nZiegler;Anna\n")
        let result = try runInProcess(["-l", "de", "--key", "Nachname", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("-t ';'"))
    }

    @Test func withKeysIsRefusedForRecordInput() throws {
        let result = try runInProcess(["-l", "en", "--with-keys", "--format", "tsv", ContactFixtures.path("google.csv")])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--with-keys"))
    }

    @Test func encodingOptionIsValidatedAndNamesTheLineItCannotDecode() throws {
        let bad = try runInProcess(["-l", "en", "--encoding", "no-such-charset", ContactFixtures.path("google.csv")])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--encoding"))
        let scratch = try ScratchDirectory()
        // Line 3 holds a byte Shift_JIS cannot decode (a lead byte before a line end).
        let path = try scratch.file("broken.csv", Array("Name\nAnn\n".utf8) + [0x82, 0x0A])
        let result = try runInProcess(["-l", "ja", "--encoding", "SHIFT_JIS", "--format", "tsv", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("broken.csv:3:"))
        #expect(result.stderr.contains("SHIFT_JIS") && result.stderr.contains("--encoding"))
        #expect(!result.stderr.contains("LATIN1"))
    }

    @Test func anUnsureGuessNamesTheCandidates() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("short.csv", Array("Name\n".utf8) + [0x8E, 0x52, 0x93, 0x63, 0x0A])
        let result = try runInProcess(["-l", "und", "--format", "tsv", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("short.csv:2:") && result.stderr.contains("candidates"))
        let named = try runInProcess(["-l", "ja", "--encoding", "cp932", "--format", "tsv", path])
        #expect(named.stdoutText == "#\t山田\n")
    }

    @Test func wideVCardsAreConvertedAsAWhole() throws {
        let scratch = try ScratchDirectory()
        let card = "BEGIN:VCARD\r\nVERSION:3.0\r\nN:김;민준;;;\r\nEND:VCARD\r\n"
        let withMark = try scratch.file("bom.vcf", [0xFF, 0xFE] + card.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        let bigEndian = try scratch.file("be.vcf", card.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
        for path in [withMark, bigEndian] {
            let result = try runInProcess(["-l", "ko", "--format", "tsv", path])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stdoutText == "ㄱ\t김 민준\n")
        }
    }

    @Test func aValueInvalidInItsDeclaredCharsetNamesTheLine() throws {
        let scratch = try ScratchDirectory()
        let card =
            Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Adams;Ann\r\nFN;CHARSET=SHIFT_JIS:".utf8) + [0x82] + Array("\r\nEND:VCARD\r\n".utf8)
        let path = try scratch.file("bad-sjis.vcf", card)
        let result = try runInProcess(["-l", "ja", "--format", "tsv", path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("bad-sjis.vcf:4:") && result.stderr.contains("CHARSET=SHIFT_JIS"))
        #expect(result.stderr.contains("--encoding") && result.stderr.contains("--invalid replace"))
        #expect(result.stdout.isEmpty)
    }

    /// As a process: a CP932 CSV on standard input reads with no flag; a bad --encoding is
    /// a usage error (exit 64).
    @Test func asAProcess() throws {
        let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: ContactFixtures.path("google-ja-cp932.csv"))))
        let converted = try runProcess(["-l", "ja_JP", "--input-format", "csv", "--format", "tsv", "-"], stdin: input)
        let original = try runProcess(["-l", "ja_JP", "--format", "tsv", ContactFixtures.path("google-ja.csv")])
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(converted.stdout == original.stdout && !original.stdout.isEmpty)
        let bad = try runProcess(["-l", "ja_JP", "--encoding", "klingon", ContactFixtures.path("google-ja.csv")])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--encoding 'klingon'"))
    }

    @Test func linesInputTakesAnEncoding() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", [0x8E, 0x52, 0x93, 0x63, 0x0A, 0x82, 0xA0, 0x0A])
        let refused = try runInProcess(["-l", "ja", path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("--encoding") && !refused.stderr.contains("iconv"))
        let result = try runInProcess(["-l", "ja", "--encoding", "CP932", "--format", "tsv", path])
        #expect(result.stdoutText == "あ\tあ\n#\t山田\n")
    }
}

/// `--write-readings`: guessed readings written into the cards that lack them.
@Suite("Written readings")
struct WrittenReadingTests {
    static let surnames = ["佐藤", "鈴木", "高橋", "田中", "伊藤", "渡辺", "山本", "中村", "小林", "加藤"]
    static let givenNames = ["健", "一郎", "花子", "直美"]

    /// 40 kanji-only cards of every version, and one with readings.
    static func cards() -> String {
        var text = ""
        for (index, surname) in surnames.enumerated() {
            for (offset, given) in givenNames.enumerated() {
                let version = ["2.1", "3.0", "4.0"][(index + offset) % 3]
                text += "BEGIN:VCARD\r\nVERSION:\(version)\r\nN:\(surname);\(given);;;\r\nFN:\(surname) \(given)\r\nEND:VCARD\r\n"
            }
        }
        return text + "BEGIN:VCARD\r\nVERSION:3.0\r\nN:東海林;太郎;;;\r\nX-PHONETIC-LAST-NAME:しょうじ\r\nX-PHONETIC-FIRST-NAME:たろう\r\nEND:VCARD\r\n"
    }

    @Test func everyKanjiCardGetsAReadingThatReadsBackIntoTheSameSections() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("kanji.vcf", Self.cards())
        let written = try runInProcess(["-l", "ja", "--names", "--write-readings", "--format", "vcard", path])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stderr.contains("40 of 41"))
        let output = written.stdoutText
        #expect(
            output.components(separatedBy: "X-PHONETIC-LAST-NAME:").count - 1 + output.components(separatedBy: "SOUND;X-IRMC-N").count - 1
                == 41)
        #expect(output.contains("N;SORT-AS=\""))
        #expect(output.contains("X-PHONETIC-LAST-NAME:さとう\r\n") && output.contains("X-PHONETIC-LAST-NAME:すずき\r\n"))
        // The card with readings is unchanged, byte for byte.
        #expect(output.contains("N:東海林;太郎;;;\r\nX-PHONETIC-LAST-NAME:しょうじ\r\nX-PHONETIC-FIRST-NAME:たろう\r\nEND:VCARD\r\n"))
        let back = try scratch.file("back.vcf", written.stdout)
        let reread = try runInProcess(["-l", "ja", "--format", "tsv", back])
        let guessed = try runInProcess(["-l", "ja", "--names", "--format", "tsv", path])
        // The same section for every name (the order within a section may differ: the
        // written readings compare family and given name in turn).
        func sections(_ text: String) -> [String: String] {
            var result = [String: String]()
            for line in text.split(separator: "\n") {
                let cells = line.split(separator: "\t", maxSplits: 1).map(String.init)
                if cells.count == 2 { result[cells[1]] = cells[0] }
            }
            return result
        }
        #expect(sections(reread.stdoutText) == sections(guessed.stdoutText))
        #expect(sections(reread.stdoutText).count == 41)
        #expect(!reread.stdoutText.contains("#\t"))
    }

    @Test func writeReadingsNeedsGuessesAndAWritableFormat() throws {
        let path = ContactFixtures.path("ios-3.0.vcf")
        let noGuess = try runInProcess(["-l", "ja", "--write-readings", "--format", "vcard", path])
        #expect(noGuess.status == 64 && noGuess.stderr.contains("--write-readings"))
        let tsv = try runInProcess(["-l", "ja", "--names", "--write-readings", "--format", "tsv", path])
        #expect(tsv.status == 64 && tsv.stderr.contains("--write-readings"))
    }

    @Test func googleCSVPhoneticColumnsAreFilled() throws {
        let result = try runInProcess(["-l", "ja", "--names", "--write-readings", "--format", "csv", ContactFixtures.path("google-ja.csv")])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("さ,一郎,,鈴木,いちろう,,すずき,"))
    }
}
