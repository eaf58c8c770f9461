/// The `plain` style: `Index: …`, then a title line per section and its rows indented
/// (columns separated by two spaces). Text is escaped but never truncated.
///
/// The line builders are `package` so that output streamed record by record (`collate`
/// with spilled runs) has exactly this layout.
package enum PlainRenderer {
    static func render(_ text: SectionedText, options: TableOptions) -> [String] {
        var lines = [indexLine(titles: text.indexTitles, isNonEmpty: { text.titleHasRows[$0] }, options: options)]
        for section in text.sections {
            lines.append("")
            lines.append(headerLine(title: section.title, count: section.count, options: options))
            for row in section.rows { lines.append(rowLine(row)) }
        }
        return lines
    }

    /// `Index: ㄱ [ㄴ] …`: every title, the empty ones bracketed (dimmed with colour).
    package static func indexLine(titles: [String], isNonEmpty: (Int) -> Bool, options: TableOptions) -> String {
        "Index: " + SectionedText.indexWords(titles: titles, isNonEmpty: isNonEmpty, options: options).map(\.text).joined(separator: " ")
    }

    /// A section's title line (with its count when counts are shown; bold with colour).
    package static func headerLine(title: String, count: Int, options: TableOptions) -> String {
        let header = CellText(SectionedText.headerText(title: title, count: count, options: options)).printed
        return options.color ? ANSI.bold(header) : header
    }

    /// One row, indented, its columns separated by two spaces.
    package static func rowLine(_ cells: [CellText]) -> String {
        "  " + cells.map(\.printed).joined(separator: "  ")
    }
}
