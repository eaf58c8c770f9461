import ContactRecords
import Testing

@Suite("JSON Lines records")
struct JSONLinesRecordsTests {
    static func read(_ text: String) throws -> RecordTable {
        try JSONLinesRecords().read(Array(text.utf8))
    }

    @Test("Dotted paths, arrays by index, numbers/bools/null as their JSON text, escapes, raw line kept")
    func fixture() throws {
        let bytes = try Fixture.bytes("contacts.jsonl")
        let table = try JSONLinesRecords().read(bytes)
        #expect(table.count == 4)
        #expect(table.map(\.line) == [1, 2, 4, 5])
        #expect(table[0].fields.map { "\($0.name)=\($0.value)" } == [
            "name.family=김", "name.given=민준", "phones.0=010-1234-5678", "phones.1=02-555-0000", "age=30", "vip=true", "note=null",
        ])
        #expect(table[1].value(for: "reading.family") == "やまだ")
        #expect(table[1].value(for: "age") == "41.50")
        #expect(table[2].value(for: "name.given") == "Zoë")
        #expect(table[2].value(for: "tags") == "[]")
        #expect(table[2].value(for: "extra") == "{}")
        #expect(table[2].value(for: "emoji") == "😀")
        #expect(table[3].value(for: "note") == "line1\nline2 \"quoted\"")
        // The record's text is the line as given, surrounding spaces included.
        #expect(table[2].text.hasPrefix("  {\"name\": {\"family\": \"Ångström\""))
        #expect(table[0].text == "{\"name\":{\"family\":\"김\",\"given\":\"민준\"},\"phones\":[\"010-1234-5678\",\"02-555-0000\"],\"age\":30,\"vip\":true,\"note\":null}")
        #expect(table.columns.prefix(4) == ["name.family", "name.given", "phones.0", "phones.1"])
        // A record without the key path gives an empty key (filed under #, not lost).
        let family = table.values(ofColumnAt: try #require(table.columnIndex(named: "name.family")))
        #expect((0..<table.count).map { family.string(at: $0) } == ["김", "山田", "Ångström", ""])
        #expect(table[3].sortKeys == [""])
    }

    @Test(
        "Syntax errors name the line and what was expected",
        arguments: [
            ("{\"a\":1}\n{\"a\":2,}\n", 2, "expected a member name in double quotes, found '}' at byte 7"),
            ("{\"a\":1\n", 1, "expected ',' or '}' before the end of the line"),
            ("{\"a\" 1}\n", 1, "expected ':' after the member name, found '1'"),
            ("[1,2]\n", 1, "expected a JSON object"),
            ("{\"a\":tru}\n", 1, "expected a value"),
            ("{\"a\":\"x}\n", 1, "unterminated string"),
            ("{\"a\":01}\n", 1, "expected ',' or '}' after an object member, found '1'"),
            ("{\"a\":-}\n", 1, "expected a digit in the number"),
            ("{\"a\":1.}\n", 1, "expected a digit after the decimal point"),
            ("{\"a\":\"\\x\"}\n", 1, "expected an escape"),
            ("{\"a\":\"\\u12G4\"}\n", 1, "expected four hexadecimal digits"),
            ("{\"a\":1} {\"b\":2}\n", 1, "expected the end of the line after the object"),
            ("{\"a\":[1 2]}\n", 1, "expected ',' or ']' after an array element"),
            ("\n\n{\"a\":\"\u{1}\"}\n", 3, "expected a printable character"),
        ])
    func syntaxErrors(text: String, line: Int, message: String) throws {
        let error = try recordError { try Self.read(text) }
        #expect(error.line == line)
        #expect(error.message.contains(message))
    }

    @Test("Valid JSON edge cases")
    func edgeCases() throws {
        let table = try Self.read("{}\r\n{\"a\":{\"b\":[{\"c\":-1.5e+3}]},\"\\u00e9\":\"\\ud800\"}\r\n")
        #expect(table.count == 2)
        #expect(table[0].fields.isEmpty)
        #expect(table[1].fields.map { "\($0.name)=\($0.value)" } == ["a.b.0.c=-1.5e+3", "é=\u{FFFD}"])
        #expect(table[1].text == "{\"a\":{\"b\":[{\"c\":-1.5e+3}]},\"\\u00e9\":\"\\ud800\"}")
    }

    @Test("Invalid UTF-8 is an error with its line unless replaced")
    func invalidUTF8() throws {
        let bytes = Array("{\"a\":1}\n{\"a\":\"".utf8) + [0xE3, 0x81] + Array("\"}\n".utf8)
        let error = try recordError { try JSONLinesRecords().read(bytes) }
        #expect(error.line == 2)
        #expect(error.message.contains("at byte 6 of the line"))
        #expect(try JSONLinesRecords(invalidUTF8: .replace).read(bytes)[1].value(for: "a") == "\u{FFFD}")
    }
}
