import Testing

@testable import IndexedCollation

/// The cost of extra languages: merged rules are compiled at most once per process and
/// languages that order nothing of their own compile nothing.
///
/// Each test uses a combination of languages no other test builds, so the per-combination
/// compilation counts are not disturbed by tests running in parallel.
@Suite("Multi-language collations reuse their compiled collator")
struct MultiLanguageReuseTests {
    @Test func otherOptionsStyleAndNameModeReuseTheCompiledCollator() throws {
        let locale = try CollationLocale("da_DK")
        let extras = [try CollationLocale("ja"), try CollationLocale("el")]
        let merged = extras.map(\.identifier)
        let first = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: locale).with { $0.additionalLocales = extras })
        // The collator and the index share one compilation (the index works on a copy).
        #expect(CollatorHandle.mergedCompilations(locale: locale, mergedLocales: merged) == 1)
        let second = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: locale).with {
                $0.options = CollatorOptions(numeric: true); $0.style = .icu; $0.additionalLocales = extras; $0.personNames = true
            })
        let third = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: locale).with {
                $0.options = CollatorOptions(strength: .primary, alternate: .shifted); $0.additionalLocales = extras
            })
        #expect(CollatorHandle.mergedCompilations(locale: locale, mergedLocales: merged) == 1)
        #expect(first.sectionTitles == third.sectionTitles)
        #expect(second.sectionTitles.contains("あ"))
        #expect(first.section(for: "やまだ") == third.section(for: "やまだ"))
        // The copies order kana by ja's rules, as the first collator does.
        let kana = ["ゞ", "ゝ", "ヽ", "あ", "ア", "ぁ", "カー", "かあ"]
        func sorted(by collator: Collator) -> [String] { kana.sorted { collator.sortKey(for: $0) < collator.sortKey(for: $1) } }
        #expect(sorted(by: second.collator) == sorted(by: first.collator))
    }

    /// Cyrillic and Greek keep root order and ko under ja orders only Hanja, so `ru`, `el`
    /// and `ko` contribute no rules: the primary's own collator is used, nothing is compiled.
    @Test(arguments: [("fi_FI", ["ru", "el"]), ("ja_JP", ["ko", "ru"])])
    func extrasWithoutRulesCompileNothing(locale spelling: String, extras spellings: [String]) throws {
        let locale = try CollationLocale(spelling)
        let extras = try spellings.map { try CollationLocale($0) }
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: locale).with { $0.additionalLocales = extras })
        #expect(CollatorHandle.mergedCompilations(locale: locale, mergedLocales: extras.map(\.identifier)) == 0)
        let alone = try Collator(locale: locale)
        for text in ["Жуков", "Ωμέγα", "Åström", "김민준", "やまだ", "山田", "Ёлка"] {
            #expect(collation.collator.sortKey(for: text) == alone.sortKey(for: text), "\(text)")
        }
    }

    /// A language whose rules the filter keeps is still merged: es adds Ñ under fi.
    @Test func extrasWithRulesStillCompileOnce() throws {
        let locale = try CollationLocale("fi_FI")
        let collation = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: locale).with { $0.additionalLocales = [try CollationLocale("es")] })
        #expect(CollatorHandle.mergedCompilations(locale: locale, mergedLocales: ["es"]) == 1)
        #expect(collation.sectionTitles.contains("Ñ"))
    }
}
