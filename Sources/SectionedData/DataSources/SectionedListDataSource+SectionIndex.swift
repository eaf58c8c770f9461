extension SectionedListDataSource {
    /// Creates a data source whose index titles lead to the sections of the same name.
    ///
    /// ```swift
    /// let source = SectionedListDataSource(
    ///     snapshot: snapshot,                        // sections "A", "C", "#"
    ///     sectionIndexTitles: ["A", "B", "C", "#"]
    /// ) { _, name in name }
    /// source.section(forSectionIndexTitle: "B", at: 1)   // 1, the section "C"
    /// ```
    ///
    /// - Parameters:
    ///   - snapshot: The sections and items to show; empty by default.
    ///   - sectionIndexTitles: The titles of the section index, in order. Each one leads to
    ///     the section whose identifier is the title, when the snapshot has it.
    ///   - cellProvider: The closure that makes the cell for an item at a position.
    public init(
        snapshot: Snapshot<SectionID, ItemID> = Snapshot(),
        sectionIndexTitles: [String],
        cellProvider: @escaping CellProvider
    ) where SectionID == String {
        self.init(
            snapshot: snapshot,
            sectionIndexTitles: sectionIndexTitles,
            sectionIdentifiersForIndexTitles: Dictionary(
                sectionIndexTitles.map { ($0, $0) }, uniquingKeysWith: { first, _ in first }),
            cellProvider: cellProvider)
    }

    /// Returns the section to show when an index title is chosen.
    ///
    /// The title is looked up at `index` in ``sectionIndexTitles`` (or, if another title is
    /// there, at its first occurrence). Its section, through
    /// ``sectionIdentifiersForIndexTitles``, is where the search starts; a title without a
    /// section in the snapshot starts where the section of the nearest following title that
    /// has one is, or else just after that of the nearest preceding one. The result is the
    /// first non-empty section from there on, or else the last non-empty one before it.
    ///
    /// With the index `ㄱ ㄴ ㄷ … ㅎ A … Z #` and sections ㄱ (3 items), ㄴ (empty) and
    /// ㄷ (2 items), choosing ㄴ shows ㄷ, and choosing `#` or `Z` shows ㄷ too.
    ///
    /// - Parameters:
    ///   - title: The chosen title.
    ///   - index: The title's index in ``sectionIndexTitles``.
    /// - Returns: A valid index of a non-empty section, or `nil` if the title is not in the
    ///   index, no title leads to a section of the snapshot, or every section is empty.
    /// - Complexity: O(*t* + *s*) expected, where *t* is the number of titles and *s* the
    ///   number of sections.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int? {
        let titles = sectionIndexTitles
        guard let titleIndex = titles.position(ofIndexTitle: title, near: index) else { return nil }
        let sectionOfTitle = { (position: Int) -> Int? in
            sectionIdentifiersForIndexTitles[titles[position]].flatMap {
                currentSnapshot.indexOfSection($0)
            }
        }
        let start: Int
        if let following = titles.indices[titleIndex...].lazy.compactMap(sectionOfTitle).first {
            start = following
        } else if let preceding = titles.indices[..<titleIndex].reversed().lazy
            .compactMap(sectionOfTitle).first
        {
            start = preceding + 1
        } else {
            return nil
        }
        return nearestNonEmptySection(to: start)
    }
}

extension Array where Element == String {
    /// Where a side-index title the user chose stands: at `index` when that is the title
    /// (titles may repeat), else at the title's first occurrence.
    /// - Parameters:
    ///   - title: The chosen title.
    ///   - index: The position the index reported for it.
    /// - Returns: The title's position, or nil when the title is not in the list.
    /// - Complexity: O(1) when the title is at `index`, else O(*n*).
    package func position(ofIndexTitle title: String, near index: Int) -> Int? {
        if indices.contains(index), self[index] == title { return index }
        return firstIndex(of: title)
    }
}
