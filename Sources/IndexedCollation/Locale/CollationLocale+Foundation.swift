#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension CollationLocale {
    /// Validates a Foundation locale, such as `Locale.current` or `Locale(identifier: "sv_SE")`.
    ///
    /// The locale's identifier is read as an ICU locale ID, keywords included
    /// (`de_DE@collation=phonebook`), and checked as ``init(_:)-(String)`` checks any spelling.
    ///
    /// - Parameter locale: A Foundation locale.
    /// - Throws: ``CollationError/malformedLocale(_:reason:)`` or
    ///   ``CollationError/unknownLocale(_:suggestions:)`` as ``init(_:)-(String)`` does.
    public init(_ locale: Locale) throws(CollationError) {
        try self.init(locale.identifier)
    }
}

extension Collator {
    /// Opens (or reuses) the collator for a Foundation locale.
    ///
    /// ```swift
    /// let collator = try Collator(locale: Locale(identifier: "sv_SE"))
    /// ["Örjan", "Zorn", "Åsa"].sorted(using: collator)   // ["Zorn", "Åsa", "Örjan"]
    /// ```
    ///
    /// - Parameters:
    ///   - locale: A Foundation locale, such as `Locale.current`.
    ///   - options: Settings that override the locale's defaults.
    /// - Throws: ``CollationError`` for a locale ICU does not know, or when ICU cannot open
    ///   the collator.
    public init(locale: Locale, options: CollatorOptions = CollatorOptions()) throws(CollationError) {
        try self.init(locale: CollationLocale(locale), options: options)
    }
}

extension LocalizedIndexedCollation.Configuration {
    /// A configuration with the defaults of a Foundation locale, such as `Locale.current`.
    ///
    /// ```swift
    /// var configuration = try LocalizedIndexedCollation.Configuration(locale: Locale(identifier: "ko_KR"))
    /// configuration.additionalLocales = [try CollationLocale(Locale(identifier: "ja"))]
    /// ```
    /// - Parameter locale: The locale whose index and rules to use.
    /// - Throws: ``CollationError`` for a locale ICU does not know.
    public init(locale: Locale) throws(CollationError) {
        self.init(locale: try CollationLocale(locale))
    }
}

extension LocalizedIndexedCollation {
    /// Builds the collation for a Foundation locale with its defaults: the same as
    /// ``init(_:)`` with `Configuration(locale:)`.
    ///
    /// ```swift
    /// let index = try LocalizedIndexedCollation(locale: Locale(identifier: "sv_SE"))
    /// ```
    /// - Parameter locale: The locale whose index and rules to use, such as `Locale.current`.
    /// - Throws: ``CollationError`` for a locale ICU does not know, or when ICU cannot build
    ///   the collator or index.
    public init(locale: Locale) throws(CollationError) {
        try self.init(Configuration(locale: CollationLocale(locale)))
    }

    /// Builds the collation for Foundation locales.
    /// - Parameters:
    ///   - locale: The locale whose index and rules to use, such as `Locale.current`.
    ///   - options: Collator settings for ordering within sections.
    ///   - style: ``SectionStyle/default`` or ``SectionStyle/icu``.
    ///   - additionalLocales: More languages whose index letters are added.
    ///   - personNames: Whether keys are people's names, family name first.
    ///   - guessReadings: Whether readings of kanji text are guessed (needs a reading provider).
    /// - Throws: ``CollationError`` for a locale ICU does not know, or when ICU cannot build
    ///   the collator or index.
    @available(*, deprecated, renamed: "init(_:)", message: "build a LocalizedIndexedCollation.Configuration and pass it")
    public init(
        locale: Locale, options: CollatorOptions = CollatorOptions(), style: SectionStyle = .default,
        additionalLocales: [Locale] = [], personNames: Bool = false, guessReadings: Bool = false
    ) throws(CollationError) {
        var configuration = try Configuration(locale: locale)
        configuration.options = options
        configuration.style = style
        for other in additionalLocales { configuration.additionalLocales.append(try CollationLocale(other)) }
        configuration.personNames = personNames
        configuration.guessesReadings = guessReadings
        try self.init(configuration)
    }
}
