// The initializer family that came before ``LocalizedIndexedCollation/Configuration``: each
// forwards to ``LocalizedIndexedCollation/init(_:)`` so that code written against it keeps
// compiling (with a deprecation warning that names the replacement).

extension LocalizedIndexedCollation {
    /// Builds the collation for a locale.
    /// - Parameters:
    ///   - locale: The locale whose index labels and sort rules to use.
    ///   - options: Collator settings for ordering within sections.
    ///   - style: ``SectionStyle/default`` or ``SectionStyle/icu``.
    ///   - additionalLocales: More languages whose index letters are added.
    ///   - personNames: Whether keys are people's names, family name first.
    ///   - guessReadings: Whether readings of kanji text are guessed (needs a reading provider).
    /// - Throws: ``CollationError`` when ICU cannot build the collator or index.
    @available(*, deprecated, renamed: "init(_:)", message: "build a LocalizedIndexedCollation.Configuration and pass it")
    public init(
        locale: CollationLocale, options: CollatorOptions = CollatorOptions(), style: SectionStyle = .default,
        additionalLocales: [CollationLocale] = [], personNames: Bool = false, guessReadings: Bool = false
    ) throws(CollationError) {
        try self.init(
            Configuration(
                locale: locale, options: options, style: style, additionalLocales: additionalLocales, labels: .locale,
                personNames: personNames, guessReadings: guessReadings))
    }

    /// Builds the collation for a locale with chosen index labels.
    /// - Parameters:
    ///   - locale: The locale whose sort rules (and index labels) to use.
    ///   - options: Collator settings for ordering within sections.
    ///   - style: ``SectionStyle/default`` or ``SectionStyle/icu``.
    ///   - additionalLocales: More languages whose index letters are added.
    ///   - labels: The index's labels (see ``IndexLabels``).
    ///   - personNames: Whether keys are people's names, family name first.
    ///   - guessReadings: Whether readings of kanji text are guessed (needs a reading provider).
    /// - Throws: ``CollationError`` when ICU cannot build the collator or index.
    @available(*, deprecated, renamed: "init(_:)", message: "build a LocalizedIndexedCollation.Configuration and pass it")
    public init(
        locale: CollationLocale, options: CollatorOptions = CollatorOptions(), style: SectionStyle = .default,
        additionalLocales: [CollationLocale] = [], labels: IndexLabels, personNames: Bool = false,
        guessReadings: Bool = false
    ) throws(CollationError) {
        try self.init(
            Configuration(
                locale: locale, options: options, style: style, additionalLocales: additionalLocales, labels: labels,
                personNames: personNames, guessReadings: guessReadings))
    }

    /// Builds the collation for locale spellings such as `ko_KR` or `zh@collation=stroke`.
    /// - Parameters:
    ///   - spelling: The locale, in any spelling ``CollationLocale/init(_:)-(String)`` accepts.
    ///   - options: Collator settings for ordering within sections.
    ///   - style: ``SectionStyle/default`` or ``SectionStyle/icu``.
    ///   - additionalLocales: Spellings of more languages whose index letters are added.
    ///   - personNames: Whether keys are people's names, family name first.
    ///   - guessReadings: Whether readings of kanji text are guessed (needs a reading provider).
    /// - Throws: ``CollationError`` for malformed or unknown locales, or when ICU cannot
    ///   build the collator or index.
    @available(*, deprecated, renamed: "init(_:)", message: "build a LocalizedIndexedCollation.Configuration and pass it")
    public init(
        locale spelling: String, options: CollatorOptions = CollatorOptions(), style: SectionStyle = .default,
        additionalLocales: [String] = [], personNames: Bool = false, guessReadings: Bool = false
    ) throws(CollationError) {
        var additional: [CollationLocale] = []
        for other in additionalLocales { additional.append(try CollationLocale(other)) }
        try self.init(
            Configuration(
                locale: CollationLocale(spelling), options: options, style: style, additionalLocales: additional,
                labels: .locale, personNames: personNames, guessReadings: guessReadings))
    }

    /// Builds the collation for locale spellings, with `personNames` written before
    /// `additionalLocales`.
    /// - Parameters:
    ///   - spelling: The locale, in any spelling ``CollationLocale/init(_:)-(String)`` accepts.
    ///   - options: Collator settings for ordering within sections.
    ///   - style: ``SectionStyle/default`` or ``SectionStyle/icu``.
    ///   - personNames: Whether keys are people's names, family name first.
    ///   - additionalLocales: Spellings of more languages whose index letters are added.
    ///   - guessReadings: Whether readings of kanji text are guessed (needs a reading provider).
    /// - Throws: ``CollationError`` for malformed or unknown locales, or when ICU cannot
    ///   build the collator or index.
    @available(*, deprecated, renamed: "init(_:)", message: "build a LocalizedIndexedCollation.Configuration and pass it")
    public init(
        locale spelling: String, options: CollatorOptions = CollatorOptions(), style: SectionStyle = .default,
        personNames: Bool, additionalLocales: [String], guessReadings: Bool = false
    ) throws(CollationError) {
        try self.init(
            locale: spelling, options: options, style: style, additionalLocales: additionalLocales, personNames: personNames,
            guessReadings: guessReadings)
    }
}

extension LocalizedIndexedCollation.Configuration {
    /// The configuration the deprecated initializers describe.
    fileprivate init(
        locale: CollationLocale, options: CollatorOptions, style: SectionStyle, additionalLocales: [CollationLocale],
        labels: IndexLabels, personNames: Bool, guessReadings: Bool
    ) {
        self.init(locale: locale)
        self.options = options
        self.style = style
        self.additionalLocales = additionalLocales
        self.labels = labels
        self.personNames = personNames
        guessesReadings = guessReadings
    }
}
