import SectionedData

/// Sections of rows held in memory: the simplest data source to print.
public struct IndexedTable: SectionedDataSource, Sendable {
    /// One section: its title and rows of cells.
    public struct Section: Sendable {
        /// The section's title, such as "ㄱ" or "#".
        public var title: String
        /// The section's rows; each row's cells are its text columns, left to right.
        public var rows: [[String]]

        /// Creates a section.
        ///
        /// - Parameters:
        ///   - title: The section's title.
        ///   - rows: The rows, each a list of text columns.
        public init(title: String, rows: [[String]]) {
            self.title = title
            self.rows = rows
        }
    }

    /// Every index title, in order (empty sections included).
    public var sectionIndexTitles: [String]
    /// The sections in order.
    public var sections: [Section]

    /// Creates a table.
    ///
    /// - Parameters:
    ///   - indexTitles: Every index title, in order, empty sections included.
    ///   - sections: The sections to show, in order.
    public init(indexTitles: [String], sections: [Section]) {
        sectionIndexTitles = indexTitles
        self.sections = sections
    }

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// Returns the number of rows in a section.
    ///
    /// - Parameter section: A section index in `0..<numberOfSections`.
    /// - Returns: The section's row count.
    public func numberOfRows(inSection section: Int) -> Int { sections[section].rows.count }

    /// Returns a row's cells.
    ///
    /// - Parameter position: A position inside the table.
    /// - Returns: The row's text columns.
    public func cell(at position: Position) -> [String] { sections[position.section].rows[position.row] }

    /// Returns a section's title.
    ///
    /// - Parameter section: A section index in `0..<numberOfSections`.
    /// - Returns: The section's title.
    public func titleForHeader(inSection section: Int) -> String? { sections[section].title }
}
