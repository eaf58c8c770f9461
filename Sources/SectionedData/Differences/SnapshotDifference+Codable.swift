extension SnapshotDifference: Codable where SectionID: Codable, ItemID: Codable {
    /// The keys of a difference's encoded form: one list per kind of change.
    private enum CodingKeys: String, CodingKey {
        case sectionDeletions, sectionInsertions, sectionMoves
        case itemDeletions, itemInsertions, itemMoves
        case reloadedSections, reloadedItems, reconfiguredItems
    }

    /// Writes every list of changes, in order; positions are `{"section": s, "row": r}`.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    /// - Complexity: O(*c*) for *c* changes.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(sectionDeletions, forKey: .sectionDeletions)
        try container.encode(sectionInsertions, forKey: .sectionInsertions)
        try container.encode(sectionMoves, forKey: .sectionMoves)
        try container.encode(itemDeletions, forKey: .itemDeletions)
        try container.encode(itemInsertions, forKey: .itemInsertions)
        try container.encode(itemMoves, forKey: .itemMoves)
        try container.encode(reloadedSections, forKey: .reloadedSections)
        try container.encode(reloadedItems, forKey: .reloadedItems)
        try container.encode(reconfiguredItems, forKey: .reconfiguredItems)
    }

    /// Reads a difference written by ``encode(to:)``; a missing list means no such changes.
    ///
    /// The lists are taken as written: a difference read from elsewhere is checked when it
    /// is applied (``Snapshot/applying(_:)`` throws if it does not fit the snapshot).
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: What the decoder throws for malformed input.
    /// - Complexity: O(*c*) for *c* changes.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func list<Element: Decodable>(_ key: CodingKeys) throws -> [Element] {
            try container.decodeIfPresent([Element].self, forKey: key) ?? []
        }
        self.init(
            sectionDeletions: try list(.sectionDeletions), sectionInsertions: try list(.sectionInsertions),
            sectionMoves: try list(.sectionMoves), itemDeletions: try list(.itemDeletions),
            itemInsertions: try list(.itemInsertions), itemMoves: try list(.itemMoves),
            reloadedSections: try list(.reloadedSections), reloadedItems: try list(.reloadedItems),
            reconfiguredItems: try list(.reconfiguredItems))
    }
}
