/// How a ``Collator`` compares, each setting optional: `nil` means "the locale's default".
///
/// ```swift
/// var options = CollatorOptions()
/// options.numeric = true          // "file2" < "file10"
/// options.alternate = .shifted    // ignore spaces and punctuation
/// let collator = try Collator(locale: CollationLocale("en_US"), options: options)
/// ```
///
/// Encoded, the options list only the settings that are set, with the names of the
/// properties and the raw values of the cases: `CollatorOptions(numeric: true)` is
/// `{"numeric": true}`, and a missing setting decodes as the locale's default.
public struct CollatorOptions: Sendable, Hashable, Codable {
    /// How many levels of difference count.
    public enum Strength: String, Sendable, Hashable, CaseIterable, Codable {
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
    public enum AlternateHandling: String, Sendable, Hashable, CaseIterable, Codable {
        /// They sort as ordinary characters (ICU's usual default).
        case nonIgnorable = "non-ignorable"
        /// They are ignored at the first three levels: "de la Cruz" sorts as "delaCruz".
        case shifted
    }

    /// Whether upper or lower case sorts first among otherwise equal strings.
    public enum CaseFirst: String, Sendable, Hashable, CaseIterable, Codable {
        /// Case decides only at the tertiary level, lower case first (ICU's default).
        case off
        /// Lower case sorts before upper case: "apple" < "Apple".
        case lower
        /// Upper case sorts before lower case: "Apple" < "apple".
        case upper
    }

    /// How many levels of difference count; `nil` keeps the locale's (usually tertiary).
    public var strength: Strength?
    /// Whether spaces and punctuation are ignored; `nil` keeps the locale's (usually not).
    public var alternate: AlternateHandling?
    /// Whether upper or lower case sorts first; `nil` keeps the locale's (`off` except
    /// in a few locales such as Danish, upper first).
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

/// The options a ``Collator`` actually uses once the locale's defaults are filled in.
public struct ResolvedCollatorOptions: Sendable, Hashable {
    /// The strength in effect.
    public var strength: CollatorOptions.Strength
    /// The handling of spaces and punctuation in effect.
    public var alternate: CollatorOptions.AlternateHandling
    /// The case ordering in effect.
    public var caseFirst: CollatorOptions.CaseFirst
    /// Whether digits compare by numeric value.
    public var numeric: Bool
    /// Whether input is normalized before comparison.
    public var normalization: Bool
    /// Whether case is a separate level.
    public var caseLevel: Bool
}
