extension SectionedDataSource {
    /// Returns the cell for a row, or `nil` if the position is outside the data source.
    ///
    /// ``cell(at:)`` is what a list calls for rows it knows are there, and like UIKit's
    /// `tableView(_:cellForRowAt:)` it requires a valid position. This method is the
    /// counterpart of UIKit's `UITableView.cellForRow(at:)`, which returns `nil` for a row
    /// that is not there: use it when the position comes from elsewhere (a saved scroll
    /// position, a search result, a row number typed by a user) and may be stale.
    ///
    /// ```swift
    /// if let cell = contacts.cellForRow(at: Position(row: 5_000, section: 0)) {
    ///     show(cell)
    /// }   // a list with fewer rows gives nil instead of stopping the program
    /// ```
    ///
    /// - Parameter position: Any position; negative and too large values give `nil`.
    /// - Returns: The cell ``cell(at:)`` makes at `position`, or `nil` if `position` is not
    ///   in `0..<numberOfSections` and `0..<numberOfRows(inSection:)`.
    /// - Complexity: O(1) checks plus the cost of ``cell(at:)``.
    public func cellForRow(at position: Position) -> Cell? {
        guard position.section >= 0, position.section < numberOfSections, position.row >= 0,
            position.row < numberOfRows(inSection: position.section)
        else { return nil }
        return cell(at: position)
    }
}
