/// The language rules a collation follows beyond ICU's own, decided once per locale: which
/// language reads Han characters (and so which surname table, reading provider and search
/// spellings apply), and whether extra languages may merge their tailorings.
///
/// One home for what used to be `languageCode == "zh"` comparisons spread over the sources:
/// every rule that depends on the language asks this value.
package struct LanguagePolicy: Sendable, Hashable {
    /// The languages with rules of their own here; every other language is `.other`.
    package enum Language: Sendable, Hashable {
        /// Chinese: Han read as pinyin or zhuyin (or by strokes), with a surname table.
        case chinese
        /// Japanese: Han read in kana, by a ``ReadingProvider``.
        case japanese
        /// Korean: Hanja surnames read in Hangul by a table.
        case korean
        /// Any other language.
        case other
    }

    /// The language subtag ("ko"); empty for the root locale.
    package let code: String
    /// The language, when it has rules of its own.
    package let language: Language

    /// The policy of `locale`'s language.
    /// - Parameter locale: A collation locale.
    package init(_ locale: CollationLocale) {
        self.init(languageCode: locale.languageCode)
        region = Self.region(of: locale.identifier)
    }

    /// The region subtag ("BE" of `nl_BE`); empty when the locale names none. Filing rules
    /// differ by region (Dutch particles: under the main name in the Netherlands, under the
    /// particle in Belgium).
    package private(set) var region = ""

    /// The region subtag of an ICU locale ID (`nl_BE`, `sr_Latn_RS@collation=…`), or "".
    static func region(of identifier: String) -> String {
        let base = identifier.split(separator: "@", maxSplits: 1).first ?? ""
        for part in base.split(separator: "_").dropFirst() where part.count == 2 || (part.count == 3 && part.allSatisfy(\.isNumber)) {
            return String(part)
        }
        return ""
    }

    /// The filing-rule tables (``KeyFiler``) of this language, by language subtag: the
    /// languages whose surname particles, honorifics and title articles are listed.
    package static let filingLanguages = ["ar", "de", "en", "es", "fr", "it", "nl", "pt"]

    /// The policy of a language subtag ("ja").
    /// - Parameter code: A language subtag.
    package init(languageCode code: String) {
        self.code = code
        switch code {
        case "zh": language = .chinese
        case "ja": language = .japanese
        case "ko": language = .korean
        default: language = .other
        }
    }

    /// Chinese: index characters need its own collator, so extra languages do not merge
    /// their tailorings into it.
    package var isChinese: Bool { language == .chinese }
    /// Japanese: kanji are read by a reading provider.
    package var isJapanese: Bool { language == .japanese }
    /// Korean: Hanja surnames have a table.
    package var isKorean: Bool { language == .korean }

    /// Whether `provider` gives readings in this language: a reading is only ever guessed
    /// or written in the language that decides Han for the collation.
    package func reads(with provider: any ReadingProvider) -> Bool {
        !code.isEmpty && provider.language == code
    }

    /// Whether this language has rules of its own for Han characters (Chinese, Japanese,
    /// Korean).
    package var readsHan: Bool { language != .other }

    /// The language that decides Han characters for a collation of `locale` with
    /// `additionalLocales`: the primary language when it has a Han rule, else the first
    /// additional language that has one, else nil (Han then files under `#`).
    /// - Parameters:
    ///   - locale: The primary locale.
    ///   - additionalLocales: The extra languages, in order.
    /// - Returns: The language code ("zh"), or nil.
    package static func hanLanguage(of locale: CollationLocale, additionalLocales: [CollationLocale]) -> String? {
        ([locale] + additionalLocales).lazy.map(LanguagePolicy.init).first(where: \.readsHan)?.code
    }

    /// Whether `provider` may guess readings for sorting under a collation whose Han
    /// characters are decided by `hanLanguage`: only in that language (a Chinese or Korean
    /// collation gets no Japanese reading), or in any language when no language decides Han.
    /// - Parameters:
    ///   - provider: The reading provider.
    ///   - hanLanguage: See ``hanLanguage(of:additionalLocales:)``.
    /// - Returns: Whether its guesses may be used.
    package static func guesses(with provider: any ReadingProvider, hanLanguage: String?) -> Bool {
        hanLanguage.map { $0 == provider.language } ?? true
    }
}
