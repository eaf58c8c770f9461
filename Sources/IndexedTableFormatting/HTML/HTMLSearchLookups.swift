/// What a page's search box needs from a matching rule: each row's lookup, and the table
/// that turns what a user types into the same alphabet.
///
/// The formatter knows how a page filters its rows, not how a language matches. The rule
/// comes in through this seam: IndexedCollation's `SearchPageEncoder` writes both parts
/// for a collation's matching rule (see its `SearchingRecords` article), and a two-method
/// adapter in the program that links both modules passes it on:
///
/// ```swift
/// final class PageLookups: HTMLSearchLookups {
///     let encoder: SearchPageEncoder
///     init(_ encoder: SearchPageEncoder) { self.encoder = encoder }
///     func lookup(cells: [String]) -> String { encoder.encode(keys: cells) }
///     func queryTable() -> String { encoder.queryTable() }
/// }
/// let page = HTMLRenderer.render(source, search: PageLookups(try SearchPageEncoder(collation: korean)))
/// ```
public protocol HTMLSearchLookups: AnyObject {
    /// A row's lookup as the page's script reads it (the `data-q` attribute), from the
    /// row's cells. Called once per row, in page order, before ``queryTable()``.
    func lookup(cells: [String]) -> String
    /// The characters a query may hold, each with its spelling in the lookups' alphabet,
    /// as a JSON object that can sit in a script element (no `<`). Called once, after
    /// every row's lookup.
    func queryTable() -> String
}
