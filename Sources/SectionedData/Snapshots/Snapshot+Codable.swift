extension Snapshot: Codable where SectionID: Codable, ItemID: Codable {
    /// The keys of a snapshot's encoded form.
    private enum CodingKeys: String, CodingKey {
        case sections, reloadedSections, reloadedItems, reconfiguredItems
    }

    /// The keys of one encoded section.
    private enum SectionKeys: String, CodingKey {
        case identifier, items
    }

    /// Writes the sections in order, each with its items, and the reload and reconfigure
    /// marks in display order:
    ///
    /// ```json
    /// {"sections": [{"identifier": "ㄱ", "items": [2, 1]}, {"identifier": "ㅂ", "items": [3]}],
    ///  "reloadedSections": [], "reloadedItems": [], "reconfiguredItems": [3]}
    /// ```
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    /// - Complexity: O(*n* + *k* log *k*) for *n* items and *k* marks.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var sections = container.nestedUnkeyedContainer(forKey: .sections)
        for (identifier, items) in zip(sectionIDs, sectionItems) {
            var section = sections.nestedContainer(keyedBy: SectionKeys.self)
            try section.encode(identifier, forKey: .identifier)
            try section.encode(items, forKey: .items)
        }
        try container.encode(reloadedSectionIdentifiers, forKey: .reloadedSections)
        try container.encode(reloadedItemIdentifiers, forKey: .reloadedItems)
        try container.encode(reconfiguredItemIdentifiers, forKey: .reconfiguredItems)
    }

    /// Reads a snapshot written by ``encode(to:)``, checking the snapshot's rules.
    ///
    /// The mark lists may be missing, meaning no marks.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` when an identifier repeats or a mark names
    ///   an identifier the snapshot does not hold, with the ``SnapshotError`` message; or
    ///   what the decoder throws.
    /// - Complexity: O(*n*) expected for *n* sections, items and marks.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var sections = try container.nestedUnkeyedContainer(forKey: .sections)
        self.init()
        do {
            while !sections.isAtEnd {
                let section = try sections.nestedContainer(keyedBy: SectionKeys.self)
                let identifier = try section.decode(SectionID.self, forKey: .identifier)
                try appendSections([identifier])
                try appendItems(try section.decode([ItemID].self, forKey: .items), toSection: identifier)
            }
            try reloadSections(try container.decodeIfPresent([SectionID].self, forKey: .reloadedSections) ?? [])
            try reloadItems(try container.decodeIfPresent([ItemID].self, forKey: .reloadedItems) ?? [])
            try reconfigureItems(try container.decodeIfPresent([ItemID].self, forKey: .reconfiguredItems) ?? [])
        } catch let error as SnapshotError<SectionID, ItemID> {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }
}
