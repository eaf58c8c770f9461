extension SnapshotDifference {
    /// A section that the new snapshot adds, with its index and its items there.
    public struct SectionInsertion: Hashable, Sendable {
        /// The identifier of the section.
        public var sectionIdentifier: SectionID

        /// The section's index in the new snapshot.
        public var index: Int

        /// The identifiers of the section's items in the new snapshot, in order.
        ///
        /// A table view inserts them with the section; they are not repeated in
        /// ``SnapshotDifference/itemInsertions``.
        public var itemIdentifiers: [ItemID]

        /// Creates a section insertion.
        ///
        /// - Parameters:
        ///   - sectionIdentifier: The identifier of the section.
        ///   - index: The section's index in the new snapshot.
        ///   - itemIdentifiers: The section's items in the new snapshot, in order.
        @inlinable
        public init(sectionIdentifier: SectionID, index: Int, itemIdentifiers: [ItemID]) {
            self.sectionIdentifier = sectionIdentifier
            self.index = index
            self.itemIdentifiers = itemIdentifiers
        }
    }
}

extension SnapshotDifference.SectionInsertion: Codable where SectionID: Codable, ItemID: Codable {}
