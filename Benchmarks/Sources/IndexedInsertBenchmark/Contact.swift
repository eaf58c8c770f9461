/// The record the benchmark files: an identifier and a full name.
struct Contact: Sendable {
    var id: Int
    var name: String
}
