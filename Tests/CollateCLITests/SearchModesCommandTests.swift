import Foundation
import Testing

/// `collate --search` with `--search-mode`, keypad digits, phone fields, Simplified ↔
/// Traditional and romaji variants, on plain lists, csv contacts and vCards, in tsv and
/// json.
@Suite("collate --search: modes, keypad, phones, scripts")
struct SearchModesCommandTests {
    static let names = ["John David Doe", "Jane Smith", "김민준", "박서준", "张伟", "張偉", "王小明", "やまだ たろう", "さとう しんいち", "Иван Петров", "Μαρία Νίκου", "Flat 12"]

    static func records(_ tsv: String) -> Set<String> {
        Set(tsv.split(separator: "\n").map { String($0.split(separator: "\t", maxSplits: 1).last ?? "") })
    }

    @Test(arguments: [
        ("en_US", [String](), "5646", ["John David Doe"]),
        ("en_US", [], "doe john", []),
        ("en_US", ["--search-mode", "words"], "doe john", ["John David Doe"]),
        ("en_US", ["--search-mode", "words"], "ohn", []),
        ("en_US", ["--search-mode", "anywhere"], "ohn", ["John David Doe"]),
        ("en_US", ["--search-mode", "anywhere"], "mit ja", ["Jane Smith"]),
        ("en_US", [], "12", ["Flat 12"]),
        ("en_US", ["--no-search-keypad"], "5646", []),
        ("ko_KR", [], "409", ["김민준"]),
        ("zh_CN", [], "942649", ["张伟", "張偉"]), ("zh_CN", [], "94", ["张伟", "張偉", "王小明"]),
        ("zh_CN", [], "张", ["张伟", "張偉"]),
        ("zh_TW", [], "張偉", ["张伟", "張偉"]),
        ("ja_JP", [], "874", ["やまだ たろう"]),
        ("ja_JP", [], "satoo", ["さとう しんいち"]),
        ("ja_JP", [], "sinniti", ["さとう しんいち"]),
        ("ru_RU", [], "422", ["Иван Петров"]),
        ("el_GR", [], "527", ["Μαρία Νίκου"]),
    ])
    func findsOnAPlainList(locale: String, options: [String], query: String, expected: [String]) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", Self.names.joined(separator: "\n") + "\n")
        let result = try runInProcess(["--locale", locale, "--search", query, "--format", "tsv"] + options + [path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(Self.records(result.stdoutText) == Set(expected), "\(locale) \(options) \(query)")
    }

    static let csv = """
        First Name,Last Name,Mobile Phone,Organization Name
        Minjun,Kim,+82 10-1234-5678,Acme
        Jieun,Lee,010-9876-5432,
        John,Doe,,Widgets

        """

    @Test(arguments: [
        ("01012345678", ["Kim"]), ("821012", ["Kim"]), ("+82 10", ["Kim", "Lee"]), ("5432", ["Lee"]), ("821098", ["Lee"]),
        ("1234", ["Kim"]), ("3", ["Kim", "Lee", "Doe"]), ("9999", []), ("acme", []),
    ])
    func findsPhoneNumbersInCSVColumns(query: String, expected: [String]) throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("contacts.csv", Self.csv)
        let result = try runInProcess(["--locale", "ko_KR", "--search", query, "--format", "tsv", path])
        #expect(result.status == 0, "\(result.stderr)")
        let family = result.stdoutText.split(separator: "\n").map { String($0.split(separator: "\t")[1]) }
        #expect(Set(family) == Set(expected), "\(query)")
    }

    @Test func searchFieldAddsAColumnAndJSONNamesTheMatchedField() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("contacts.csv", Self.csv)
        let plain = try runInProcess(["--locale", "ko_KR", "--search", "acme", "--format", "tsv", path])
        #expect(plain.stdoutText.isEmpty)
        let result = try runInProcess(
            ["--locale", "ko_KR", "--search", "acme", "--search", "5432", "--search-field", "Organization Name", "--format", "json", path])
        #expect(result.status == 0, "\(result.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [String: Any])
        let sections = try #require(document["sections"] as? [[String: Any]])
        var found: [String: String] = [:]
        for section in sections {
            let records = try #require(section["records"] as? [[String: String]])
            let matches = try #require(section["matches"] as? [[String: String]])
            #expect(records.count == matches.count)
            for (record, match) in zip(records, matches) { found[record["Last Name"] ?? ""] = match["field"] }
        }
        #expect(found == ["Kim": "Organization Name", "Lee": "Mobile Phone"])
    }

    @Test func vCardPhonesAndTheMatchedFieldInJSON() throws {
        let scratch = try ScratchDirectory()
        let cards = """
            BEGIN:VCARD\r
            VERSION:3.0\r
            N:김;민준;;;\r
            TEL;TYPE=CELL:+82 10-1234-5678\r
            END:VCARD\r
            BEGIN:VCARD\r
            VERSION:3.0\r
            N:이;지은;;;\r
            TEL:010-9876-5432\r
            END:VCARD\r

            """
        let path = try scratch.file("contacts.vcf", cards)
        let tsv = try runInProcess(["--locale", "ko_KR", "--search", "01012345678", "--format", "tsv", path])
        #expect(tsv.status == 0, "\(tsv.stderr)")
        #expect(tsv.stdoutText.contains("김") && !tsv.stdoutText.contains("이"))
        let json = try runInProcess(["--locale", "ko_KR", "--search", "9876", "--format", "json", path])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdoutText.utf8)) as? [String: Any])
        let sections = try #require(document["sections"] as? [[String: Any]])
        #expect(sections.count == 1)
        let matches = try #require(sections.first?["matches"] as? [[String: String]])
        #expect(matches == [["field": "TEL", "value": "010-9876-5432"]])
    }

    @Test func withoutSearchTheJSONHasNoMatches() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("contacts.csv", Self.csv)
        let result = try runInProcess(["--locale", "ko_KR", "--format", "json", path])
        #expect(!result.stdoutText.contains("\"matches\""))
    }

    /// `--search-field` that could do nothing: without a query, or on lines input.
    @Test func aSearchFieldWithNothingToSearchIsAUsageError() throws {
        let scratch = try ScratchDirectory()
        let contacts = try scratch.file("contacts.csv", Self.csv)
        let alone = try runInProcess(["--locale", "ko_KR", "--format", "json", "--search-field", "Organization Name", contacts])
        #expect(alone.status == 64)
        #expect(alone.stderr.contains("--search-field names a field for --search to look in"), "\(alone.stderr)")
        #expect(alone.stdout.isEmpty)
        let names = try scratch.file("names.txt", "John\nJane\n")
        let lines = try runInProcess(["--search", "jo", "--search-field", "Notes", names])
        #expect(lines.status == 64)
        #expect(lines.stderr.contains("lines have no named fields"), "\(lines.stderr)")
        let found = try runInProcess(["--locale", "ko_KR", "--format", "tsv", "--search", "acme", "--search-field", "Organization Name", contacts])
        #expect(found.status == 0, "\(found.stderr)")
    }

    @Test func aBadModeIsAClearError() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", "John\n")
        let result = try runInProcess(["--search-mode", "inside", "--search", "jo", path])
        #expect(result.status != 0)
        #expect(result.stderr.contains("prefix") && result.stderr.contains("anywhere"))
    }
}
