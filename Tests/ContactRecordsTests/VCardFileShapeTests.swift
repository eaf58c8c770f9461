import ContactRecords
import Testing

/// vCard files of the shapes that a fault pass found read or written wrong (issue 39):
/// undeclared values in the file's charset, CR CR LF line ends, readings written into
/// quoted-printable and quoted-parameter name lines.
@Suite("vCard file shapes")
struct VCardFileShapeTests {
    /// A decoder that marks what it decoded and with which charset.
    struct Tagging: CharsetDecoding {
        func utf8(from bytes: [UInt8], charset: String, replacing: Bool) throws(CharsetDecodingFailure) -> [UInt8] {
            Array("<\(charset)>".utf8) + bytes
        }
    }

    static let card = Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:Abe;Kei;;;\r\nN;CHARSET=UTF-8:Ota;Rin;;;\r\nEND:VCARD\r\n".utf8)
    /// Shift_JIS ﾅｶ;ﾏｲ, whose bytes (C5 B6 3B CF B2) are also UTF-8 Ŷ;ϲ, and an ASCII line.
    static let halfWidth =
        Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:".utf8) + [0xC5, 0xB6, 0x3B, 0xCF, 0xB2]
        + Array(";;;\r\nTEL:110\r\nN;CHARSET=UTF-8:Ota;Rin;;;\r\nEND:VCARD\r\n".utf8)

    /// The file's charset decodes every value without CHARSET=, even bytes that are valid
    /// UTF-8 (Shift_JIS ﾅｶ is UTF-8 Ŷ); a value declared UTF-8 stays UTF-8, and ASCII
    /// needs no decoding.
    @Test func undeclaredValuesFollowTheFileCharset() throws {
        let table = try VCardRecords(charsetDecoder: Tagging(), defaultCharset: "SHIFT_JIS").read(Self.halfWidth)
        #expect(table.first?.sortKeys == ["<SHIFT_JIS>Ŷ", "ϲ"])
        #expect(table.first?.value(for: "N") == "<SHIFT_JIS>Ŷ;ϲ;;;")
        #expect(table.first?.value(for: "TEL") == "110")
        // The card's UTF-8 text decodes the undeclared line and keeps the declared one.
        let text = String(decoding: table.utf8Text(ofRecordAt: 0), as: UTF8.self)
        #expect(text.contains("<SHIFT_JIS>N:Ŷ;ϲ;;;\r\nTEL:110\r\n") && text.contains("\r\nN;CHARSET=UTF-8:Ota;Rin;;;\r\n"))
    }

    /// A guessed charset decodes only values that are not UTF-8, unless it is 7-bit
    /// stateful (ISO-2022-JP text is always valid UTF-8).
    @Test func aGuessedCharsetDecodesOnlyWhatIsNotUTF8() throws {
        var reader = VCardRecords(charsetDecoder: Tagging(), defaultCharset: "SHIFT_JIS")
        reader.defaultCharsetIsGuess = true
        #expect(try reader.read(Self.card).first?.sortKeys == ["Abe", "Kei"])
        #expect(try reader.read(Self.halfWidth).first?.sortKeys == ["Ŷ", "ϲ"])
        let invalid = Array("BEGIN:VCARD\r\nN:A\u{E9};B;;;\r\nEND:VCARD\r\n".utf8).map { $0 == 0xC3 ? 0x82 : $0 }
        #expect(try reader.read(invalid).first?.sortKeys.first?.hasPrefix("<SHIFT_JIS>") == true)
        for stateful in ["ISO-2022-JP", "iso-2022-kr", "HZ-GB-2312", "UTF-7"] {
            reader.defaultCharset = stateful
            #expect(try reader.read(Self.card).first?.sortKeys == ["<\(stateful)>Abe", "Kei"], "\(stateful)")
        }
        // UTF-8 beyond ASCII cannot be 7-bit text: it stays UTF-8 under a guess.
        let utf8 = Array("BEGIN:VCARD\r\nN:Åberg;Kei;;;\r\nEND:VCARD\r\n".utf8)
        #expect(try reader.read(utf8).first?.sortKeys == ["Åberg", "Kei"])
    }

    /// CR CR LF is one line end: folds and soft line breaks join, line numbers count it once.
    @Test func crCrLfIsOneLineEnd() throws {
        let cards =
            "BEGIN:VCARD\r\r\nVERSION:2.1\r\r\nN;ENCODING=QUOTED-PRINTABLE:Smi=\r\r\nth;Jo=\r\r\nhn\r\r\nFN:John\r\r\n  Smith\r\r\nEND:VCARD\r\r\n"
        let table = try VCardRecords().read(Array(cards.utf8))
        #expect(table.count == 1)
        #expect(table.first?.sortKeys == ["Smith", "John"])
        #expect(table.first?.value(for: "FN") == "John Smith")
        #expect(table.sourceRange(ofRecordAt: 0) == 0..<cards.utf8.count)
        // An error on the 10th line names line 10 (not 19, as when each CR CR LF counted twice).
        let bad = cards + "BEGIN:VCARD\r\r\nN;ENCODING=QUOTED-PRINTABLE:=ZZ\r\r\nEND:VCARD\r\r\n"
        let error = try recordError { try VCardRecords().read(Array(bad.utf8)) }
        #expect(error.line == 10, "\(error)")
    }

    /// Readings written into each shape, byte for byte, and read back.
    @Test(arguments: [
        (
            "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E5=B1=B1=E7=94=B0;=E5=A4=AA=\r\n=E9=83=8E;;;\r\nTEL:1\r\nEND:VCARD\r\n",
            "BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:=E5=B1=B1=E7=94=B0;=E5=A4=AA=\r\n=E9=83=8E;;;\r\nSOUND;X-IRMC-N;CHARSET=UTF-8:やまだ;たろう;;;\r\nTEL:1\r\nEND:VCARD\r\n"
        ),
        (
            "BEGIN:VCARD\r\nVERSION:4.0\r\nN;X-NOTE=\"a:b\";ALTID=1:山田;太郎;;;\r\nEND:VCARD\r\n",
            "BEGIN:VCARD\r\nVERSION:4.0\r\nN;X-NOTE=\"a:b\";ALTID=1;SORT-AS=\"やまだ,たろう\":山田;太郎;;;\r\nX-PHONETIC-LAST-NAME:やまだ\r\nX-PHONETIC-FIRST-NAME:たろう\r\nEND:VCARD\r\n"
        ),
        (
            "BEGIN:VCARD\r\r\nVERSION:3.0\r\r\nN:山田;\r\r\n 太郎;;;\r\r\nEND:VCARD\r\r\n",
            "BEGIN:VCARD\r\r\nVERSION:3.0\r\r\nN:山田;\r\r\n 太郎;;;\r\r\nX-PHONETIC-LAST-NAME:やまだ\r\r\nX-PHONETIC-FIRST-NAME:たろう\r\r\nEND:VCARD\r\r\n"
        ),
    ])
    func readingsGoAfterTheWholeNameProperty(_ card: String, _ expected: String) throws {
        let written = try #require(VCardReadingWriter.card(Array(card.utf8)[...], familyReading: "やまだ", givenReading: "たろう"))
        #expect(String(decoding: written, as: UTF8.self) == expected)
        let table = try VCardRecords().read(written)
        #expect(table.count == 1)
        #expect(table.first?.sortKeys == ["山田", "太郎"])
        #expect(table.first?.readings == ["やまだ", "たろう"])
    }

    /// In a card that is not UTF-8 (Shift_JIS 山田;太郎), the UTF-8 readings are declared
    /// so: read back with the file's charset, they are still the readings.
    @Test func readingsInACardOfAnotherCharsetDeclareUTF8() throws {
        let card =
            Array("BEGIN:VCARD\r\nVERSION:3.0\r\nN:".utf8) + [0x8E, 0x52, 0x93, 0x63, 0x3B, 0x91, 0xBE, 0x98, 0x59]
            + Array(";;;\r\nEND:VCARD\r\n".utf8)
        let written = try #require(VCardReadingWriter.card(card[...], familyReading: "やまだ", givenReading: "たろう"))
        #expect(Array(written.prefix(card.count - 11)) == Array(card.prefix(card.count - 11)))
        #expect(
            String(decoding: written.suffix(from: card.count - 11), as: UTF8.self)
                == "X-PHONETIC-LAST-NAME;CHARSET=UTF-8:やまだ\r\nX-PHONETIC-FIRST-NAME;CHARSET=UTF-8:たろう\r\nEND:VCARD\r\n")
        let table = try VCardRecords(charsetDecoder: Tagging(), defaultCharset: "SHIFT_JIS").read(written)
        #expect(table.first?.readings == ["やまだ", "たろう"])
    }
}
