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
