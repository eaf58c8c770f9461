import ContactRecords
import Testing

/// Files of the shapes real exporters write that lost or changed data (issue 37 #5), each
/// written here by hand in the same shape.
@Suite("Exporters' file shapes")
struct ExporterFileTests {
    /// vCard 4.0 (RFC 6350) writes TEL as a `tel:` URI; a card with only a number files by
    /// the number, not under "T" of the scheme.
    @Test func aTelURIFilesByItsNumber() throws {
        let cards = """
            BEGIN:VCARD\r
            VERSION:4.0\r
            TEL;VALUE=uri;TYPE="voice,cell":tel:+1-555-555-0100\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:4.0\r
            TEL;VALUE=uri:TEL:+1-555-0101;ext=12\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:3.0\r
            TEL;TYPE=CELL:+1 555 0102\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:4.0\r
            TEL;VALUE=uri:tel:\r
            EMAIL:x@example.com\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:4.0\r
            FN:Telford\r
            TEL;VALUE=uri:tel:+44-20-7946-0000\r
            END:VCARD\r

            """
        let table = try VCardRecords().read(Array(cards.utf8))
        #expect(table.count == 5)
        #expect(table[0].sortKeys == ["+1-555-555-0100"])
        #expect(table[1].sortKeys == ["+1-555-0101"])
        #expect(table[2].sortKeys == ["+1 555 0102"])
        #expect(table[3].sortKeys == ["x@example.com"])
        #expect(table[4].sortKeys == ["Telford"])
        // The card's own text is unchanged.
        #expect(table[0].value(for: "TEL") == "tel:+1-555-555-0100")
    }

    /// A JPEG's first bytes (NUL included), then bytes that are neither UTF-8 nor text.
    static let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x48, 0xC3, 0x28, 0xA0, 0xE9, 0x9F, 0xFF, 0xD9]

    /// vCard 2.1 as some phones exported it: a raw binary PHOTO value between ASCII text
    /// properties. The card reads (the photo is no field), and only its text is what a
    /// charset detector sees.
    @Test func aRawBinaryPhotoIsNotText() throws {
        let file = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Smith;John;;;\r\nPHOTO;TYPE=JPEG:".utf8) + Self.jpeg
            + Array("\r\nTEL;CELL:+1 555 0100\r\nEND:VCARD\r\n".utf8)
        let table = try VCardRecords().read(file)
        #expect(table.count == 1)
        #expect(table[0].sortKeys == ["Smith", "John"])
        #expect(table[0].value(for: "TEL") == "+1 555 0100")
        #expect(table[0].value(for: "PHOTO") == nil)
        let text = VCardRecords.textPropertyBytes(of: file)
        #expect(!text.contains(0))
        #expect(text == Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:Smith;John;;;\r\nTEL;CELL:+1 555 0100\r\nEND:VCARD\r\n".utf8))
    }

    /// Text values are still checked: a name that is not UTF-8 is refused as before, a
    /// PHOTO that is text (a URI) is kept, and a SOUND;X-IRMC-N reading is text.
    @Test func textValuesAreStillText() throws {
        let badName = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:".utf8) + [0xFF, 0xFE] + Array(";John;;;\r\nEND:VCARD\r\n".utf8)
        #expect(throws: RecordError.self) { try VCardRecords().read(badName) }
        let badReading = Array("BEGIN:VCARD\r\nVERSION:2.1\r\nN:A;B;;;\r\nSOUND;X-IRMC-N:".utf8) + [0xFF] + Array(";;;;\r\nEND:VCARD\r\n".utf8)
        #expect(throws: RecordError.self) { try VCardRecords().read(badReading) }
        #expect(VCardRecords.textPropertyBytes(of: badReading) == badReading)
        let uri = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:A;B;;;\r\nPHOTO;VALUE=uri:https://example.com/a.jpg\r\nEND:VCARD\r\n".utf8)
        #expect(try VCardRecords().read(uri)[0].value(for: "PHOTO") == "https://example.com/a.jpg")
        #expect(VCardRecords.textPropertyBytes(of: uri) == uri)
    }

    /// Exporters write headers with empty and repeated names (Outlook's two "E-mail Type"
    /// columns, a trailing comma): the table keeps the file's own header beside the unique
    /// column names JSON needs.
    @Test func theHeaderIsKeptAsTheFileHasIt() throws {
        let text = "\u{FEFF}\"Name\",,Phone,Phone,Name,\r\nZoe,x,1,2,Z2,\r\n"
        let table = try CSVRecords().read(Array(text.utf8))
        #expect(table.columns == ["Name", "2", "Phone", "Phone_2", "Name_2", "6"])
        #expect(table.header == ["Name", "", "Phone", "Phone", "Name", ""])
        let range = try #require(table.headerRange)
        #expect(String(decoding: table.bytes[range], as: UTF8.self) == "\"Name\",,Phone,Phone,Name,")
        let tsv = try TSVRecords().read(Array("A\t\tA\nx\ty\tz\n".utf8))
        #expect(tsv.header == ["A", "", "A"])
        #expect(try JSONLinesRecords().read(Array("{\"a\": 1}\n".utf8)).header.isEmpty)
    }

    /// A character split by a fold (ownCloud folds at 75 octets) is whole once unfolded:
    /// the value reads as UTF-8, and only text that is still not UTF-8 is left to detect.
    @Test func foldsInsideUTF8SequencesAreJoinedFirst() throws {
        let folded: [UInt8] = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:M".utf8) + [0xC3] + Array("\r\n ".utf8) + [0xBC]
            + Array("ller;J".utf8) + [0xC3, 0xBC] + Array("rgen;;;\r\nNOTE:".utf8) + [0xE6, 0x9D] + Array("\r\n\t".utf8) + [0xB1]
            + Array("\r\nEND:VCARD\r\n".utf8)
        let table = try VCardRecords().read(folded)
        #expect(table[0].sortKeys == ["Müller", "Jürgen"])
        #expect(table[0].value(for: "NOTE") == "東")
        #expect(String(decoding: table.utf8Text(ofRecordAt: 0), as: UTF8.self).contains("N:Müller;Jürgen;;;\r\nNOTE:東\r\n"))
        #expect(VCardRecords.textNotUTF8(of: folded).isEmpty)
        let latin1 = folded + Array("BEGIN:VCARD\r\nN:Wei".utf8) + [0xDF] + Array(";;;;\r\nPHOTO;TYPE=JPEG:".utf8) + Self.jpeg + Array("\r\nEND:VCARD\r\n".utf8)
        #expect(VCardRecords.textNotUTF8(of: latin1) == Array("N:Wei".utf8) + [0xDF] + Array(";;;;\n".utf8))
    }
}
