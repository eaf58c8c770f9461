/// Which labels an index has: the locale's own (the default), none, and labels you add.
///
/// ```swift
/// // German with ICU's TestSchSt labels: Schiller under Sch, Steiff under St, Aesthet under Æ.
/// let labels = try IndexLabels.locale.adding("[Æ{Sch*}{St*}]")
/// let german = try LocalizedIndexedCollation(locale: CollationLocale("de"), labels: labels)
/// ```
///
/// Added labels are an ICU UnicodeSet pattern, as ICU's `AlphabeticIndex::addLabels`
/// takes them: letters (`[ÆØÅ]`, `[A-Z]`) and multi-character strings in braces. A string
/// that sorts exactly like its letters (German `Sch`, `St`) is dropped by ICU unless it ends
/// with one `*`, which keeps it (the `*` is not part of the title).
///
/// ``none`` is an index without labels: every record goes to the one catch-all section
/// (`#`; ``SectionStyle/icu``: ICU's underflow bucket `…`), in collation order, as ICU's
/// `TestNoLabels` expects of an index over a bare collator. Added labels then are the
/// index's only letters. A Chinese collation carries its index characters in the
/// collation itself (pinyin A–Z, stroke counts), so with added labels they come too.
public struct IndexLabels: Sendable, Hashable, CustomStringConvertible {
    /// Whether the labels of the locales (the primary's, the additional languages', English
    /// A–Z for a locale without Latin letters) are in the index.
    public let includesLocaleLabels: Bool
    /// The added labels as a UnicodeSet pattern, or `nil`.
    public let addedLabels: String?

    private init(includesLocaleLabels: Bool, addedLabels: String?) {
        self.includesLocaleLabels = includesLocaleLabels
        self.addedLabels = addedLabels
    }

    /// The locales' own labels (the default).
    public static let locale = IndexLabels(includesLocaleLabels: true, addedLabels: nil)
    /// No labels at all: one catch-all section holds every record.
    public static let none = IndexLabels(includesLocaleLabels: false, addedLabels: nil)

    /// These labels plus the labels of a UnicodeSet pattern.
    /// - Parameter pattern: An ICU UnicodeSet pattern such as `[Æ{Sch*}{St*}]`.
    /// - Returns: The labels with the pattern's added (united with any added before).
    /// - Throws: ``CollationError/invalidLabels(_:reason:)`` when the pattern is not a
    ///   UnicodeSet or holds nothing.
    public func adding(_ pattern: String) throws(CollationError) -> IndexLabels {
        var status: Int32 = 0
        let size = ICUProperties.unicodeSetSize(pattern, status: &status)
        if status > 0 || size < 0 {
            throw .invalidLabels(pattern, reason: "not an ICU UnicodeSet pattern (\(ICUStatus.name(status)))")
        }
        if size == 0 { throw .invalidLabels(pattern, reason: "the set is empty") }
        let united = addedLabels.map { "[\($0)\(pattern)]" } ?? pattern
        return IndexLabels(includesLocaleLabels: includesLocaleLabels, addedLabels: united)
    }

    /// `locale`, `none`, or either with `+` and the added pattern.
    public var description: String {
        (includesLocaleLabels ? "locale" : "none") + (addedLabels.map { " + \($0)" } ?? "")
    }
}
