import IndexedCollation
import IndexedTableFormatting

/// The html page's search box follows the library's matching rule: the formatter asks
/// through its seam (``HTMLSearchLookups``) and IndexedCollation's `SearchPageEncoder`
/// answers, as `Input/ICUCharsetDecoder.swift` joins the charset seam.
final class PageSearchLookups: HTMLSearchLookups {
    private let encoder: SearchPageEncoder

    /// The lookups of a collation's matching rule, or nil when its matcher cannot be made
    /// (the page then has no search box).
    init?(collation: LocalizedIndexedCollation, options: SearchOptions = SearchOptions()) {
        guard let encoder = try? SearchPageEncoder(collation: collation, options: options) else { return nil }
        self.encoder = encoder
    }

    func lookup(cells: [String]) -> String { encoder.encode(keys: cells) }

    func queryTable() -> String { encoder.queryTable() }

    var matchesWordsInAnyOrder: Bool { encoder.matchesWordsInAnyOrder }
}
