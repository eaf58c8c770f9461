/// A source of sectioned rows: how many sections and rows there are, the cell for each row,
/// and the titles of headers, footers and the section index.
///
/// This is the counterpart of UIKit's `UITableViewDataSource`, with the table view taken out
/// of every method. A renderer, such as a text table, asks only for what it shows:
///
/// ```swift
/// func render(_ source: some SectionedDataSource<String>) -> [String] {
///     var lines: [String] = []
///     for section in 0..<source.numberOfSections {
///         if let title = source.titleForHeader(inSection: section) { lines.append(title) }
///         for row in 0..<source.numberOfRows(inSection: section) {
///             lines.append(source.cell(at: Position(row: row, section: section)))
///         }
///     }
///     return lines
/// }
/// ```
///
/// ``SectionedListDataSource`` conforms by reading a ``Snapshot``; other types conform by
/// implementing the three required members.
public protocol SectionedDataSource<Cell> {
    /// The type of the value produced for each row, such as a string or a view model.
    associatedtype Cell

    /// The number of sections, empty ones included.
    var numberOfSections: Int { get }

    /// Returns the number of rows in a section.
    ///
    /// - Parameter section: A section index in `0..<numberOfSections`.
    /// - Returns: The number of rows in that section; zero if it is empty.
    func numberOfRows(inSection section: Int) -> Int

    /// Returns the cell for a row.
    ///
    /// - Parameter position: A position inside the data source.
    /// - Returns: The cell to show at that position.
    func cell(at position: Position) -> Cell

    /// Returns the title of a section's header.
    ///
    /// The default implementation returns `nil`.
    ///
    /// - Parameter section: A section index.
    /// - Returns: The title, or `nil` for a section without a header.
    func titleForHeader(inSection section: Int) -> String?

    /// Returns the title of a section's footer.
    ///
    /// The default implementation returns `nil`.
    ///
    /// - Parameter section: A section index.
    /// - Returns: The title, or `nil` for a section without a footer.
    func titleForFooter(inSection section: Int) -> String?

    /// The titles of the section index, the strip of letters beside a list, in order.
    ///
    /// It may list titles that have no section, such as every letter `A`…`Z` even when no
    /// name starts with `Q`. The default implementation returns an empty array.
    var sectionIndexTitles: [String] { get }

    /// Returns the section to show when an index title is chosen.
    ///
    /// A title whose section is empty, or missing, leads to the nearest following non-empty
    /// section, or when there is none, the nearest preceding one. The result is always a
    /// valid section index.
    ///
    /// The default implementation takes the title at `index` to stand for the section at
    /// `index` and returns ``nearestNonEmptySection(to:)`` for it.
    ///
    /// - Parameters:
    ///   - title: The chosen title.
    ///   - index: The title's index in ``sectionIndexTitles``.
    /// - Returns: The index of a non-empty section, or `nil` if the title is not in the index
    ///   or every section is empty.
    func section(forSectionIndexTitle title: String, at index: Int) -> Int?
}

extension SectionedDataSource {
    /// Returns `nil`: sections have no header titles unless a conforming type says otherwise.
    ///
    /// - Parameter section: A section index.
    /// - Returns: `nil`.
    public func titleForHeader(inSection section: Int) -> String? {
        nil
    }

    /// Returns `nil`: sections have no footer titles unless a conforming type says otherwise.
    ///
    /// - Parameter section: A section index.
    /// - Returns: `nil`.
    public func titleForFooter(inSection section: Int) -> String? {
        nil
    }

    /// An empty array: no section index unless a conforming type provides one.
    public var sectionIndexTitles: [String] {
        []
    }

    /// Returns the nearest non-empty section to the section at `index`, taking the title at
    /// `index` to stand for that section.
    ///
    /// - Parameters:
    ///   - title: The chosen title.
    ///   - index: The title's index in ``sectionIndexTitles``.
    /// - Returns: The index of a non-empty section, or `nil` if `index` is outside
    ///   ``sectionIndexTitles``, `title` is not the title there, or every section is empty.
    /// - Complexity: O(*s*), where *s* is the number of sections.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int? {
        let titles = sectionIndexTitles
        guard titles.indices.contains(index), titles[index] == title else { return nil }
        return nearestNonEmptySection(to: index)
    }

    /// Returns the first non-empty section at or after a section index, or if there is none,
    /// the last non-empty section before it.
    ///
    /// ```swift
    /// // Sections ㄱ (3 rows), ㄴ (0 rows), ㄷ (2 rows), # (0 rows):
    /// source.nearestNonEmptySection(to: 1)   // 2, ㄷ follows the empty ㄴ
    /// source.nearestNonEmptySection(to: 3)   // 2, nothing follows #, ㄷ precedes it
    /// ```
    ///
    /// - Parameter section: A section index; values outside `0..<numberOfSections` are
    ///   allowed and behave as if just before the first or just after the last section.
    /// - Returns: The index of a non-empty section, or `nil` if every section is empty.
    /// - Complexity: O(*s*), where *s* is the number of sections.
    public func nearestNonEmptySection(to section: Int) -> Int? {
        let count = numberOfSections
        let start = min(max(section, 0), count)
        if let following = (start..<count).first(where: { numberOfRows(inSection: $0) > 0 }) {
            return following
        }
        return (0..<start).last { numberOfRows(inSection: $0) > 0 }
    }
}

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

/// A type that prepares the data of rows before they are shown, such as decoding pictures or
/// fetching records, and stops when they no longer will be.
///
/// This is the counterpart of UIKit's `UITableViewDataSourcePrefetching`. A scrolling
/// front end calls ``prefetchRows(at:)`` for rows about to appear and
/// ``cancelPrefetching(forRowsAt:)`` for rows that scrolled out of reach before appearing.
/// Positions may be stale: an implementation skips those outside its data.
public protocol SectionedDataSourcePrefetching {
    /// Starts preparing the data of rows that will be shown soon.
    ///
    /// - Parameter positions: The rows to prepare, most urgent first.
    func prefetchRows(at positions: [Position])

    /// Stops preparing the data of rows that will not be shown after all.
    ///
    /// The default implementation does nothing.
    ///
    /// - Parameter positions: The rows whose preparation is no longer needed.
    func cancelPrefetching(forRowsAt positions: [Position])
}

extension SectionedDataSourcePrefetching {
    /// Does nothing; prefetching runs to completion unless a conforming type cancels it.
    ///
    /// - Parameter positions: The rows whose preparation is no longer needed.
    public func cancelPrefetching(forRowsAt positions: [Position]) {}
}
