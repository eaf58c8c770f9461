/// Draws the `table` and `markdown` styles one row at a time, from measurements taken
/// beforehand (``TextMeasure``): the in-memory renderers and output streamed from disk
/// (`collate` past its memory bound) draw through it, so both give the same lines.
///
/// ```swift
/// let stream = SectionedTextStream(style: .table, options: options, indexTitles: titles,
///                                  titleHasRows: hasRows, sections: shown, measure: measure)
/// var lines = stream.begin()
/// for (section, row) in rows { lines += stream.row(row, section: section) }
/// lines += stream.end()
/// ```
package final class SectionedTextStream {
    /// A section that is drawn: the caller's number for it, its title and its row count
    /// in the whole source (shown after the title with counts).
    package struct Section: Sendable {
        package var id: Int
        package var title: String
        package var count: Int

        package init(id: Int, title: String, count: Int) {
            self.id = id
            self.title = title
            self.count = count
        }
    }

    private enum Layout {
        case table(TableLayout)
        case markdown(indexLine: String, columns: [Int: Int])
    }

    private let options: TableOptions
    private let layout: Layout
    private let sections: [Section]
    /// Where each section id is in ``sections``.
    private let places: [Int: Int]
    private var current: Int?

    /// Creates a stream.
    /// - Parameters:
    ///   - style: `.table` or `.markdown` (`.plain` and `.columns` draw through
    ///     `PlainRenderer` and ``ColumnsLayout``).
    ///   - options: Width, borders, colour and measuring.
    ///   - indexTitles: Every index title, in order.
    ///   - titleHasRows: For each index title, whether it leads to rows in the whole
    ///     source (its section's, or for `•`, the left-out sections' it stands for).
    ///   - sections: The sections drawn, in order; each must get at least one row.
    ///   - measure: The measurements of every row drawn.
    package init(
        style: TextStyle, options: TableOptions, indexTitles: [String], titleHasRows: [Bool], sections: [Section],
        measure: TextMeasure
    ) {
        precondition(style == .table || style == .markdown, "SectionedTextStream draws table and markdown")
        self.options = options
        self.sections = sections
        places = Dictionary(sections.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        if style == .table {
            let titles = sections.map {
                CellText(SectionedText.headerText(title: $0.title, count: $0.count, options: options), ambiguousWide: options.ambiguousWide)
            }
            let words = SectionedText.indexWords(titles: indexTitles, isNonEmpty: { titleHasRows[$0] }, options: options)
            layout = .table(TableLayout(titles: titles, measure: measure, words: words, options: options))
        } else {
            layout = .markdown(indexLine: MarkdownRenderer.indexLine(titles: indexTitles, titleHasRows: titleHasRows), columns: measure.sectionColumns)
        }
    }

    /// The lines before the first section.
    package func begin() -> [String] {
        switch layout {
        case .table(let table): table.head
        case .markdown(let indexLine, _): [indexLine]
        }
    }

    /// The lines of one row, after its section's opening lines when it starts a section.
    /// - Parameters:
    ///   - row: The row's cells.
    ///   - section: The id of the row's section (one of the `sections` given).
    package func row(_ row: [CellText], section: Int) -> [String] {
        let place = places[section] ?? 0
        let starts = place != current
        var lines = [String]()
        switch layout {
        case .table(let table):
            var title: CellText?
            if starts {
                lines.append(table.sectionRule(first: current == nil))
                let header = sections[place]
                title = CellText(SectionedText.headerText(title: header.title, count: header.count, options: options), ambiguousWide: options.ambiguousWide)
            }
            lines += table.rowLines(title: title, row: row)
        case .markdown(_, let columns):
            let count = columns[section] ?? 1
            if starts {
                let header = sections[place]
                lines += MarkdownRenderer.sectionLines(header: SectionedText.headerText(title: header.title, count: header.count, options: options), columns: count)
            }
            lines.append(MarkdownRenderer.rowLine(row, columns: count))
        }
        current = place
        return lines
    }

    /// The lines after the last row.
    package func end() -> [String] {
        switch layout {
        case .table(let table): [table.bottomRule(hasSections: !sections.isEmpty)]
        case .markdown: []
        }
    }

    /// Draws text held in memory (the in-memory renderers).
    static func render(_ text: SectionedText, style: TextStyle, options: TableOptions) -> [String] {
        var measure = TextMeasure(style: style, options: options)
        for (index, section) in text.sections.enumerated() {
            for row in section.rows { measure.add(row, section: index) }
        }
        let stream = SectionedTextStream(
            style: style, options: options, indexTitles: text.indexTitles, titleHasRows: text.titleHasRows,
            sections: text.sections.enumerated().map { Section(id: $0.offset, title: $0.element.title, count: $0.element.count) },
            measure: measure)
        var lines = stream.begin()
        for (index, section) in text.sections.enumerated() {
            for row in section.rows { lines += stream.row(row, section: index) }
        }
        return lines + stream.end()
    }
}
