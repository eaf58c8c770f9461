import SectionedData

/// The part of a data source one rendering shows: section titles and the cells of the
/// rows in a range, asked for lazily (a page of 50 rows out of a million builds 50 cells).
struct SectionedText {
    struct Section {
        var title: String
        var count: Int
        var rows: [[CellText]]
    }

    var indexTitles: [String]
    /// For each index title, whether it leads to rows (in the whole source, not just the
    /// page): see ``IndexTitleTargets``.
    var titleHasRows: [Bool]
    var sections: [Section]

    /// - Parameter rows: A range of row numbers counted across all sections in order, or
    ///   nil for every row.
    init<Source: SectionedDataSource>(_ source: Source, rows: Range<Int>?, options: TableOptions)
    where Source.Cell: TextColumnsRepresentable {
        indexTitles = source.sectionIndexTitles
        titleHasRows = IndexTitleTargets.targets(of: source, titles: indexTitles).map { $0.section != nil }
        var sections = [Section]()
        var first = 0
        for section in 0..<source.numberOfSections {
            let count = source.numberOfRows(inSection: section)
            let title = source.titleForHeader(inSection: section) ?? ""
            let sectionRows = first..<first + count
            first += count
            let wanted = rows.map { sectionRows.clamped(to: $0) } ?? sectionRows
            guard !wanted.isEmpty else { continue }
            let cells = wanted.map { row in
                source.cell(at: Position(row: row - sectionRows.lowerBound, section: section)).textColumns.map {
                    CellText($0, ambiguousWide: options.ambiguousWide)
                }
            }
            sections.append(Section(title: title, count: count, rows: cells))
        }
        self.sections = sections
    }

    func headerText(_ section: Section, options: TableOptions) -> String {
        Self.headerText(title: section.title, count: section.count, options: options)
    }

    /// A section title, with its record count when counts are shown.
    static func headerText(title: String, count: Int, options: TableOptions) -> String {
        options.showCounts ? "\(title) (\(count))" : title
    }

    /// The index titles as words: empty ones bracketed (or dimmed with colour).
    func indexWords(options: TableOptions) -> [(text: String, width: Int)] {
        Self.indexWords(titles: indexTitles, isNonEmpty: { titleHasRows[$0] }, options: options)
    }

    /// Index titles as printed words, with their display widths.
    static func indexWords(titles: [String], isNonEmpty: (Int) -> Bool, options: TableOptions) -> [(text: String, width: Int)] {
        titles.enumerated().map { position, title in
            let cell = CellText(title, ambiguousWide: options.ambiguousWide)
            if isNonEmpty(position) {
                return (options.color ? ANSI.bold(cell.printed) : cell.printed, cell.width)
            }
            return options.color ? (ANSI.dim(cell.printed), cell.width) : ("[\(cell.printed)]", cell.width + 2)
        }
    }
}
