/// `POST /contacts` reply: the contact and where it went.
struct InsertedPayload: Codable, Sendable {
    var contact: Contact
    var change: ChangePayload
}
