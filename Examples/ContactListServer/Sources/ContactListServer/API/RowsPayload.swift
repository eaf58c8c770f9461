/// `GET /api/rows`: cells of consecutive rows of one section.
struct RowsPayload: Codable, Sendable {
    var version: Int
    var section: Int
    var start: Int
    var rows: [ContactCell]
}
