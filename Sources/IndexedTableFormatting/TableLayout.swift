/// A table's geometry, fixed before the first row: the column widths (the titles' and
/// the measured cells', fitted to the width, the last widened for the side index).
struct TableLayout {
    let options: TableOptions
    let box: BoxCharacters
    let widths: [Int]
    /// The index lines, top rule first.
    let head: [String]

    /// - Parameters:
    ///   - titles: The header cells of the sections drawn.
    ///   - measure: The rows' measurements.
    ///   - words: The side index as words.
    init(titles: [CellText], measure: TextMeasure, words: [(text: String, width: Int)], options: TableOptions) {
        self.options = options
        box = options.ascii ? BoxCharacters.ascii : BoxCharacters.unicode
        let columnCount = max(1, measure.columnWidths.count)
        var widths = [max(1, titles.map(\.width).max() ?? 1)]
        widths += (0..<columnCount).map { max(1, $0 < measure.columnWidths.count ? measure.columnWidths[$0] : 1) }
        TableRenderer.fit(&widths, maxWidth: options.maxWidth)
        // Widen the last column so the side index gets up to the full width.
        let indexWidth = words.reduce(0) { $0 + $1.width + 1 } + 3
        let natural = widths.reduce(0, +) + 3 * widths.count + 1
        if natural < min(indexWidth, options.maxWidth), let last = widths.indices.last {
            widths[last] += min(indexWidth, options.maxWidth) - natural
        }
        self.widths = widths
        let inner = widths.reduce(0, +) + 3 * widths.count - 3
        let box = box
        head = [TableRenderer.rule(box.topLeft, box.horizontal, box.topRight, widths, box)]
            + TableRenderer.flow(words, width: inner).map { "\(box.vertical) \($0) \(box.vertical)" }
    }

    /// The rule above a section's band.
    func sectionRule(first: Bool) -> String {
        TableRenderer.rule(box.leftJoin, first ? box.topJoin : box.cross, box.rightJoin, widths, box)
    }

    /// The lines of one row: `title` beside the section's first row, wrapped or truncated cells.
    func rowLines(title: CellText?, row: [CellText]) -> [String] {
        var cells = [title ?? CellText("")]
        cells += TableRenderer.fold(row, options: options)
        while cells.count < widths.count { cells.append(CellText("")) }
        let pieces = zip(cells, widths).map { cell, width in
            options.wrap
                ? cell.wrapped(toWidth: width, ambiguousWide: options.ambiguousWide)
                : [cell.truncated(toWidth: width, ambiguousWide: options.ambiguousWide)]
        }
        let height = pieces.map(\.count).max() ?? 1
        return (0..<height).map { line in
            let rendered = pieces.enumerated().map { column, lines in
                let cell = line < lines.count ? lines[line] : CellText("")
                let printed = column == 0 && options.color && !cell.text.isEmpty ? ANSI.bold(cell.printed) : cell.printed
                return printed + padding(max(0, widths[column] - cell.width))
            }
            return "\(box.vertical) " + rendered.joined(separator: " \(box.vertical) ") + " \(box.vertical)"
        }
    }

    /// The bottom rule.
    func bottomRule(hasSections: Bool) -> String {
        TableRenderer.rule(box.bottomLeft, hasSections ? box.bottomJoin : box.horizontal, box.bottomRight, widths, box)
    }
}
