import Testing

@testable import IndexedCollation

/// DESIGN.md "Several languages in one index": Han, and whatever the primary files in its
/// catch-all, stays the primary's; extra languages add labels and letter order only in
/// their own scripts other than Han. "Index titles": a primary without a Han rule (en, de,
/// ru) leaves Han to the first extra language that has one.
@Suite("Multi-language policy")
struct MultiLanguagePolicyTests {
    static func collation(_ primary: String, _ extras: [String]) throws -> LocalizedIndexedCollation {
        try LocalizedIndexedCollation(
            LocalizedIndexedCollation.Configuration(locale: CollationLocale(primary)).with {
                $0.additionalLocales = try extras.map { (extra) throws(CollationError) in try CollationLocale(extra) }
            })
    }

    static func title(_ key: String, _ collation: LocalizedIndexedCollation) -> String {
        collation.sectionTitles[collation.section(for: key)]
    }

    @Test(arguments: [
        ("ja_JP", ["zh_CN"], "#"), ("zh_CN", ["zh_TW"], "D"), ("ja_JP", ["zh_TW"], "#"), ("ko_KR", ["ja", "zh_CN"], "ㄷ"),
        ("zh_TW", ["ja", "ko"], "7劃"),
    ])
    func hanIsFiledByAPrimaryWithAHanRule(primary: String, extras: [String], expected: String) throws {
        let collation = try Self.collation(primary, extras)
        #expect(Self.title("杜鵑", collation) == expected)
        #expect(collation.icuBucketTitle(for: "杜鵑") == expected)
        let alone = try LocalizedIndexedCollation(locale: CollationLocale(primary))
        for han in ["八", "阿", "中", "山田", "鈴木"] {
            #expect(Self.title(han, collation) == Self.title(han, alone), "\(han)")
        }
    }

    /// Android's `testPinyinEnabledSecondaryLocale`: an English user with Chinese as a
    /// second language finds 杜鵑 under D.
    @Test(arguments: [
        ("en", ["zh_CN"], "D"), ("en", ["zh_TW"], "7劃"), ("de", ["zh@collation=zhuyin"], "ㄉ"), ("ru", ["ko"], "ㄷ"),
        ("en", ["ja", "zh_CN"], "#"), ("en", ["es", "zh_CN", "ja"], "D"), ("en", ["ko", "zh_CN"], "ㄷ"),
    ])
    func hanGoesToTheFirstExtraWithAHanRule(primary: String, extras: [String], expected: String) throws {
        let collation = try Self.collation(primary, extras)
        #expect(Self.title("杜鵑", collation) == expected)
        #expect(collation.icuBucketTitle(for: "杜鵑") == expected)
        // Letters of the primary's own script are unchanged.
        let alone = try LocalizedIndexedCollation(locale: CollationLocale(primary))
        for word in ["Adam", "Zoe", "Ärger", "Юлия"] {
            #expect(Self.title(word, collation) == Self.title(word, alone), "\(word)")
        }
    }

    @Test func hanOrderFollowsTheDecidingLanguage() throws {
        let collation = try Self.collation("en", ["zh_CN"])
        // Pinyin order: 阿 (ā) before 八 (bā) before 中 (zhōng); the root order is by radical.
        #expect(collation.sorted(["中", "八", "阿"], by: { $0 }) == ["阿", "八", "中"])
        #expect(Self.title("张伟", collation) == "Z")
        #expect(Self.title("Zoe", collation) == "Z")
    }

    @Test func extraLanguagesAddNoHanLabels() throws {
        let chinese = try Self.collation("zh_CN", ["zh_TW"])
        let alone = try LocalizedIndexedCollation(locale: CollationLocale("zh_CN"))
        #expect(chinese.sectionTitles == alone.sectionTitles)
        let japanese = try Self.collation("ja_JP", ["zh_TW", "yue"])
        #expect(!japanese.sectionTitles.contains { $0.hasSuffix("劃") })
    }

    @Test func extraLettersKeepTheirSectionsAndOrder() throws {
        let collation = try Self.collation("en", ["es", "ja", "ko", "th", "ar", "he", "el", "uk", "sr"])
        let expected = [
            "Ñandú": "Ñ", "あおい": "あ", "サクラ": "さ", "김민준": "ㄱ", "สมชาย": "ส", "محمد": "م", "דוד": "ד", "Αλέξης": "Α", "Їжак": "Ї",
            "Ђорђе": "Ђ",
        ]
        for (key, title) in expected {
            #expect(Self.title(key, collation) == title, "\(key)")
            #expect(collation.icuBucketTitle(for: key) == title, "\(key)")
        }
        let sorted = collation.sorted(["Nadia", "Ñandú", "Oscar"], by: { $0 })
        #expect(sorted == ["Nadia", "Ñandú", "Oscar"])
        #expect(Self.title("Ñandú", try Self.collation("ko_KR", ["es"])) == "Ñ")
    }

    @Test func fastBucketingMatchesICUWithExtras() throws {
        let collation = try Self.collation("ja_JP", ["zh_CN", "ko", "es", "ru"])
        var probes = collation.sectionTitles.flatMap { [$0, $0 + "z"] }
        for value in stride(from: 0x20, through: 0xFFFD, by: 53) {
            if let scalar = Unicode.Scalar(value) { probes.append(String(scalar)) }
        }
        let mismatches = probes.filter { Self.title($0, collation) != collation.icuBucketTitle(for: $0) }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }
}
