import IndexedCollation

/// What an output document holds apart from its records: the resolved locale, every
/// section title, the records per section (known before the first record is written) and
/// how a record splits into columns. Streamed output needs all of it up front.
struct DocumentOutline {
    /// The resolved locale identifier (json's `locale`).
    var localeIdentifier: String
    /// Every section title, empty sections included, `#` last.
    var titles: [String]
    /// Records per section, indexed like ``titles``.
    var counts: [Int]
    /// How a record splits into columns (`--delimiter`), or nil for whole lines.
    var fields: FieldSelector?
    /// The folded side index (`--max-titles`, `--index-titles nonempty`), or nil: json
    /// then has no `sectionIndexTitles`/`sectionIndex` and the index shows every title.
    var sectionIndex: SectionIndex? = nil
}
