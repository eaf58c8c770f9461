import ContactRecords
import Testing

@Suite("Readers on random input")
struct RobustnessTests {
    /// Pieces that steer random input into every branch of the readers.
    static let pieces: [String] = [
        "\"", ",", ";", ":", "=", "\\", "\r", "\n", "\r\n", " ", "\t", "{", "}", "[", "]", "\"a\":", "1", "-", ".", "e",
        "true", "null", "\\u00e9", "\\ud83d", "BEGIN:VCARD", "END:VCARD", "N:", "N;SORT-AS=\"a,b\":", "ENCODING=QUOTED-PRINTABLE",
        "CHARSET=ISO-8859-1", "=E3=81=82", "=\r\n", "=Z", "item1.", "ORG:", "X-PHONETIC-ORG:", "김", "やまだ", "é", "\u{FEFF}",
    ]

    static func randomInput(_ random: inout SplitMix64) -> [UInt8] {
        var bytes = [UInt8]()
        for _ in 0..<Int.random(in: 0...40, using: &random) {
            if Int.random(in: 0..<20, using: &random) == 0 {
                bytes.append(UInt8.random(in: 0...255, using: &random))
            } else {
                bytes.append(contentsOf: (pieces.randomElement(using: &random) ?? "").utf8)
            }
        }
        return bytes
    }

    @Test("Every reader either reads or throws a RecordError with a line inside the input; records keep their raw text")
    func neverTraps() {
        var random = SplitMix64(state: 2026)
        for _ in 0..<1500 {
            let input = Self.randomInput(&random)
            let lineCount = input.filter { $0 == 0x0A || $0 == 0x0D }.count + 1
            for format in RecordFormat.allCases {
                for handling in InvalidUTF8Handling.allCases {
                    do {
                        let table = try RecordTable(reading: input, as: format, allowsRaggedRows: true, invalidUTF8: handling)
                        for index in table.indices {
                            let record = table[index]
                            #expect(record.line >= 1 && record.line <= lineCount)
                            #expect(record.bytes == table.bytes[table.sourceRange(ofRecordAt: index)])
                            #expect(record.sortKeys.count == record.readings.count)
                        }
                        for position in 0..<table.defaultKeyCount {
                            #expect(table.defaultKeys(at: position).ranges.count == table.count)
                        }
                    } catch {
                        #expect(error.line >= 1 && error.line <= lineCount)
                        #expect(!error.message.isEmpty)
                    }
                }
            }
        }
    }
}
