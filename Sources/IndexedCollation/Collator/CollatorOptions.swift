/// How a ``Collator`` compares, each setting optional: `nil` means "the locale's default".
///
/// ```swift
/// var options = CollatorOptions()
/// options.numeric = true          // "file2" < "file10"
/// options.alternate = .shifted    // ignore spaces and punctuation
/// let collator = try Collator(locale: CollationLocale("en_US"), options: options)
/// ```
public struct CollatorOptions: Sendable, Hashable {
    /// How many levels of difference count.
    public enum Strength: String, Sendable, Hashable, CaseIterable {
        /// Base letters only: "a" = "á" = "A".
        case primary
        /// Base letters and accents: "a" = "A" ≠ "á".
        case secondary
        /// Base letters, accents and case (ICU's default): "a" ≠ "A".
        case tertiary
        /// As tertiary, and with shifted alternates also punctuation.
        case quaternary
        /// Every code point difference counts.
        case identical
    }

    /// What happens to spaces and punctuation ("variable" characters).
    public enum AlternateHandling: String, Sendable, Hashable, CaseIterable {
        /// They sort as ordinary characters (ICU's usual default).
        case nonIgnorable = "non-ignorable"
        /// They are ignored at the first three levels: "de la Cruz" sorts as "delaCruz".
        case shifted
    }

    /// Whether upper or lower case sorts first among otherwise equal strings.
    public enum CaseFirst: String, Sendable, Hashable, CaseIterable {
        case off
        case lower
        case upper
    }

    public var strength: Strength?
    public var alternate: AlternateHandling?
    public var caseFirst: CaseFirst?
    /// Digits compare by numeric value: "file2" < "file10".
    public var numeric: Bool?
    /// Input is normalized (NFD) before comparison; needed for unnormalized text in a few
    /// scripts (most locales compare correctly without it).
    public var normalization: Bool?
    /// Case is a separate level between secondary and tertiary.
    public var caseLevel: Bool?

    /// Options that all keep the locale's defaults.
    public init(
        strength: Strength? = nil, alternate: AlternateHandling? = nil, caseFirst: CaseFirst? = nil,
        numeric: Bool? = nil, normalization: Bool? = nil, caseLevel: Bool? = nil
    ) {
        self.strength = strength
        self.alternate = alternate
        self.caseFirst = caseFirst
        self.numeric = numeric
        self.normalization = normalization
        self.caseLevel = caseLevel
    }
}
