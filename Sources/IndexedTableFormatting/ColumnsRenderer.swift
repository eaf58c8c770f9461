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
