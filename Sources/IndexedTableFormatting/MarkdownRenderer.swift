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
