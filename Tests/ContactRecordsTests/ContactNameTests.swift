import ContactRecords
import Testing

/// The name a card files under, the charset seam and the reading writer.
@Suite("Contact names, charsets and written readings")
struct ContactNameTests {
    func keys(_ card: String) throws -> [String] {
        let table = try VCardRecords().read(Array("BEGIN:VCARD\r\nVERSION:3.0\r\n\(card)\r\nEND:VCARD\r\n".utf8))
        let record = try #require(table.first)
        return record.sortKeys
    }

    @Test(arguments: [
        ("N:;Bono;;;", ["Bono", ""]),
        ("N:Baker;Ann;;;\r\nFN:Ann Baker", ["Baker", "Ann"]),
        ("FN:Dee\r\nNICKNAME:Kit\r\nORG:Acme", ["Dee"]),
        ("N:;;;;\r\nNICKNAME:Kit,Kitty\r\nORG:Acme", ["Kit"]),
        ("ORG:Acme;Sales\r\nEMAIL:a@example.com", ["Acme"]),
        ("EMAIL:a@example.com\r\nTEL:1", ["a@example.com"]),
        ("TEL:+1 555", ["+1 555"]),
        ("NOTE:nothing", [""]),
    ])
    func theShownNameIsTheKey(_ card: String, _ expected: [String]) throws {
        #expect(try keys(card) == expected)
    }

    @Test func evolutionFileAsReadsLikeSortString() throws {
        let table = try VCardRecords().read(Array("BEGIN:VCARD\nN:Smith;Sam;;;\nX-EVOLUTION-FILE-AS:Amsel\nEND:VCARD\n".utf8))
        #expect(table.first?.readings == ["Amsel", ""])
    }

    struct Reversing: CharsetDecoding {
        func utf8(from bytes: [UInt8], charset: String, replacing: Bool) throws(CharsetDecodingFailure) -> [UInt8] {
            guard charset == "X-REVERSED" else { throw CharsetDecodingFailure(offset: nil) }
            return bytes.reversed()
        }
    }

    @Test func declaredCharsetsGoThroughTheDecoder() throws {
        let text = Array("BEGIN:VCARD\nN;CHARSET=x-reversed:;;;nnA;ttA\nEND:VCARD\n".utf8)
        let table = try VCardRecords(charsetDecoder: Reversing()).read(text)
        #expect(table.first?.sortKeys == ["Att", "Ann"])
        let unknown = try recordError {
            try VCardRecords(charsetDecoder: Reversing()).read(Array("BEGIN:VCARD\nN;CHARSET=KLINGON:\u{E9};;;;\nEND:VCARD\n".utf8))
        }
        #expect(unknown.line == 2 && unknown.message.contains("CHARSET=KLINGON"))
    }

    @Test func uniqueColumnNames() throws {
        let table = try CSVRecords().read(Array("Name,Name,,Name_2,\n1,2,3,4,5\n".utf8))
        #expect(table.columns == ["Name", "Name_3", "3", "Name_2", "5"])
    }

    /// The names the rule gives, found by the plain search from `_2` for every repeat
    /// (quadratic: a check on the fast one).
    static func uniqueNamesByPlainSearch(_ names: [String]) -> [String] {
        let reserved = Set(names.filter { !$0.isEmpty })
        var taken = Set<String>()
        return names.enumerated().map { position, name in
            var unique = name.isEmpty ? String(position + 1) : name
            if taken.contains(unique) || (name.isEmpty && reserved.contains(unique)) {
                var suffix = 2
                while taken.contains("\(unique)_\(suffix)") || reserved.contains("\(unique)_\(suffix)") { suffix += 1 }
                unique = "\(unique)_\(suffix)"
            }
            taken.insert(unique)
            return unique
        }
    }

    @Test(arguments: 1...40)
    func repeatedColumnNamesAreTheRulesNames(seed: Int) throws {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let pool = ["Name", "Name_2", "Name_3", "Name_2_2", "", "2", "3", "x", "x_10", "Name_4"]
        let names = (0..<(1 + next(30))).map { _ in pool[next(pool.count)] }
        let header = names.map { "\"\($0)\"" }.joined(separator: ",")
        let table = try CSVRecords().read(Array((header + "\n" + names.map { _ in "1" }.joined(separator: ",") + "\n").utf8))
        #expect(table.columns == Self.uniqueNamesByPlainSearch(names), "\(names)")
        #expect(Set(table.columns).count == names.count)
    }

    /// 40,000 equal column names took 128 s (each repeat searched its suffix from `_2`).
    @Test func manyRepeatedColumnNamesAreMadeUniqueInLinearTime() throws {
        let count = 40_000
        let header = Array(repeating: "Name", count: count).joined(separator: ",") + "\n"
        let clock = ContinuousClock()
        var table: RecordTable?
        let elapsed = try clock.measure { table = try CSVRecords().read(Array(header.utf8)) }
        let columns = try #require(table).columns
        #expect(columns.count == count)
        #expect(columns.first == "Name" && columns[1] == "Name_2" && columns.last == "Name_\(count)")
        #expect(Set(columns).count == count)
        // Linear: well under a second in a debug build; the quadratic search took minutes.
        #expect(elapsed < .seconds(10), "\(elapsed)")
    }

    @Test func crCrLfStaysInTheCard() throws {
        let text = Array("BEGIN:VCARD\r\r\nN:A;B\r\r\nEND:VCARD\r\r\nBEGIN:VCARD\r\nN:C;D\r\nEND:VCARD\r\n".utf8)
        let table = try VCardRecords().read(text)
        #expect(table.count == 2)
        #expect(Array(table.utf8Text(ofRecordAt: 0)) == Array("BEGIN:VCARD\r\r\nN:A;B\r\r\nEND:VCARD\r\r\n".utf8))
    }

    @Test(arguments: [
        ("3.0", "N:山田;太郎;;;\r\nX-PHONETIC-LAST-NAME:やまだ\r\nX-PHONETIC-FIRST-NAME:たろう\r\n"),
        ("4.0", "N;SORT-AS=\"やまだ,たろう\":山田;太郎;;;\r\nX-PHONETIC-LAST-NAME:やまだ\r\nX-PHONETIC-FIRST-NAME:たろう\r\n"),
        ("2.1", "N:山田;太郎;;;\r\nSOUND;X-IRMC-N;CHARSET=UTF-8:やまだ;たろう;;;\r\n"),
    ])
    func readingsAreAddedAfterN(_ version: String, _ expected: String) throws {
        let card = "BEGIN:VCARD\r\nVERSION:\(version)\r\nN:山田;太郎;;;\r\nFN:山田 太郎\r\nEND:VCARD\r\n"
        let written = try #require(VCardReadingWriter.card(Array(card.utf8)[...], familyReading: "やまだ", givenReading: "たろう"))
        let text = String(decoding: written, as: UTF8.self)
        #expect(text == "BEGIN:VCARD\r\nVERSION:\(version)\r\n\(expected)FN:山田 太郎\r\nEND:VCARD\r\n")
        // Read back: the readings are the card's.
        let table = try VCardRecords().read(written)
        #expect(table.first?.readings == ["やまだ", "たろう"])
    }

    @Test func aCardWithoutNIsNotRewritten() {
        #expect(VCardReadingWriter.card(Array("BEGIN:VCARD\nFN:x\nEND:VCARD\n".utf8)[...], familyReading: "a", givenReading: "") == nil)
    }
}
