/// Draws an ``IndexedTable`` as a box: a first row with the side index, then one band per
/// section (title in the first column, its rows beside it). Every line has the same
/// display width, whatever the scripts in the cells.
///
/// ```
/// ┌────┬────────┐
/// │ ㄱ ㄴ ㄷ … │
/// ├────┼────────┤
/// │ ㄱ │ 김민준 │
/// │    │ 까치   │
/// └────┴────────┘
/// ```
public enum TableRenderer {
    /// Renders the table as lines (without line ends).
    /// - Parameters:
    ///   - table: The sections and index titles.
    ///   - options: Borders, width and measuring options.
    /// - Returns: The lines to print, all of the same display width.
    public static func render(_ table: IndexedTable, options: TableOptions = TableOptions()) -> [String] {
        let box = options.ascii ? BoxCharacters.ascii : BoxCharacters.unicode
        let ambiguous = options.ambiguousWide
        let counts = options.showCounts
        let titleCells = table.sections.map { section in
            CellText(counts ? "\(section.title) (\(section.rows.count))" : section.title, ambiguousWide: ambiguous)
        }
        let rows = table.sections.map { $0.rows.map { $0.map { CellText($0, ambiguousWide: ambiguous) } } }
        let columnCount = max(1, rows.lazy.flatMap { $0 }.map(\.count).max() ?? 1)
        var widths = [titleCells.map(\.width).max() ?? 1] + [Int](repeating: 1, count: columnCount)
        for section in rows {
            for row in section {
                for (column, cell) in row.enumerated() { widths[column + 1] = max(widths[column + 1], cell.width) }
            }
        }
        widths = widths.map { max($0, 1) }
        fit(&widths, maxWidth: options.maxWidth)
        // Widen the last column so the side index gets up to the full width.
        let indexWidth = table.indexTitles.reduce(0) { $0 + CellText($1, ambiguousWide: ambiguous).width + 3 }
        let natural = widths.reduce(0, +) + 3 * widths.count + 1
        if natural < min(indexWidth + 4, options.maxWidth), let last = widths.indices.last {
            widths[last] += min(indexWidth + 4, options.maxWidth) - natural
        }
        let total = widths.reduce(0, +) + 3 * widths.count + 1  // "│ " + cells joined by " │ " + " │"
        let inner = total - 4

        var lines = [String]()
        lines.append(rule(box.topLeft, box.topJoin, box.topRight, widths, box, joined: false))
        for indexLine in indexLines(table, width: inner, ambiguous: ambiguous) {
            lines.append("\(box.vertical) \(indexLine) \(box.vertical)")
        }
        for (sectionIndex, section) in rows.enumerated() {
            lines.append(rule(box.leftJoin, sectionIndex == 0 ? box.topJoin : box.cross, box.rightJoin, widths, box, joined: true))
            let sectionRows = section.isEmpty ? [[CellText]()] : section
            for (rowIndex, row) in sectionRows.enumerated() {
                var cells = [rowIndex == 0 ? titleCells[sectionIndex] : CellText("")]
                cells += row
                while cells.count < widths.count { cells.append(CellText("")) }
                let rendered = zip(cells, widths).map { cell, width in pad(cell.truncated(toWidth: width, ambiguousWide: ambiguous), to: width) }
                lines.append("\(box.vertical) " + rendered.joined(separator: " \(box.vertical) ") + " \(box.vertical)")
            }
        }
        lines.append(rule(box.bottomLeft, rows.isEmpty ? box.horizontal : box.bottomJoin, box.bottomRight, widths, box, joined: !rows.isEmpty))
        return lines
    }

    /// The index titles, empty ones in brackets, wrapped to `width` columns.
    static func indexLines(_ table: IndexedTable, width: Int, ambiguous: Bool) -> [String] {
        let present = table.nonEmptyTitles
        let words = table.indexTitles.map { title in
            CellText(present.contains(title) ? title : "[\(title)]", ambiguousWide: ambiguous)
        }
        var lines = [[CellText]]()
        var current = [CellText]()
        var used = 0
        for word in words {
            let needed = current.isEmpty ? word.width : used + 1 + word.width
            if needed > width && !current.isEmpty {
                lines.append(current)
                current = [word]
                used = word.width
            } else {
                current.append(word)
                used = needed
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines.map { line in
            let text = line.map { $0.truncated(toWidth: width, ambiguousWide: ambiguous).printed }.joined(separator: " ")
            let lineWidth = line.map { min($0.width, width) }.reduce(0, +) + max(0, line.count - 1)
            return text + String(repeating: " ", count: max(0, width - lineWidth))
        }
    }

    /// Shrinks the widest columns until the table fits `maxWidth` (never below 1 column
    /// of text, so a very narrow terminal still gets a valid, if clipped, table).
    static func fit(_ widths: inout [Int], maxWidth: Int) {
        func total() -> Int { widths.reduce(0, +) + 3 * widths.count + 1 }
        while total() > maxWidth {
            guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 1 else { return }
            widths[widest] -= 1
        }
    }

    static func pad(_ cell: CellText, to width: Int) -> String {
        cell.printed + String(repeating: " ", count: max(0, width - cell.width))
    }

    static func rule(_ left: String, _ join: String, _ right: String, _ widths: [Int], _ box: BoxCharacters, joined: Bool) -> String {
        let segments = widths.map { String(repeating: box.horizontal, count: $0 + 2) }
        if !joined { return left + segments.joined(separator: box.horizontal) + right }
        return left + segments.joined(separator: join) + right
    }
}

/// The characters a table border is drawn with.
struct BoxCharacters {
    let horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: String
    let topJoin, bottomJoin, leftJoin, rightJoin, cross: String

    static let unicode = BoxCharacters(
        horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘",
        topJoin: "┬", bottomJoin: "┴", leftJoin: "├", rightJoin: "┤", cross: "┼")
    static let ascii = BoxCharacters(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        topJoin: "+", bottomJoin: "+", leftJoin: "+", rightJoin: "+", cross: "+")
}
