/// `GET /api/stats`: how many cells the cell provider built, and how many contacts there are.
struct StatsPayload: Codable, Sendable {
    var cellProviderCalls: Int
    var records: Int
    var version: Int
}
