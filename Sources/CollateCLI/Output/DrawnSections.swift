import IndexedCollation
import IndexedTableFormatting

/// What a drawn layout knows before its first row: every title, which have records,
/// the sections drawn in order (numbered by title) with their counts, and the rows'
/// measurements.
struct DrawnSections {
    var titles: [String]
    /// The side index's titles: every title, or the folded ones (`--max-titles`).
    var indexTitles: [String]
    /// For each index title, whether it leads to records (a `•`: whether the titles it
    /// stands for have any).
    var titleHasRows: [Bool]
    var sections: [SectionedTextStream.Section]
    /// Rows drawn per section, indexed by title.
    var rowCounts: [Int]
    var measure: TextMeasure

    /// - Parameters:
    ///   - titles: Every section title.
    ///   - counts: Records per section in the whole input, indexed by title.
    ///   - rowCounts: Records drawn per section (fewer on a page).
    ///   - descending: Whether sections come in reverse title order.
    ///   - measure: The drawn rows' measurements.
    init(titles: [String], counts: [Int], rowCounts: [Int], descending: Bool, measure: TextMeasure) {
        self.titles = titles
        indexTitles = titles
        self.rowCounts = rowCounts
        self.measure = measure
        titleHasRows = counts.map { $0 > 0 }
        sections = Self.shown(titles: titles, counts: counts, rowCounts: rowCounts, descending: descending)
    }

    /// Shows a folded side index (`--max-titles`, `--index-titles nonempty`): a title, `•`
    /// included, is drawn as empty when the records it stands for are none.
    mutating func fold(to index: SectionIndex) {
        indexTitles = index.titles
        titleHasRows = index.counts.map { $0 > 0 }
    }

    /// The sections shown, in display order (numbered by title): those with rows, each
    /// with its count in the whole input.
    /// - Parameters: as ``init(titles:counts:rowCounts:descending:measure:)``.
    static func shown(titles: [String], counts: [Int], rowCounts: [Int], descending: Bool) -> [SectionedTextStream.Section] {
        let order = descending ? Array(titles.indices.reversed()) : Array(titles.indices)
        return order.filter { rowCounts[$0] > 0 }.map { SectionedTextStream.Section(id: $0, title: titles[$0], count: counts[$0]) }
    }
}
