/// The `plain` style: `Index: …`, then a title line per section and its rows indented
/// (columns separated by two spaces). Text is escaped but never truncated.
///
/// The line builders are `package` so that output streamed record by record (`collate`
/// with spilled runs) has exactly this layout.
package enum PlainRenderer {
    static func render(_ text: SectionedText, options: TableOptions) -> [String] {
        var lines = [indexLine(titles: text.indexTitles, isNonEmpty: { text.nonEmptyTitles.contains(text.indexTitles[$0]) }, options: options)]
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

/// The `markdown` style: the index in bold, then a `##` heading and a list per section;
/// with several columns per cell, a Markdown table per section.
enum MarkdownRenderer {
    static func render(_ text: SectionedText, options: TableOptions) -> [String] {
        let index = text.indexTitles.map { text.nonEmptyTitles.contains($0) ? escape($0) : "[\(escape($0))]" }
        var lines = ["**Index:** " + index.joined(separator: " ")]
        for section in text.sections {
            lines.append("")
            lines.append("## " + escape(text.headerText(section, options: options)))
            lines.append("")
            let columns = section.rows.map(\.count).max() ?? 1
            if columns > 1 {
                lines.append("|" + (1...columns).map { " \($0) |" }.joined())
                lines.append("|" + String(repeating: " --- |", count: columns))
                for row in section.rows {
                    let cells = row.map { escape($0.text) } + Array(repeating: "", count: columns - row.count)
                    lines.append("| " + cells.joined(separator: " | ") + " |")
                }
            } else {
                for row in section.rows {
                    let cell = row.first?.text ?? ""
                    lines.append("- " + (cell.isEmpty ? "(empty)" : escape(cell)))
                }
            }
        }
        return lines
    }

    /// Backslash-escapes Markdown's punctuation so text stays literal.
    static func escape(_ text: String) -> String {
        var out = ""
        for character in text {
            if "\\`*_{}[]()<>#+-.!|~".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }
}

/// The `columns` style, a phone book: each section is a block (its title, then its rows),
/// and blocks flow top to bottom into as many columns as the width allows. Every line
/// is padded to the same display width.
enum ColumnsRenderer {
    static func render(_ text: SectionedText, options: TableOptions) -> [String] {
        let gap = 3
        var blocks = [[CellText]]()
        for section in text.sections {
            var block = [CellText(text.headerText(section, options: options), ambiguousWide: options.ambiguousWide)]
            block += section.rows.map { row in
                CellText("  " + row.map(\.text).joined(separator: "  "), ambiguousWide: options.ambiguousWide)
            }
            blocks.append(block)
        }
        let words = text.indexWords(options: options)
        let cellWidth = min(max(1, blocks.joined().map(\.width).max() ?? 1), options.maxWidth)
        let columnCount = max(1, (options.maxWidth + gap) / (cellWidth + gap))
        // Flow: fill each column to about total/columns lines, never splitting a block's title from its first row.
        let totalLines = blocks.reduce(0) { $0 + $1.count + 1 }
        let target = max(1, (totalLines + columnCount - 1) / columnCount)
        var columns = [[CellText?]]()
        var current = [CellText?]()
        for block in blocks {
            if !current.isEmpty && current.count + min(block.count, 2) > target && columns.count < columnCount - 1 {
                columns.append(current)
                current = []
            }
            if !current.isEmpty { current.append(nil) }
            current += block.map { $0 }
        }
        if !current.isEmpty { columns.append(current) }
        let height = columns.map(\.count).max() ?? 0
        let width = columns.isEmpty ? options.maxWidth : columns.count * cellWidth + (columns.count - 1) * gap
        var lines = TableRenderer.flow(words, width: max(width, 1))
        lines.append(String(repeating: options.ascii ? "-" : "─", count: max(width, 1)))
        for line in 0..<height {
            let pieces = columns.map { column -> String in
                let cell = (line < column.count ? column[line] : nil) ?? CellText("")
                let fitted = cell.truncated(toWidth: cellWidth, ambiguousWide: options.ambiguousWide)
                return fitted.printed + padding(max(0, cellWidth - fitted.width))
            }
            lines.append(pieces.joined(separator: padding(gap)))
        }
        return lines
    }
}
