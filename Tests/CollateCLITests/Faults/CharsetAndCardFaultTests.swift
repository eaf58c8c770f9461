import Foundation
import Testing

/// The second fault pass's charset and vCard reproductions (issue 39), each from a file of
/// the shape that failed: run in-process, in memory and spilled, and as a process.
@Suite("Charset and vCard faults (issue 39)")
struct CharsetAndCardFaultTests {
    static func card(_ version: String, _ name: String, lineEnd: String = "\r\n") -> String {
        ["BEGIN:VCARD", "VERSION:\(version)", "N:\(name)", "END:VCARD", ""].joined(separator: lineEnd)
    }

    /// Runs in memory and with every record a run of its own; both must give `expected`.
    func expectSameSpilled(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> CLIResult {
        let inMemory = try runInProcess(arguments)
        #expect(inMemory.status == 0, "\(arguments): \(inMemory.stderr)", sourceLocation: sourceLocation)
        let spilled = try runInProcess(["--buffer-size", "1"] + arguments)
        #expect(spilled.status == 0, "spilled \(arguments): \(spilled.stderr)", sourceLocation: sourceLocation)
        #expect(spilled.stdout == inMemory.stdout, "spilled \(arguments)", sourceLocation: sourceLocation)
        return inMemory
    }

    // MARK: #1 undeclared vCard values follow the file's charset

    @Test func shiftJISHalfWidthKanaIsNotReadAsUTF8() throws {
        let scratch = try ScratchDirectory()
        // ﾅｶ;ﾏｲ in Shift_JIS is C5 B6 3B CF B2: valid UTF-8 for "Ŷ;ϲ".
        let sjis = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:".utf8) + [0xC5, 0xB6, 0x3B, 0xCF, 0xB2] + Array(";;;\r\nEND:VCARD\r\n".utf8)
        let path = try scratch.file("half-width.vcf", sjis)
        let result = try expectSameSpilled(["-l", "ja_JP", "--encoding", "SHIFT_JIS", "--format", "tsv", path])
        #expect(result.stdoutText == "な\tﾅｶ ﾏｲ\n")
        #expect(!result.stdoutText.contains("Ŷ"))
        // vcard output keeps the card's bytes.
        let vcard = try runInProcess(["-l", "ja_JP", "--encoding", "SHIFT_JIS", "--format", "vcard", path])
        #expect(vcard.stdout == sjis)
    }

    @Test func eucKRHangulIsNotReadAsUTF8() throws {
        let scratch = try ScratchDirectory()
        // 황;채 in EUC-KR is C8 B2 3B C3 A4: valid UTF-8 for "Ȳ;ä".
        let card: [UInt8] =
            Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:".utf8) + [0xC8, 0xB2, 0x3B, 0xC3, 0xA4] + Array(";;;\r\nEND:VCARD\r\n".utf8)
            + Array(Self.card("3.0", "Kim;Min;;;").utf8)
        let path = try scratch.file("euc-kr.vcf", card)
        let result = try expectSameSpilled(["-l", "ko_KR", "--encoding", "EUC-KR", "--format", "tsv", path])
        #expect(result.stdoutText == "ㅎ\t황 채\nK\tKim Min\n")
        let json = try runInProcess(["-l", "ko_KR", "--encoding", "EUC-KR", "--format", "json", path])
        #expect(json.stdoutText.contains("N:황;채;;;"))
    }

    /// ISO-2022-JP values are always decoded: named, and under auto (its escapes).
    @Test(arguments: [["--encoding", "ISO-2022-JP"], []])
    func iso2022JPValuesAreDecoded(_ encoding: [String]) throws {
        let scratch = try ScratchDirectory()
        // 山田;太郎 in ISO-2022-JP.
        let name: [UInt8] = [
            0x1B, 0x24, 0x42, 0x3B, 0x33, 0x45, 0x44, 0x1B, 0x28, 0x42, 0x3B, 0x1B, 0x24, 0x42, 0x42, 0x40, 0x4F, 0x3A, 0x1B, 0x28, 0x42,
        ]
        let card =
            Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:".utf8) + name
            + Array(";;;\r\nX-PHONETIC-LAST-NAME;CHARSET=UTF-8:やまだ\r\nEND:VCARD\r\n".utf8)
        let path = try scratch.file("jis.vcf", card)
        let result = try expectSameSpilled(["-l", "ja_JP", "--format", "tsv"] + encoding + [path])
        #expect(result.stdoutText == "や\t山田 太郎\n", "\(encoding)")
    }

    // MARK: #2 readings written where the reader's property ends

    @Test func writtenReadingsLeaveEveryOtherByteAndReadBack() throws {
        let scratch = try ScratchDirectory()
        let input =
            "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E5=B1=B1=E7=94=B0;=E5=A4=AA=\r\n=E9=83=8E;;;\r\nTEL:1\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\nVERSION:4.0\r\nN;X-NOTE=\"a:b\";ALTID=1:田中;花子;;;\r\nEND:VCARD\r\n"
            + "BEGIN:VCARD\r\r\nVERSION:3.0\r\r\nN:佐藤;\r\r\n 一郎;;;\r\r\nEND:VCARD\r\r\n"
        let path = try scratch.file("phones.vcf", input)
        let written = try runInProcess(["-l", "ja_JP", "--guess-readings", "--write-readings", "--format", "vcard", path])
        #expect(written.status == 0, "\(written.stderr)")
        // Every byte but the inserted lines and SORT-AS parameter is the input's, in order.
        var stripped = written.stdoutText
        for pattern in [#"(SOUND;X-IRMC-N|X-PHONETIC-(LAST|FIRST)-NAME)[^\r\n]*(\r\r\n|\r\n)"#, #";SORT-AS="[^"]*""#] {
            stripped = stripped.replacingOccurrences(of: pattern, with: "", options: .regularExpression)
        }
        let cards = input.components(separatedBy: "BEGIN:VCARD").filter { !$0.isEmpty }.map { "BEGIN:VCARD" + $0 }
        let strippedCards = stripped.components(separatedBy: "BEGIN:VCARD").filter { !$0.isEmpty }.map { "BEGIN:VCARD" + $0 }
        #expect(strippedCards.sorted() == cards.sorted())
        #expect(written.stdoutText.contains(#"N;X-NOTE="a:b";ALTID=1;SORT-AS=""#))
        #expect(written.stdoutText.contains("=E9=83=8E;;;\r\nSOUND;X-IRMC-N;CHARSET=UTF-8:"))
        #expect(written.stdoutText.contains(" 一郎;;;\r\r\nX-PHONETIC-LAST-NAME:"))
        // Re-read: every card files under its reading's kana.
        let again = try scratch.file("written.vcf", written.stdout)
        let reread = try runInProcess(["-l", "ja_JP", "--format", "tsv", again])
        #expect(reread.status == 0, "\(reread.stderr)")
        #expect(reread.stdoutText.split(separator: "\n").map { $0.prefix(1) } == ["さ", "た", "や"])
    }

    // MARK: #3 and #4 line ends kept and counted once

    @Test func crCrLfCardsJoinAndNameTheirLines() throws {
        let scratch = try ScratchDirectory()
        let good =
            "BEGIN:VCARD\r\r\nVERSION:2.1\r\r\nN;ENCODING=QUOTED-PRINTABLE:Smi=\r\r\nth;John\r\r\nFN:John\r\r\n  Smith\r\r\nEND:VCARD\r\r\n"
        let path = try scratch.file("outlook.vcf", good)
        let result = try expectSameSpilled(["-l", "en", "--format", "json", path])
        #expect(result.stdoutText.contains("\"title\": \"S\""))
        let plain = try runInProcess(["-l", "en", "--format", "plain", path])
        #expect(plain.stdoutText.contains("John Smith"))
        // Line 23 of a file of CR CR LF lines is named line 23, in memory and spilled.
        let filler = (0..<5).map { Self.card("3.0", "Name\($0);X;;;", lineEnd: "\r\r\n") }.joined()
        let bad = try scratch.file(
            "bad.vcf", filler + "BEGIN:VCARD\r\r\nVERSION:2.1\r\r\nN;ENCODING=QUOTED-PRINTABLE:=ZZ\r\r\nEND:VCARD\r\r\n")
        for buffer in [[], ["--buffer-size", "1"]] {
            let failed = try runInProcess(buffer + ["-l", "en", "--format", "tsv", bad])
            #expect(failed.status != 0)
            #expect(failed.stderr.contains("bad.vcf:23:"), "\(buffer): \(failed.stderr)")
        }
    }

    @Test func crOnlyCardsAreWrittenByteForByte() throws {
        let scratch = try ScratchDirectory()
        let input = Self.card("3.0", "Adams;Ann;;;", lineEnd: "\r") + Self.card("3.0", "Baker;Bo;;;", lineEnd: "\r")
        let path = try scratch.file("mac.vcf", input)
        let result = try expectSameSpilled(["-l", "en", "--format", "vcard", path])
        #expect(result.stdout == Array(input.utf8))
        // A last card without any line end gets the card's own (CR), not CRLF.
        let open = try scratch.file("open.vcf", Self.card("3.0", "Baker;Bo;;;", lineEnd: "\r") + "BEGIN:VCARD\rN:Adams;Ann;;;\rEND:VCARD")
        let closed = try runInProcess(["-l", "en", "--format", "vcard", open])
        #expect(closed.stdoutText == "BEGIN:VCARD\rN:Adams;Ann;;;\rEND:VCARD\r" + Self.card("3.0", "Baker;Bo;;;", lineEnd: "\r"))
    }

    // MARK: #11 and #16 ISO-2022 csv past the buffer and under auto

    /// A csv in ISO-2022-JP whose double-byte text holds `"` (あ is 24 22) beside quoted
    /// fields with commas: `"山田 N","あ「引用」,N"`.
    static func jisCSV() throws -> [UInt8] {
        let (escape, back): ([UInt8], [UInt8]) = ([0x1B, 0x24, 0x42], [0x1B, 0x28, 0x42])
        let family = escape + [0x3B, 0x33, 0x45, 0x44] + back
        let note = escape + [0x24, 0x22, 0x21, 0x56, 0x30, 0x7A, 0x4D, 0x51, 0x21, 0x57] + back
        var bytes = Array("name,note\n".utf8)
        for row in 0..<3000 {
            bytes += Array("\"".utf8) + family + Array(" \(row)\",\"".utf8) + note + Array(",\(row)\"\n".utf8)
        }
        return bytes
    }

    @Test func iso2022CSVPastTheBufferIsRefusedClearly() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("jis.csv", try Self.jisCSV())
        let inMemory = try runInProcess(["-l", "ja_JP", "--encoding", "ISO-2022-JP", "--format", "tsv", path])
        #expect(inMemory.status == 0, "\(inMemory.stderr)")
        #expect(inMemory.stdoutText.split(separator: "\n").count == 3000)
        let output = scratch.url.appendingPathComponent("out.tsv").path
        let spilled = try runProcess(["-l", "ja_JP", "--encoding", "ISO-2022-JP", "--buffer-size", "64K", "-o", output, path])
        #expect(spilled.status != 0)
        #expect(spilled.stderr.contains("ISO-2022-JP input is converted as a whole"), "\(spilled.stderr)")
        #expect(spilled.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test(arguments: [[], ["--buffer-size", "64K"]])
    func iso2022CSVUnderAutoNamesItsCharset(_ buffer: [String]) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("jis.csv", try Self.jisCSV())
        let result = try runInProcess(buffer + ["-l", "ja_JP", "--format", "tsv", path])
        #expect(result.status != 0)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("jis.csv:2: the input looks like ISO-2022-JP"), "\(result.stderr)")
        #expect(result.stderr.contains("--encoding ISO-2022-JP"))
        #expect(!result.stderr.contains("field"))
    }

    // MARK: #12 Windows code pages by their Windows names

    @Test func windowsCodePageNamesReadWindowsFiles() throws {
        let scratch = try ScratchDirectory()
        // 똠 (8C 63) exists in Windows' CP949 only; € (A3 E1) in Windows' CP950 only.
        let korean = try scratch.file("ko.csv", Array("name\n".utf8) + [0x8C, 0x63, 0xB9, 0xE6, 0x0A] + Array("Kim\n".utf8))
        let ko = try expectSameSpilled(["-l", "ko_KR", "--encoding", "CP949", "--format", "tsv", korean])
        #expect(ko.stdoutText == "ㄷ\t똠방\nK\tKim\n")
        let chinese = try scratch.file("tw.csv", Array("name\n".utf8) + [0xA3, 0xE1, 0xB3, 0xAF, 0x0A])
        let tw = try runProcess(["-l", "zh_TW", "--encoding", "CP950", "--format", "tsv", chinese])
        #expect(tw.status == 0, "\(tw.stderr)")
        #expect(tw.stdoutText == "#\t€陳\n")
    }

    // MARK: #16 a negative title budget

    @Test func negativeMaxTitlesIsARangeError() throws {
        let arguments = ["-l", "en", "--max-titles", "-1", "/dev/null"]
        for result in [try runInProcess(arguments), try runProcess(arguments)] {
            #expect(result.status == 64)
            #expect(result.stderr.contains("--max-titles must be 1 or more, not -1"), "\(result.stderr)")
            #expect(!result.stderr.contains("Missing value"))
        }
    }
}
