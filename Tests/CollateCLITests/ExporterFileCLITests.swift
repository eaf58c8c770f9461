import Foundation
import Testing

/// Exporters' files that lost or changed data (issue 37 #5), through the command.
@Suite("collate: exporters' file shapes")
struct ExporterFileCLITests {
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x48] + (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 17) }.filter { $0 != 0x0A && $0 != 0x0D } + [0xFF, 0xD9]

    func sjis(_ text: String) throws -> [UInt8] {
        try #require(text.data(using: .shiftJIS).map { [UInt8]($0) })
    }

    /// vCard 2.1 cards with raw binary photos: ASCII text read as before, Shift_JIS text
    /// detected from the text properties (the photos' bytes would make any guess unsure),
    /// and --format vcard writes every byte back.
    @Test func rawBinaryPhotosDoNotDecideTheCharset() throws {
        let scratch = try ScratchDirectory()
        let smith = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Smith;John;;;\r\nPHOTO;TYPE=JPEG:".utf8) + Self.jpeg
            + Array("\r\nTEL;CELL:+1 555 0100\r\nEND:VCARD\r\n".utf8)
        let berg = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Berg;Anna;;;\r\nEND:VCARD\r\n".utf8)
        let ascii = smith + berg
        let asciiPath = scratch.url.appendingPathComponent("photo.vcf").path
        try Data(ascii).write(to: URL(fileURLWithPath: asciiPath))
        let plain = try runProcess(["--locale", "en", "--format", "tsv", asciiPath])
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stdoutText == "B\tBerg Anna\nS\tSmith John\n")
        let cards = try runProcess(["--locale", "en", "--format", "vcard", asciiPath])
        #expect(cards.status == 0, "\(cards.stderr)")
        #expect(cards.stdout == berg + smith)

        var japanese = [UInt8]()
        for (family, given) in [("山田", "太郎"), ("佐藤", "花子"), ("鈴木", "一郎"), ("高橋", "美咲"), ("田中", "健")] {
            japanese += Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:".utf8) + (try sjis(family)) + [0x3B] + (try sjis(given))
            japanese += Array(";;;\r\nPHOTO;TYPE=JPEG:".utf8) + Self.jpeg + Array("\r\nEND:VCARD\r\n".utf8)
        }
        let japanesePath = scratch.url.appendingPathComponent("sjis.vcf").path
        try Data(japanese).write(to: URL(fileURLWithPath: japanesePath))
        let read = try runProcess(["--locale", "ja_JP", "--format", "tsv", japanesePath])
        #expect(read.status == 0, "\(read.stderr)")
        for name in ["山田 太郎", "佐藤 花子", "鈴木 一郎", "高橋 美咲", "田中 健"] { #expect(read.stdoutText.contains("\t\(name)\n"), "\(name)") }
    }

    /// --format csv writes the file's own header after `section`, byte for byte (empty and
    /// repeated names, quotes), in memory and spilled; JSON keys stay unique.
    @Test(arguments: [[], ["--buffer-size", "1"]])
    func theCSVHeaderStaysTheFiles(extra: [String]) throws {
        let scratch = try ScratchDirectory()
        let input = try scratch.file("contacts.csv", "\"Name\",,Phone,Phone,Name\r\nZoe,x,1,2,Z2\r\nAnna,y,3,4,A2\r\n")
        let csv = try runProcess(["--locale", "en", "--format", "csv", "--key", "Name", input] + extra)
        #expect(csv.status == 0, "\(csv.stderr)")
        #expect(csv.stdoutText == "section,\"Name\",,Phone,Phone,Name\r\nA,Anna,y,3,4,A2\r\nZ,Zoe,x,1,2,Z2\r\n")
        let json = try runInProcess(["--locale", "en", "--format", "json", "--key", "Name", input] + extra)
        #expect(json.status == 0, "\(json.stderr)")
        for key in ["\"Name\"", "\"2\"", "\"Phone\"", "\"Phone_2\"", "\"Name_2\""] { #expect(json.stdoutText.contains(key), "\(key)") }
        // A TSV header's names, and a ';'-separated file's, as CSV fields.
        let tsv = try scratch.file("contacts.tsv", "Name\t\tPhone\tPhone\nZoe\tx\t1\t2\n")
        let fromTSV = try runInProcess(["--locale", "en", "--format", "csv", "--input-format", "tsv", "--key", "Name", tsv] + extra)
        #expect(fromTSV.stdoutText == "section,Name,,Phone,Phone\r\nZ,Zoe,x,1,2\r\n")
        let semicolons = try scratch.file("semi.csv", "Name;;\"A,B\"\nZoe;x;1\n")
        let fromSemicolons = try runInProcess(["--locale", "en", "--format", "csv", "--key", "Name", "-t", ";", semicolons] + extra)
        #expect(fromSemicolons.stdoutText == "section,Name,,\"A,B\"\r\nZ,Zoe,x,1\r\n")
    }

    /// ownCloud (Sabre VObject) folds at 75 octets, inside UTF-8 sequences (`M\u{C3}` CR LF
    /// space `\u{BC}ller`): folds are joined before anything is decoded, so `--format json`
    /// gives the card's text in UTF-8, never Latin-1 mojibake (MÃ¼ller) — alone, beside a
    /// card in Latin-1 (a charset is then guessed for the values that are not UTF-8), with
    /// LF line ends or a tab fold, in memory and spilled.
    @Test(arguments: [[], ["--buffer-size", "1"]])
    func aCardFoldedInsideUTF8SequencesStaysUTF8(extra: [String]) throws {
        let scratch = try ScratchDirectory()
        let folded: [UInt8] = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nPRODID:-//Sabre//Sabre VObject 4.1.6//EN\r\nN:M".utf8) + [0xC3]
            + Array("\r\n ".utf8) + [0xBC] + Array("ller;Jürgen;;;\r\nFN:Jürgen Müller-L".utf8) + [0xC3] + Array("\r\n\t".utf8) + [0xBC]
            + Array("denscheid\r\nNOTE:Straße ".utf8) + [0xE6, 0x9D] + Array("\r\n ".utf8) + [0xB1] + Array("京\r\nEND:VCARD\r\n".utf8)
        let latin1: [UInt8] = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Wei".utf8) + [0xDF] + Array(";Gr".utf8) + [0xE4]
            + Array("fin;;;\r\nNOTE:Stra".utf8) + [0xDF] + Array("e in K".utf8) + [0xF6] + Array("ln, Gr".utf8) + [0xFC, 0xDF]
            + Array("e aus M".utf8) + [0xFC] + Array("nchen und ".utf8) + [0xC4] + Array("rger\r\nEND:VCARD\r\n".utf8)
        let expected = "BEGIN:VCARD\r\nVERSION:3.0\r\nPRODID:-//Sabre//Sabre VObject 4.1.6//EN\r\nN:Müller;Jürgen;;;\r\nFN:Jürgen Müller-Lüdenscheid\r\nNOTE:Straße 東京\r\nEND:VCARD\r\n"
        for (name, file) in [("alone.vcf", folded), ("mixed.vcf", folded + latin1), ("lf.vcf", folded.filter { $0 != 0x0D })] {
            let path = scratch.url.appendingPathComponent(name).path
            try Data(file).write(to: URL(fileURLWithPath: path))
            let result = try runProcess(["--locale", "de", "--format", "json", path] + extra)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            let document = try JSONDecoder().decode([String: JSONValue].self, from: Data(result.stdout))
            let records = document["sections"]?.records ?? []
            let card = name == "lf.vcf" ? expected.replacingOccurrences(of: "\r", with: "") : expected
            #expect(records.contains(card), "\(name): \(records)")
            #expect(!result.stdoutText.contains("Ã"), "\(name)")
            if name == "mixed.vcf" { #expect(records.contains { $0.contains("N:Weiß;Gräfin;;;") && $0.contains("Straße in Köln") }) }
        }
    }
}

/// Just enough of a collate JSON document to read its records.
enum JSONValue: Decodable {
    case sections([[String: JSONValue]])
    case records([String])
    case other

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let strings = try? container.decode([String].self) {
            self = .records(strings)
        } else if let objects = try? container.decode([[String: JSONValue]].self) {
            self = .sections(objects)
        } else {
            self = .other
        }
    }

    /// Every record of a `sections` array.
    var records: [String] {
        guard case .sections(let sections) = self else { return [] }
        return sections.flatMap { section -> [String] in
            if case .records(let records) = section["records"] { return records }
            return []
        }
    }
}
