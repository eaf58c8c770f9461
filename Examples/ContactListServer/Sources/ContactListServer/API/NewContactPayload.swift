/// `POST /contacts` body.
struct NewContactPayload: Codable, Sendable {
    var name: String
    var phone: String?
    var reading: String?
}
