import ArgumentParser
import IndexedTableFormatting

/// The output formats of `collate`.
public enum OutputFormat: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// A box-drawn table: the index, then one band per section (default on a terminal).
    case table
    /// A title line per section, then its records indented (default in a pipe).
    case plain
    /// `title<TAB>record` per record, in display order.
    case tsv
    /// RFC 4180 CSV with a header row: `section,record` for lines (`section,key,stamp,record`
    /// with `--with-keys`; empty records quoted so databases do not read them as NULL), or
    /// `section,<columns>` for csv, tsv, jsonl and vcard input.
    case csv
    /// One JSON object: `locale`, `indexTitles`, `sections` (see the collate manual).
    case json
    /// A Markdown document: the index, then a heading and a list per section.
    case markdown
    /// A phone book: sections flowed into as many columns as the width allows.
    case columns
    /// The cards of vCard input in collated order, byte for byte as read.
    case vcard
    /// One self-contained HTML page: a side index and a section per title (see the collate manual).
    case html

    /// The renderer's layout for the human-readable formats, or nil for the others.
    var textStyle: TextStyle? {
        switch self {
        case .table: .table
        case .plain: .plain
        case .markdown: .markdown
        case .columns: .columns
        case .tsv, .csv, .json, .vcard, .html: nil
        }
    }
}
