import IndexedCollation
import IndexedTableFormatting

/// What an output document must know before its first record, made before the record
/// stream starts: the resolved locale, every section title with its records and those
/// written (a page holds fewer), the folded side index, how a record splits into cells
/// and what the drawn layouts measured of them, the csv header, the storage keys' stamp.
/// The in-memory result counts and measures its records
/// (``CollatedDocument/outline(for:groups:carried:table:)``); spilled runs tally the same
/// while they are written (`ExternalSort.Runs`) or stage a page
/// (``CollationPipeline/sortExternally(first:reader:standardOutput:)``).
struct DocumentOutline {
    /// The resolved locale identifier (json's `locale`, the html page's title and language).
    var localeIdentifier: String
    /// Every section title, empty sections included, `#` last.
    var titles: [String]
    /// Records per section in the whole input, indexed like ``titles`` (the counts shown).
    var counts: [Int]
    /// Records written per section, indexed like ``titles``: ``counts``, or a page's share.
    var rowCounts: [Int]
    /// Whether sections come in reverse title order (`--reverse`).
    var descending = false
    /// How a record splits into cells (`--delimiter`; ``RecordForm/cellFields`` for
    /// structured records), or nil for whole lines.
    var fields: FieldSelector?
    /// The folded side index (`--max-titles`, `--index-titles nonempty`), or nil: every
    /// title is shown (json then has no `sectionIndexTitles`/`sectionIndex`).
    var sectionIndex: SectionIndex? = nil
    /// Width, borders, colour, counts and measuring of the human formats.
    var table = TableOptions()
    /// table, markdown, columns: the measurements of every record written.
    var measure: TextMeasure? = nil
    /// html: the most cells a record has (rows of several make tables).
    var columns = 1
    /// The collation the html page's search box matches by, or nil for no search box.
    var pageSearch: LocalizedIndexedCollation? = nil
    /// How the page's search box matches (`--search-mode`, `--search-keypad`).
    var pageSearchOptions = SearchOptions()
    /// Structured input: the records are carried in their output form (``RecordForm``),
    /// and csv's header columns after `section`.
    var recordColumns: [String]? = nil
    /// csv and tsv input: its own header row, which csv output writes (``CSVHeader``).
    var recordHeader: CSVHeader? = nil
    /// `--with-keys`: the stamp written beside each record's storage key (the stream's key).
    var stamp: String? = nil
    /// What ends a tsv row: newline, or NUL with `-z`.
    var recordEnd: UInt8 = 0x0A
    /// Where `columns` keeps its columns apart: temporary files (spilled output, memory
    /// stays one block per column), or nil to keep them in memory.
    var scratch: (directory: String, budget: SpillBudget)? = nil

    /// An outline with its counts; the rest is set by the caller.
    init(localeIdentifier: String, titles: [String], counts: [Int], rowCounts: [Int]? = nil, fields: FieldSelector?) {
        self.localeIdentifier = localeIdentifier
        self.titles = titles
        self.counts = counts
        self.rowCounts = rowCounts ?? counts
        self.fields = fields
    }

    /// The sections a drawn layout shows and what it knows of them.
    var drawn: DrawnSections {
        var drawn = DrawnSections(
            titles: titles, counts: counts, rowCounts: rowCounts, descending: descending,
            measure: measure ?? TextMeasure(style: .table, options: table))
        if let sectionIndex { drawn.fold(to: sectionIndex) }
        return drawn
    }

    /// How many cells `line` shows as (``FieldSelector/columns(of:by:)``).
    static func cellCount<Bytes: Collection<UInt8>>(_ line: Bytes, fields: FieldSelector?) -> Int {
        guard let fields, fields.splitsColumns else { return 1 }
        return FieldSelector.columns(of: line, by: fields).count
    }
}
