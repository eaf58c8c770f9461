extension LocalizedIndexedCollation {
    /// Everything a collation is built from, as one value: its locale and extra languages,
    /// collator options, section style and labels, person-name mode, reading guesses and
    /// their provider, the side index's title budget and where compiled rules are kept.
    ///
    /// Start from a locale, change what you need, and build the collation once:
    ///
    /// ```swift
    /// var configuration = LocalizedIndexedCollation.Configuration(locale: CollationLocale("ko_KR"))
    /// configuration.additionalLocales = [CollationLocale("ja"), CollationLocale("ru")]
    /// configuration.personNames = true
    /// configuration.maximumIndexTitles = 20
    /// let phone = try LocalizedIndexedCollation(configuration)
    /// phone.sectionTitles.first  // "ㄱ"
    /// ```
    ///
    /// Every property has the locale's default when left alone, so
    /// `Configuration(locale:)` alone is `LocalizedIndexedCollation(locale:)`. A built
    /// collation gives its configuration back (``LocalizedIndexedCollation/configuration``).
    public struct Configuration: Sendable {
        /// The locale whose index labels and sort rules to use.
        public var locale: CollationLocale
        /// More languages whose index letters are added, like a phone's language list:
        /// `ko_KR` plus `ja`, `ru` gives ㄱ…ㅎ, A–Z, А…Я, あ…わ in collation order. Records
        /// are still sorted by ``locale``'s rules; an extra language's tailoring may reorder
        /// letters of its own script (es Ñ). See the Multi-language indexes article.
        public var additionalLocales: [CollationLocale] = []
        /// Collator settings for ordering within sections (strength, case, numeric…);
        /// sections themselves always follow the locale's index.
        public var options = CollatorOptions()
        /// ``SectionStyle/default`` (a `#` catch-all, last) or ``SectionStyle/icu``.
        public var style: SectionStyle = .default
        /// The index's labels: the locale's own (the default), none, or with labels added.
        public var labels: IndexLabels = .locale
        /// Person-name mode: keys are people's names, family name first, and a surname
        /// with its own reading decides the section and order (zh pinyin and zhuyin:
        /// 曾国藩 under Z as Zēng; ko: 李 under ㅇ as 이; ja: the ``readingProvider``'s
        /// reading of the whole name, 佐藤健 under さ). A record's own reading still wins.
        public var personNames = false
        /// Guess the readings of text written in kanji (東京 as とうきょう) for every key
        /// without a reading, with ``readingProvider`` (which must be set); with
        /// ``personNames``, keys are read as names. Guesses are only used when the
        /// provider's language is ``hanLanguage`` (or no language decides Han, as under
        /// `en`): a Chinese or Korean collation never sorts by a Japanese reading.
        public var guessesReadings = false
        /// Where readings of kanji come from (the `JapaneseReadings` product's
        /// `MeCabReadings`), or `nil` for none: then kanji without a record's own reading
        /// file under `#` in Japanese, as ICU files them.
        public var readingProvider: (any ReadingProvider)? {
            get { providerBox?.provider }
            set { providerBox = newValue.map(ReadingProviderBox.init) }
        }
        /// The provider behind one reference: an existential of a non-class protocol would
        /// make the configuration, and every collation holding it, address-only (copied
        /// through value witnesses the optimizer cannot remove: 1M distinct lines took
        /// 1.24x the CPU).
        private(set) var providerBox: ReadingProviderBox? = nil
        /// How a Chinese collation reads Han: by words (``HanReadingUnit/words``, the
        /// default: 长沙银行 under C as Chángshā, searched as `changsha`) or each character
        /// alone (``HanReadingUnit/characters``: ICU's own order, 长沙银行 under Z). Words
        /// change sections and order under the pinyin collation (`zh`, `zh_CN`,
        /// `zh@collation=pinyin`; their ``LocalizedIndexedCollation/keyStamp`` says so),
        /// search and written readings under every Chinese collation; other languages
        /// ignore it.
        public var hanReadingUnit: HanReadingUnit = .words
        /// How keys are filed beyond the collator: people's names by their language's rules
        /// (surname particles, honorifics), titles without their leading article, keys
        /// without leading symbols (see ``FilingRules``). The default changes nothing.
        public var filing = FilingRules()
        /// Where the catch-all section `#` (digits, symbols, other scripts) goes in the
        /// default style: ``OtherSectionPlacement/last`` (the default) or first, before
        /// the letters.
        public var otherSection: OtherSectionPlacement = .last
        /// The title of a first section that no key files under, for records an app pins
        /// there (favourites, "Me"): `"★"`, say; `nil` (the default) for none. Records go
        /// there by a predicate (``LocalizedIndexedCollation/sections(of:by:reading:pinned:copiesPinned:)``),
        /// in collation order. It must be a title of its own: not empty, not one of the
        /// index's (`A`, `#`), and not a mark a side index draws (`•`, `{search}`).
        public var pinnedSectionTitle: String? = nil
        /// A title budget for the side index, or `nil` (the default) for every title
        /// (see ``LocalizedIndexedCollation/maximumIndexTitles``).
        public var maximumIndexTitles: Int? = nil
        /// A directory where this collation's compiled multi-language rules are kept
        /// between processes, or `nil` to use ``CompiledCollatorCache/directory`` (off
        /// unless set). Only collations with ``additionalLocales`` that reorder letters
        /// compile rules (0.2–0.5 s of CPU, once per process).
        public var compiledRulesDirectory: String? = nil

        /// Whether readings from ``readingProvider`` decide sections under this
        /// configuration: with ``guessesReadings``, or in person-name mode for a language
        /// whose Han characters only a dictionary reads (Japanese). Without a provider,
        /// the first is an error and the second files kanji names under `#`.
        public var needsReadingProvider: Bool {
            guessesReadings || personNames && LanguagePolicy(locale).isJapanese
        }

        /// The language that decides Han characters: the locale's when it has rules for
        /// Han (`zh` pinyin, zhuyin or strokes; `ja` readings; `ko` Hanja), else the first
        /// of ``additionalLocales`` that has, else `nil`. Readings are only ever guessed or
        /// written in this language.
        public var hanLanguage: String? {
            LanguagePolicy.hanLanguage(of: locale, additionalLocales: additionalLocales)
        }

        /// A configuration with the locale's defaults.
        /// - Parameter locale: The locale whose index labels and sort rules to use.
        public init(locale: CollationLocale) {
            self.locale = locale
        }

        /// A configuration with the locale's defaults, for a locale spelling such as
        /// `ko_KR`, `sv-SE` or `zh@collation=stroke`.
        /// - Parameter spelling: The locale, in any spelling ``CollationLocale/init(_:)-(String)`` accepts.
        /// - Throws: ``CollationError`` for malformed or unknown locales.
        public init(locale spelling: String) throws(CollationError) {
            self.init(locale: try CollationLocale(spelling))
        }
    }
}

/// Where the catch-all section `#` goes (``LocalizedIndexedCollation/Configuration/otherSection``).
public enum OtherSectionPlacement: String, Sendable, Hashable, CaseIterable {
    /// After the letters: A…Z # (the default, as iOS shows it).
    case last
    /// Before the letters: # A…Z (as some Android contact apps show it).
    case first
}
