import ContactRecords
import Testing

@Suite("vCard records")
struct VCardRecordsTests {
    static func read(_ text: String) throws -> RecordTable {
        try VCardRecords().read(Array(text.utf8))
    }

    /// The keys and readings of every card, for compact expectations.
    static func keys(_ table: RecordTable) -> [[String]] {
        table.map { record in zip(record.sortKeys, record.readings).map { $1.isEmpty ? $0 : "\($0)/\($1)" } }
    }

    @Test("iOS 3.0: X-PHONETIC-*, groups, escapes, folded note, photo left out, company card")
    func iOS() throws {
        let bytes = try Fixture.bytes("ios-3.0.vcf")
        let table = try VCardRecords().read(bytes)
        #expect(table.count == 4)
        #expect(Self.keys(table) == [["山田/やまだ", "太郎/たろう"], ["김", "민준"], ["株式会社サンプル/さんぷる"], ["O'Brien", "Seán"]])
        #expect(table.map(\.line) == [1, 12, 23, 32])
        #expect(table[0].value(for: "TEL") == "+81 90-1234-5678")
        #expect(table[0].value(for: "X-ABLABEL") == "_$!<Mobile>!$_")
        #expect(table[0].value(for: "email") == "taro@example.jp")
        #expect(table[1].value(for: "NOTE") == "대학 친구, 서울\n두 번째 줄")
        #expect(table[1].value(for: "PHOTO") == nil)
        #expect(table[2].value(for: "ORG.name") == "株式会社サンプル")
        #expect(table[3].value(for: "NOTE") == "A long note that iOS folds at seventy-five octets because RFC 2425 says so; the continuation starts with one space.")
        #expect(table[0].value(for: "N.family") == "山田")
        // The cards' texts, concatenated, are the file: byte for byte, CRLF included.
        #expect(table.flatMap(\.bytes) == bytes)
    }

    @Test("Android 2.1: QUOTED-PRINTABLE with CHARSET=UTF-8, soft line breaks, ISO-8859-1, bare parameters")
    func android() throws {
        let bytes = try Fixture.bytes("android-2.1.vcf")
        let table = try VCardRecords().read(bytes)
        #expect(Self.keys(table) == [["박", "서준"], ["長谷川/はせがわ", "美由紀子/みゆきこ"], ["Müller", "Jürgen"], ["Nguyen", "Anh"]])
        #expect(table[1].value(for: "FN") == "長谷川 美由紀子")
        #expect(table[1].value(for: "NOTE") == "とても長いメモです。二行目に続きます。\r\n改行のあとの行もあります。")
        #expect(table[1].value(for: "TEL") == "03-1234-5678")
        #expect(table[2].value(for: "FN") == "Jürgen Müller")
        #expect(table.flatMap(\.bytes) == bytes)
        #expect(table[1].text.hasPrefix("BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E9=95=B7"))
        #expect(table[1].text.hasSuffix("END:VCARD\r\n"))
    }

    @Test("vCard 4.0: SORT-AS on N and ORG, quoted parameter values, blank lines between cards")
    func version4() throws {
        let bytes = try Fixture.bytes("v4-sort-as.vcf")
        let table = try VCardRecords().read(bytes)
        #expect(Self.keys(table) == [["van der Harten/Harten", "Rene/Rene"], ["山本/やまもと", "花子/はなこ"], ["ABC, Inc./ABC"], ["이", "서연"]])
        #expect(table[2].value(for: "ORG.unit") == "North American Division")
        #expect(table.map(\.line) == [1, 7, 14, 21])
        #expect(table[0].text == "BEGIN:VCARD\nVERSION:4.0\nFN:Rene van der Harten\nN;SORT-AS=\"Harten,Rene\":van der Harten;Rene;J.;Sir;R.D.O.\nEND:VCARD\n")
        #expect(table.defaultKeyCount == 2)
        let readings = table.defaultReadings(at: 0)
        #expect((0..<table.count).map { readings.string(at: $0) } == ["Harten", "やまもと", "ABC", ""])
        let given = table.defaultKeys(at: 1)
        #expect(given.string(at: 2).isEmpty)
    }

    @Test("Names in any case, LF or CR line ends, N missing, FN fallback, SORT-STRING, SOUND;X-IRMC-N, phonetic N")
    func fallbacks() throws {
        let text = """
            begin:vcard\rversion:3.0\rfn:Cher\rend:vcard\r\
            BEGIN:VCARD\nVERSION:3.0\nN:Gogh;Vincent;van;;\nSORT-STRING:Gogh\nEND:VCARD\n\
            BEGIN:VCARD\nVERSION:2.1\nN:山田;太郎\nSOUND;X-IRMC-N:ﾔﾏﾀﾞ;ﾀﾛｳ;;;\nEND:VCARD\n\
            BEGIN:VCARD\nVERSION:4.0\nN;ALTID=1;LANGUAGE=zh:王;小明;;;\nN;ALTID=1;PHONETIC=pinyin:wáng;xiǎomíng;;;\nEND:VCARD\n\
            BEGIN:VCARD\nVERSION:4.0\nN:;;;;\nORG:;\nFN:\nEND:VCARD\n
            """
        let table = try Self.read(text)
        #expect(Self.keys(table) == [["Cher"], ["Gogh/Gogh", "Vincent"], ["山田/ﾔﾏﾀﾞ", "太郎/ﾀﾛｳ"], ["王/wáng", "小明/xiǎomíng"], [""]])
        #expect(table[0].value(for: "FN") == "Cher")
    }

    @Test("Parameters: quoted values with ':' and ';', RFC 6868 carets, TYPE lists")
    func parameters() throws {
        let text = "BEGIN:VCARD\nVERSION:4.0\nN:Doe;Jane;;;\nADR;LABEL=\"12 Main St.;Apt 1:^'B^'^nTown\";TYPE=home,pref:;;12 Main St.;Town;;;\nEND:VCARD\n"
        let table = try Self.read(text)
        #expect(table[0].value(for: "ADR") == ";;12 Main St.;Town;;;")
        #expect(Self.keys(table) == [["Doe", "Jane"]])
    }

    @Test(
        "Broken cards name the line and what was expected",
        arguments: [
            ("BEGIN:VCARD\nVERSION:3.0\nN:A;B;;;\n", 1, "expected END:VCARD"),
            ("BEGIN:VCARD\nN:A;;;;\nBEGIN:VCARD\nN:B;;;;\nEND:VCARD\n", 3, "expected END:VCARD before the next BEGIN:VCARD"),
            ("BEGIN:VCARD\nN;ENCODING=QUOTED-PRINTABLE:=E3=8\nEND:VCARD\n", 2, "expected two hexadecimal digits"),
            ("BEGIN:VCARD\nN;QUOTED-PRINTABLE:=ZZ\nEND:VCARD\n", 2, "bad quoted-printable in N"),
            ("N:A;B;;;\n", 1, "expected BEGIN:VCARD"),
            ("BEGIN:VCARD\nEND:VCARD\nEND:VCARD\n", 3, "expected BEGIN:VCARD"),
            ("BEGIN:VCARD\nN;CHARSET=SHIFT_JIS;ENCODING=QUOTED-PRINTABLE:=83=52\nEND:VCARD\n", 2, "CHARSET=SHIFT_JIS"),
        ])
    func broken(text: String, line: Int, message: String) throws {
        let error = try recordError { try Self.read(text) }
        #expect(error.line == line)
        #expect(error.message.contains(message))
    }

    @Test("Invalid UTF-8 in a value: an error naming the property's line, or U+FFFD when replaced")
    func invalidUTF8() throws {
        let bytes = Array("BEGIN:VCARD\nN:".utf8) + [0xFF] + Array(";B;;;\nEND:VCARD\n".utf8)
        let error = try recordError { try VCardRecords().read(bytes) }
        #expect(error.line == 2)
        #expect(error.message.contains("invalid UTF-8 (byte 0xFF)"))
        let table = try VCardRecords(invalidUTF8: .replace).read(bytes)
        #expect(table[0].sortKeys == ["\u{FFFD}", "B"])
        // The card's text stays as read.
        #expect(Array(table[0].bytes) == bytes)
    }

    @Test("An empty file or one with only blank lines has no cards")
    func empty() throws {
        #expect(try Self.read("").isEmpty)
        #expect(try Self.read("\r\n\n  \n").isEmpty)
    }
}
