extension SnapshotDifference {
    /// Creates the difference of an edit whose changes the caller already knows, such as a
    /// sorted data source inserting, removing or moving one record, without comparing two
    /// whole snapshots (which ``Snapshot/difference(from:)`` does in O(*n*)).
    ///
    /// The caller is responsible for the rules ``SnapshotDifference`` documents: deletions
    /// carry old positions, everything else new positions, and each list is sorted.
    ///
    /// - Parameters:
    ///   - deletingSections: The deleted sections, with their old indexes.
    ///   - insertingSections: The inserted sections, with their new indexes and items.
    ///   - deletingItems: The deleted items, with their old positions.
    ///   - insertingItems: The inserted items, with their new positions.
    ///   - movingItems: The moved items, with their old and new positions.
    ///   - reconfiguringItems: The items the new snapshot marks for reconfiguring, with their
    ///     new positions.
    /// - Complexity: O(1).
    package init(
        deletingSections: [SectionChange] = [], insertingSections: [SectionInsertion] = [],
        deletingItems: [ItemChange] = [], insertingItems: [ItemChange] = [],
        movingItems: [ItemMove] = [], reconfiguringItems: [ItemChange] = []
    ) {
        self.init(
            sectionDeletions: deletingSections, sectionInsertions: insertingSections,
            sectionMoves: [], itemDeletions: deletingItems, itemInsertions: insertingItems,
            itemMoves: movingItems, reloadedSections: [], reloadedItems: [],
            reconfiguredItems: reconfiguringItems)
    }
}
