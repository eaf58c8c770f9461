/// One record of a ``RecordTable``: its text as read, where it starts, its fields and its
/// default sort keys.
public struct Record: Sendable, Hashable {
    /// The record's bytes exactly as read (no line end for CSV, TSV and JSON Lines; a
    /// card's lines with their own line ends for vCard).
    public var bytes: ArraySlice<UInt8>
    /// The 1-based line where the record starts.
    public var line: Int
    /// The fields in order: CSV/TSV columns in header order (every column, empty when the
    /// row is short), JSON leaves in document order, vCard fields in card order.
    public var fields: [RecordField]
    /// The default sort keys, most significant first: the first column for CSV/TSV/JSON;
    /// for a vCard the name a contact app shows and files it under: the family and given
    /// name of `N` (a card with only a given name: the given name, then an empty key), else
    /// the first non-empty of `FN`, `NICKNAME`, `ORG`, `EMAIL`, `TEL`; a card shown as a
    /// company (`X-ABShowAs:COMPANY`, `KIND:org`) files by `ORG`.
    public var sortKeys: [String]
    /// The reading of each default key, empty when there is none (vCard: `SORT-AS`,
    /// `X-PHONETIC-LAST-NAME`, `X-PHONETIC-FIRST-NAME`, `X-PHONETIC-ORG`, `SOUND;X-IRMC-N`,
    /// `SORT-STRING`, `X-EVOLUTION-FILE-AS`).
    public var readings: [String]

    /// Creates a record.
    /// - Parameters:
    ///   - bytes: The record's bytes as read.
    ///   - line: The 1-based line where it starts.
    ///   - fields: Its fields in order.
    ///   - sortKeys: Its default sort keys.
    ///   - readings: The reading of each sort key (empty for none).
    public init(bytes: ArraySlice<UInt8>, line: Int, fields: [RecordField], sortKeys: [String], readings: [String]) {
        self.bytes = bytes
        self.line = line
        self.fields = fields
        self.sortKeys = sortKeys
        self.readings = readings
    }

    /// The record's text exactly as read.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The value of the first field called `name`, else of the first whose name matches
    /// ignoring case (vCard property names are case-insensitive).
    /// - Parameter name: A column name, JSON path or vCard field name.
    /// - Returns: The value, or `nil` when the record has no such field.
    public func value(for name: String) -> String? {
        if let field = fields.first(where: { $0.name == name }) { return field.value }
        let upper = name.uppercased()
        return fields.first(where: { $0.name.uppercased() == upper })?.value
    }
}

/// One named value of a record: a CSV column, a JSON leaf by dotted path, a vCard property.
public struct RecordField: Sendable, Hashable {
    /// The column name, JSON path (`name.family`) or vCard field name (`N.family`, `FN`).
    public var name: String
    /// The decoded value (CSV quotes removed, JSON and vCard escapes resolved).
    public var value: String

    /// Creates a field.
    /// - Parameters:
    ///   - name: The field's name.
    ///   - value: The field's decoded value.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// One value per record, as UTF-8 byte ranges into one buffer: the fast way to hand a key
/// column of a large file to a collator without making a `String` per record.
public struct FieldValues: Sendable {
    /// The decoded values, back to back.
    public let bytes: [UInt8]
    /// The `i`-th record's value in ``bytes``; an empty range when the record lacks it.
    public let ranges: [Range<Int>]

    /// Creates values from a buffer and one range per record.
    /// - Parameters:
    ///   - bytes: The values' bytes.
    ///   - ranges: One range into `bytes` per record.
    public init(bytes: [UInt8], ranges: [Range<Int>]) {
        self.bytes = bytes
        self.ranges = ranges
    }

    /// The `i`-th value as a string.
    /// - Parameter index: A record index.
    /// - Returns: The decoded value (empty when the record lacks it).
    public func string(at index: Int) -> String {
        String(decoding: bytes[ranges[index]], as: UTF8.self)
    }
}

/// The structured input formats the readers understand.
public enum RecordFormat: String, Sendable, CaseIterable {
    /// Comma-separated values with a header row (RFC 4180).
    case csv
    /// Tab-separated values with a header row, no quoting.
    case tsv
    /// One JSON object per line (JSON Lines, NDJSON).
    case jsonLines = "jsonl"
    /// vCard 2.1, 3.0 or 4.0 (RFC 2426, RFC 6350).
    case vCard = "vcard"

    /// The format a file name's extension implies: `.csv`, `.jsonl`/`.ndjson`, `.vcf`/`.vcard`.
    ///
    /// A `.tsv` file gives `nil` on purpose: the command line reads it as plain lines unless
    /// asked, so existing uses keep working.
    /// - Parameter fileName: A file name or path.
    /// - Returns: The implied format, or `nil` for any other extension.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "jsonl", "ndjson": self = .jsonLines
        case "vcf", "vcard": self = .vCard
        default: return nil
        }
    }
}

/// What a reader does with bytes that are not UTF-8 (and with NUL bytes, which mark
/// binary data). The same choice as the command line's `--invalid error|replace`.
public enum InvalidUTF8Handling: String, Sendable, CaseIterable {
    /// Stop with a ``RecordError`` naming the line and the byte offset in it (the default).
    case error
    /// Replace each ill-formed sequence and each NUL with U+FFFD and go on.
    case replace
}

/// A problem in a record file, found while reading it.
///
/// The command-line tool prints it as `collate: <file>:<line>: <message>`; the message
/// says what was expected and, where it helps, what to do next.
public struct RecordError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line of the input where the problem is (for a problem that spans lines,
    /// such as an unterminated quote or a card without `END:VCARD`, the line where the
    /// unfinished thing started).
    public var line: Int
    /// What is wrong and what was expected, in words.
    public var message: String

    /// Creates an error for `line` with a human message.
    /// - Parameters:
    ///   - line: The 1-based line number.
    ///   - message: What is wrong and what was expected.
    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    /// `line N: message`.
    public var description: String { "line \(line): \(message)" }
}
