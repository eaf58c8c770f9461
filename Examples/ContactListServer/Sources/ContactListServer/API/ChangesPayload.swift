/// `GET /api/changes`: the edits after the page's version, or `reset` to reload the index.
struct ChangesPayload: Codable, Sendable {
    var version: Int
    var reset: Bool
    var changes: [ChangePayload]
}
