import ArgumentParser

extension CollateCommand {
    /// Checks the flags that depend on the input format (given or implied by the file name).
    /// - Throws: `ValidationError` (exit 64) for combinations that cannot work.
    func validateRecordInput() throws {
        let format = input.resolvedFormat
        if output.format == .vcard && format != .vcard {
            throw ValidationError("--format vcard writes the cards of vCard input; this input is read as \(format) (give a .vcf file or --input-format vcard).")
        }
        if output.writeReadings {
            guard collation.names || collation.guessReadings else {
                throw ValidationError("--write-readings writes guessed readings: give --names or --guess-readings too.")
            }
            guard (format == .vcard && output.format == .vcard) || (format == .csv && output.format == .csv) else {
                throw ValidationError("--write-readings needs --format vcard for vCard input, or --format csv for csv input (this input is read as \(format)).")
            }
        }
        if !sections.pin.isEmpty && collation.reverse {
            throw ValidationError("--pin puts a section first; with --reverse it has no place: drop one of them.")
        }
        if !search.searchFields.isEmpty && search.search.isEmpty {
            throw ValidationError("--search-field names a field for --search to look in: give --search QUERY too (the html page's search box does not use it).")
        }
        if sections.otherSection == .first && collation.style == .icu {
            throw ValidationError("--other-section first moves the # section of the default style; --style icu keeps ICU's own buckets in place.")
        }
        switch format {
        case .lines:
            if filing.sortOrder != .family {
                throw ValidationError("--sort-order given orders contacts: give vcard or csv/tsv contacts input (or --input-format with two --key columns, family then given).")
            }
            if !sections.pin.isEmpty {
                throw ValidationError("--pin picks records by a field of csv, tsv, jsonl or vcard input; lines have no fields (give --input-format).")
            }
            if filing.displayOrder != nil {
                throw ValidationError("--display-order shows contacts' names: give vcard or csv/tsv contacts input (lines are shown as written).")
            }
            if !keys.keyNames.isEmpty || !keys.readingKeyNames.isEmpty {
                throw ValidationError("--key and --reading-key name columns of csv, tsv, jsonl or vcard input; for lines use --field/-k N and --reading-field N (or give --input-format).")
            }
            if input.ragged { throw ValidationError("--ragged is for csv and tsv input.") }
            if !search.searchFields.isEmpty {
                throw ValidationError("--search-field names a column of csv, tsv, jsonl or vcard input; lines have no named fields (--search looks at each line's key and reading; give --input-format for fields).")
            }
        case .csv, .tsv, .jsonl, .vcard:
            if keys.readingField != nil {
                throw ValidationError("--reading-field numbers a field of a line; for \(format) input give --reading-key NAME.")
            }
            if output.withKeys {
                throw ValidationError("--with-keys writes storage keys for lines input; \(format) input has no storage keys yet (its rows keep their own columns). Drop --with-keys, or give the keys as a field of lines input.")
            }
            if filing.sortOrder != .family && !keys.keyNames.isEmpty && keys.keyNames.count < 2 {
                throw ValidationError("--sort-order given swaps the family and given name: give two --key columns (family, then given), or none for a contacts export's own.")
            }
            if input.zeroTerminated { throw ValidationError("-z/--zero-terminated is for lines input, not \(format).") }
            if format == .jsonl && keys.keyNames.isEmpty && keys.fieldSpecs.isEmpty {
                throw ValidationError("JSON Lines input needs --key PATH (a dotted path such as --key name.family; repeat for more keys, --reading-key for readings).")
            }
            if format == .csv, keys.delimiter != nil, keys.delimiterByte == nil || keys.delimiterByte == UInt8(ascii: "\"") {
                throw ValidationError("--delimiter for csv input must be one ASCII character other than \" (e.g. ';' or '\\t').")
            }
            if format != .csv && keys.delimiter != nil { throw ValidationError("--delimiter applies to lines and csv input, not \(format).") }
        }
    }
}
