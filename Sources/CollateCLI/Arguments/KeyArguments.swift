import ArgumentParser

/// Which part of a record is its key and which its reading: fields of a line (`--field`,
/// `-k`), or named columns of structured input (`--key`, `--reading-key`).
struct KeyArguments: ParsableArguments {
    @Option(
        name: [.customShort("k", allowingJoined: true), .customLong("field")], parsing: .unconditionalSingleValue,
        help: "Sort by field N (1-based) of each line instead of the whole line; the whole line is printed. Repeat for several keys; sort's spellings -k2, -k 2 and -k2,2 work (no character offsets or per-key options).",
        transform: FieldSpec.init)
    var fieldSpecs: [FieldSpec] = []

    @Option(
        name: [.customShort("t", allowingJoined: true), .long],
        help: "The field delimiter (like sort -t): one character, or \\t for TAB (default with --field: TAB). With --format table, each field is a column. For csv input: the separator (e.g. ';').")
    var delimiter: String?

    @Option(parsing: .unconditional, help: "Field N holds a reading (furigana, pinyin, \"sort as\"); when non-empty it decides the section and order.")
    var readingField: Int?

    @Option(
        name: .customLong("key"),
        help: "A key of csv/tsv/jsonl/vcard input: a column name, a 1-based column number or a JSON dotted path (name.family). Repeat for several keys, compared in turn. Default: the first column (csv, tsv); family then given name with their readings (vcard); jsonl needs --key.")
    var keyNames: [String] = []

    @Option(
        name: .customLong("reading-key"),
        help: "The reading of the key in the same position (repeatable; the i-th is the reading of the i-th --key; an empty name means none).")
    var readingKeyNames: [String] = []

    func validate() throws {
        let fields = try parsedFields()
        if let readingField, !NumericLimits.field.contains(readingField) {
            throw ValidationError(NumericLimits.message("--reading-field", readingField, NumericLimits.field))
        }
        if let readingField, fields.contains(readingField) {
            throw ValidationError("--reading-field \(readingField) is also a --field: the reading must be another column.")
        }
        if readingField != nil && fields.isEmpty && delimiter == nil {
            throw ValidationError("--reading-field needs fields: give --field (and --delimiter if not TAB).")
        }
        if readingKeyNames.count > max(keyNames.count, fields.count, 1) || (!readingKeyNames.isEmpty && keyNames.isEmpty && fields.isEmpty) {
            throw ValidationError("--reading-key gives the reading of the --key in the same position: give as many --key as --reading-key (an empty --reading-key '' skips one).")
        }
        if let delimiter {
            if delimiter.isEmpty { throw ValidationError("--delimiter is empty: give one character, e.g. --delimiter , or --delimiter '\\t'.") }
            if delimiter != "\\t" && delimiter.unicodeScalars.count != 1 {
                throw ValidationError("--delimiter must be one character, not '\(delimiter)'.")
            }
            if delimiter == "\n" || delimiter == "\r" { throw ValidationError("--delimiter cannot be a line end.") }
        }
    }

    /// The key fields of `--field`/`-k`, in order, as parsed from the arguments.
    /// - Throws: `ValidationError` for the first spelling of sort's that collate does not
    ///   support.
    func parsedFields() throws -> [Int] {
        try fieldSpecs.map { try $0.field.get() }
    }

    /// The key fields of `--field`/`-k` that parsed (all of them once ``validate()`` passed).
    var fields: [Int] { fieldSpecs.compactMap { try? $0.field.get() } }

    /// The first key field, or nil for whole lines.
    var field: Int? { fields.first }

    /// The delimiter as one byte for csv input (`\t` spelled out or a single ASCII
    /// character), nil when absent or not one byte.
    var delimiterByte: UInt8? {
        guard let delimiter else { return nil }
        if delimiter == "\\t" { return 0x09 }
        let bytes = Array(delimiter.utf8)
        return bytes.count == 1 ? bytes[0] : nil
    }

    /// The field selector the flags ask for, or nil for whole lines.
    var fieldSelector: FieldSelector? {
        guard !fields.isEmpty || readingField != nil || delimiter != nil else { return nil }
        let character = delimiter == nil || delimiter == "\\t" ? "\t" : delimiter ?? "\t"
        return FieldSelector(
            delimiter: Array(character.utf8), keyField: fields.first, readingField: readingField, splitsColumns: delimiter != nil,
            moreKeyFields: Array(fields.dropFirst()))
    }
}
