import Foundation
import SectionedData
import Testing

@testable import IndexedCollation

@Suite("Values: Codable, errors, descriptions, spellings")
struct ValueCodingTests {
    @Test(arguments: ["ko_KR", "sv_SE", "ja_JP"])
    func sortKeysRoundTripAsHex(locale: String) throws {
        let collator = try Collator(locale: locale)
        let keys = ["김민준", "Åsa", "さとう", ""].map(collator.sortKey(for:))
        let data = try JSONEncoder().encode(keys)
        #expect(try JSONDecoder().decode([SortKey].self, from: data) == keys)
        let strings = try JSONDecoder().decode([String].self, from: data)
        #expect(strings == keys.map(\.hexString))
    }

    @Test(arguments: ["\"abc\"", "\"zz\"", "\"0g\"", "12"])
    func malformedSortKeysAreRefused(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SortKey.self, from: Data(json.utf8)) }
    }

    @Test func collatorOptionsWriteOnlyWhatIsSet() throws {
        let options = CollatorOptions(strength: .primary, alternate: .shifted, numeric: true)
        let data = try JSONEncoder().encode(options)
        #expect(try JSONDecoder().decode(CollatorOptions.self, from: data) == options)
        #expect(try JSONDecoder().decode(CollatorOptions.self, from: Data("{}".utf8)) == CollatorOptions())
        let object = try JSONDecoder().decode([String: String].self, from: JSONEncoder().encode(CollatorOptions(alternate: .nonIgnorable)))
        #expect(object == ["alternate": "non-ignorable"])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(CollatorOptions.self, from: Data(#"{"strength": "strongest"}"#.utf8))
        }
    }

    @Test func errorsReadAsTheCommandLineDoes() {
        let unknown = CollationError.unknownLocale("xx_YY", suggestions: ["xh"])
        #expect(unknown.localizedDescription == unknown.description)
        #expect(!unknown.localizedDescription.contains("could not be completed"))
        let duplicate = IndexedDataSourceError.duplicateID(7)
        #expect(duplicate.localizedDescription == duplicate.description)
        #expect(throws: CollationError.self) {
            try LocalizedIndexedCollation(
                LocalizedIndexedCollation.Configuration(locale: "ko_KR").with { $0.additionalLocales = [try CollationLocale("klingon")] })
        }
    }

    @Test func stringAndFoundationSpellingsTakeEveryOption() throws {
        let byStrings = try LocalizedIndexedCollation(locale: "ko_KR", personNames: true, additionalLocales: ["ja", "ru"])
        let otherOrder = try LocalizedIndexedCollation(locale: "ko_KR", additionalLocales: ["ja", "ru"], personNames: true)
        let byLocales = try LocalizedIndexedCollation(
            locale: Locale(identifier: "ko_KR"), additionalLocales: [Locale(identifier: "ja"), Locale(identifier: "ru")],
            personNames: true)
        #expect(byStrings.sectionTitles == otherOrder.sectionTitles)
        #expect(byStrings.sectionTitles == byLocales.sectionTitles)
        #expect(byStrings.personNames && byLocales.personNames)
        #expect(byStrings.sectionTitles.contains("あ") && byStrings.sectionTitles.contains("Я"))
        #expect(try Collator(locale: Locale(identifier: "sv_SE")) == Collator(locale: "sv_SE"))
        #expect(throws: CollationError.self) { try Collator(locale: Locale(identifier: "xx_YY")) }
    }

    @Test func descriptionsShowNoInternals() throws {
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: "ko_KR").with {
                $0.personNames = true; $0.additionalLocales = [try CollationLocale("ja")]
            })
        #expect(collation.description.hasPrefix("LocalizedIndexedCollation(ko_KR, person names, also ja; "))
        #expect(!collation.description.contains("Handle"))
        let collator = try Collator(locale: "sv_SE", options: CollatorOptions(numeric: true))
        #expect(collator.description == "Collator(sv_SE → sv, numeric)")
        #expect(CollatorOptions().description == "locale defaults")
    }
}
