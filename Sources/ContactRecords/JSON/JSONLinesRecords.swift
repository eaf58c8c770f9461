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
    /// Whether the input is checked as UTF-8 (off only when the caller already checked it).
    package var checksUTF8 = true

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
        let input = checksUTF8 ? try UTF8Check.checked(bytes, handling: invalidUTF8) : bytes
        var fields = RecordTable.DecodedFields()
        var columns = RecordTable.ColumnNames<[UInt8]>()
        var recordRanges = [Range<Int>]()
        var lines = [Int]()
        try input.withUnsafeBufferPointer { (buffer) throws(RecordError) in
            let physical = PhysicalLines(buffer)
            var parser = JSONFlattener(buffer: buffer)
            // Lines usually share one shape: the previous line's path at the same position
            // is tried before the dictionary.
            var shape = [(path: [UInt8], column: Int)]()
            for (index, range) in physical.contents.enumerated() {
                guard range.contains(where: { !JSONFlattener.isWhitespace(buffer[$0]) }) else { continue }
                var ordinal = 0
                do throws(JSONFlattener.Failure) {
                    try parser.flattenObject(in: range) { path, value in
                        defer { ordinal += 1 }
                        if ordinal < shape.count && shape[ordinal].path == path {
                            fields.addField(column: shape[ordinal].column, value: value)
                            return
                        }
                        let column = columns.column(for: path) { String(decoding: $0, as: UTF8.self) }
                        if ordinal < shape.count {
                            shape[ordinal] = (path, column)
                        } else {
                            shape.append((path, column))
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
            format: .jsonLines, bytes: input, columns: columns.names, recordRanges: recordRanges, lines: lines, storage: .decoded(fields))
    }
}
