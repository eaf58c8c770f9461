// A sectioned contact list with a side index, in Korean, Japanese and English: what a
// table view shows, and what one new contact changes.
//
//   swift run ContactListExample

import IndexedCollation
import SectionedData

struct Contact: Sendable {
    var id: Int
    var givenName: String
    var familyName: String
    /// How the family name is read, for scripts that do not say (Japanese kanji).
    var phoneticFamilyName: String? = nil

    /// The name as it is written: family name first in Korean and Japanese (김철수, 佐藤美咲),
    /// given name first in Latin script (Zoe Adams).
    var fullName: String {
        familyName.contains { $0.isASCII && $0.isLetter }
            ? [givenName, familyName].filter { !$0.isEmpty }.joined(separator: " ") : familyName + givenName
    }
}

typealias ContactList = IndexedDataSource<Contact, Int, String>

/// Prints the list as a table view shows it: each section's header and rows, then the index.
func show(_ list: ContactList) {
    for section in 0..<list.numberOfSections {
        let rows = (0..<list.numberOfRows(inSection: section)).map { list.cell(at: Position(row: $0, section: section)) }
        print("  \(list.titleForHeader(inSection: section) ?? "")  \(rows.joined(separator: ", "))")
    }
    let titles = list.sectionIndexTitles
    print("  index: \(titles.joined(separator: " "))")
    // Tapping an index title whose section is empty scrolls to the next section with contacts.
    if titles.count > 1, let section = list.section(forSectionIndexTitle: titles[1], at: 1) {
        print("  tap \(titles[1]) → section \(list.titleForHeader(inSection: section) ?? "")")
    }
}

/// Describes a difference in words, naming contacts by their cells in the list after it.
func describe(_ difference: SnapshotDifference<String, Int>, in list: ContactList) -> [String] {
    func name(_ id: Int) -> String {
        list.position(of: id).map { list.cell(at: $0) } ?? "contact \(id)"
    }
    return difference.sectionDeletions.map { "delete section \($0.identifier)" }
        + difference.sectionInsertions.map {
            "insert section \($0.identifier) at \($0.location) with \($0.itemIdentifiers.map(name).joined(separator: ", "))"
        }
        + difference.itemDeletions.map { "delete row \($0.location.row) of section \($0.location.section)" }
        + difference.itemInsertions.map {
            "insert \(name($0.identifier)) at row \($0.location.row) of section "
                + (list.titleForHeader(inSection: $0.location.section) ?? "")
        }
        + difference.itemMoves.map { "move \(name($0.identifier)) from \($0.source) to \($0.destination)" }
}

func demo(locale: String, contacts: [Contact], newContact: Contact) throws {
    let collation = try LocalizedIndexedCollation(locale: locale)
    var list = try IndexedDataSource(
        contacts, collation: collation, id: \.id, keys: { RecordKeys($0.familyName, reading: $0.phoneticFamilyName) }
    ) { _, contact in contact.fullName }
    print("\(locale): \(list.numberOfRecords) contacts")
    show(list)
    let change = try list.insert(newContact)
    for line in describe(change.difference, in: list) { print("  + \(line)") }
    print()
}

try demo(
    locale: "ko_KR",
    contacts: [
        Contact(id: 1, givenName: "민준", familyName: "김"), Contact(id: 2, givenName: "서연", familyName: "이"),
        Contact(id: 3, givenName: "지후", familyName: "박"), Contact(id: 4, givenName: "하늘", familyName: "강"),
        Contact(id: 5, givenName: "수아", familyName: "최"), Contact(id: 6, givenName: "John", familyName: "Smith"),
    ],
    newContact: Contact(id: 7, givenName: "철수", familyName: "김"))

try demo(
    locale: "ja_JP",
    contacts: [
        Contact(id: 1, givenName: "健", familyName: "佐藤", phoneticFamilyName: "さとう"),
        Contact(id: 2, givenName: "花子", familyName: "鈴木", phoneticFamilyName: "すずき"),
        Contact(id: 3, givenName: "翔", familyName: "高橋", phoneticFamilyName: "たかはし"),
        Contact(id: 4, givenName: "葵", familyName: "東海林", phoneticFamilyName: "しょうじ"),
        Contact(id: 5, givenName: "太郎", familyName: "山田"),  // no reading: filed under #
        Contact(id: 6, givenName: "Anna", familyName: "Schmidt"),
    ],
    newContact: Contact(id: 7, givenName: "美咲", familyName: "佐藤", phoneticFamilyName: "さとう"))

try demo(
    locale: "en_US",
    contacts: [
        Contact(id: 1, givenName: "John", familyName: "Smith"), Contact(id: 2, givenName: "Mary", familyName: "Johnson"),
        Contact(id: 3, givenName: "Chloé", familyName: "Brown"), Contact(id: 4, givenName: "Seán", familyName: "O'Brien"),
        Contact(id: 5, givenName: "", familyName: "7-Eleven"),
    ],
    newContact: Contact(id: 6, givenName: "Zoe", familyName: "Adams"))
