extension SnapshotDifference {
    /// An item present in both snapshots that changed section, or changed places relative to
    /// the other items of its section.
    public struct ItemMove: Hashable, Sendable {
        /// The identifier of the item.
        public var itemIdentifier: ItemID

        /// The item's position in the old snapshot.
        public var source: Position

        /// The item's position in the new snapshot.
        public var destination: Position

        /// Creates an item move.
        ///
        /// - Parameters:
        ///   - itemIdentifier: The identifier of the item.
        ///   - source: The item's position in the old snapshot.
        ///   - destination: The item's position in the new snapshot.
        @inlinable
        public init(itemIdentifier: ItemID, source: Position, destination: Position) {
            self.itemIdentifier = itemIdentifier
            self.source = source
            self.destination = destination
        }
    }
}

extension SnapshotDifference.ItemMove: Codable where SectionID: Codable, ItemID: Codable {}
