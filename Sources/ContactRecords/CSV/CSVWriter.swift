/// Writes RFC 4180 CSV: fields separated by the delimiter, rows ended by CRLF (or LF).
///
/// A field is quoted when it contains the delimiter, `"`, CR or LF, when it starts or
/// ends with a space or tab (spreadsheet programs would trim it otherwise), and when it is
/// the only field of its row and empty (an empty line would read back as no row); a `"`
/// inside is written `""`. Everything else is written as is, so plain names stay plain.
///
/// ```swift
/// var out = [UInt8]()
/// let writer = CSVWriter()
/// writer.appendRow(["section", "Last Name"], to: &out)
/// writer.appendRow(["ㄱ", "김, \"민준\""], to: &out)   // ㄱ,"김, ""민준"""\r\n
/// ```
public struct CSVWriter: Sendable {
    /// The field separator.
    public var delimiter: UInt8
    /// The bytes that end a row (CRLF by default, as RFC 4180 says).
    public var lineEnding: [UInt8]
    /// Whether every empty field is written as `""`, so that readers which take an
    /// unquoted empty field for NULL (PostgreSQL `COPY … CSV`, Spark, DuckDB) keep it an
    /// empty string. Off by default.
    public var quotesEmptyFields = false

    /// Creates a writer.
    /// - Parameters:
    ///   - delimiter: The field separator (an ASCII character other than `"`, CR, LF).
    ///   - lineEnding: What ends a row: `"\r\n"` (RFC 4180) or `"\n"`.
    public init(delimiter: UInt8 = UInt8(ascii: ","), lineEnding: String = "\r\n") {
        self.delimiter = delimiter
        self.lineEnding = Array(lineEnding.utf8)
    }

    /// Whether a field must be quoted.
    /// - Parameters:
    ///   - field: The field's UTF-8 bytes.
    ///   - isOnlyField: Whether it is the row's only field.
    /// - Returns: `true` when the field is written in double quotes.
    public func needsQuoting(_ field: UnsafeBufferPointer<UInt8>, isOnlyField: Bool = false) -> Bool {
        guard let first = field.first, let last = field.last else { return isOnlyField || quotesEmptyFields }
        if first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 { return true }
        for byte in field where byte == delimiter || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D {
            return true
        }
        return false
    }

    /// Appends one field, quoted if needed, preceded by the delimiter unless it is the first.
    /// - Parameters:
    ///   - field: The field's UTF-8 bytes.
    ///   - isFirst: Whether it starts the row.
    ///   - isOnlyField: Whether it is the row's only field.
    ///   - output: The buffer to append to.
    public func appendField(_ field: UnsafeBufferPointer<UInt8>, isFirst: Bool, isOnlyField: Bool = false, to output: inout [UInt8]) {
        if !isFirst { output.append(delimiter) }
        guard needsQuoting(field, isOnlyField: isOnlyField) else {
            output.append(contentsOf: field)
            return
        }
        output.append(UInt8(ascii: "\""))
        for byte in field {
            if byte == UInt8(ascii: "\"") { output.append(byte) }
            output.append(byte)
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Appends the row end.
    /// - Parameter output: The buffer to append to.
    public func appendRowEnd(to output: inout [UInt8]) {
        output.append(contentsOf: lineEnding)
    }

    /// Appends a whole row and its row end.
    /// - Parameters:
    ///   - fields: The row's fields.
    ///   - output: The buffer to append to.
    public func appendRow<S: Sequence>(_ fields: S, to output: inout [UInt8]) where S.Element: StringProtocol {
        let all = Array(fields)
        for (index, field) in all.enumerated() {
            var text = String(field)
            text.withUTF8 { appendField($0, isFirst: index == 0, isOnlyField: all.count == 1, to: &output) }
        }
        appendRowEnd(to: &output)
    }
}
