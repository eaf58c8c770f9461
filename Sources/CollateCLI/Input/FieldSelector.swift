import IndexedCollation

/// Picks the key (and the reading) out of each line: the whole line, or the N-th field
/// between delimiters.
struct FieldSelector: Sendable {
    /// The delimiter's UTF-8 bytes (one Unicode character).
    let delimiter: [UInt8]
    /// 1-based key field, or nil for the whole line.
    let keyField: Int?
    /// 1-based reading field, or nil.
    let readingField: Int?
    /// Whether the table shows each field as a column (the user gave `--delimiter`).
    let splitsColumns: Bool
    /// 1-based fields of the second, third… keys (`-k` given several times).
    var moreKeyFields: [Int] = []

    /// Every key field in order (the first is ``keyField``).
    var keyFields: [Int] { (keyField.map { [$0] } ?? []) + moreKeyFields }

    var delimiterString: String { String(decoding: delimiter, as: UTF8.self) }

    /// The columns a table shows of a record: its fields when the user gave
    /// `--delimiter` (``splitsColumns``), else the whole line.
    /// - Parameters:
    ///   - line: The record's bytes (UTF-8).
    ///   - fields: The run's field selector, or nil for whole lines.
    static func columns<Bytes: Collection<UInt8>>(of line: Bytes, by fields: FieldSelector?) -> [String] {
        let text = String(decoding: line, as: UTF8.self)
        guard let fields, fields.splitsColumns else { return [text] }
        return text.split(separator: fields.delimiterString, omittingEmptySubsequences: false).map(String.init)
    }

    /// The byte range of field `number` (1-based) inside `line`; an empty range at the
    /// line's end when the line has fewer fields (a missing field is an empty key).
    func field(_ number: Int, of line: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        var fieldStart = line.lowerBound
        var current = 1
        var index = line.lowerBound
        let first = delimiter[0]
        let width = delimiter.count
        while index < line.upperBound {
            if bytes[index] == first && index + width <= line.upperBound
                && (width == 1 || delimiter.indices.allSatisfy({ bytes[index + $0] == delimiter[$0] }))
            {
                if current == number { return fieldStart..<index }
                current += 1
                index += width
                fieldStart = index
                continue
            }
            index += 1
        }
        return current == number ? fieldStart..<line.upperBound : line.upperBound..<line.upperBound
    }

    func keys(of lines: ByteRanges, in bytes: UnsafeBufferPointer<UInt8>) -> ByteRanges {
        guard let keyField else { return lines }
        return fields(keyField, of: lines, in: bytes)
    }

    /// The ranges of every key field of every line, record-major (line 0's keys, then
    /// line 1's…).
    func allKeys(of lines: ByteRanges, in bytes: UnsafeBufferPointer<UInt8>) -> ByteRanges {
        let fields = keyFields
        guard fields.count > 1 else { return keys(of: lines, in: bytes) }
        var ranges = ByteRanges()
        ranges.reserveCapacity(lines.count * fields.count)
        for line in lines { for number in fields { ranges.append(field(number, of: line, in: bytes)) } }
        return ranges
    }

    func readings(of lines: ByteRanges, in bytes: UnsafeBufferPointer<UInt8>) -> ByteRanges? {
        guard let readingField else { return nil }
        return fields(readingField, of: lines, in: bytes)
    }

    /// Field `number` of every line, written straight into ranges of the exact size, in
    /// parts on every core for large inputs.
    private func fields(_ number: Int, of lines: ByteRanges, in bytes: UnsafeBufferPointer<UInt8>) -> ByteRanges {
        ByteRanges(count: lines.count, bufferCount: bytes.count) { fields in
            lines.withUnsafeRanges { lines in
                let parts = lines.count < 1 << 16 ? 1 : IndexingEngine.defaultThreads
                let input = UnsafeSendableBuffer(bytes)
                parallelFor(parts, threads: parts) { part in
                    for line in parallelShare(part, of: parts, count: lines.count) {
                        fields.initialize(at: line, to: field(number, of: lines[line], in: input.buffer))
                    }
                }
            }
        }
    }
}
