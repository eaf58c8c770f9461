import Testing

@testable import IndexedCollation

/// A pinned first section, the `#` section first, and the search entry of the side index.
@Suite struct PinnedSectionTests {
    private struct Contact: Equatable {
        var name: String
        var starred = false
    }

    private let contacts = [
        Contact(name: "Zoe", starred: true), Contact(name: "Anna"), Contact(name: "Bob", starred: true),
        Contact(name: "123", starred: true), Contact(name: "Carl"), Contact(name: "42"),
    ]

    private func collation(pinned: String? = nil, other: OtherSectionPlacement = .last) throws -> LocalizedIndexedCollation {
        var configuration = LocalizedIndexedCollation.Configuration(locale: try CollationLocale("en_US"))
        configuration.pinnedSectionTitle = pinned
        configuration.otherSection = other
        return try LocalizedIndexedCollation(configuration)
    }

    @Test func pinnedRecordsComeFirstInCollationOrder() throws {
        let english = try collation(pinned: "★")
        #expect(english.sectionTitles.first == "★")
        #expect(english.sectionTitles.last == "#")
        let sections = english.sections(of: contacts, by: \.name, pinned: \.starred)
        #expect(sections.sections.map(\.title) == ["★", "A", "C", "#"])
        #expect(sections.sections.map { $0.records.map(\.name) } == [["123", "Bob", "Zoe"], ["Anna"], ["Carl"], ["42"]])
        #expect(sections.records.count == contacts.count)  // a permutation: nothing copied
    }

    @Test(arguments: [("A", OtherSectionPlacement.last), ("#", .first), ("#", .last), ("", .last), ("•", .last), ("{search}", .last)])
    func aPinnedTitleOfItsOwnIsRequired(title: String, other: OtherSectionPlacement) {
        #expect {
            try collation(pinned: title, other: other)
        } throws: { error in
            guard case CollationError.invalidSectionTitle(let refused, _) = error else { return false }
            return refused == title && "\(error)".contains("★")
        }
    }

    @Test func copiesStayUnderTheirLetter() throws {
        let sections = try collation(pinned: "Favourites").sections(of: contacts, by: \.name, pinned: \.starred, copiesPinned: true)
        #expect(sections.sections.map(\.title) == ["Favourites", "A", "B", "C", "Z", "#"])
        #expect(sections.sections.first?.records.map(\.name) == ["123", "Bob", "Zoe"])
        #expect(sections.records.count == contacts.count + 3)
    }

    @Test func noKeyFilesUnderThePinnedSection() throws {
        let english = try collation(pinned: "★")
        for key in ["★", "", "Anna", "123", "😀"] { #expect(english.section(for: key) != 0) }
        let unpinned = english.sections(of: contacts, by: \.name)
        #expect(!unpinned.sections.map(\.title).contains("★"))
        // Without a pinned section, the predicate pins nothing.
        let plain = try collation().sections(of: contacts, by: \.name, pinned: \.starred)
        #expect(plain.sections.map(\.title) == ["A", "B", "C", "Z", "#"])
    }

    @Test func otherSectionFirst() throws {
        let english = try collation(other: .first)
        #expect(english.sectionTitles.first == "#")
        #expect(english.sectionTitles[1] == "A")
        #expect(english.sectionTitles.last == "Z")
        let sections = english.sections(of: contacts, by: \.name)
        #expect(sections.sections.map(\.title) == ["#", "A", "B", "C", "Z"])
        #expect(sections.sections.first?.records.map(\.name) == ["123", "42"])
        let both = try collation(pinned: "★", other: .first)
        #expect(Array(both.sectionTitles.prefix(3)) == ["★", "#", "A"])
    }

    @Test func arrangementsChangeTheStamp() throws {
        let stamps = try [collation(), collation(pinned: "★"), collation(other: .first), collation(pinned: "♥")].map(\.keyStamp)
        #expect(Set(stamps).count == 4)
    }
}

/// UIKit's search entry at the top of a data source's side index.
@Suite struct SearchIndexTitleTests {
    @Test func searchEntryLeadsToNoSection() throws {
        let english = try LocalizedIndexedCollation(locale: "en_US")
        var source = try IndexedDataSource(["Anna", "Bob", "Carl"], collation: english, id: { $0 }, keys: { RecordKeys($0) }) { _, name in name }
        #expect(source.sectionIndexTitles.first == "A")
        source.includesSearchIndexTitle = true
        let titles = source.sectionIndexTitles
        #expect(titles.first == "{search}")
        #expect(titles.count == english.sectionTitles.count + 1)
        #expect(source.section(forSectionIndexTitle: "{search}", at: 0) == nil)
        #expect(source.section(forSectionIndexTitle: "B", at: 2) == 1)
        #expect(source.numberOfRows(forSectionIndexTitleAt: 0) == 0)
        #expect(source.numberOfRows(forSectionIndexTitleAt: 1) == 1)
        source.maximumIndexTitles = 8
        #expect(source.sectionIndexTitles.first == "{search}")
        #expect(source.sectionIndexTitles.count <= 9)
        #expect(source.section(forSectionIndexTitle: "A", at: 1) == 0)
    }
}
