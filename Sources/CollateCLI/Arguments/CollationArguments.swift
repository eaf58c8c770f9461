import ArgumentParser
import IndexedCollation
import JapaneseReadings

/// The locale, collator settings, section style and direction.
struct CollationArguments: ParsableArguments {
    @Option(name: [.short, .long], help: "The locale whose index and sort rules to use (ko_KR, sv-SE, zh@collation=stroke).")
    var locale: String?

    @Option(help: "Comparison strength: primary, secondary, tertiary, quaternary or identical (default: the locale's, usually tertiary).")
    var strength: CollatorOptions.Strength?

    @Flag(help: "Ignore spaces and punctuation when sorting (ICU alternate = shifted).")
    var ignorePunctuation = false

    @Flag(help: "Compare digit runs by numeric value: file2 before file10.")
    var numeric = false

    @Option(help: "Which case sorts first among otherwise equal strings: off, lower or upper.")
    var caseFirst: CollatorOptions.CaseFirst?

    @Flag(name: [.short, .long], help: "Reverse the order of sections and records (equal keys keep input order).")
    var reverse = false

    @Flag(name: [.short, .long], help: "Like sort -u: keep only the first record of each run of records equal at the chosen --strength (all keys, readings included).")
    var unique = false

    @Option(help: "Sections: default (letters, then one # section last) or icu (ICU's own …-buckets in place).")
    var style: SectionStyle = .default

    @Flag(help: "Person-name mode: keys are people's names, family name first; Chinese (pinyin, zhuyin) and Korean Hanja surnames file under their surname reading (曾 Zēng, 李 이); Japanese kanji names under the guessed reading of the family name (佐藤健 → さ, needs MeCab: mecab-naist-jdic). A --reading-field value still wins.")
    var names = false

    @Flag(help: "Guess the readings of Japanese text written in kanji with MeCab (東京 → とうきょう → た), under ja or a locale with no Han rules of its own (en; refused under zh and ko, whose Han characters are read in their own language); with --names, keys are read as names. Needs a MeCab dictionary (apt-get install mecab-naist-jdic). A --reading-field value still wins.")
    var guessReadings = false

    @Option(help: "How Chinese collations read Han: words (the default: a word read otherwise than its characters files, sorts and is searched by the word's pinyin: 长沙银行 under C as Chángshā, found by --search changsha; words from a table generated from pypinyin's phrase dictionary) or characters (each character by ICU's own reading, the order of collate 0.8: 长沙银行 under Z). Changes zh pinyin order and its --with-keys stamp; no effect outside Chinese.")
    var hanReadings: HanReadingUnit = .words

    @Option(help: "More languages whose index letters to add, comma-separated (e.g. --also ja,ru): ㄱ…ㅎ A–Z あ…わ А…Я.")
    var also: String?

    @Option(help: "Which index labels to start from: locale (the locale's and --also languages' letters, the default) or none (no letters: one # section holds every record in collation order; with --style icu, ICU's one … bucket). --add-labels adds to either.")
    var labels: LabelSource = .locale

    @Option(help: ArgumentHelp("More index labels, as an ICU UnicodeSet like AlphabeticIndex::addLabels takes: letters and {strings}; a string that sorts like its letters needs a trailing * to be kept (--locale de --add-labels '[Æ{Sch*}{St*}]': Schiller under Sch, Steiff under St, Aesthet under Æ).", valueName: "set"))
    var addLabels: String?

    /// Where the index labels come from (`--labels`).
    enum LabelSource: String, CaseIterable, ExpressibleByArgument {
        case locale, none
    }

    /// The index labels the flags ask for (--labels, --add-labels).
    /// - Throws: `ValidationError` naming --add-labels when its set is not a usable UnicodeSet.
    func indexLabels() throws -> IndexLabels {
        let base: IndexLabels = labels == .none ? .none : .locale
        guard let addLabels else { return base }
        do {
            return try base.adding(addLabels)
        } catch {
            throw ValidationError("--add-labels: \(error.description)")
        }
    }

    func validate() throws {
        _ = try indexLabels()
    }

    /// The collator settings the flags ask for (nil: the locale's default).
    var collatorOptions: CollatorOptions {
        CollatorOptions(
            strength: strength, alternate: ignorePunctuation ? .shifted : nil, caseFirst: caseFirst,
            numeric: numeric ? true : nil)
    }

    /// The collation the flags ask for (--locale or the environment's, --also, collator
    /// options, --style, --labels, --names, --guess-readings), with MeCab's readings.
    /// - Parameters:
    ///   - environment: Supplies the locale when --locale is absent, and where the MeCab
    ///     dictionary is (`COLLATE_MECAB_DICDIR`, `MECABRC`).
    ///   - filing: The filing rules (`--filing`, `--ignore-articles`, `--skip-leading-symbols`).
    ///   - sections: The pinned section and where `#` goes (`--pin`, `--pin-title`, `--other-section`).
    /// - Throws: ``CollationError`` for unknown or malformed locales, or when guessed
    ///   readings are needed and no MeCab dictionary is usable.
    func makeCollation(
        environment: [String: String], filing: FilingRules = FilingRules(), sections: SectionArguments? = nil
    ) throws(CollationError) -> LocalizedIndexedCollation {
        let spelling = locale ?? CollationLocale.environmentSpelling(environment)
        var configuration = LocalizedIndexedCollation.Configuration(locale: try CollationLocale(spelling))
        configuration.additionalLocales = try (also ?? "").split(separator: ",").map { (extra) throws(CollationError) in
            try CollationLocale(String(extra).trimmingWhitespace())
        }
        configuration.options = collatorOptions
        configuration.style = style
        configuration.labels = (try? indexLabels()) ?? .locale  // validate() has refused bad sets
        configuration.personNames = names
        configuration.hanReadingUnit = hanReadings
        configuration.guessesReadings = guessReadings
        configuration.filing = filing
        configuration.otherSection = sections?.otherSection ?? .last
        configuration.pinnedSectionTitle = sections?.pinnedSectionTitle
        let dictionary = (directory: environment["COLLATE_MECAB_DICDIR"], resourceFile: environment["MECABRC"])
        if guessReadings, let han = configuration.hanLanguage, han != "ja" {
            // MeCab reads Japanese: a Chinese or Korean index never sorts by a kana guess.
            throw .readingDictionaryUnavailable(
                "--guess-readings guesses Japanese readings (MeCab), but Han characters under \(spelling) are read in '\(han)': leave --guess-readings out (--names reads Chinese and Korean surnames; Chinese words are read by their pinyin)."
            )
        }
        if configuration.needsReadingProvider {
            // Guesses decide sections: a missing dictionary is an error now, not a # later.
            configuration.readingProvider = try MeCabReadings.installed(
                dictionaryDirectory: dictionary.directory, resourceFile: dictionary.resourceFile)
        } else {
            // Search spells keys with kanji by their readings when a dictionary is there;
            // it is loaded only if a search or the HTML page asks.
            configuration.readingProvider = DeferredMeCabReadings(
                dictionaryDirectory: dictionary.directory, resourceFile: dictionary.resourceFile)
        }
        return try LocalizedIndexedCollation(configuration)
    }
}

/// MeCab's readings, loaded on first use; none when no dictionary is usable. The tool gives
/// this to collations that only search with readings, so a run that never searches kanji
/// never loads the dictionary (tens of milliseconds).
struct DeferredMeCabReadings: ReadingProvider {
    let dictionaryDirectory: String?
    let resourceFile: String?

    private var readings: MeCabReadings? {
        try? MeCabReadings.installed(dictionaryDirectory: dictionaryDirectory, resourceFile: resourceFile)
    }

    var language: String { "ja" }
    var identifier: String { readings?.identifier ?? "none" }

    func reading(of text: String, as kind: ReadingKind) -> String? {
        readings?.reading(of: text, as: kind)
    }

    func appendReading(of text: UnsafeBufferPointer<UInt8>, as kind: ReadingKind, to output: inout [UInt8]) -> Bool {
        readings?.appendReading(of: text, as: kind, to: &output) ?? false
    }
}
