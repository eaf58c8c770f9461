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

extension LocalizedIndexedCollation {
    /// Builds the collation for Foundation locales.
    ///
    /// ```swift
    /// let index = try LocalizedIndexedCollation(
    ///     locale: Locale(identifier: "ko_KR"), additionalLocales: [Locale(identifier: "ja")])
    /// ```
    ///
    /// - Parameters:
    ///   - locale: The locale whose index and rules to use, such as `Locale.current`.
    ///   - options: Collator settings for ordering within sections.
    ///   - style: ``SectionStyle/default`` or ``SectionStyle/icu``.
    ///   - additionalLocales: More languages whose index letters are added.
    ///   - personNames: Whether keys are people's names, family name first.
    ///   - guessReadings: Whether readings of Japanese kanji text are guessed (MeCab).
    /// - Throws: ``CollationError`` for a locale ICU does not know, or when ICU cannot build
    ///   the collator or index.
    public init(
        locale: Locale, options: CollatorOptions = CollatorOptions(), style: SectionStyle = .default,
        additionalLocales: [Locale] = [], personNames: Bool = false, guessReadings: Bool = false
    ) throws(CollationError) {
        // A Foundation locale is checked as its identifier is (CollationLocale.init(_:)).
        try self.init(
            locale: locale.identifier, options: options, style: style,
            additionalLocales: additionalLocales.map(\.identifier), personNames: personNames, guessReadings: guessReadings)
    }
}
