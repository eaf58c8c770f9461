import ContactRecords
import Testing

@Suite("CSV and TSV records")
struct CSVRecordsTests {
    static func read(_ text: String, _ reader: CSVRecords = CSVRecords()) throws -> RecordTable {
        try reader.read(Array(text.utf8))
    }

    @Test("Google Contacts export: header names, quoted comma, multi-line note, phonetic columns")
    func googleExport() throws {
        let table = try CSVRecords().read(try Fixture.bytes("google.csv"))
        #expect(table.columns.count == 21)
        #expect(
            table.columns.prefix(6) == [
                "First Name", "Middle Name", "Last Name", "Phonetic First Name", "Phonetic Middle Name", "Phonetic Last Name",
            ])
        #expect(table.count == 6)
        #expect(table.map { $0.value(for: "Last Name") } == ["김", "山田", "Smith", "이", "", "佐藤"])
        #expect(table[0].value(for: "Notes") == "친구, 대학")
        #expect(table[1].value(for: "Phonetic Last Name") == "やまだ")
        #expect(table[2].value(for: "Notes") == "Met at the \"Dublin\" meetup\nsecond line of the note")
        #expect(table.map(\.line) == [2, 3, 4, 6, 7, 8])
        #expect(table[4].value(for: "Organization Name") == "Samsung Electronics")
        let family = table.values(ofColumnAt: try #require(table.columnIndex(named: "Last Name")))
        #expect((0..<table.count).map { family.string(at: $0) } == ["김", "山田", "Smith", "이", "", "佐藤"])
        #expect(table[2].fields.count == 21)
    }

    @Test("Outlook export: BOM and CRLF, quoted header, CRLF inside a quoted note")
    func outlookExport() throws {
        let bytes = try Fixture.bytes("outlook.csv")
        let table = try CSVRecords().read(bytes)
        #expect(table.columns.first == "First Name")
        #expect(table.columns.contains("Surname Yomi"))
        #expect(table.count == 4)
        #expect(table.map { $0.value(for: "Last Name") } == ["Müller", "鈴木", "박", "Ångström"])
        #expect(table[1].value(for: "Surname Yomi") == "すずき")
        #expect(table[1].value(for: "Notes") == "会議\r\nメモ")
        #expect(table[3].value(for: "Company") == "Lund, Sweden AB")
        // Raw text: the row as written, without its CRLF.
        #expect(table[0].text == "Jürgen,,Müller,,,,,,juergen@example.de,+49 30 1234,,Büro: 3. Stock; Zimmer 12")
        #expect(table.map(\.line) == [2, 3, 5, 6])
    }

    @Test(
        "RFC 4180 fields",
        arguments: [
            ("a,b\n1,2\n", [["1", "2"]]),
            ("a,b\r\n\"x,y\",\"say \"\"hi\"\"\"\r\n", [["x,y", "say \"hi\""]]),
            ("a,b\n\"line\nbreak\",\"cr\r\nlf\"\n", [["line\nbreak", "cr\r\nlf"]]),
            ("a,b\n,\n", [["", ""]]),
            ("a,b\n1\n", [["1", ""]]),
            ("a,b\n\"\",\"\"\n", [["", ""]]),
            ("a,b\n1,2", [["1", "2"]]),
            ("\u{FEFF}a,b\n1,2\n\n\n3,4\n", [["1", "2"], ["3", "4"]]),
            ("a,b\r1,2\r3,4\r", [["1", "2"], ["3", "4"]]),
            ("a,b\n\"ab\"c,d\"e\n", [["abc", "d\"e"]]),
            (" a , b \n x , y \n", [[" x ", " y "]]),
        ])
    func rfc4180(text: String, expected: [[String]]) throws {
        let table = try Self.read(text)
        #expect(table.map { $0.fields.map(\.value) } == expected)
    }

    @Test("Header names are unquoted; an empty or header-only file has no records")
    func headers() throws {
        let table = try Self.read("\"Last, Name\",\"Given \"\"G\"\"\"\n")
        #expect(table.columns == ["Last, Name", "Given \"G\""])
        #expect(table.isEmpty)
        #expect(try Self.read("").columns.isEmpty)
        #expect(try Self.read("\u{FEFF}").isEmpty)
    }

    @Test("A semicolon delimiter (European exports)")
    func semicolon() throws {
        let table = try Self.read("Name;Ort\n\"Müller; Hans\";Köln\n", CSVRecords(delimiter: UInt8(ascii: ";")))
        #expect(table.columns == ["Name", "Ort"])
        #expect(table[0].fields.map(\.value) == ["Müller; Hans", "Köln"])
    }

    @Test("Ragged rows: an error by default, numbered extra columns when allowed")
    func ragged() throws {
        let text = "a,b\n1,2\n3,4,5,6\n"
        let error = try recordError { try Self.read(text) }
        #expect(error.line == 3)
        #expect(error.message.contains("4 fields, but the header has 2 columns"))
        #expect(error.message.contains("--ragged"))
        let table = try Self.read(text, CSVRecords(allowsRaggedRows: true))
        #expect(table.columns == ["a", "b", "3", "4"])
        #expect(table[1].fields.map(\.value) == ["3", "4", "5", "6"])
        #expect(table[0].fields.map(\.value) == ["1", "2"])
        #expect(table.columnIndex(named: "4") == 3)
        #expect(table.columnIndex(named: "5") == nil)
        #expect(try Self.read("a,b\n1,2\n").columnIndex(named: "3") == nil)
    }

    @Test(
        "Unterminated quote names the line where the field opened",
        arguments: [("a,b\n1,2\n3,\"open\nmore\n", 3), ("a\n\"", 2), ("\"a\n", 1)])
    func unterminatedQuote(text: String, line: Int) throws {
        let error = try recordError { try Self.read(text) }
        #expect(error.line == line)
        #expect(error.message.contains("expected a closing '\"'"))
    }

    @Test("Invalid UTF-8: an error with line and byte offset, or U+FFFD when replaced")
    func invalidUTF8() throws {
        let bytes: [UInt8] = Array("a,b\n1,2\nx,".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        let error = try recordError { try CSVRecords().read(bytes) }
        #expect(error.line == 3)
        #expect(error.message.contains("invalid UTF-8 (byte 0xC3) at byte 2 of the line"))
        let table = try CSVRecords(invalidUTF8: .replace).read(bytes)
        #expect(table[1].fields.map(\.value) == ["x", "\u{FFFD}("])
        #expect(throws: RecordError.self) { try CSVRecords().read(Array("a\n\u{0}\n".utf8)) }
    }

    @Test("A row that lacks the key column gives an empty key, never a lost record")
    func missingKeys() throws {
        let table = try Self.read("First,Last\nAnn\n,Lee\n")
        let last = table.values(ofColumnAt: 1)
        #expect(last.ranges.count == 2)
        #expect(last.string(at: 0).isEmpty)
        #expect(last.string(at: 1) == "Lee")
        #expect(table.values(ofColumnAt: 7).ranges.allSatisfy { $0.isEmpty })
        #expect(table.defaultKeys(at: 0).string(at: 1).isEmpty)
        #expect(table[0].sortKeys == ["Ann"])
    }

    @Test("Unusable delimiters are refused")
    func badDelimiter() {
        #expect(throws: RecordError.self) { try CSVRecords(delimiter: UInt8(ascii: "\"")).read(Array("a\n".utf8)) }
        #expect(throws: RecordError.self) { try CSVRecords(delimiter: 0x0A).read(Array("a\n".utf8)) }
    }

    @Test("TSV: header, no quoting, ragged rows")
    func tsv() throws {
        let table = try TSVRecords().read(Array("Last\tFirst\n\"김\tmin\"\n이\n".utf8))
        #expect(table.columns == ["Last", "First"])
        #expect(table[0].fields.map(\.value) == ["\"김", "min\""])
        #expect(table[1].fields.map(\.value) == ["이", ""])
        #expect(throws: RecordError.self) { try TSVRecords().read(Array("a\n1\t2\n".utf8)) }
        #expect(try TSVRecords(allowsRaggedRows: true).read(Array("a\n1\t2\n".utf8)).columns == ["a", "2"])
    }

    @Test("Formats from file names")
    func formats() {
        #expect(RecordFormat(fileName: "contacts.CSV") == .csv)
        #expect(RecordFormat(fileName: "a/b.vcf") == .vCard)
        #expect(RecordFormat(fileName: "x.ndjson") == .jsonLines)
        #expect(RecordFormat(fileName: "x.jsonl") == .jsonLines)
        #expect(RecordFormat(fileName: "names.tsv") == nil)
        #expect(RecordFormat(fileName: "dir.csv/names") == nil)
    }
}
