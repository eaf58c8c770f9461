import Testing

@testable import IndexedCollation

/// Indexes over several languages: labels of all, the primary's order, merged tailorings.
@Suite("Multi-language indexes")
struct MultiLanguageTests {
    @Test func koreanWithJapaneseAndRussian() throws {
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale("ko_KR")).with {
                $0.additionalLocales = [try CollationLocale("ja"), try CollationLocale("ru")]
            })
        let titles = collation.sectionTitles
        for title in ["ㄱ", "ㅎ", "A", "Z", "あ", "わ", "А", "Я", "#"] { #expect(titles.contains(title), "\(title)") }
        let grouped = collation.sections(of: ["김", "やまだ", "Иван", "Smith"], by: { $0 })
        #expect(grouped.sections.map(\.title).sorted() == ["S", "И", "や", "ㄱ"].sorted())
        #expect(titles.last == "#")
    }

    @Test func secondarySpanishKeepsEnye() throws {
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale("en_US")).with {
                $0.additionalLocales = [try CollationLocale("es")]
            })
        #expect(collation.sectionTitles.contains("Ñ"))
        #expect(!(try LocalizedIndexedCollation(locale: "en_US")).sectionTitles.contains("Ñ"))
        let grouped = collation.sections(of: ["Nora", "Ñandú", "Oscar", "Núñez"], by: { $0 })
        #expect(grouped.sections.map(\.title) == ["N", "Ñ", "O"])
        #expect(grouped.sections.first?.records == ["Nora", "Núñez"])
    }

    /// Merged-tailoring indexes bucket exactly as ICU's own index built on the merged collator.
    @Test(arguments: [("en_US", ["es"]), ("ko_KR", ["es", "ja", "ru"]), ("sv_SE", ["de", "ru"]), ("ja-u-kr-kana-latn", ["ko"])])
    func mergedIndexesAgreeWithICU(locale: String, extras: [String]) throws {
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale(locale)).with {
                $0.additionalLocales = try extras.map { try CollationLocale($0) }
            })
        var mismatches = [String]()
        for value in stride(from: 0x20, through: 0xFFFD, by: 3) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            if collation.sectionTitles[collation.section(for: text)] != collation.icuBucketTitle(for: text) { mismatches.append(text) }
        }
        for title in collation.sectionTitles where collation.sectionTitles[collation.section(for: title + "a")] != collation.icuBucketTitle(for: title + "a") {
            mismatches.append(title)
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    @Test func manyLanguagesDropNoLabel() throws {
        let extras = try ["ja", "ru", "el", "he", "ar", "hi", "th", "zh"].map { try CollationLocale($0) }
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale("ko_KR")).with { $0.additionalLocales = extras })
        #expect(collation.sectionTitles.count > 99)  // ICU would drop labels past 99
        for title in ["ㄱ", "Ω", "Я", "ת", "ي", "ह", "ฮ", "わ"] { #expect(collation.sectionTitles.contains(title), "\(title)") }
    }

    @Test func abbreviatedIndexKeepsTheMappingExact() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let short = korean.sectionIndex(maximumTitles: 15)
        #expect(short.titles.count <= 15)
        #expect(short.titles.first == "ㄱ")
        #expect(short.titles.last == "#")
        #expect(short.titles.contains(SectionIndex.bullet))
        for (title, section) in zip(short.titles, short.sections) where title != SectionIndex.bullet {
            #expect(korean.sectionTitles[section] == title)
        }
        #expect(short.sections == short.sections.sorted())
        let full = korean.sectionIndex(maximumTitles: 100)
        #expect(full.titles == korean.sectionTitles)
    }

    /// The deprecated spellings (`AbbreviatedIndex`, `sectionIndexTitles(maxCount:)`,
    /// `abbreviationMark`) still compile and give the one `SectionIndex`.
    @Test func deprecatedAbbreviatedIndexIsTheSectionIndex() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        var old: AbbreviatedIndex = korean.sectionIndexTitles(maxCount: 15)
        #expect(old == korean.sectionIndex(maximumTitles: 15))
        #expect(old.titles.contains(LocalizedIndexedCollation.abbreviationMark))
        old.titles = ["ㄱ"]
        old.sections = [0]
        #expect(old.section(forTitleAt: 0) == 0)
    }
}
