import Foundation
import Testing

/// The exporters' fixtures of the ContactRecords tests (Google, Outlook, iOS, Android,
/// vCard 4.0, JSON Lines).
enum ContactFixtures {
    static func path(_ name: String) -> String {
        Paths.repository.appendingPathComponent("Tests/ContactRecordsTests/Fixtures").appendingPathComponent(name).path
    }
}

/// A case: arguments before the file, the file, and the expected tsv (hand-reviewed).
struct ContactCase: CustomStringConvertible, Sendable {
    var arguments: [String]
    var file: String
    var tsv: String
    var description: String { file }
}

@Suite("Contact input (csv, tsv, jsonl, vcard)")
struct ContactInputTests {
    static let cases = [
        ContactCase(
            arguments: ["-l", "ko_KR", "--key", "Last Name", "--key", "First Name", "--reading-key", "Phonetic Last Name",
                        "--reading-key", "Phonetic First Name"],
            file: "google.csv", tsv: "ㄱ\t김\t민준\nㅇ\t이\t서연\nS\tSmith\tJohn\n#\t\t\n#\t佐藤\t花子\n#\t山田\t太郎\n"),
        ContactCase(
            arguments: ["-l", "ja_JP", "--key", "Last Name", "--key", "First Name"], file: "outlook.csv",
            tsv: "A\tÅngström\tZoë\nM\tMüller\tJürgen\n#\t鈴木\t一郎\n#\t박\t지우\n"),
        ContactCase(arguments: ["-l", "ja_JP"], file: "ios-3.0.vcf", tsv: "O\tSeán O'Brien\nさ\t株式会社サンプル\nや\t山田 太郎\n#\t김민준\n"),
        ContactCase(arguments: ["-l", "ja_JP"], file: "android-2.1.vcf", tsv: "M\tJürgen Müller\nN\tAnh Nguyen\nは\t長谷川 美由紀子\n#\t박서준\n"),
        ContactCase(arguments: ["-l", "en"], file: "v4-sort-as.vcf", tsv: "A\tABC, Inc.\nH\tRene van der Harten\n#\t이서연\n#\t山本 花子\n"),
        ContactCase(
            arguments: ["-l", "ja_JP", "--key", "name.family", "--key", "name.given", "--reading-key", "reading.family",
                        "--reading-key", "reading.given"],
            file: "contacts.jsonl", tsv: "A\tÅngström\tZoë\nM\t\tMadonna\nや\t山田\t太郎\n#\t김\t민준\n"),
    ]

    @Test(arguments: cases)
    func exportsFileUnderTheirNames(_ example: ContactCase) throws {
        let result = try runInProcess(example.arguments + ["--format", "tsv", ContactFixtures.path(example.file)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == example.tsv)
    }

    /// `--format json`: every record exactly once, as its object / its text.
    @Test(arguments: cases)
    func jsonKeepsEveryRecordOnce(_ example: ContactCase) throws {
        let result = try runInProcess(example.arguments + ["--format", "json", ContactFixtures.path(example.file)])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any])
        let sections = try #require(document["sections"] as? [[String: Any]])
        let records = sections.flatMap { ($0["records"] as? [Any]) ?? [] }
        let expectedTitles = example.tsv.split(separator: "\n").map { String($0.split(separator: "\t", omittingEmptySubsequences: false)[0]) }
        #expect(records.count == expectedTitles.count)
        let titles = sections.flatMap { section in
            Array(repeating: section["title"] as? String ?? "?", count: (section["records"] as? [Any])?.count ?? 0)
        }
        #expect(titles == expectedTitles)
        let source = try String(contentsOfFile: ContactFixtures.path(example.file), encoding: .isoLatin1)
        switch example.file.split(separator: ".").last {
        case "csv": #expect(records.allSatisfy { $0 is [String: String] })
        case "jsonl": #expect(records.allSatisfy { $0 is [String: Any] })
        default:
            for card in records {
                let text = try #require(card as? String)
                #expect(text.hasPrefix("BEGIN:VCARD") && text.unicodeScalars.last == "\n")
                #expect(text.unicodeScalars.allSatisfy { $0.value < 0x80 } ? source.contains(text) : true)
            }
        }
    }

    @Test func csvRowsBecomeObjectsInColumnOrder() throws {
        let result = try runInProcess(["-l", "ko_KR", "--key", "Last Name", "--format", "json", ContactFixtures.path("google.csv")])
        #expect(result.stdoutText.contains("""
                    {
                      "First Name": "민준",
                      "Middle Name": "",
                      "Last Name": "김",
            """))
        #expect(result.stdoutText.contains("\"Notes\": \"친구, 대학\""))
    }

    @Test func jsonLinesRecordsAreTheObjectsAsGiven() throws {
        let result = try runInProcess(["-l", "ja", "--key", "name.family", "--format", "json", ContactFixtures.path("contacts.jsonl")])
        #expect(result.stdoutText.contains("\n        {\"name\":{\"family\":\"山田\",\"given\":\"太郎\"},\"reading\":{\"family\":\"やまだ\",\"given\":\"たろう\"},\"age\":41.50}"))
    }

    @Test func csvOutputHasAHeaderAndQuotes() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("people.csv", "Name,Note\n\"Zorn, A\",\"say \"\"hi\"\"\"\nÖberg,\"two\nlines\"\nAdams,\n")
        let result = try runInProcess(["-l", "sv", "--format", "csv", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == "section,Name,Note\r\nA,Adams,\r\nZ,\"Zorn, A\",\"say \"\"hi\"\"\"\r\nÖ,Öberg,\"two\nlines\"\r\n")
        let lines = try scratch.file("lines.txt", "b\na,1\n")
        let plain = try runInProcess(["-l", "en", "--format", "csv", lines])
        #expect(plain.stdoutText == "section,record\r\nA,\"a,1\"\r\nB,b\r\n")
    }

    @Test func semicolonCSVAndRaggedRows() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("semi.csv", "Nachname;Vorname\nZiegler;Anna\nÄrger;Bernd;extra\n")
        let refused = try runInProcess(["-l", "de", "-t;", "--format", "tsv", path])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("semi.csv:3:"))
        let ragged = try runInProcess(["-l", "de", "--delimiter", ";", "--ragged", "--format", "tsv", path])
        #expect(ragged.stdoutText == "A\tÄrger\nZ\tZiegler\n")
    }

    @Test func vcardOutputIsTheCardsByteForByte() throws {
        let path = ContactFixtures.path("ios-3.0.vcf")
        let input = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let result = try runInProcess(["-l", "ja_JP", "--format", "vcard", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.count == input.count)
        let first = try #require(result.stdoutText.components(separatedBy: "END:VCARD").first)
        #expect(first.hasPrefix("BEGIN:VCARD\r\nVERSION:3.0\r\n") && first.contains("O'Brien"))
        let lines = try runInProcess(["-l", "en", "--format", "vcard", ContactFixtures.path("google.csv")])
        #expect(lines.status == 64)
    }

    @Test func latin1VCardIsReadWithoutLineDecoding() throws {
        let scratch = try ScratchDirectory()
        let card = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:M=FCller;J=FCrgen\r\nFN;CHARSET=ISO-8859-1:J".utf8)
            + [0xFC] + Array("rgen\r\nEND:VCARD\r\nBEGIN:VCARD\r\nVERSION:2.1\r\nN:Adams;Ann\r\nEND:VCARD\r\n".utf8)
        let path = try scratch.file("old.vcf", card)
        let result = try runInProcess(["-l", "de", "--format", "tsv", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText == "A\tAnn Adams\nM\tJürgen\n" || result.stdoutText == "A\tAdams Ann\nM\tJürgen\n")
        let json = try runInProcess(["-l", "de", "--format", "json", path])
        #expect(json.stdoutText.contains("FN;CHARSET=ISO-8859-1:Jürgen"))
    }

    @Test func aRecordWithoutItsKeyFilesUnderTheCatchAll() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("c.jsonl", "{\"name\":\"Bo\"}\n{\"phone\":\"1\"}\n{\"name\":\"Al\"}\n")
        let result = try runInProcess(["-l", "en", "--key", "name", "--format", "json", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdoutText.contains("\"title\": \"#\",\n      \"records\": [\n        {\"phone\":\"1\"}"))
        let unknown = try runInProcess(["-l", "en", "--key", "nickname", path])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no column 'nickname'"))
        let noKey = try runInProcess(["-l", "en", path])
        #expect(noKey.status == 64)
        #expect(noKey.stderr.contains("--key"))
    }

    @Test func structuredInputRefusedPastTheBufferOnlyWhereItMustBe() throws {
        let result = try runInProcess(["-l", "ko_KR", "--buffer-size", "64", "--format", "tsv", ContactFixtures.path("outlook-ko-utf16.csv")])
        #expect(result.status == 1)
        #expect(result.stderr.contains("UTF-16") && result.stderr.contains("in memory only"))
        #expect(result.stdout.isEmpty)
    }
}
