import Foundation
import IndexedCollation
import Testing

/// Exported storage keys sort, as plain bytes, exactly like `collate` does.
@Suite("Storage keys")
struct StorageKeyTests {
    @Test(arguments: GoldenCase.discover())
    func hexKeysSortedBytewiseReproduceTheOrder(_ golden: GoldenCase) throws {
        let plain = try runInProcess(golden.arguments + ["--format", "tsv", golden.input.path])
        let keyed = try runInProcess(golden.arguments + ["--format", "tsv", "--with-keys", golden.input.path])
        #expect(keyed.status == 0, "\(keyed.stderr)")
        var generator = SystemRandomNumberGenerator()
        // Work on bytes: "\r\n" is one Swift Character, and records may hold a "\r".
        let rows = keyed.stdout.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().shuffled(using: &generator)
        let fields = rows.map { $0.split(separator: 0x09, maxSplits: 3, omittingEmptySubsequences: false) }
        #expect(fields.allSatisfy { $0.count == 4 })
        #expect(Set(fields.map { Array($0[2]) }).count <= 1)  // one stamp
        let resorted = fields.sorted { $0[1].lexicographicallyPrecedes($1[1]) }
        var reproduced = [UInt8]()
        for row in resorted { reproduced += Array(row[0]) + [0x09] + Array(row[3]) + [0x0A] }
        #expect(reproduced == plain.stdout)
    }

    @Test func gnuSortInTheCLocaleReproducesTheOrder() throws {
        let path = Paths.locales.appendingPathComponent("sv_SE/names.txt").path
        let expected = try runProcess(["--locale", "sv_SE", "--format", "tsv", path])
        let viaSort = try runProcess([], shell: "COLLATE --locale sv_SE --format tsv --with-keys '\(path)' | shuf | LC_ALL=C sort -t \"$(printf '\\t')\" -k2,2 | cut -f1,4")
        #expect(viaSort.stdoutText == expected.stdoutText)
        #expect(!expected.stdout.isEmpty)
    }

    @Test func libraryKeysMatchTheSections() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let names = ["박서준", "김민준", "Smith", "123", "까치", "김민준"]
        let keys = korean.storageKeys(for: names, by: { $0 })
        let byKey = names.indices.sorted { keys[$0] < keys[$1] }.map { names[$0] }
        #expect(byKey == korean.sections(of: names, by: { $0 }).records)
        #expect(korean.keyStamp.hasPrefix("k2-icu\(ICUVersion.icu)-uca\(ICUVersion.uca)-"))
    }

    @Test func withKeysNeedsTSV() throws {
        let result = try runInProcess(["--with-keys", "--format", "json", "/dev/null"])
        #expect(result.status == 64)
    }
}

@Suite("Multi-language indexes")
struct MultiLanguageTests {
    @Test func koreanWithJapaneseAndRussian() throws {
        let collation = try LocalizedIndexedCollation(
            locale: CollationLocale("ko_KR"), additionalLocales: [CollationLocale("ja"), CollationLocale("ru")])
        let titles = collation.sectionTitles
        for title in ["ㄱ", "ㅎ", "A", "Z", "あ", "わ", "А", "Я", "#"] { #expect(titles.contains(title), "\(title)") }
        let grouped = collation.sections(of: ["김", "やまだ", "Иван", "Smith"], by: { $0 })
        #expect(grouped.sections.map(\.title).sorted() == ["S", "И", "や", "ㄱ"].sorted())
        #expect(titles.last == "#")
    }

    @Test func secondarySpanishKeepsEnye() throws {
        let collation = try LocalizedIndexedCollation(locale: CollationLocale("en_US"), additionalLocales: [CollationLocale("es")])
        #expect(collation.sectionTitles.contains("Ñ"))
        #expect(!(try LocalizedIndexedCollation(locale: "en_US")).sectionTitles.contains("Ñ"))
        let grouped = collation.sections(of: ["Nora", "Ñandú", "Oscar", "Núñez"], by: { $0 })
        #expect(grouped.sections.map(\.title) == ["N", "Ñ", "O"])
        #expect(grouped.sections.first?.records == ["Nora", "Núñez"])
    }

    /// Merged-tailoring indexes bucket exactly as ICU's own index built on the merged collator.
    @Test(arguments: [("en_US", ["es"]), ("ko_KR", ["es", "ja", "ru"]), ("sv_SE", ["de", "ru"]), ("ja-u-kr-kana-latn", ["ko"])])
    func mergedIndexesAgreeWithICU(locale: String, extras: [String]) throws {
        let collation = try LocalizedIndexedCollation(locale: CollationLocale(locale), additionalLocales: extras.map { try CollationLocale($0) })
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
        let collation = try LocalizedIndexedCollation(locale: CollationLocale("ko_KR"), additionalLocales: extras)
        #expect(collation.sectionTitles.count > 99)  // ICU would drop labels past 99
        for title in ["ㄱ", "Ω", "Я", "ת", "ي", "ह", "ฮ", "わ"] { #expect(collation.sectionTitles.contains(title), "\(title)") }
    }

    @Test func abbreviatedIndexKeepsTheMappingExact() throws {
        let korean = try LocalizedIndexedCollation(locale: "ko_KR")
        let short = korean.sectionIndexTitles(maxCount: 15)
        #expect(short.titles.count <= 15)
        #expect(short.titles.first == "ㄱ")
        #expect(short.titles.last == "#")
        #expect(short.titles.contains(LocalizedIndexedCollation.abbreviationMark))
        for (title, section) in zip(short.titles, short.sections) where title != LocalizedIndexedCollation.abbreviationMark {
            #expect(korean.sectionTitles[section] == title)
        }
        #expect(short.sections == short.sections.sorted())
        let full = korean.sectionIndexTitles(maxCount: 100)
        #expect(full.titles == korean.sectionTitles)
    }

    @Test func alsoOnTheCommandLine() throws {
        let scratch = try ScratchDirectory()
        let path = try scratch.file("names.txt", "김민준\nИван\nやまだ\nSmith\n")
        let result = try runInProcess(["--locale", "ko_KR", "--also", "ja,ru", "--format", "tsv", path])
        #expect(result.stdoutText == "ㄱ\t김민준\nS\tSmith\nИ\tИван\nや\tやまだ\n")
        let bad = try runInProcess(["--locale", "ko_KR", "--also", "xx", path])
        #expect(bad.status == 64)
    }
}
