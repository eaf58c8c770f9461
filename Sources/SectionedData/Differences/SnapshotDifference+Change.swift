extension SnapshotDifference {
    /// A section or an item named together with where it is in one of the two snapshots.
    ///
    /// The lists of a difference use it as ``SectionChange`` (a section and its index) and
    /// ``ItemChange`` (an item and its ``Position``), so code that handles a deletion,
    /// insertion or reload reads the same two properties for sections and items.
    public struct Change<Identifier: Hashable & Sendable, Location: Hashable & Sendable>: Hashable, Sendable {
        /// The identifier of the section or item.
        public var identifier: Identifier

        /// Where it is: in the old snapshot for a deletion, in the new one otherwise.
        public var location: Location

        /// Creates a change.
        ///
        /// - Parameters:
        ///   - identifier: The identifier of the section or item.
        ///   - location: Its index or position in the snapshot the change refers to.
        @inlinable
        public init(identifier: Identifier, location: Location) {
            self.identifier = identifier
            self.location = location
        }
    }

    /// A section present in both snapshots whose place relative to the others changed
    /// (``SectionMove``), or an item that changed section or changed places relative to the
    /// other items of its section (``ItemMove``).
    public struct Move<Identifier: Hashable & Sendable, Location: Hashable & Sendable>: Hashable, Sendable {
        /// The identifier of the section or item.
        public var identifier: Identifier

        /// Its index or position in the old snapshot.
        public var source: Location

        /// Its index or position in the new snapshot.
        public var destination: Location

        /// Creates a move.
        ///
        /// - Parameters:
        ///   - identifier: The identifier of the section or item.
        ///   - source: Its index or position in the old snapshot.
        ///   - destination: Its index or position in the new snapshot.
        @inlinable
        public init(identifier: Identifier, source: Location, destination: Location) {
            self.identifier = identifier
            self.source = source
            self.destination = destination
        }
    }

    /// A section named together with its index in one of the two snapshots.
    public typealias SectionChange = Change<SectionID, Int>

    /// An item named together with its position in one of the two snapshots.
    public typealias ItemChange = Change<ItemID, Position>

    /// A section present in both snapshots whose place relative to the others changed.
    public typealias SectionMove = Move<SectionID, Int>

    /// An item present in both snapshots that changed section, or changed places relative
    /// to the other items of its section.
    public typealias ItemMove = Move<ItemID, Position>
}

// A change encodes as `{"identifier": …, "location": …}`, a move as
// `{"identifier": …, "source": …, "destination": …}`; positions as `{"section": s, "row": r}`.
extension SnapshotDifference.Change: Codable where Identifier: Codable, Location: Codable {}
extension SnapshotDifference.Move: Codable where Identifier: Codable, Location: Codable {}
