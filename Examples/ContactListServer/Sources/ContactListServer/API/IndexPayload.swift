/// `GET /api/index`: the side index and the shown sections.
struct IndexPayload: Codable, Sendable {
    struct Section: Codable, Sendable {
        var title: String
        var count: Int
    }
    var version: Int
    var locale: String
    var indexTitles: [String]
    var sections: [Section]
    var total: Int
}
