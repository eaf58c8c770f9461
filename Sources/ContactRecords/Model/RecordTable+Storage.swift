extension RecordTable {
    /// How the fields of a table are kept.
    enum Storage: Sendable {
        /// CSV and TSV: fields are byte ranges of the input, found again from their ends.
        case delimited(DelimitedFields)
        /// JSON Lines and vCard: decoded values in an arena, with their column numbers.
        case decoded(DecodedFields)
    }

    /// CSV/TSV fields: record `r`'s fields are `ends[base[r]..<base[r + 1]]`, each the end
    /// of a field relative to the record's start; field `k` starts one byte (the
    /// delimiter) after field `k - 1` ends. Column = position in the row.
    struct DelimitedFields: Sendable {
        /// Whether a field that starts with `"` is quoted (CSV) or taken literally (TSV).
        var quoting: Bool
        /// The number of header columns; shorter rows read as if padded with empty fields.
        var headerCount: Int
        var base: [Int]
        var ends: [UInt32]
    }

    /// Decoded fields: record `r`'s fields are `columns[base[r]..<base[r + 1]]` and
    /// `ranges[…]` (into `arena`); its default keys are `keys[keyBase[r]..<keyBase[r + 1]]`
    /// with readings at the same positions of `readings`.
    struct DecodedFields: Sendable {
        var arena: [UInt8] = []
        var base: [Int] = [0]
        var columns: [Int32] = []
        var ranges: [Range<Int>] = []
        var keyBase: [Int] = [0]
        var keys: [Range<Int>] = []
        var readings: [Range<Int>] = []
        /// Whether default keys were recorded (vCard); otherwise the first column is the key.
        var hasKeys = false

        /// Appends one value to the arena and returns its range.
        mutating func store<C: Collection<UInt8>>(_ bytes: C) -> Range<Int> {
            let start = arena.count
            arena.append(contentsOf: bytes)
            return start..<arena.count
        }

        /// Adds a field of the record being built.
        mutating func addField<C: Collection<UInt8>>(column: Int, value: C) {
            columns.append(Int32(column))
            ranges.append(store(value))
        }

        /// Adds a default key (and its reading, possibly empty) of the record being built.
        mutating func addKey<K: Collection<UInt8>, R: Collection<UInt8>>(_ key: K, reading: R) {
            keys.append(store(key))
            readings.append(store(reading))
        }

        /// Closes the record being built.
        mutating func endRecord() {
            base.append(columns.count)
            keyBase.append(keys.count)
        }
    }

    /// The columns of a table being read whose records name their fields (JSON paths,
    /// vCard property names): each name is numbered when first seen.
    struct ColumnNames<Name: Hashable> {
        /// The column names, in first-seen order (``RecordTable/columns``).
        private(set) var names: [String] = []
        /// The column of each name seen.
        private var numbers: [Name: Int] = [:]

        /// The column of `name`, numbering it if it is new; `spelling` gives its column name.
        mutating func column(for name: Name, spelling: (Name) -> String) -> Int {
            if let known = numbers[name] { return known }
            let column = names.count
            numbers[name] = column
            names.append(spelling(name))
            return column
        }
    }
}
