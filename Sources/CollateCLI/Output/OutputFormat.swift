import ArgumentParser

/// The output formats of `collate`.
public enum OutputFormat: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// A box-drawn table: the index, then one band per section (default on a terminal).
    case table
    /// A title line per section, then its records indented (default in a pipe).
    case plain
    /// `title<TAB>record` per record, in display order.
    case tsv
    /// One JSON object: `locale`, `indexTitles`, `sections` (see README).
    case json
    /// A Markdown document: the index, then a heading and a list per section.
    case markdown
    /// A phone book: sections flowed into as many columns as the width allows.
    case columns
}
