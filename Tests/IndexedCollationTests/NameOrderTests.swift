import SectionedData
import Testing

@testable import IndexedCollation

/// Sort order and display order of people's names (``PersonName``, ``NameSortOrder``,
/// ``NameDisplayOrder``) and the data source built from names.
@Suite struct NameOrderTests {
    private struct Contact {
        var id: Int
        var family: String
        var given: String
        var name: PersonName { PersonName(familyName: family, givenName: given) }
    }

    private let contacts = [
        Contact(id: 1, family: "Berg", given: "Anna"),
        Contact(id: 2, family: "Lind", given: "Adam"),
        Contact(id: 3, family: "김", given: "민준"),
        Contact(id: 4, family: "", given: "Bono"),
        Contact(id: 5, family: "Zorn", given: ""),
    ]

    private func rows(_ source: IndexedDataSource<Contact, Int, Int>) -> [(String, [Int])] {
        (0..<source.numberOfSections).map { section in
            (source.titleForHeader(inSection: section) ?? "",
             (0..<source.numberOfRows(inSection: section)).compactMap { source.record(at: Position(row: $0, section: section))?.id })
        }
    }

    @Test func familyOrderFilesBySurname() throws {
        let english = try LocalizedIndexedCollation(locale: "en_US")
        let source = try IndexedDataSource(contacts, collation: english, id: \.id, name: \.name) { _, contact in contact.id }
        let sections = rows(source)
        #expect(sections.map(\.0) == ["B", "L", "Z", "#"])
        #expect(sections.map(\.1) == [[1, 4], [2], [5], [3]])
        #expect(source.nameSortOrder == .family)
    }

    @Test func givenOrderFilesByGivenName() throws {
        let english = try LocalizedIndexedCollation(locale: "en_US")
        let source = try IndexedDataSource(
            contacts, collation: english, id: \.id, name: \.name, sortOrder: .given) { _, contact in contact.id }
        let sections = rows(source)
        // Adam Lind before Anna Berg; a one-part name files by that part in either order.
        #expect(sections.map(\.0) == ["A", "B", "Z", "#"])
        #expect(sections.map(\.1) == [[2, 1], [4], [5], [3]])
    }

    @Test func givenOrderKeepsInsertsInPlace() throws {
        let english = try LocalizedIndexedCollation(locale: "en_US")
        var source = try IndexedDataSource(
            Array(contacts.prefix(2)), collation: english, id: \.id, name: \.name, sortOrder: .given) { _, contact in contact.id }
        _ = try source.insert(Contact(id: 9, family: "Aalto", given: "Alvar"))
        #expect(rows(source).first?.1 == [2, 9, 1])  // Adam, Alvar, Anna
    }

    @Test(arguments: [
        (NameDisplayOrder.family, ["Berg Anna", "Lind Adam", "김민준", "Bono", "Zorn"]),
        (.given, ["Anna Berg", "Adam Lind", "민준김", "Bono", "Zorn"]),
        (.auto, ["Anna Berg", "Adam Lind", "김민준", "Bono", "Zorn"]),
    ])
    func displayOrder(order: NameDisplayOrder, expected: [String]) {
        #expect(contacts.map { $0.name.displayName(order) } == expected)
    }

    @Test func autoDisplayFollowsTheScript() {
        #expect(PersonName(familyName: "山田", givenName: "太郎").displayName(.auto) == "山田太郎")
        #expect(PersonName(familyName: "やまだ", givenName: "たろう").displayName(.auto) == "やまだたろう")
        #expect(PersonName(familyName: "王", givenName: "芳").displayName(.given) == "芳王")
        #expect(PersonName(familyName: "Müller", givenName: "Jörg").displayName(.auto) == "Jörg Müller")
    }

    @Test func dataSourceShowsNamesInItsDisplayOrder() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        var source = try IndexedDataSource(contacts, collation: korean, id: \.id, name: \.name) { _, contact in contact.id }
        let first = Position(row: 0, section: 0)
        #expect(source.titleForHeader(inSection: 0) == "ㄱ")
        #expect(source.displayName(at: first) == "김민준")
        source.nameDisplayOrder = .given
        #expect(source.displayName(at: first) == "민준김")
        #expect(source.displayName(at: Position(row: 0, section: 99)) == nil)
        let keyed = try IndexedDataSource(contacts, collation: korean, id: \.id, keys: { $0.name.sortKeys(.family) }) { _, c in c.id }
        #expect(keyed.displayName(at: first) == nil)
    }

    @Test func readingsStayWithTheirPart() {
        let name = PersonName(familyName: "佐藤", givenName: "健", familyReading: "さとう", givenReading: "けん")
        #expect(Array(name.sortKeys(.given)) == [RecordKey("健", reading: "けん"), RecordKey("佐藤", reading: "さとう")])
        #expect(Array(name.sortKeys(.family)) == [RecordKey("佐藤", reading: "さとう"), RecordKey("健", reading: "けん")])
    }
}
