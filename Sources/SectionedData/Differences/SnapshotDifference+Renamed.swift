// The spellings of version 0.2, before sections and items shared `Change` and `Move`;
// kept so that code written against 0.2 compiles, with fix-its to the new names.

extension SnapshotDifference.Change where Location == Position {
    /// The identifier of the item.
    @available(*, deprecated, renamed: "identifier")
    @inlinable public var itemIdentifier: Identifier { identifier }

    /// The item's position.
    @available(*, deprecated, renamed: "location")
    @inlinable public var position: Position { location }
}

extension SnapshotDifference.Change where Location == Int {
    /// The identifier of the section.
    @available(*, deprecated, renamed: "identifier")
    @inlinable public var sectionIdentifier: Identifier { identifier }

    /// The section's index.
    @available(*, deprecated, renamed: "location")
    @inlinable public var index: Int { location }
}

extension SnapshotDifference.Move where Location == Position {
    /// The identifier of the moved item.
    @available(*, deprecated, renamed: "identifier")
    @inlinable public var itemIdentifier: Identifier { identifier }
}

extension SnapshotDifference.Move where Location == Int {
    /// The identifier of the moved section.
    @available(*, deprecated, renamed: "identifier")
    @inlinable public var sectionIdentifier: Identifier { identifier }
}

extension SnapshotDifference.SectionInsertion {
    /// The identifier of the inserted section.
    @available(*, deprecated, renamed: "identifier")
    @inlinable public var sectionIdentifier: SectionID { identifier }

    /// The inserted section's index.
    @available(*, deprecated, renamed: "location")
    @inlinable public var index: Int { location }
}
