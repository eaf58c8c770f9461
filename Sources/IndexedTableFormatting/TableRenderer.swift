/// The `table` style: a box with the side index on top, then one band per section (title
/// in the first column, its rows beside it). Every line has the same display width.
///
/// ```
/// ┌────┬──────────┐
/// │ ㄱ ㄴ [ㄷ] …  │
/// ├────┬──────────┤
/// │ ㄱ │ 김민준   │
/// │    │ 까치     │
/// └────┴──────────┘
/// ```
enum TableRenderer {
    static func render(_ text: SectionedText, options: TableOptions) -> [String] {
        SectionedTextStream.render(text, style: .table, options: options)
    }

    /// A row as the table draws it: a column needs at least 4 columns of width (" x │");
    /// fields beyond what fits share the last column, so a line with a million fields
    /// still draws at once.
    static func fold(_ row: [CellText], options: TableOptions) -> [CellText] {
        let columnLimit = max(1, (options.maxWidth - 4) / 4 - 1)
        guard row.count > columnLimit else { return row }
        let rest = row[(columnLimit - 1)...].map(\.text).joined(separator: "  ")
        return Array(row.prefix(columnLimit - 1)) + [CellText(rest, ambiguousWide: options.ambiguousWide)]
    }

    /// Words flowed into lines of exactly `width` columns.
    static func flow(_ words: [(text: String, width: Int)], width: Int) -> [String] {
        var lines = [String]()
        var current = ""
        var used = 0
        for word in words {
            let wordWidth = min(word.width, width)
            if used > 0 && used + 1 + wordWidth > width {
                lines.append(current + padding(max(0, width - used)))
                current = ""
                used = 0
            }
            current += (used > 0 ? " " : "") + word.text
            used += (used > 0 ? 1 : 0) + wordWidth
        }
        lines.append(current + padding(max(0, width - used)))
        return lines
    }

    /// Shrinks the widest columns until the table fits `maxWidth` (never below 1 column):
    /// each step cuts the widest column down to the next widest (or just enough).
    static func fit(_ widths: inout [Int], maxWidth: Int) {
        var excess = widths.reduce(0, +) + 3 * widths.count + 1 - maxWidth
        while excess > 0 {
            guard let widest = widths.indices.max(by: { widths[$0] < widths[$1] }), widths[widest] > 1 else { return }
            let next = widths.indices.filter { $0 != widest }.map { widths[$0] }.max() ?? 1
            let cut = max(1, min(excess, widths[widest] - max(next, 1)))
            widths[widest] -= cut
            excess -= cut
        }
    }

    static func rule(_ left: String, _ join: String, _ right: String, _ widths: [Int], _ box: BoxCharacters) -> String {
        left + widths.map { String(repeating: box.horizontal, count: $0 + 2) }.joined(separator: join) + right
    }
}

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
