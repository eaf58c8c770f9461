/// The record the data-source and search tests file: an identifier, a display name and
/// an optional reading.
struct NamedRecord: Equatable, Sendable {
    var id: Int
    var name: String
    var reading: String? = nil
}
