import ContactRecords

/// The input's own header row, which `--format csv` writes after `section`: a CSV file's
/// header byte for byte (empty and repeated names, quotes as written), a TSV file's names
/// as CSV fields. The reader makes the names unique for JSON keys (`Name`, `Name_2`, `3`);
/// the CSV written keeps the file's.
struct CSVHeader: Sendable {
    /// The header's names as the file has them (may be empty or repeated).
    let names: [String]
    /// The header row's bytes when they are CSV as `--format csv` writes it (fields split
    /// by commas, as this reader reads them back), else nil.
    let row: [UInt8]?

    /// The header of `table`, or nil when its format has none (JSON Lines, vCard).
    init?(_ table: RecordTable) {
        guard !table.header.isEmpty else { return nil }
        names = table.header
        guard table.format == .csv, let range = table.headerRange else {
            row = nil
            return
        }
        let bytes = Array(table.bytes[range])
        // The row is written as it is only if a comma-separated reader sees the same names
        // in it (not for `--delimiter ';'` files).
        let reread = try? CSVRecords().read(bytes + [0x0A])
        row = reread?.header == names ? bytes : nil
    }
}
