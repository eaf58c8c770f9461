/// How keys are filed beyond the collator's own rules: people's names by their main name
/// (surname particles, honorifics), titles without their leading article, keys without
/// leading symbols.
///
/// Only the filing key changes: a record is always shown as written, and a record's own
/// reading (furigana, pinyin, a vCard `SORT-AS`) still wins over every rule. The default
/// changes nothing: keys, stamps and output are those of a collation without it.
///
/// ```swift
/// var configuration = LocalizedIndexedCollation.Configuration(locale: CollationLocale("nl_NL"))
/// configuration.filing.names = .locale
/// let dutch = try LocalizedIndexedCollation(configuration)
/// dutch.sectionTitles[dutch.section(for: "Vincent van Gogh")]  // "G"; "V" under nl_BE
/// ```
///
/// The rules are one table per language (`Names/Filing/<language>.tsv`: Dutch, German,
/// French, Spanish, Portuguese, Italian, Arabic, English), each citing its source: national
/// filing standards (DIN 5007-2, NEN 1056), the Chicago Manual of Style's alphabetizing rules
/// (16.71–16.85) and the Library of Congress's MARC list of non-filing articles.
public struct FilingRules: Sendable, Hashable {
    /// Whether people's names follow their language's filing rules.
    public enum NameRules: String, Sendable, Hashable, CaseIterable {
        /// Names are filed as written (the default).
        case none
        /// Names are filed as the locale's language files them: surname particles after
        /// the name where the language says so (nl van, de von, fr de, es de la, pt da,
        /// Arabic al- in any language; not in Belgium's Dutch, nor Italian prefixes),
        /// honorifics and titles (Dr., Herr, Mme, Sra.) not filed under.
        case locale
    }

    /// How the keys that are people's names are written.
    public enum NameForm: String, Sendable, Hashable, CaseIterable {
        /// As a name is shown: "Anna Berg", given name first, filed under its last word
        /// with the particles before it ("Vincent van Gogh" under G in the Netherlands), in
        /// Spanish the first of its two last words ("Gabriel García Márquez" under G);
        /// "Berg, Anna" (a comma), a key that starts with a particle ("van Gogh"), and names
        /// in Han, Hangul, kana or Arabic script are read family name first.
        case displayed
        /// Family name first: a surname, or "van Gogh Vincent" (a contact's `N`, a
        /// `Last Name` column, person-name mode).
        case familyFirst
    }

    /// Whether names follow their language's rules (default: ``NameRules/none``).
    public var names: NameRules
    /// How name keys are written (default: ``NameForm/displayed``).
    public var nameForm: NameForm
    /// Whether keys are titles (of books, albums, companies) whose leading article is not
    /// filed under, by the locale's language: en the/a/an ("The Beatles" under B), de
    /// der/die/das, fr le/la/les/l', es el/la/los/las, it il/lo/la/i/gli/le/l', nl
    /// de/het/'t, pt o/a/os/as. Title keys are not read as names.
    public var ignoresArticles: Bool
    /// Whether symbols and emoji before a key's first letter or digit are skipped for
    /// filing: "😀 Anna" under A, "★Bob" under B (shown as written).
    public var skipsLeadingSymbols: Bool

    /// Filing rules; the defaults change nothing.
    /// - Parameters:
    ///   - names: Whether names follow their language's rules.
    ///   - nameForm: How name keys are written.
    ///   - ignoresArticles: Whether keys are titles filed without their leading article.
    ///   - skipsLeadingSymbols: Whether leading symbols and emoji are skipped.
    public init(
        names: NameRules = .none, nameForm: NameForm = .displayed, ignoresArticles: Bool = false, skipsLeadingSymbols: Bool = false
    ) {
        self.names = names
        self.nameForm = nameForm
        self.ignoresArticles = ignoresArticles
        self.skipsLeadingSymbols = skipsLeadingSymbols
    }

    /// Whether no rule is on: keys are filed exactly as without filing rules.
    public var isEmpty: Bool { names == .none && !ignoresArticles && !skipsLeadingSymbols }
}
