import ContactRecords
import Testing

@Suite("CSV writer")
struct CSVWriterTests {
    static func row(_ fields: [String], _ writer: CSVWriter = CSVWriter()) -> String {
        var out = [UInt8]()
        writer.appendRow(fields, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    @Test(
        "Quotes only what needs it",
        arguments: [
            (["김민준", "Smith"], "김민준,Smith\r\n"),
            (["친구, 대학", "say \"hi\""], "\"친구, 대학\",\"say \"\"hi\"\"\"\r\n"),
            (["a\nb", "c\rd"], "\"a\nb\",\"c\rd\"\r\n"),
            ([" lead", "trail\t", "mid dle"], "\" lead\",\"trail\t\",mid dle\r\n"),
            (["", ""], ",\r\n"),
            ([""], "\"\"\r\n"),
        ])
    func quoting(fields: [String], expected: String) {
        #expect(Self.row(fields) == expected)
    }

    @Test("Semicolon delimiter and LF line ends")
    func options() {
        let writer = CSVWriter(delimiter: UInt8(ascii: ";"), lineEnding: "\n")
        #expect(Self.row(["a;b", "c,d"], writer) == "\"a;b\";c,d\n")
    }

    static let alphabet: [String] = ["a", "Z", "김", "た", "é", ",", ";", "\"", "\r", "\n", "\r\n", " ", "\t", "😀", "x"]

    @Test("Write then read gives the same fields (random fields with quotes, delimiters, CR, LF, empties)", arguments: [",", ";"])
    func roundTrip(delimiter: String) throws {
        var random = SplitMix64(state: 0xC0FFEE)
        let separator = UInt8(ascii: Unicode.Scalar(delimiter) ?? ",")
        let writer = CSVWriter(delimiter: separator)
        for _ in 0..<200 {
            let columns = Int.random(in: 1...5, using: &random)
            let header = (0..<columns).map { "c\($0)" }
            var rows = [[String]]()
            for _ in 0..<Int.random(in: 0...8, using: &random) {
                rows.append(
                    (0..<columns).map { _ in
                        (0..<Int.random(in: 0...6, using: &random)).map { _ in Self.alphabet.randomElement(using: &random) ?? "" }.joined()
                    })
            }
            var out = [UInt8]()
            writer.appendRow(header, to: &out)
            for row in rows { writer.appendRow(row, to: &out) }
            let table = try CSVRecords(delimiter: separator).read(out)
            #expect(table.columns == header)
            #expect(table.map { $0.fields.map(\.value) } == rows)
        }
    }
}
