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
        let box = options.ascii ? BoxCharacters.ascii : BoxCharacters.unicode
        let titles = text.sections.map { CellText(text.headerText($0, options: options), ambiguousWide: options.ambiguousWide) }
        // A column needs at least 4 columns of width (" x │"); fields beyond what fits
        // share the last column, so a line with a million fields still draws at once.
        let columnLimit = max(1, (options.maxWidth - 4) / 4 - 1)
        var text = text
        for section in text.sections.indices {
            text.sections[section].rows = text.sections[section].rows.map { row in
                guard row.count > columnLimit else { return row }
                let rest = row[(columnLimit - 1)...].map(\.text).joined(separator: "  ")
                return Array(row.prefix(columnLimit - 1)) + [CellText(rest, ambiguousWide: options.ambiguousWide)]
            }
        }
        let columnCount = max(1, text.sections.lazy.flatMap(\.rows).map(\.count).max() ?? 1)
        var widths = [titles.map(\.width).max() ?? 1] + [Int](repeating: 1, count: columnCount)
        for section in text.sections {
            for row in section.rows {
                for (column, cell) in row.enumerated() { widths[column + 1] = max(widths[column + 1], cell.width) }
            }
        }
        widths = widths.map { max($0, 1) }
        fit(&widths, maxWidth: options.maxWidth)
        // Widen the last column so the side index gets up to the full width.
        let words = text.indexWords(options: options)
        let indexWidth = words.reduce(0) { $0 + $1.width + 1 } + 3
        let natural = widths.reduce(0, +) + 3 * widths.count + 1
        if natural < min(indexWidth, options.maxWidth), let last = widths.indices.last {
            widths[last] += min(indexWidth, options.maxWidth) - natural
        }
        let inner = widths.reduce(0, +) + 3 * widths.count - 3

        var lines = [rule(box.topLeft, box.horizontal, box.topRight, widths, box)]
        for line in flow(words, width: inner) {
            lines.append("\(box.vertical) \(line) \(box.vertical)")
        }
        for (index, section) in text.sections.enumerated() {
            lines.append(rule(box.leftJoin, index == 0 ? box.topJoin : box.cross, box.rightJoin, widths, box))
            let rows = section.rows.isEmpty ? [[CellText]()] : section.rows
            for (rowIndex, row) in rows.enumerated() {
                var cells = [rowIndex == 0 ? titles[index] : CellText("")]
                cells += row
                while cells.count < widths.count { cells.append(CellText("")) }
                let pieces = zip(cells, widths).map { cell, width in
                    options.wrap ? cell.wrapped(toWidth: width, ambiguousWide: options.ambiguousWide) : [cell.truncated(toWidth: width, ambiguousWide: options.ambiguousWide)]
                }
                let height = pieces.map(\.count).max() ?? 1
                for line in 0..<height {
                    let rendered = pieces.enumerated().map { column, lines in
                        let cell = line < lines.count ? lines[line] : CellText("")
                        let printed = column == 0 && options.color && !cell.text.isEmpty ? ANSI.bold(cell.printed) : cell.printed
                        return printed + padding(max(0, widths[column] - cell.width))
                    }
                    lines.append("\(box.vertical) " + rendered.joined(separator: " \(box.vertical) ") + " \(box.vertical)")
                }
            }
        }
        let bottomJoin = text.sections.isEmpty ? box.horizontal : box.bottomJoin
        lines.append(rule(box.bottomLeft, bottomJoin, box.bottomRight, widths, box))
        return lines
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
