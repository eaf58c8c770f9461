import SectionedData

/// Renders any `SectionedDataSource` whose cells are text in one of the ``TextStyle``s.
///
/// ```swift
/// let lines = SectionedTextRenderer.render(dataSource, style: .table, options: TableOptions(maxWidth: 100))
/// ```
/// Only the cells of the rows shown are requested from the data source.
public enum SectionedTextRenderer {
    /// Renders a data source as lines of text (without line ends).
    /// - Parameters:
    ///   - source: The sections, their titles, index titles and cells.
    ///   - style: The layout.
    ///   - rows: The rows to show, numbered across all sections in order (a page), or nil for all.
    ///   - options: Width, borders, colour and measuring options.
    /// - Returns: The lines. In the `table` and `columns` styles every line has the same
    ///   display width, in any script.
    public static func render<Source: SectionedDataSource>(
        _ source: Source, style: TextStyle, rows: Range<Int>? = nil, options: TableOptions = TableOptions()
    ) -> [String] where Source.Cell: TextColumnsRepresentable {
        let text = SectionedText(source, rows: rows, options: options)
        switch style {
        case .table: return TableRenderer.render(text, options: options)
        case .plain: return PlainRenderer.render(text, options: options)
        case .markdown: return MarkdownRenderer.render(text, options: options)
        case .columns: return ColumnsRenderer.render(text, options: options)
        }
    }
}

/// The human-readable layouts of sectioned data.
public enum TextStyle: String, Sendable, CaseIterable {
    /// A box: the side index on top, then one band per section, the title beside its
    /// rows; with several columns per cell, one table column each.
    case table
    /// `Index: …`, then a title line per section and its rows indented.
    case plain
    /// The index, then a `##` heading and a list per section.
    case markdown
    /// A phone book: sections flowed top to bottom into as many columns as fit.
    case columns
}

/// A cell that prints as one or more text columns.
public protocol TextColumnsRepresentable {
    /// The cell's columns, left to right.
    var textColumns: [String] { get }
}

extension String: TextColumnsRepresentable {
    /// The string as a single column.
    public var textColumns: [String] { [self] }
}

extension Array: TextColumnsRepresentable where Element == String {
    /// Each string as a column, in order.
    public var textColumns: [String] { self }
}
