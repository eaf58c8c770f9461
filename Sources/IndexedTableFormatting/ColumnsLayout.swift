/// The geometry of the `columns` style, fixed before the first row: the cell width (the
/// widest title or row line, at most the line width), how many columns fit, and which
/// column each section's block goes to (blocks are never split, a title never ends a
/// column). Rows then arrive in order and each goes to its block's column, so output
/// streamed from disk can keep each column apart and join them line by line.
package struct ColumnsLayout: Sendable {
    /// Spaces between columns.
    package static let gap = 3
    /// The widest line drawn, whatever `maxWidth` asks for.
    package static let widestLine = 1 << 24
    package let options: TableOptions
    /// Display columns of every cell.
    package let cellWidth: Int
    /// The columns drawn (at most as many as fit).
    package let columnCount: Int
    /// The column of each section's block, in drawing order.
    package let columnOfBlock: [Int]
    /// Lines below the index: the longest column's.
    package let height: Int
    /// Display width of every line.
    package let width: Int

    /// - Parameters:
    ///   - headers: Each drawn section's header cell (``headerCell(title:count:options:)``).
    ///   - rowCounts: The rows drawn in each section.
    ///   - measure: The rows' measurements (style `.columns`).
    package init(headers: [CellText], rowCounts: [Int], measure: TextMeasure, options: TableOptions) {
        self.options = options
        let gap = Self.gap
        // Any width past a few million columns draws the same: clamped, so no sum overflows.
        let lineWidth = min(max(1, options.maxWidth), Self.widestLine)
        cellWidth = min(max(1, headers.map(\.width).max() ?? 1, measure.widestRow), lineWidth)
        let fitting = max(1, (lineWidth + gap) / (cellWidth + gap))
        // Flow: fill each column to about total/columns lines, never splitting a block's
        // title from its first row.
        let totalLines = rowCounts.reduce(0) { $0 + $1 + 2 }
        let target = max(1, (totalLines + fitting - 1) / fitting)
        var lengths = [Int]()
        var current = 0
        var columnOfBlock = [Int]()
        for rows in rowCounts {
            let block = rows + 1
            if current > 0 && current + min(block, 2) > target && lengths.count < fitting - 1 {
                lengths.append(current)
                current = 0
            }
            if current > 0 { current += 1 }
            current += block
            columnOfBlock.append(lengths.count)
        }
        if current > 0 { lengths.append(current) }
        self.columnOfBlock = columnOfBlock
        columnCount = lengths.count
        height = lengths.max() ?? 0
        width = lengths.isEmpty ? lineWidth : lengths.count * cellWidth + (lengths.count - 1) * gap
    }

    /// A section's title cell (with its count when counts are shown).
    package static func headerCell(title: String, count: Int, options: TableOptions) -> CellText {
        CellText(SectionedText.headerText(title: title, count: count, options: options), ambiguousWide: options.ambiguousWide)
    }

    /// A row as one indented cell, its columns two spaces apart.
    package static func rowCell(_ row: [CellText], options: TableOptions) -> CellText {
        CellText("  " + row.map(\.text).joined(separator: "  "), ambiguousWide: options.ambiguousWide)
    }

    /// The index flowed over the width, and the rule under it.
    package func head(words: [(text: String, width: Int)]) -> [String] {
        TableRenderer.flow(words, width: max(width, 1)) + [String(repeating: options.ascii ? "-" : "─", count: max(width, 1))]
    }

    /// The index lines for every title, the empty ones bracketed (dimmed with colour).
    /// - Parameter titleHasRows: For each title, whether it leads to rows.
    package func head(indexTitles: [String], titleHasRows: [Bool]) -> [String] {
        head(words: SectionedText.indexWords(titles: indexTitles, isNonEmpty: { titleHasRows[$0] }, options: options))
    }

    /// One cell as drawn in its column, truncated and padded to ``cellWidth``; nil for the
    /// blank line between blocks and below a column's end.
    package func piece(_ cell: CellText?) -> String {
        let fitted = (cell ?? CellText("")).truncated(toWidth: cellWidth, ambiguousWide: options.ambiguousWide)
        return fitted.printed + padding(max(0, cellWidth - fitted.width))
    }

    /// One line from the pieces of every column at that height.
    package func line(_ pieces: [String]) -> String { pieces.joined(separator: padding(Self.gap)) }
}

/// The `columns` style, a phone book: each section is a block (its title, then its rows),
/// and blocks flow top to bottom into as many columns as the width allows. Every line
/// is padded to the same display width.
enum ColumnsRenderer {
    static func render(_ text: SectionedText, options: TableOptions) -> [String] {
        var blocks = [[CellText]]()
        var measure = TextMeasure(style: .columns, options: options)
        for (index, section) in text.sections.enumerated() {
            blocks.append([ColumnsLayout.headerCell(title: section.title, count: section.count, options: options)] + section.rows.map { row in
                measure.add(row, section: index)
                return ColumnsLayout.rowCell(row, options: options)
            })
        }
        let layout = ColumnsLayout(
            headers: blocks.compactMap(\.first), rowCounts: blocks.map { $0.count - 1 }, measure: measure, options: options)
        var columns = [[String]](repeating: [], count: layout.columnCount)
        for (index, block) in blocks.enumerated() {
            let column = layout.columnOfBlock[index]
            if !columns[column].isEmpty { columns[column].append(layout.piece(nil)) }
            columns[column] += block.map { layout.piece($0) }
        }
        var lines = layout.head(words: text.indexWords(options: options))
        for line in 0..<layout.height {
            lines.append(layout.line(columns.map { line < $0.count ? $0[line] : layout.piece(nil) }))
        }
        return lines
    }
}
