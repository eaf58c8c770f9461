/// What the `table`, `markdown` and `columns` layouts must know of every row before they
/// draw the first: the widest cell of each table column, the most cells of a row in each
/// Markdown section, the widest phone-book line. None depends on the rows' order, so the
/// rows can be measured in any order (as they are written to disk, say) and drawn later
/// one at a time by ``SectionedTextStream`` or ``ColumnsLayout``.
package struct TextMeasure: Sendable {
    /// The layout measured for (`plain` measures nothing).
    package let style: TextStyle
    /// The options the rows are drawn with (the table's width decides how cells fold).
    package let options: TableOptions
    /// table: the widest cell of each column, rows folded as ``TableRenderer`` folds them.
    package private(set) var columnWidths: [Int] = []
    /// markdown: the most cells of a row, by the caller's section number.
    package private(set) var sectionColumns: [Int: Int] = [:]
    /// columns: the widest row line (see ``ColumnsLayout/rowCell(_:options:)``).
    package private(set) var widestRow = 0

    package init(style: TextStyle, options: TableOptions) {
        self.style = style
        self.options = options
    }

    /// Measures one row.
    /// - Parameters:
    ///   - row: The row's cells.
    ///   - section: The row's section, numbered as the caller numbers sections when drawing.
    /// - Complexity: O(*c*) for *c* characters in the row (one more cell is built for `columns`).
    package mutating func add(_ row: [CellText], section: Int) {
        switch style {
        case .table:
            let folded = TableRenderer.fold(row, options: options)
            if columnWidths.count < folded.count { columnWidths += [Int](repeating: 0, count: folded.count - columnWidths.count) }
            for (column, cell) in folded.enumerated() where cell.width > columnWidths[column] { columnWidths[column] = cell.width }
        case .markdown:
            sectionColumns[section] = max(sectionColumns[section] ?? 0, row.count)
        case .columns:
            widestRow = max(widestRow, ColumnsLayout.rowCell(row, options: options).width)
        case .plain:
            break
        }
    }

}
