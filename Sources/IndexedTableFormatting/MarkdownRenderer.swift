/// The `markdown` style: the index in bold, then a `##` heading and a list per section;
/// with several columns per cell, a Markdown table per section.
enum MarkdownRenderer {
    static func render(_ text: SectionedText, options: TableOptions) -> [String] {
        SectionedTextStream.render(text, style: .markdown, options: options)
    }

    /// `**Index:** ㄱ [ㄴ] …`: the empty titles bracketed.
    static func indexLine(titles: [String], titleHasRows: [Bool]) -> String {
        "**Index:** " + titles.indices.map { titleHasRows[$0] ? escape(titles[$0]) : "[\(escape(titles[$0]))]" }.joined(separator: " ")
    }

    /// The lines that open a section: its heading and, for rows of `columns` cells, the
    /// table's header.
    static func sectionLines(header: String, columns: Int) -> [String] {
        var lines = ["", "## " + escape(header), ""]
        if columns > 1 {
            lines.append("|" + (1...columns).map { " \($0) |" }.joined())
            lines.append("|" + String(repeating: " --- |", count: columns))
        }
        return lines
    }

    /// One row: a table row padded to `columns` cells, or a list item.
    static func rowLine(_ row: [CellText], columns: Int) -> String {
        if columns > 1 {
            let cells = row.map { escape($0.text) } + Array(repeating: "", count: columns - row.count)
            return "| " + cells.joined(separator: " | ") + " |"
        }
        let cell = row.first?.text ?? ""
        return "- " + (cell.isEmpty ? "(empty)" : escape(cell))
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
