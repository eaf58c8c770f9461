import ArgumentParser
import IndexedCollation

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

    @Option(help: "Sections: default (letters, then one # section last) or icu (ICU's own …-buckets in place).")
    var style: SectionStyle = .default

    @Flag(help: "Person-name mode: keys are people's names, family name first; Chinese (pinyin, zhuyin) and Korean Hanja surnames file under their surname reading (曾 Zēng, 李 이). A --reading-field value still wins.")
    var names = false

    @Option(help: "More languages whose index letters to add, comma-separated (e.g. --also ja,ru): ㄱ…ㅎ A–Z あ…わ А…Я.")
    var also: String?

    /// The collator settings the flags ask for (nil: the locale's default).
    var collatorOptions: CollatorOptions {
        CollatorOptions(
            strength: strength, alternate: ignorePunctuation ? .shifted : nil, caseFirst: caseFirst,
            numeric: numeric ? true : nil)
    }

    /// The collation the flags ask for (--locale or the environment's, --also, collator
    /// options, --style, --names).
    /// - Parameter environment: Supplies the locale when --locale is absent.
    /// - Throws: ``CollationError`` for unknown or malformed locales.
    func makeCollation(environment: [String: String]) throws(CollationError) -> LocalizedIndexedCollation {
        let spelling = locale ?? CollationLocale.environmentSpelling(environment)
        let extras = try (also ?? "").split(separator: ",").map { (extra) throws(CollationError) in
            try CollationLocale(String(extra).trimmingWhitespace())
        }
        return try LocalizedIndexedCollation(
            locale: CollationLocale(spelling), options: collatorOptions, style: style, additionalLocales: extras,
            personNames: names)
    }
}
