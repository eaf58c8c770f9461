/// What one row of the list shows, as the cell provider makes it for a visible row.
struct ContactCell: Sendable, Codable {
    var id: Int
    var name: String
    var phone: String
}
