/// A side index shortened to fit a small screen: the same value as ``SectionIndex``.
@available(*, deprecated, renamed: "SectionIndex")
public typealias AbbreviatedIndex = SectionIndex

extension LocalizedIndexedCollation {
    /// The bullet that stands for left-out index titles.
    @available(*, deprecated, renamed: "SectionIndex.bullet")
    public static var abbreviationMark: String { SectionIndex.bullet }

    /// The side index, shortened to at most `maxCount` entries the way iOS does on a
    /// short screen: the same as ``sectionIndex(maximumTitles:sectionCounts:includesEmptySections:)``
    /// with `maximumTitles: maxCount` and no counts.
    /// - Parameter maxCount: The most entries that fit (at least 1).
    /// - Returns: All titles when they fit, else the folded titles and their sections.
    /// - Complexity: O(*m* · *s*) for *s* titles and *m* = `maxCount`.
    @available(*, deprecated, renamed: "sectionIndex(maximumTitles:)")
    public func sectionIndexTitles(maxCount: Int) -> SectionIndex {
        sectionIndex(maximumTitles: maxCount)
    }

    /// The side index for a title budget, optionally with record counts and without the
    /// titles of empty sections.
    ///
    /// ```swift
    /// let phone = try LocalizedIndexedCollation(locale: "en", additionalLocales: ["ja", "ko", "ru", "el"])
    /// let index = phone.sectionIndex(maximumTitles: 20)
    /// index.titles    // ["A", "•", "E", …, "Α", "•", …, "А", …, "あ", …, "ㄱ", …, "#"]
    /// index.sections  // where each title jumps: positions in sectionTitles
    /// ```
    ///
    /// - Parameters:
    ///   - maximumTitles: The most titles that fit, or `nil` for no limit.
    ///   - sectionCounts: Records per section (indexed like ``sectionTitles``), for the
    ///     counts per title and for leaving out empty sections.
    ///   - includesEmptySections: Whether titles of sections without records are shown
    ///     (iOS shows all; Android only non-empty ones). Needs `sectionCounts`.
    /// - Returns: The titles, the section each jumps to, and the counts.
    /// - Complexity: O(*m* · *s*) for *s* titles and a budget of *m*.
    public func sectionIndex(maximumTitles: Int?, sectionCounts: [Int]? = nil, includesEmptySections: Bool = true) -> SectionIndex {
        var candidates = Array(sectionTitles.indices)
        if !includesEmptySections, let sectionCounts {
            candidates = candidates.filter { $0 < sectionCounts.count && sectionCounts[$0] > 0 }
        }
        return SectionIndex(titles: sectionTitles, candidates: candidates, maximumTitles: maximumTitles, counts: sectionCounts)
    }
}
