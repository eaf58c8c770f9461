import Foundation
import Testing

@testable import IndexedCollation

/// Filing rules (``FilingRules``): surname particles, honorifics and title articles per
/// language, leading symbols; the tables that hold them; what they leave alone.
@Suite struct FilingRulesTests {
    private func collation(_ locale: String, _ rules: FilingRules) throws -> LocalizedIndexedCollation {
        var configuration = try LocalizedIndexedCollation.Configuration(locale: locale)
        configuration.filing = rules
        return try LocalizedIndexedCollation(configuration)
    }

    private func title(_ collation: LocalizedIndexedCollation, _ key: String) -> String {
        collation.sectionTitles[collation.section(for: key)]
    }

    static let names = FilingRules(names: .locale)

    @Test(arguments: [
        ("nl_NL", "Vincent van Gogh", "G"), ("nl_BE", "Vincent van Gogh", "V"),
        ("nl_NL", "van Gogh, Vincent", "G"), ("nl_BE", "van Gogh, Vincent", "V"),
        ("nl_NL", "Gerard 't Hooft", "H"), ("nl_NL", "Piet van der Berg", "B"), ("nl_BE", "Piet van der Berg", "V"),
        ("nl_NL", "Johan ter Horst", "H"), ("nl_BE", "Johan ter Horst", "T"),
        ("de_DE", "Johann Wolfgang von Goethe", "G"), ("de_DE", "Karl-Theodor zu Guttenberg", "G"),
        ("de_DE", "Philipp vom Stein", "S"), ("de_DE", "Georg von und zu Brandenstein", "B"),
        ("de_DE", "Herr Hans Müller", "M"), ("de_DE", "Frau Dr. Eva Klein", "K"),
        ("fr_FR", "Charles de Gaulle", "G"), ("fr_FR", "Jean d'Alembert", "A"), ("fr_FR", "Jean de La Fontaine", "L"),
        ("fr_FR", "Joachim Du Bellay", "D"), ("fr_FR", "Mme Claire Martin", "M"), ("fr_FR", "M. Paul Dupont", "D"),
        ("es_ES", "Juan de la Cruz", "C"), ("es_ES", "Dolores del Río", "R"), ("es_ES", "Sra. Ana García", "G"),
        ("es_ES", "Gabriel García Márquez", "G"), ("es_ES", "Miguel de Cervantes Saavedra", "C"),
        ("es_ES", "Sor Juana Inés de la Cruz", "C"), ("pt_BR", "Luiz Inácio Lula da Silva", "S"),
        ("pt_BR", "Maria da Silva", "S"), ("pt_BR", "João dos Santos", "S"), ("pt_PT", "Manuel do Carmo", "C"),
        ("ar", "الرشيد", "ر"), ("ar", "Harun al-Rashid", "R"), ("en_US", "Harun al-Rashid", "R"), ("de_DE", "Hassan el-Amin", "A"),
        ("it_IT", "Vittorio De Sica", "D"), ("it_IT", "Gabriele D'Annunzio", "D"), ("it_IT", "Luca Della Robbia", "D"),
        ("en_US", "Dr. Anna Berg", "B"), ("en_US", "Mrs. Jane Smith", "S"), ("en_US", "Anna Berg", "B"),
    ])
    func namesFileUnderTheirLanguagesRule(locale: String, name: String, expected: String) throws {
        #expect(title(try collation(locale, Self.names), name) == expected)
    }

    @Test(arguments: ["nl_NL", "de_DE", "fr_FR", "es_ES", "pt_BR", "ar", "en_US", "it_IT"])
    func noneFilesAsWritten(locale: String) throws {
        let plain = try LocalizedIndexedCollation(locale: CollationLocale(locale))
        let none = try collation(locale, FilingRules())
        let keys = ["Vincent van Gogh", "Dr. Anna Berg", "The Beatles", "al-Rashid", "😀 Anna", "Juan de la Cruz"]
        #expect(keys.map { title(none, $0) } == keys.map { title(plain, $0) })
        #expect(none.keyStamp == plain.keyStamp)
        #expect(none.filer == nil)
        #expect(none.storageKeys(for: keys, by: { $0 }) == plain.storageKeys(for: keys, by: { $0 }))
    }

    @Test func familyFirstKeysAreNotSplit() throws {
        let rules = FilingRules(names: .locale, nameForm: .familyFirst)
        let spanish = try collation("es_ES", rules)
        #expect(title(spanish, "García Márquez") == "G")  // a compound surname stays whole
        #expect(title(spanish, "de la Cruz") == "C")
        let dutch = try collation("nl_NL", rules)
        #expect(title(dutch, "van Gogh Vincent") == "G")
        #expect(title(dutch, "Van") == "V")  // a particle alone is the name
    }

    @Test(arguments: [
        ("en_US", "The Beatles", "B"), ("en_US", "A Tale of Two Cities", "T"), ("en_US", "An Officer and a Spy", "O"),
        ("en_US", "The", "T"), ("de_DE", "Die Ärzte", "A"), ("de_DE", "Das Boot", "B"), ("fr_FR", "L'Étranger", "E"),
        ("fr_FR", "Les Misérables", "M"), ("es_ES", "El Quijote", "Q"), ("it_IT", "Il Gattopardo", "G"),
        ("it_IT", "Gli Indifferenti", "I"), ("nl_NL", "'t Schip", "S"), ("nl_NL", "Het Achterhuis", "A"),
        ("pt_BR", "Os Lusíadas", "L"), ("pt_BR", "O Alienista", "A"),
    ])
    func titlesFileWithoutTheirArticle(locale: String, key: String, expected: String) throws {
        #expect(title(try collation(locale, FilingRules(ignoresArticles: true)), key) == expected)
    }

    @Test func articlesOfOtherLanguagesStay() throws {
        // "Die Hard" is English: a German article list would misfile it; en keeps it under D.
        #expect(title(try collation("en_US", FilingRules(ignoresArticles: true)), "Die Hard") == "D")
        #expect(title(try collation("de_DE", FilingRules(ignoresArticles: true)), "The Beatles") == "T")
    }

    @Test func leadingSymbolsAreSkipped() throws {
        let english = try collation("en_US", FilingRules(skipsLeadingSymbols: true))
        #expect(title(english, "😀 Anna") == "A")
        #expect(title(english, "★Bob") == "B")
        #expect(title(english, "★") == "#")
        #expect(title(english, "#1 Hits") == "#")  // a digit is kept: digits file under #
        let sections = english.sections(of: ["★Bob", "Anna", "😀 Anna", "Carl"], by: { $0 })
        #expect(sections.sections.map(\.records) == [["😀 Anna", "Anna"], ["★Bob"], ["Carl"]])  // equal filing texts: the keys as written break the tie
    }

    @Test func readingsStillWin() throws {
        let dutch = try collation("nl_NL", Self.names)
        #expect(dutch.section(for: "Vincent van Gogh", by: { $0 }, reading: { _ in "Van Gogh" }) == dutch.sectionTitles.firstIndex(of: "V"))
        let sections = dutch.sections(of: ["Vincent van Gogh", "Anna Bakker"], by: { $0 })
        #expect(sections.sections.map(\.title) == ["B", "G"])
        #expect(sections.sections.flatMap(\.records) == ["Anna Bakker", "Vincent van Gogh"])  // shown as written
    }

    @Test func everySettingChangesTheStamp() throws {
        let plain = try LocalizedIndexedCollation(locale: "nl_NL").keyStamp
        let stamps = try [
            FilingRules(names: .locale), FilingRules(names: .locale, nameForm: .familyFirst), FilingRules(ignoresArticles: true),
            FilingRules(skipsLeadingSymbols: true),
        ].map { try collation("nl_NL", $0).keyStamp }
        #expect(Set(stamps + [plain]).count == 5)
        #expect(try collation("nl_BE", Self.names).keyStamp != stamps[0])  // the region's rows differ
    }

    @Test func namesInPersonNameModeStillReadTheirSurname() throws {
        var configuration = try LocalizedIndexedCollation.Configuration(locale: "ko_KR")
        configuration.personNames = true
        configuration.filing = FilingRules(skipsLeadingSymbols: true)
        let korean = try LocalizedIndexedCollation(configuration)
        #expect(korean.sectionTitles[korean.section(for: "★李舜臣")] == "ㅇ")
    }

    /// The shipped tables: each parses, cites its source and licence, lists each row once.
    @Test(arguments: LanguagePolicy.filingLanguages)
    func tablesAreWellFormed(language: String) throws {
        let table = try #require(FilingTable.shipped.first { $0.language == language })
        #expect(table.text.contains("Licence:"))
        #expect(table.text.contains("Chicago Manual") || table.text.contains("DIN 5007") || table.text.contains("MARC"))
        #expect(!table.rows.isEmpty)
        #expect(Set(table.rows).count == table.rows.count, "a row is listed twice")
        #expect(table.rows.contains { $0.kind == .article }, "every table lists its language's articles")
        let reparsed = try FilingTable(language: language, text: table.text)
        #expect(reparsed.rows == table.rows)
    }

    @Test func malformedTablesAreRefused() {
        #expect(throws: FilingTableError.self) { try FilingTable(language: "xx", text: "kind\ttext\n") }
        #expect(throws: FilingTableError.self) { try FilingTable(language: "xx", text: "kind\ttext\twhere\nparticel\tvan\t\n") }
        #expect(throws: FilingTableError.self) { try FilingTable(language: "xx", text: "kind\ttext\twhere\nparticle\t\t\n") }
        #expect(throws: FilingTableError.self) { try FilingTable(language: "xx", text: "kind\ttext\twhere\nparticle\tvan\n") }
        #expect(throws: FilingTableError.self) { try FilingTable(language: "xx", text: "kind\ttext\twhere\nsurnames\t3\t\n") }
        #expect(FilingTable.shipped.count == LanguagePolicy.filingLanguages.count)
    }
}
