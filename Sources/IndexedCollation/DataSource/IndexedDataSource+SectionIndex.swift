import SectionedData

extension IndexedDataSource {
    /// The titles of the side index: every title of the collation, whether or not its
    /// section has records (ㄱ…ㅎ A…Z # for Korean, so the index never shifts as records
    /// come and go), or only those of non-empty sections when ``includesEmptyIndexTitles``
    /// is `false`; folded to at most ``maximumIndexTitles`` (see ``SectionIndex``).
    /// With ``includesSearchIndexTitle``, the search entry comes first.
    public var sectionIndexTitles: [String] {
        includesSearchIndexTitle ? [Self.searchIndexTitle] + sectionTitlesOfIndex : sectionTitlesOfIndex
    }

    /// UIKit's search entry of a side index (`UITableView.indexSearch`, `"{search}"`),
    /// which a table view draws as a magnifier; it leads to no section (the app shows its
    /// search field).
    public static var searchIndexTitle: String { "{search}" }

    /// The side index's titles without the search entry.
    private var sectionTitlesOfIndex: [String] {
        if maximumIndexTitles == nil && includesEmptyIndexTitles { return collation.sectionTitles }
        return sectionIndex.titles
    }

    /// The side index: its titles, the collation section each one jumps to, and the
    /// number of records each one stands for (its section's and those of the sections
    /// folded into it). Follows ``maximumIndexTitles`` and ``includesEmptyIndexTitles``.
    ///
    /// ```swift
    /// contacts.maximumIndexTitles = 12
    /// contacts.includesEmptyIndexTitles = false  // Android: only letters with contacts
    /// contacts.sectionIndex.titles  // ["A", "•", "D", …, "#"]
    /// contacts.sectionIndex.counts  // [4, 7, 2, …, 1]
    /// ```
    ///
    /// - Complexity: O(*m* · *s*) for *s* titles and a budget of *m*.
    public var sectionIndex: SectionIndex {
        collation.sectionIndex(
            maximumTitles: maximumIndexTitles, sectionCounts: table.sections.map(\.count),
            includesEmptySections: includesEmptyIndexTitles)
    }

    /// The number of records the side-index title at `index` stands for: its section's,
    /// and with folded titles (`•`) those of every section up to the next title's; 0 for
    /// the search entry.
    /// - Parameter index: A position in ``sectionIndexTitles``.
    /// - Returns: The count, or 0 outside the index.
    public func numberOfRows(forSectionIndexTitleAt index: Int) -> Int {
        let index = includesSearchIndexTitle ? index - 1 : index
        let counts = sectionIndex.counts
        return counts.indices.contains(index) ? counts[index] : 0
    }

    /// Returns the section to show when a side-index title is chosen.
    ///
    /// A title whose section has records leads to it. A title whose section is empty leads
    /// to the nearest following non-empty section, or when there is none, the nearest
    /// preceding one: with records under ㄱ and ㄷ only, ㄴ leads to ㄷ, and `Z` and `#`
    /// lead to ㄷ too. A folded title (`•`) leads to the first section it stands for that
    /// has records.
    ///
    /// - Parameters:
    ///   - title: The chosen title.
    ///   - index: The title's index in ``sectionIndexTitles``; if another title is there,
    ///     the first occurrence of `title` is used.
    /// - Returns: The index of a non-empty section, or `nil` if `title` is not in the index,
    ///   is the search entry (``includesSearchIndexTitle``), or there are no records.
    /// - Complexity: O(log *s*) for the title at `index`, where *s* is the number of titles,
    ///   without a title budget or hidden titles; O(*m* · *s*) with them.
    public func section(forSectionIndexTitle title: String, at index: Int) -> Int? {
        var index = index
        if includesSearchIndexTitle {
            if index == 0 && title == Self.searchIndexTitle { return nil }
            index -= 1
        }
        let titles = sectionTitlesOfIndex
        guard let titleIndex = titles.position(ofIndexTitle: title, near: index) else { return nil }
        guard numberOfSections > 0 else { return nil }
        let section =
            maximumIndexTitles == nil && includesEmptyIndexTitles ? titleIndex : sectionIndex.section(forTitleAt: titleIndex)
        // The first shown section at or after the title, else the last one before it.
        return min(table.shownIndex(ofTitle: section).index, numberOfSections - 1)
    }
}
