import Testing
@testable import IndexedCollation

/// The fast path (memcmp binary search over primary boundary keys) must agree with ICU's
/// own `ImmutableIndex::getBucketIndex` for every string.
@Suite("Bucketing agrees with ICU's AlphabeticIndex")
struct BucketingTests {
    static let locales = [
        "ko_KR", "ja_JP", "zh_CN", "zh_TW", "zh@collation=zhuyin", "zh@collation=stroke", "zh_HK", "sv_SE", "da_DK",
        "cs_CZ", "sk", "hu", "sq", "cy", "hr", "es_ES", "de@collation=phonebook", "lt_LT", "ru_RU", "el_GR", "ar",
        "he_IL", "hi_IN", "th_TH", "vi_VN", "en_US", "ja@colReorder=kana-latn", "root",
    ]

    /// Every BMP code point alone, and each followed by a few continuations, then the
    /// labels themselves and their neighbours.
    @Test(arguments: locales)
    func everyBMPCharacter(locale: String) throws {
        let collation = try LocalizedIndexedCollation(locale: locale)
        var mismatches = [String]()
        var probes = [String]()
        for value in stride(from: 0x20, through: 0xFFFD, by: 1) {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let text = String(scalar)
            probes.append(text)
            if value % 7 == 0 { probes.append(text + "h") }
            if value % 11 == 0 { probes.append(text + "\u{FFFF}") }
        }
        for title in collation.sectionTitles {
            probes += [title, title + "a", title + "z", title + "\u{FFFF}", title.lowercased(), title + "h", title + "s"]
        }
        probes += ["", " ", "123", "😀", "𠀀", String(decoding: [0xEF, 0xB7, 0x90, 0x41], as: UTF8.self), "Sch", "Schmidt", "Sz", "Cz", "Ch", "CH", "Dzs", "Ll", "Ng", "Rh"]
        for probe in probes {
            let fast = collation.sectionTitles[collation.section(for: probe)]
            let icu = collation.icuBucketTitle(for: probe)
            if fast != icu { mismatches.append("\(probe.unicodeScalars.map { String($0.value, radix: 16) }) fast=\(fast) icu=\(icu)") }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, e.g. \(mismatches.prefix(5))")
    }

    /// Every locale ICU has collation data for, with a sample of characters.
    @Test func everyAvailableLocale() throws {
        var failures = [String]()
        for identifier in CollationLocale.availableIdentifiers {
            let collation = try LocalizedIndexedCollation(locale: identifier)
            var probes = collation.sectionTitles.flatMap { [$0, $0 + "z", $0 + "\u{FFFF}"] }
            for value in stride(from: 0x20, through: 0xFFFD, by: 37) {
                if let scalar = Unicode.Scalar(value) { probes.append(String(scalar)) }
            }
            for probe in probes where collation.sectionTitles[collation.section(for: probe)] != collation.icuBucketTitle(for: probe) {
                failures.append("\(identifier): \(probe)")
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    @Test func optionsThatChangePrimaryWeightsStillBucketLikeICU() throws {
        let shifted = try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: "en").with { $0.options = CollatorOptions(alternate: .shifted, numeric: true) })
        #expect(!shifted.primaryFromSortKey)
        for probe in [" Smith", "-Anna", "10 Downing", "2pac", "...", "Émile"] {
            #expect(shifted.sectionTitles[shifted.section(for: probe)] == shifted.icuBucketTitle(for: probe), "\(probe)")
        }
        #expect(shifted.sectionTitles[shifted.section(for: " Smith")] == "#")
    }
}
