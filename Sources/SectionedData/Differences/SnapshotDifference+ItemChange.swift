extension SnapshotDifference {
    /// An item named together with its position in one of the two snapshots.
    public struct ItemChange: Hashable, Sendable {
        /// The identifier of the item.
        public var itemIdentifier: ItemID

        /// The item's position: in the old snapshot for a deletion, in the new one otherwise.
        public var position: Position

        /// Creates an item change.
        ///
        /// - Parameters:
        ///   - itemIdentifier: The identifier of the item.
        ///   - position: The item's position in the snapshot the change refers to.
        @inlinable
        public init(itemIdentifier: ItemID, position: Position) {
            self.itemIdentifier = itemIdentifier
            self.position = position
        }
    }
}

extension SnapshotDifference.ItemChange: Codable where SectionID: Codable, ItemID: Codable {}
