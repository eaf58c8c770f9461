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
