/// `GET /api/search?q=…`: the contacts a query finds, in their sections (the library's
/// `SearchResults`): each section's title and number of matches, and the first rows with
/// the matched part of the name (UTF-16 offsets, for highlighting in the page).
struct SearchPayload: Codable, Sendable {
    struct Row: Codable, Sendable {
        var cell: ContactCell
        /// The matched characters of the name as `[start, end)` UTF-16 offsets, or nil
        /// when the query matched a reading.
        var match: [Int]?
        /// The field the query found: "name", "reading" (or another spelling of the name:
        /// romaji, pinyin, keypad digits of a reading) or "phone".
        var field: String?
    }

    struct Section: Codable, Sendable {
        var title: String
        var count: Int
        var rows: [Row]
    }

    var version: Int
    var query: String
    var total: Int
    /// Every index title with its number of matches (0: dimmed).
    var indexCounts: [Int]
    var sections: [Section]
}
