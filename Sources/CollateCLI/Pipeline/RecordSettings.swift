import ContactRecords

/// How structured input (csv, tsv, jsonl, vcard) is read and keyed, resolved once from
/// the flags.
struct RecordSettings {
    /// The reader's format.
    var format: RecordFormat
    /// The CSV separator (`--delimiter`/`-t`), or nil for `,`.
    var delimiter: UInt8?
    /// Whether rows may have more fields than the header (`--ragged`).
    var allowsRaggedRows: Bool
    /// The key columns (`--key`), most significant first; empty for the format's default.
    var keys: [String]
    /// The readings of the keys in the same positions (`--reading-key`; "" for none).
    var readings: [String]

    /// The settings for a command line, or nil when the input is read as lines.
    init?(_ command: CollateCommand) {
        guard let format = command.input.resolvedFormat.recordFormat else { return nil }
        self.format = format
        delimiter = command.keys.delimiterByte
        allowsRaggedRows = command.input.ragged
        keys = command.keys.keyNames + ((try? command.keys.parsedFields()) ?? []).map(String.init)
        readings = command.keys.readingKeyNames
    }
}
