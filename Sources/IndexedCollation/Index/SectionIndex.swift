/// The side index of a sectioned list: the titles to show, the section each one jumps to
/// and, for a data source, how many records each one stands for. The counterpart of
/// UIKit's `sectionIndexTitles` and `sectionForSectionIndexTitle`.
///
/// Built by ``LocalizedIndexedCollation/sectionIndex(maximumTitles:sectionCounts:includesEmptySections:)``
/// or read from ``IndexedDataSource/sectionIndex``. When the titles do not fit the budget,
/// they are folded, never dropped from the list of sections: each script keeps its first
/// title (A, あ, ㄱ, А, #), evenly spread letters fill the rest of the budget, and each run
/// of left-out titles becomes one bullet (`•`) that jumps to the first section it stands
/// for. So every section is reachable from a title at or before it, and the sections
/// themselves (their titles, records and order) are unchanged.
///
/// This one type also replaces `AbbreviatedIndex` (a deprecated alias of it), which
/// `sectionIndexTitles(maxCount:)` returned.
public struct SectionIndex: Sendable, Hashable {
    /// The titles to show, in order; `•` stands for one or more left-out titles.
    public var titles: [String]
    /// The section each title jumps to: a position in the collation's
    /// ``LocalizedIndexedCollation/sectionTitles`` (for `•`, the first one it stands for).
    public var sections: [Int]
    /// Records per title: those of its section and of the sections up to the next
    /// title's (all zeros when no counts were given).
    public let counts: [Int]

    /// The mark that stands for left-out titles.
    public static let bullet = "•"

    /// The section to show for the title at `titleIndex` (UIKit's
    /// `sectionForSectionIndexTitle(_:at:)`).
    /// - Parameter titleIndex: A position in ``titles``.
    /// - Returns: A position in the collation's section titles (clamped to the index).
    public func section(forTitleAt titleIndex: Int) -> Int {
        sections.isEmpty ? 0 : sections[min(max(titleIndex, 0), sections.count - 1)]
    }

    /// Folds `titles` (restricted to `candidates`, section positions in order) to at most
    /// `maximumTitles` entries.
    /// - Complexity: O(*m* · *n*) for *n* candidates and a budget of *m*.
    init(titles: [String], candidates: [Int], maximumTitles: Int?, counts sectionCounts: [Int]?) {
        let scripts = candidates.map { Self.script(of: titles[$0]) }
        let kept = Self.keptPositions(scripts: scripts, maximumTitles: maximumTitles)
        var shown: [String] = []
        var targets: [Int] = []
        var position = 0
        while position < candidates.count {
            if kept.contains(position) {
                shown.append(titles[candidates[position]])
                targets.append(candidates[position])
                position += 1
            } else {
                if maximumTitles.map({ shown.count < $0 }) ?? true {
                    shown.append(Self.bullet)
                    targets.append(candidates[position])
                }
                while position < candidates.count && !kept.contains(position) { position += 1 }
            }
        }
        self.titles = shown
        sections = targets
        counts = targets.indices.map { index in
            guard let sectionCounts else { return 0 }
            let end = index + 1 < targets.count ? targets[index + 1] : sectionCounts.count
            return sectionCounts[targets[index]..<end].reduce(0, +)
        }
    }

    /// The positions (among `scripts.count` candidates) that keep their title.
    static func keptPositions(scripts: [Int32], maximumTitles: Int?) -> Set<Int> {
        let count = scripts.count
        guard let budget = maximumTitles.map({ max(1, $0) }), count > budget else { return Set(0..<count) }
        let anchors = scripts.indices.filter { $0 == 0 || scripts[$0] != scripts[$0 - 1] }
        func cost(_ kept: Set<Int>) -> Int {
            var gaps = 0
            for position in 0..<count where !kept.contains(position) && (position == 0 || kept.contains(position - 1)) { gaps += 1 }
            return kept.count + gaps
        }
        func spread(_ positions: [Int], _ wanted: Int) -> Set<Int> {
            wanted <= 1 ? [positions[0]] : Set((0..<wanted).map { positions[$0 * (positions.count - 1) / (wanted - 1)] })
        }
        for wanted in stride(from: budget, through: 1, by: -1) {
            let kept = Set(anchors).union(spread(Array(0..<count), wanted))
            if cost(kept) <= budget { return kept }
        }
        for wanted in stride(from: min(budget, anchors.count), through: 1, by: -1) {
            let kept = spread(anchors, wanted)
            if cost(kept) <= budget { return kept }
        }
        return [0]  // one title: the first, which every section follows
    }

    /// The script of a title: of its first letter that is neither Common nor Inherited
    /// (1劃 is Han), else Common (#, digits).
    static func script(of title: String) -> Int32 {
        for scalar in title.unicodeScalars {
            let script = ICUProperties.script(of: scalar)
            if script > 1 { return script }
        }
        return 0
    }
}
