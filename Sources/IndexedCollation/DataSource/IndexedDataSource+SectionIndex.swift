import SectionedData

extension IndexedDataSource {
    /// Every title of the collation, for the side index, whether or not its section has
    /// records: ㄱ…ㅎ A…Z # for Korean, so the index never shifts as records come and go.
    public var sectionIndexTitles: [String] {
        collation.sectionTitles
    }

    /// Returns the section to show when a side-index title is chosen.
    ///
    /// A title whose section has records leads to it. A title whose section is empty leads
    /// to the nearest following non-empty section, or when there is none, the nearest
    /// preceding one: with records under ㄱ and ㄷ only, ㄴ leads to ㄷ, and `Z` and `#`
    /// lead to ㄷ too.
    ///
    /// - Parameters:
    ///   - title: The chosen title.
    ///   - index: The title's index in ``sectionIndexTitles``; if another title is there,
    ///     the first occurrence of `title` is used.
    /// - Returns: The index of a non-empty section, or `nil` if `title` is not in the index
    ///   or there are no records.
    /// - Complexity: O(log *s*) for the title at `index`, where *s* is the number of titles;
    ///   O(*s*) otherwise.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int? {
        let titles = collation.sectionTitles
        guard let titleIndex = titles.position(ofIndexTitle: title, near: index) else { return nil }
        guard numberOfSections > 0 else { return nil }
        // The first shown section at or after the title, else the last one before it.
        return min(table.shownIndex(ofTitle: titleIndex).index, numberOfSections - 1)
    }
}
