import IndexedCollation
import Testing

@testable import CollateCLI

/// The key and reading fields of every line, picked in parts on every core for large
/// inputs, are the fields one line at a time picks: missing fields empty at the line's
/// end, a multi-byte delimiter, empty lines.
@Suite("Field selection")
struct FieldSelectorTests {
    /// Lines of 0 to 3 tab-separated fields, some empty.
    static func input(lines count: Int) -> (bytes: [UInt8], lines: ByteRanges) {
        var bytes = [UInt8]()
        var lines = ByteRanges()
        for line in 0..<count {
            let start = bytes.count
            let fields = (0..<(line % 4)).map { field in line % 7 == field ? "" : "f\(field)-\(line)" }
            bytes += Array(fields.joined(separator: "\t").utf8)
            lines.append(start..<bytes.count)
            bytes.append(0x0A)
        }
        return (bytes, lines)
    }

    @Test(arguments: [0, 10, 70_000], [1, 2, 3])
    func everyLinesFieldIsTheFieldOfThatLine(count: Int, field: Int) {
        let (bytes, lines) = Self.input(lines: count)
        let selector = FieldSelector(delimiter: [0x09], keyField: field, readingField: 3, splitsColumns: false)
        bytes.withUnsafeBufferPointer { buffer in
            let expected = lines.map { selector.field(field, of: $0, in: buffer) }
            #expect(Array(selector.keys(of: lines, in: buffer)) == expected)
            #expect(selector.readings(of: lines, in: buffer).map(Array.init) == lines.map { selector.field(3, of: $0, in: buffer) })
            if count > 0 {
                let line = count - 1
                let text = String(decoding: buffer[expected[line]], as: UTF8.self)
                #expect(text == (line % 4 >= field && line % 7 != field - 1 ? "f\(field - 1)-\(line)" : ""))
            }
        }
    }

    /// Without a key field the lines are the keys; without a reading field there are no readings.
    @Test func wholeLinesWithoutFields() {
        let (bytes, lines) = Self.input(lines: 100)
        let selector = FieldSelector(delimiter: [0x09], keyField: nil, readingField: nil, splitsColumns: false)
        bytes.withUnsafeBufferPointer { buffer in
            #expect(selector.keys(of: lines, in: buffer) == lines)
            #expect(selector.readings(of: lines, in: buffer) == nil)
        }
    }
}
