extension SnapshotDifference {
    /// A section that the new snapshot adds, with its index and its items there.
    public struct SectionInsertion: Hashable, Sendable {
        /// The identifier of the section.
        public var identifier: SectionID

        /// The section's index in the new snapshot.
        public var location: Int

        /// The identifiers of the section's items in the new snapshot, in order.
        ///
        /// A table view inserts them with the section; they are not repeated in
        /// ``SnapshotDifference/itemInsertions``.
        public var itemIdentifiers: [ItemID]

        /// Creates a section insertion.
        ///
        /// - Parameters:
        ///   - identifier: The identifier of the section.
        ///   - location: The section's index in the new snapshot.
        ///   - itemIdentifiers: The section's items in the new snapshot, in order.
        @inlinable
        public init(identifier: SectionID, location: Int, itemIdentifiers: [ItemID]) {
            self.identifier = identifier
            self.location = location
            self.itemIdentifiers = itemIdentifiers
        }
    }
}

extension SnapshotDifference.SectionInsertion: Codable where SectionID: Codable, ItemID: Codable {}
