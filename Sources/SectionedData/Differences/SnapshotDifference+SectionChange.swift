extension SnapshotDifference {
    /// A section named together with its index in one of the two snapshots.
    public struct SectionChange: Hashable, Sendable {
        /// The identifier of the section.
        public var sectionIdentifier: SectionID

        /// The section's index: in the old snapshot for a deletion, in the new one otherwise.
        public var index: Int

        /// Creates a section change.
        ///
        /// - Parameters:
        ///   - sectionIdentifier: The identifier of the section.
        ///   - index: The section's index in the snapshot the change refers to.
        @inlinable
        public init(sectionIdentifier: SectionID, index: Int) {
            self.sectionIdentifier = sectionIdentifier
            self.index = index
        }
    }
}

extension SnapshotDifference.SectionChange: Codable where SectionID: Codable, ItemID: Codable {}
