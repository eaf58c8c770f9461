/// A side index shortened to fit a small screen.
public struct AbbreviatedIndex: Sendable, Hashable {
    /// The titles to show; "•" stands for one or more titles left out.
    public var titles: [String]
    /// The section each shown title jumps to (for "•": the first title it stands for).
    public var sections: [Int]
}

extension LocalizedIndexedCollation {
    /// The bullet that stands for left-out index titles.
    public static let abbreviationMark = "•"

    /// The side index, shortened to at most `maxCount` entries the way iOS does on a
    /// short screen: the first and last titles stay, evenly spaced titles in between stay,
    /// and each run of left-out titles becomes one "•". No title is dropped silently:
    /// every "•" maps to the first section it stands for, every kept title to its own.
    /// - Parameter maxCount: The most entries that fit (at least 3).
    /// - Returns: All titles when they fit, else the abbreviated list and its mapping.
    public func sectionIndexTitles(maxCount: Int) -> AbbreviatedIndex {
        let titles = sectionIndexTitles
        let limit = max(3, maxCount)
        guard titles.count > limit else { return AbbreviatedIndex(titles: titles, sections: Array(titles.indices)) }
        // Alternate kept titles and bullets: k kept titles need k - 1 bullets between them.
        let kept = (limit + 1) / 2
        var keep = Set<Int>()
        for step in 0..<kept { keep.insert(Int((Double(step) * Double(titles.count - 1) / Double(kept - 1)).rounded())) }
        var result = AbbreviatedIndex(titles: [], sections: [])
        var index = 0
        while index < titles.count {
            if keep.contains(index) {
                result.titles.append(titles[index])
                result.sections.append(section(forSectionIndexTitleAt: index))
                index += 1
            } else {
                result.titles.append(Self.abbreviationMark)
                result.sections.append(section(forSectionIndexTitleAt: index))
                while index < titles.count && !keep.contains(index) { index += 1 }
            }
        }
        return result
    }
}
