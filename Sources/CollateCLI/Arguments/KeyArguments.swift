import ArgumentParser

/// Which part of a line is its key and which its reading.
struct KeyArguments: ParsableArguments {
    @Option(help: "Sort by field N (1-based) of each line instead of the whole line; the whole line is printed.")
    var field: Int?

    @Option(help: "The field delimiter: one character, or \\t for TAB (default with --field: TAB). With --format table, each field is a column.")
    var delimiter: String?

    @Option(help: "Field N holds a reading (furigana, pinyin, \"sort as\"); when non-empty it decides the section and order.")
    var readingField: Int?

    func validate() throws {
        if let field, field < 1 { throw ValidationError("--field must be 1 or more (fields are numbered from 1), not \(field).") }
        if let readingField, readingField < 1 { throw ValidationError("--reading-field must be 1 or more, not \(readingField).") }
        if let readingField, readingField == (field ?? 0) {
            throw ValidationError("--reading-field \(readingField) is also the --field: the reading must be another column.")
        }
        if readingField != nil && field == nil && delimiter == nil {
            throw ValidationError("--reading-field needs fields: give --field (and --delimiter if not TAB).")
        }
        if let delimiter {
            if delimiter.isEmpty { throw ValidationError("--delimiter is empty: give one character, e.g. --delimiter , or --delimiter '\\t'.") }
            if delimiter != "\\t" && delimiter.unicodeScalars.count != 1 {
                throw ValidationError("--delimiter must be one character, not '\(delimiter)'.")
            }
            if delimiter == "\n" || delimiter == "\r" { throw ValidationError("--delimiter cannot be a line end.") }
        }
    }

    /// The field selector the flags ask for, or nil for whole lines.
    var fieldSelector: FieldSelector? {
        guard field != nil || readingField != nil || delimiter != nil else { return nil }
        let character = delimiter == nil || delimiter == "\\t" ? "\t" : delimiter ?? "\t"
        return FieldSelector(delimiter: Array(character.utf8), keyField: field, readingField: readingField, splitsColumns: delimiter != nil)
    }
}
