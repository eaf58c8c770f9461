/// Reads JSON Lines (NDJSON): one JSON object per line, into a ``RecordTable``.
///
/// Fields are the object's leaves by dotted path, in document order: `{"name":
/// {"family": "김"}}` has the field `name.family`. Strings are unescaped; numbers, `true`,
/// `false` and `null` keep their JSON text (`1.50` stays `1.50`); array elements are
/// numbered from 0 (`phones.0`, `phones.1`); an empty array or object is a field whose
/// value is `[]` or `{}`, so nothing is lost. A key that itself contains a dot is not
/// escaped, so `{"a.b": 1}` and `{"a": {"b": 1}}` both give `a.b`. Blank lines are
/// skipped; a record's text is its line exactly as read, so output can reproduce the
/// object as given.
public struct JSONLinesRecords: Sendable {
    /// What to do with bytes that are not UTF-8.
    public var invalidUTF8: InvalidUTF8Handling

    /// Creates a JSON Lines reader.
    /// - Parameter invalidUTF8: What to do with bytes that are not UTF-8.
    public init(invalidUTF8: InvalidUTF8Handling = .error) {
        self.invalidUTF8 = invalidUTF8
    }

    /// Reads a whole JSON Lines input.
    /// - Parameter bytes: The file's bytes.
    /// - Returns: One record per non-blank line; ``RecordTable/columns`` lists every path
    ///   in first-seen order.
    /// - Throws: ``RecordError`` for a line that is not one JSON object (naming what was
    ///   expected and the byte where), or invalid UTF-8 (unless replaced).
    /// - Complexity: O(*n*) in the input size.
    public func read(_ bytes: [UInt8]) throws(RecordError) -> RecordTable {
        let input = try UTF8Check.checked(bytes, handling: invalidUTF8)
        var fields = RecordTable.DecodedFields()
        var columns = [String]()
        var columnIndex = [[UInt8]: Int]()
        var recordRanges = [Range<Int>]()
        var lines = [Int]()
        try input.withUnsafeBufferPointer { (buffer) throws(RecordError) in
            let physical = PhysicalLines(buffer)
            var parser = JSONFlattener(buffer: buffer)
            for (index, range) in physical.contents.enumerated() {
                guard range.contains(where: { !JSONFlattener.isWhitespace(buffer[$0]) }) else { continue }
                do throws(JSONFlattener.Failure) {
                    try parser.flattenObject(in: range) { path, value in
                        let column: Int
                        if let known = columnIndex[path] {
                            column = known
                        } else {
                            column = columns.count
                            columnIndex[path] = column
                            columns.append(String(decoding: path, as: UTF8.self))
                        }
                        fields.addField(column: column, value: value)
                    }
                } catch {
                    throw RecordError(line: index + 1, message: error.message)
                }
                fields.endRecord()
                recordRanges.append(range)
                lines.append(index + 1)
            }
        }
        return RecordTable(
            format: .jsonLines, bytes: input, columns: columns, recordRanges: recordRanges, lines: lines, storage: .decoded(fields))
    }
}
