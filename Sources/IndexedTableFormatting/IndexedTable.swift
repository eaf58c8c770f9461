/// Sections of rows, ready to print: what every text format renders.
public struct IndexedTable: Sendable {
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
    public var indexTitles: [String]
    /// The non-empty sections in order.
    public var sections: [Section]

    public init(indexTitles: [String], sections: [Section]) {
        self.indexTitles = indexTitles
        self.sections = sections
    }

    /// Titles that have at least one row.
    public var nonEmptyTitles: Set<String> { Set(sections.filter { !$0.rows.isEmpty }.map(\.title)) }
}
