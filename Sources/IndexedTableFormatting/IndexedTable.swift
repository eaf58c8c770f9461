import SectionedData

/// Sections of rows held in memory: the simplest data source to print.
public struct IndexedTable: SectionedDataSource, Sendable {
    /// One section: its title and rows of cells.
    public struct Section: Sendable {
        public var title: String
        public var rows: [[String]]

        public init(title: String, rows: [[String]]) {
            self.title = title
            self.rows = rows
        }
    }

    /// Every index title, in order (empty sections included).
    public var sectionIndexTitles: [String]
    /// The sections in order.
    public var sections: [Section]

    public init(indexTitles: [String], sections: [Section]) {
        sectionIndexTitles = indexTitles
        self.sections = sections
    }

    public var numberOfSections: Int { sections.count }
    public func numberOfRows(inSection section: Int) -> Int { sections[section].rows.count }
    public func cell(at position: Position) -> [String] { sections[position.section].rows[position.row] }
    public func titleForHeader(inSection section: Int) -> String? { sections[section].title }
}
