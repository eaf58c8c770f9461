import Testing

@testable import IndexedCollation

/// Index titles folded to a budget (`SectionIndex`): sections unchanged, every section
/// reachable from a title at or before it, each script's first title kept.
@Suite("Section index titles")
struct SectionIndexTests {
    /// en plus eight: ja orders Han (the first extra with a Han rule), so zh_TW adds no titles.
    static let nineLanguages = ["ja", "ko", "zh_TW", "ru", "el", "he", "ar", "th"]

    static func phone() throws -> LocalizedIndexedCollation {
        try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: "en").with {
                $0.additionalLocales = try nineLanguages.map { try CollationLocale($0) }
            })
    }

    /// Every section has a title at or before it that jumps to a section at or before it,
    /// and the next title (if any) jumps past it: scrolling from that title reaches it.
    static func everySectionIsReachable(_ index: SectionIndex, sectionCount: Int) -> Bool {
        guard index.sections.first == 0, index.sections == index.sections.sorted(), Set(index.sections).count == index.sections.count else {
            return false
        }
        return (0..<sectionCount).allSatisfy { section in index.sections.contains { $0 <= section } }
    }

    @Test(arguments: [30, 20, 12, 5, 2, 1])
    func aNineLanguageIndexFitsTheBudget(budget: Int) throws {
        let collation = try Self.phone()
        #expect(collation.sectionTitles.count > 100)
        let index = collation.sectionIndex(maximumTitles: budget)
        #expect(index.titles.count <= budget)
        #expect(index.titles.count == index.sections.count)
        #expect(Self.everySectionIsReachable(index, sectionCount: collation.sectionTitles.count))
        for (title, section) in zip(index.titles, index.sections) where title != SectionIndex.bullet {
            #expect(collation.sectionTitles[section] == title)
        }
    }

    @Test func eachScriptKeepsItsFirstTitle() throws {
        let collation = try Self.phone()
        let index = collation.sectionIndex(maximumTitles: 30)
        for first in ["A", "ㄱ", "あ", "А", "Α", "א", "ا", "ก", "#"] {
            #expect(index.titles.contains(first), "\(first)")
        }
        #expect(index.titles.contains(SectionIndex.bullet))
        // No two bullets in a row: a bullet stands for a whole run.
        #expect(!zip(index.titles, index.titles.dropFirst()).contains { $0 == SectionIndex.bullet && $1 == SectionIndex.bullet })
    }

    @Test func theBudgetLeavesSectionsAlone() throws {
        var collation = try Self.phone()
        let names = ["Zoe", "김민준", "あおい", "Юлия", "Αλέξης", "דוד", "محمد", "สมชาย", "杜鵑", "123", "Adam"]
        let before = collation.sections(of: names, by: { $0 })
        let titles = collation.sectionTitles
        collation.maximumIndexTitles = 30
        #expect(collation.sections(of: names, by: { $0 }) == before)
        #expect(collation.sectionTitles == titles)
        #expect(collation.sectionIndexTitles.count <= 30)
        for position in collation.sectionIndexTitles.indices {
            let section = collation.section(forSectionIndexTitleAt: position)
            if collation.sectionIndexTitles[position] != SectionIndex.bullet {
                #expect(titles[section] == collation.sectionIndexTitles[position])
            }
        }
    }

    @Test func titlesThatFitAreNotFolded() throws {
        let swedish = try LocalizedIndexedCollation(locale: "sv")
        let index = swedish.sectionIndex(maximumTitles: 100)
        #expect(index.titles == swedish.sectionTitles)
        #expect(index.sections == Array(swedish.sectionTitles.indices))
        #expect(swedish.sectionIndex(maximumTitles: nil).titles == swedish.sectionTitles)
    }

    struct Contact: Identifiable {
        let id: Int
        let name: String
    }

    static func contacts(_ names: [String], _ collation: LocalizedIndexedCollation) throws -> IndexedDataSource<Contact, Int, String> {
        try IndexedDataSource(
            names.enumerated().map { Contact(id: $0.offset, name: $0.element) }, collation: collation, id: \.id,
            keys: { RecordKeys($0.name) }
        ) { _, contact in contact.name }
    }

    @Test func countsPerTitleAndHiddenEmptyTitles() throws {
        let english = try LocalizedIndexedCollation(locale: "en")
        var source = try Self.contacts(["Adam", "Anna", "Bea", "Dora", "Zoe", "42"], english)
        // iOS: every title, each with its count.
        #expect(source.sectionIndexTitles == english.sectionTitles)
        #expect(source.numberOfRows(forSectionIndexTitleAt: 0) == 2)
        #expect(source.numberOfRows(forSectionIndexTitleAt: 2) == 0)  // C
        // Android: only titles with records.
        source.includesEmptyIndexTitles = false
        #expect(source.sectionIndexTitles == ["A", "B", "D", "Z", "#"])
        #expect(source.sectionIndex.counts == [2, 1, 1, 1, 1])
        #expect(source.section(forSectionIndexTitle: "D", at: 2) == 2)
        // A budget: the counts of a folded title add up its sections.
        source.maximumIndexTitles = 3
        #expect(source.sectionIndexTitles.count <= 3)
        #expect(source.sectionIndex.counts.reduce(0, +) == 6)
        source.includesEmptyIndexTitles = true
        source.maximumIndexTitles = 5
        let index = source.sectionIndex
        #expect(index.titles.count <= 5)
        #expect(index.counts.reduce(0, +) == 6)
        #expect(index.titles.first == "A" && index.titles.last == "#")
    }
}
