extension SnapshotDifference {
    /// A section present in both snapshots whose place relative to the others changed.
    public struct SectionMove: Hashable, Sendable {
        /// The identifier of the section.
        public var sectionIdentifier: SectionID

        /// The section's index in the old snapshot.
        public var source: Int

        /// The section's index in the new snapshot.
        public var destination: Int

        /// Creates a section move.
        ///
        /// - Parameters:
        ///   - sectionIdentifier: The identifier of the section.
        ///   - source: The section's index in the old snapshot.
        ///   - destination: The section's index in the new snapshot.
        @inlinable
        public init(sectionIdentifier: SectionID, source: Int, destination: Int) {
            self.sectionIdentifier = sectionIdentifier
            self.source = source
            self.destination = destination
        }
    }
}

extension SnapshotDifference.SectionMove: Codable where SectionID: Codable, ItemID: Codable {}
