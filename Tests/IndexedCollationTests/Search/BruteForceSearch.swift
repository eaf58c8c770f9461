@testable import IndexedCollation
import SectionedData

/// What a brute-force matcher finds: every record of the source, in order, checked with a
/// lookup made afresh by `matcher`, with no index; each section as its negated title index
/// (-1 - title) followed by the ids found. The search tests' oracle, shared.
func bruteForceSections(_ source: IndexedDataSource<NamedRecord, Int, String>, _ matcher: SearchMatcher, _ text: String) -> [[Int]] {
    let query = matcher.query(text)
    var sections: [[Int]] = []
    for section in 0..<source.numberOfSections {
        let records = (0..<source.numberOfRows(inSection: section)).compactMap { source.record(at: Position(row: $0, section: section)) }
        let found = records.filter { matcher.firstMatch(of: query, in: matcher.lookup(keys: [$0.name], readings: [$0.reading])) != nil }
        let title = source.collation.sectionTitles.firstIndex(of: source.titleForHeader(inSection: section) ?? "") ?? 0
        if !found.isEmpty { sections.append([-1 - title] + found.map(\.id)) }
    }
    return sections
}
