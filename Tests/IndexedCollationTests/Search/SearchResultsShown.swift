import SectionedData
import TestSupport

@testable import IndexedCollation

/// What a list shows of search results over named records, section by section: each
/// section as minus one minus its title's index, then its records' ids in row order (a
/// row without a record traps). One helper for the search suites that compare results.
func shown(_ results: SearchResults<NamedRecord, Int, String>) -> [[Int]] {
    (0..<results.numberOfSections).map { section in
        [-1 - (results.sectionIndexTitles.firstIndex(of: results.titleForHeader(inSection: section) ?? "") ?? 0)]
            + (0..<results.numberOfRows(inSection: section)).map { results.record(at: Position(row: $0, section: section))!.id }
    }
}
