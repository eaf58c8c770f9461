import Testing
@testable import IndexedCollation

@Suite("Locale spellings and validation")
struct CollationLocaleTests {
    @Test(arguments: [
        ("ko_KR", "ko_KR"), ("ko-KR", "ko_KR"), ("ko_KR.UTF-8", "ko_KR"), ("zh@collation=stroke", "zh@collation=stroke"),
        ("zh-u-co-pinyin", "zh@collation=pinyin"), ("de-u-co-phonebk", "de@collation=phonebook"),
        ("en-u-kn-true", "en@colnumeric=yes"), ("ja-u-kr-kana-latn", "ja@colreorder=kana-latn"),
        ("sv_SE", "sv_SE"), ("  fr_FR  ", "fr_FR"), ("de_AT", "de_AT"), ("en_US", "en_US"), ("sr_RS.UTF-8@latin", "sr_Latn_RS"),
        ("C", "en_US_POSIX"), ("root", "root"),
    ])
    func acceptsEverySpelling(spelling: String, identifier: String) throws {
        let locale = try CollationLocale(spelling)
        #expect(locale.identifier == identifier)
        #expect(locale.requested == spelling)
    }

    @Test(arguments: ["xx_YY", "klingon", "zz", "qq-QQ"])
    func refusesUnknownLocales(spelling: String) {
        #expect {
            try CollationLocale(spelling)
        } throws: { error in
            guard case CollationError.unknownLocale(let name, _) = error else { return false }
            return name == spelling && "\(error)".contains("--list-locales")
        }
    }

    @Test(arguments: [
        "de@collation=phonebk", "en-u-co-bogus", "ko_KR@collation=Serch", "root@collation=x", "en@collation=private-foo",
        "ja@collation=private-kana",
    ])
    func refusesUnknownCollationTypes(spelling: String) {
        #expect {
            try CollationLocale(spelling)
        } throws: { error in
            guard case CollationError.malformedLocale(let name, let reason) = error else { return false }
            return name == spelling && reason.hasPrefix("ICU knows no collation type") && reason.contains("phonebook")
        }
    }

    @Test(arguments: [
        "ko@collation=search", "zh@collation=zhuyin", "de@collation=PHONEBOOK", "zh@collation=standard", "ja@collation=unihan",
        // Types a locale has through its parents: de_AT from de, zh_Hant_TW from zh_Hant, every locale's from root.
        "de_AT@collation=phonebook", "zh_Hant_TW@collation=zhuyin", "es_MX-u-co-trad", "ko_KR@collation=searchjl", "fr@collation=eor",
    ])
    func acceptsKnownCollationTypes(spelling: String) throws {
        _ = try CollationLocale(spelling)
    }

    /// ICU opens a type the locale lacks with the locale's standard order and no warning,
    /// so `de@collation=pinyin` would sort as plain German.
    @Test(arguments: [
        ("de@collation=pinyin", "pinyin", "de"), ("en-u-co-stroke", "stroke", "en"),
        ("ja_JP@collation=phonebook", "phonebook", "ja_JP"), ("root@collation=zhuyin", "zhuyin", "root"),
    ])
    func refusesCollationTypesTheLocaleLacks(spelling: String, type: String, base: String) {
        #expect {
            try CollationLocale(spelling)
        } throws: { error in
            guard case CollationError.malformedLocale(let name, let reason) = error else { return false }
            return name == spelling && reason.hasPrefix("ICU has no '\(type)' collation for \(base) (it has standard")
                && reason.contains("search")
        }
    }

    @Test func everyTypeALocaleListsOpens() throws {
        for identifier in ["de", "zh_Hant", "sv", "ko", "ar"] {
            let types = ICULocaleData.collationTypes(of: identifier)
            #expect(types.contains("standard") && types.contains("search"), "\(identifier): \(types)")
            for type in types { _ = try CollationLocale("\(identifier)@collation=\(type)") }
        }
    }

    @Test func suggestsCloseLocales() {
        let suggestions = CollationLocale.suggestions(for: "svv_SE")
        #expect(suggestions.contains("sv"))
        #expect(CollationLocale.suggestions(for: "kx").count <= 3)
    }

    @Test(arguments: ["", "   ", "ko KR", "ko_KR\u{0}", "한국어"])
    func refusesMalformedSpellings(spelling: String) {
        #expect(throws: CollationError.self) { try CollationLocale(spelling) }
    }

    @Test func legitimateRootLocalesResolveToRoot() throws {
        let austrian = try Collator(locale: CollationLocale("de_AT"))
        #expect(austrian.locale.identifier == "de_AT")
        let korean = try Collator(locale: CollationLocale("ko_KR"))
        #expect(korean.dataLocale == "ko")
    }

    @Test func environmentOrder() {
        #expect(CollationLocale.environmentSpelling(["LANG": "ko_KR.UTF-8"]) == "ko_KR.UTF-8")
        #expect(CollationLocale.environmentSpelling(["LANG": "ko_KR.UTF-8", "LC_COLLATE": "sv_SE.UTF-8"]) == "sv_SE.UTF-8")
        #expect(CollationLocale.environmentSpelling(["LC_ALL": "ja_JP.UTF-8", "LC_COLLATE": "sv_SE.UTF-8"]) == "ja_JP.UTF-8")
        #expect(CollationLocale.environmentSpelling(["LANG": "C.UTF-8"]) == "en")
        #expect(CollationLocale.environmentSpelling(["LC_ALL": ""]) == "en")
        #expect(CollationLocale.environmentSpelling([:]) == "en")
    }

    @Test func listsAvailableLocales() {
        let all = CollationLocale.availableIdentifiers
        #expect(all.contains("ko"))
        #expect(all.contains("sv"))
        #expect(all == all.sorted())
    }
}
