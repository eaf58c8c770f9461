/// One person in the contact list.
struct Contact: Sendable, Codable {
    /// A number unique within the server's list, for `DELETE /contacts/:id`.
    var id: Int
    /// The name as written, the sort and section key (김민준, 山田太郎, Zoë Adams).
    var name: String
    /// How the name is read, for names whose script does not say (やまだ for 山田); it decides
    /// the section and order when present.
    var reading: String?
    /// A phone number or any other second line; shown, not sorted.
    var phone: String

    /// Reads a contact from one line of the input file: `name`, `name<TAB>phone` or
    /// `name<TAB>phone<TAB>reading`.
    init(id: Int, line: Substring) {
        let fields = line.split(separator: "\t", maxSplits: 2, omittingEmptySubsequences: false)
        self.id = id
        name = String(fields[0])
        phone = fields.count > 1 ? String(fields[1]) : ""
        reading = fields.count > 2 && !fields[2].isEmpty ? String(fields[2]) : nil
    }

    init(id: Int, name: String, phone: String, reading: String?) {
        self.id = id
        self.name = name
        self.phone = phone
        self.reading = reading
    }
}
