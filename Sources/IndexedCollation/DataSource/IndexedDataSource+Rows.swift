import SectionedData

extension IndexedDataSource {
    /// The number of non-empty sections; empty sections are not shown.
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int {
        table.shown.count
    }

    /// Returns the number of records in a section.
    ///
    /// - Parameter section: A section index in `0..<numberOfSections`.
    /// - Returns: The number of rows in that section, at least one.
    /// - Precondition: `section` is a valid section index.
    /// - Complexity: O(1).
    public func numberOfRows(inSection section: Int) -> Int {
        precondition(
            table.shown.indices.contains(section), "section \(section) is out of range 0..<\(table.shown.count)")
        return table.sections[table.shown[section]].count
    }

    /// Returns the cell for a row, calling the cell provider once, for that row only.
    ///
    /// This is the data-source requirement a list calls for rows it knows are there, like
    /// UIKit's `tableView(_:cellForRowAt:)`. For a position that may be stale or out of
    /// range, call `cellForRow(at:)` (from `SectionedDataSource`), which returns `nil`
    /// instead.
    ///
    /// - Parameter position: A position inside the data.
    /// - Returns: The cell the cell provider makes for the record at `position`.
    /// - Precondition: `position` is inside the data.
    /// - Complexity: O(log *n*) plus the cell provider's work.
    public func cell(at position: Position) -> Cell {
        guard let record = record(at: position) else {
            preconditionFailure(
                "position \(position) is outside the data source (\(numberOfSections) sections);"
                    + " use cellForRow(at:) for positions that may be out of range")
        }
        return cellProvider(position, record)
    }

    /// Returns the title of a section's header: its index title, such as "ㄱ" or "#".
    ///
    /// - Parameter section: A section index.
    /// - Returns: The section's title, or `nil` if the index is out of range.
    /// - Complexity: O(1).
    public func titleForHeader(inSection section: Int) -> String? {
        guard table.shown.indices.contains(section) else { return nil }
        return collation.sectionTitles[table.shown[section]]
    }
}
