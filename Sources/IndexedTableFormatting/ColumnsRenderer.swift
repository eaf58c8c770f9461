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
