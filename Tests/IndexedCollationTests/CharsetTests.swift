import IndexedCollation
import Testing

/// ICU's converters and charset detector, as the readers use them.
@Suite("Charsets through ICU")
struct CharsetTests {
    @Test(arguments: [
        ("SHIFT_JIS", [0x8E, 0x52, 0x93, 0x63] as [UInt8], "山田"),
        ("cp932", [0x87, 0x40], "①"),
        ("EUC-KR", [0xB1, 0xE8], "김"),
        ("windows-949", [0xB1, 0xE8, 0x81, 0x41], "김갂"),
        ("GB18030", [0xD5, 0xC5], "张"),
        ("Big5", [0xB3, 0xAF], "陳"),
        ("KOI8-R", [0xE9, 0xD7, 0xC1, 0xCE], "Иван"),
        ("windows-1252", [0x80, 0xE9], "€é"),
        ("ISO-2022-JP", [0x1B, 0x24, 0x42, 0x24, 0x22, 0x1B, 0x28, 0x42], "あ"),
        ("UTF-16LE", [0x40, 0xAE], "김"),
    ])
    func decodesToUTF8(_ charset: String, _ bytes: [UInt8], _ expected: String) throws {
        #expect(try CharsetConversion.utf8(from: bytes, charset: charset) == Array(expected.utf8))
    }

    /// Windows code page names open Microsoft's tables, not ICU's IBM ones (issue 39):
    /// ICU's own `CP949` is ibm-949 (0x81 0x41 is `¬A`, no 똠), its `CP950` has no €, its
    /// `CP874` no €.
    @Test(arguments: [
        ("CP949", [0x8C, 0x63, 0xB1, 0xE8, 0x81, 0x41] as [UInt8], "똠김갂"),
        ("cp-949", [0x8C, 0x63], "똠"),
        ("MS949", [0x8C, 0x63], "똠"),
        ("CP950", [0xA3, 0xE1, 0xB3, 0xAF], "€陳"),
        ("CP874", [0x80, 0xA1], "€ก"),
        ("CP932", [0x87, 0x40, 0x8E, 0x52], "①山"),
        ("CP936", [0x80, 0xD5, 0xC5], "€张"),
        ("CP1252", [0x80, 0xE9], "€é"),
        ("CP1251", [0x88, 0xC8], "€И"),
    ])
    func windowsCodePagesReadAsWindowsWritesThem(_ charset: String, _ bytes: [UInt8], _ expected: String) throws {
        #expect(try CharsetConversion.utf8(from: bytes, charset: charset) == Array(expected.utf8))
        #expect(CharsetConversion.canonicalName(of: charset) != nil)
    }

    /// Which charsets may be cut and scanned as bytes before decoding (a spilled csv).
    @Test(arguments: [
        ("UTF-8", true), ("SHIFT_JIS", true), ("CP932", true), ("EUC-JP", true), ("CP949", true), ("GB18030", true), ("BIG5", true),
        ("windows-1252", true), ("KOI8-R", true), ("UTF-7", false), ("ISO-2022-JP", false), ("ISO-2022-KR", false),
        ("ISO-2022-CN", false), ("HZ", false), ("UTF-16LE", false), ("UTF-32", false), ("IBM037", false), ("SCSU", false),
    ])
    func asciiTransparency(_ charset: String, _ transparent: Bool) {
        #expect(CharsetConversion.isASCIITransparent(charset) == transparent, "\(charset)")
    }

    @Test func undecodableBytesNameTheirOffsetOrAreReplaced() throws {
        let bytes: [UInt8] = [0x41, 0x42, 0x82]
        #expect(throws: CharsetConversionError(charset: "SHIFT_JIS", offset: 2)) {
            try CharsetConversion.utf8(from: bytes, charset: "SHIFT_JIS")
        }
        #expect(try CharsetConversion.utf8(from: bytes, charset: "SHIFT_JIS", replacing: true).starts(with: Array("AB\u{FFFD}".utf8)))
        #expect(throws: CharsetConversionError(charset: "nope", offset: nil)) { try CharsetConversion.utf8(from: bytes, charset: "nope") }
        #expect(CharsetConversion.canonicalName(of: "nope") == nil)
        #expect(CharsetConversion.canonicalName(of: "shift_jis") != nil)
    }

    @Test func byteOrderMarks() {
        #expect(CharsetConversion.byteOrderMark(of: [0xFF, 0xFE, 0x41, 0x00])?.charset == "UTF-16LE")
        #expect(CharsetConversion.byteOrderMark(of: [0xFE, 0xFF])?.charset == "UTF-16BE")
        #expect(CharsetConversion.byteOrderMark(of: [0xFF, 0xFE, 0, 0])?.charset == "UTF-32LE")
        #expect(CharsetConversion.byteOrderMark(of: [0xEF, 0xBB, 0xBF])?.length == 3)
        #expect(CharsetConversion.byteOrderMark(of: Array("Name".utf8)) == nil)
    }

    /// A short CP932 text is ambiguous alone; the locale's language decides, and without
    /// it nothing is chosen (the caller names the candidates).
    @Test func theLocaleIsTheHint() {
        let yamada: [UInt8] = Array("Name\n".utf8) + [0x8E, 0x52, 0x93, 0x63, 0x0A]
        let japanese = CharsetDetection.detect(yamada, language: "ja")
        #expect(japanese.charset == "windows-31j")
        #expect(japanese.utf8 == Array("Name\n山田\n".utf8))
        // Shift_JIS bytes also decode as Windows-1252, but do not look like its letters.
        #expect(CharsetDetection.detect(yamada, language: "en").charset == nil)
        let german = Array("Name\nJ".utf8) + [0xFC] + Array("rgen M".utf8) + [0xFC] + Array("ller\n".utf8)
        #expect(CharsetDetection.detect(german, language: "de").utf8 == Array("Name\nJürgen Müller\n".utf8))
        let unhinted = CharsetDetection.detect(yamada, language: nil)
        #expect(unhinted.charset == nil)
        #expect(!unhinted.candidates.isEmpty)
        let kim: [UInt8] = Array("Name\n".utf8) + [0xB1, 0xE8, 0xB9, 0xCE, 0xC1, 0xD8, 0x0A]
        #expect(CharsetDetection.detect(kim, language: "ko").utf8 == Array("Name\n김민준\n".utf8))
    }
}

@Suite("Charset values")
struct CharsetValueTests {
    @Test func aNameIsCheckedWhereItIsGiven() throws {
        #expect(throws: CharsetConversionError.self) { try Charset("no-such-charset") }
        #expect(throws: CharsetConversionError.self) { try Charset("") }
        let korean = try Charset("CP949")
        #expect(korean.name == "CP949")
        #expect(korean.canonicalName.lowercased().contains("windows-949"))
        // 똠 is in Windows' table only (IBM-949 has no Hangul beyond EUC-KR's).
        #expect(try korean.utf8(from: [0x8C, 0x63]) == Array("똠".utf8))
    }

    @Test(arguments: [
        ("UTF-8", true, true, false), ("US-ASCII", true, true, false), ("Shift_JIS", false, true, false),
        ("EUC-KR", false, true, false), ("windows-1252", false, true, false), ("ISO-2022-JP", false, false, false),
        ("UTF-16LE", false, false, true), ("UTF-32BE", false, false, true),
    ])
    func propertiesFollowTheConverter(name: String, utf8: Bool, transparent: Bool, wide: Bool) throws {
        let charset = try Charset(name)
        #expect(charset.isUTF8 == utf8)
        #expect(charset.isASCIITransparent == transparent)
        #expect(charset.isWide == wide)
        #expect(charset.description == name)
    }

    @Test func bytesThatDoNotDecodeAreAnErrorWithTheirOffset() throws {
        let error = #expect(throws: CharsetConversionError.self) { try Charset("UTF-8").utf8(from: [0x41, 0xFF]) }
        #expect(error?.offset == 1)
        #expect(try Charset.utf8.utf8(from: [0x41, 0xFF], replacing: true) == Array("A\u{FFFD}".utf8))
    }
}
