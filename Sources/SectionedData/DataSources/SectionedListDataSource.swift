/// A data source that shows a ``Snapshot`` and makes each row's cell on demand with a
/// closure, like UIKit's `UITableViewDiffableDataSource`.
///
/// ```swift
/// let snapshot = try Snapshot<String, String>(sections: [
///     ("ㄱ", ["김민준", "김서연"]),
///     ("ㄴ", []),
///     ("ㄷ", ["도윤"]),
/// ])
/// var source = SectionedListDataSource(snapshot: snapshot) { position, name in
///     "\(position.row + 1). \(name)"
/// }
/// source.headerTitleProvider = { section in section }
/// source.cell(at: Position(row: 1, section: 0))   // "2. 김서연"
/// ```
///
/// Cells are not stored: ``cell(at:)`` finds the item in O(1) and calls the cell provider for
/// that one row, so asking for row 5 000 of a million calls it once.
///
/// The section index is a list of titles plus a table from title to section identifier.
/// The list may name titles with no section in the snapshot (all of ㄱ…ㅎ, A…Z and `#`);
/// choosing one of those leads to the nearest non-empty section, see
/// ``section(forSectionIndexTitle:at:)``.
public struct SectionedListDataSource<
    SectionID: Hashable & Sendable, ItemID: Hashable & Sendable, Cell
>: SectionedDataSource {
    /// A closure that makes the cell for an item shown at a position.
    public typealias CellProvider = (Position, ItemID) -> Cell

    /// The snapshot being shown.
    var currentSnapshot: Snapshot<SectionID, ItemID>

    /// The closure that makes cells.
    let cellProvider: CellProvider

    /// A closure that returns the header title of a section; `nil` means no headers.
    public var headerTitleProvider: ((SectionID) -> String?)?

    /// A closure that returns the footer title of a section; `nil` means no footers.
    public var footerTitleProvider: ((SectionID) -> String?)?

    /// The titles of the section index, in order, including titles with no section.
    public var sectionIndexTitles: [String]

    /// The section each index title leads to. Titles missing here, or naming a section
    /// missing from the snapshot, have no section of their own.
    public var sectionIdentifiersForIndexTitles: [String: SectionID]

    /// A closure told the items whose data should be prepared because their rows will soon
    /// be shown; see ``prefetchRows(at:)``.
    public var prefetchHandler: (([ItemID]) -> Void)?

    /// A closure told the items whose preparation is no longer needed; see
    /// ``cancelPrefetching(forRowsAt:)``.
    public var cancelPrefetchingHandler: (([ItemID]) -> Void)?

    /// Creates a data source showing a snapshot.
    ///
    /// - Parameters:
    ///   - snapshot: The sections and items to show; empty by default.
    ///   - sectionIndexTitles: The titles of the section index, in order; none by default.
    ///   - sectionIdentifiersForIndexTitles: The section each index title leads to.
    ///   - cellProvider: The closure that makes the cell for an item at a position. It is
    ///     called once per call of ``cell(at:)`` and never ahead of time.
    public init(
        snapshot: Snapshot<SectionID, ItemID> = Snapshot(),
        sectionIndexTitles: [String] = [],
        sectionIdentifiersForIndexTitles: [String: SectionID] = [:],
        cellProvider: @escaping CellProvider
    ) {
        self.currentSnapshot = snapshot
        self.sectionIndexTitles = sectionIndexTitles
        self.sectionIdentifiersForIndexTitles = sectionIdentifiersForIndexTitles
        self.cellProvider = cellProvider
    }

    /// Returns the snapshot being shown.
    ///
    /// - Returns: A copy of the current snapshot, to edit and ``apply(_:)`` again.
    /// - Complexity: O(1); the copy shares storage until one side changes.
    public func snapshot() -> Snapshot<SectionID, ItemID> {
        currentSnapshot
    }

    /// Shows a new snapshot and returns what changed, for a front end to animate.
    ///
    /// - Parameter snapshot: The sections and items to show from now on.
    /// - Returns: The difference from the previous snapshot to `snapshot`.
    /// - Complexity: That of ``Snapshot/difference(from:)``.
    @discardableResult
    public mutating func apply(
        _ snapshot: Snapshot<SectionID, ItemID>
    ) -> SnapshotDifference<SectionID, ItemID> {
        let difference = snapshot.difference(from: currentSnapshot)
        currentSnapshot = snapshot
        return difference
    }

    /// Returns the item shown at a position.
    ///
    /// - Parameter position: A position.
    /// - Returns: The item's identifier, or `nil` if the position is outside the data.
    /// - Complexity: O(1).
    public func itemIdentifier(for position: Position) -> ItemID? {
        currentSnapshot.itemIdentifier(at: position)
    }

    /// Returns the position of an item, as UIKit's `indexPath(for:)` does.
    ///
    /// - Parameter itemIdentifier: An item identifier.
    /// - Returns: The item's position, or `nil` if the item is not shown.
    /// - Complexity: O(1) expected.
    public func position(for itemIdentifier: ItemID) -> Position? {
        currentSnapshot.position(ofItem: itemIdentifier)
    }

    /// Returns the identifier of the section at an index.
    ///
    /// - Parameter section: A section index.
    /// - Returns: The section's identifier, or `nil` if the index is out of range.
    /// - Complexity: O(1).
    public func sectionIdentifier(for section: Int) -> SectionID? {
        let sections = currentSnapshot.sectionIdentifiers
        return sections.indices.contains(section) ? sections[section] : nil
    }

    /// Returns the index of a section.
    ///
    /// - Parameter sectionIdentifier: A section identifier.
    /// - Returns: The section's index, or `nil` if the section is not shown.
    /// - Complexity: O(1) expected.
    public func index(for sectionIdentifier: SectionID) -> Int? {
        currentSnapshot.indexOfSection(sectionIdentifier)
    }

    // MARK: SectionedDataSource

    /// The number of sections in the snapshot, empty ones included.
    ///
    /// - Complexity: O(1).
    public var numberOfSections: Int {
        currentSnapshot.numberOfSections
    }

    /// Returns the number of items in a section of the snapshot.
    ///
    /// - Parameter section: A section index in `0..<numberOfSections`.
    /// - Returns: The number of rows in that section.
    /// - Precondition: `section` is a valid section index.
    /// - Complexity: O(1).
    public func numberOfRows(inSection section: Int) -> Int {
        let sections = currentSnapshot.sectionItems
        precondition(
            sections.indices.contains(section),
            "section \(section) is out of range 0..<\(sections.count)")
        return sections[section].count
    }

    /// Returns the cell for a row, calling the cell provider once.
    ///
    /// - Parameter position: A position inside the data.
    /// - Returns: The cell the cell provider makes for the item at `position`.
    /// - Precondition: `position` is inside the data.
    /// - Complexity: O(1) plus the cell provider's work.
    public func cell(at position: Position) -> Cell {
        guard let item = currentSnapshot.itemIdentifier(at: position) else {
            preconditionFailure("position \(position) is outside the data source")
        }
        return cellProvider(position, item)
    }

    /// Returns the header title of a section from ``headerTitleProvider``.
    ///
    /// - Parameter section: A section index.
    /// - Returns: The title, or `nil` if there is no header title provider or the index is
    ///   out of range.
    public func titleForHeader(inSection section: Int) -> String? {
        sectionIdentifier(for: section).flatMap { headerTitleProvider?($0) }
    }

    /// Returns the footer title of a section from ``footerTitleProvider``.
    ///
    /// - Parameter section: A section index.
    /// - Returns: The title, or `nil` if there is no footer title provider or the index is
    ///   out of range.
    public func titleForFooter(inSection section: Int) -> String? {
        sectionIdentifier(for: section).flatMap { footerTitleProvider?($0) }
    }
}

extension SectionedListDataSource: SectionedDataSourcePrefetching {
    /// Tells ``prefetchHandler`` the items shown at the given rows.
    ///
    /// Positions outside the data (stale ones, after a new snapshot was applied) are skipped;
    /// the handler is not called when no position is left.
    ///
    /// - Parameter positions: The rows to prepare, most urgent first.
    /// - Complexity: O(*k*), where *k* is the number of positions.
    public func prefetchRows(at positions: [Position]) {
        guard let prefetchHandler else { return }
        let items = positions.compactMap { currentSnapshot.itemIdentifier(at: $0) }
        if !items.isEmpty { prefetchHandler(items) }
    }

    /// Tells ``cancelPrefetchingHandler`` the items shown at the given rows.
    ///
    /// Positions outside the data are skipped; the handler is not called when no position is
    /// left.
    ///
    /// - Parameter positions: The rows whose preparation is no longer needed.
    /// - Complexity: O(*k*), where *k* is the number of positions.
    public func cancelPrefetching(forRowsAt positions: [Position]) {
        guard let cancelPrefetchingHandler else { return }
        let items = positions.compactMap { currentSnapshot.itemIdentifier(at: $0) }
        if !items.isEmpty { cancelPrefetchingHandler(items) }
    }
}
