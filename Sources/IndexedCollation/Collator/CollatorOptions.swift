internal import CCollationShims

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

    /// The options as the shim's attribute vector (`CCS_DEFAULT` = the locale's value).
    var attributeVector: [Int32] {
        func onOff(_ value: Bool) -> Int32 { Int32(value ? CCS_ON : CCS_OFF) }
        var vector = [Int32](repeating: Int32(CCS_DEFAULT), count: Int(CCS_ATTR_COUNT))
        if let strength { vector[Int(CCS_ATTR_STRENGTH)] = strength.shimValue }
        if let alternate { vector[Int(CCS_ATTR_ALTERNATE)] = Int32(alternate == .shifted ? CCS_ALTERNATE_SHIFTED : CCS_ALTERNATE_NON_IGNORABLE) }
        if let caseFirst { vector[Int(CCS_ATTR_CASE_FIRST)] = caseFirst.shimValue }
        if let numeric { vector[Int(CCS_ATTR_NUMERIC)] = onOff(numeric) }
        if let normalization { vector[Int(CCS_ATTR_NORMALIZATION)] = onOff(normalization) }
        if let caseLevel { vector[Int(CCS_ATTR_CASE_LEVEL)] = onOff(caseLevel) }
        return vector
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

extension CollatorOptions.Strength {
    var shimValue: Int32 {
        switch self {
        case .primary: Int32(CCS_STRENGTH_PRIMARY)
        case .secondary: Int32(CCS_STRENGTH_SECONDARY)
        case .tertiary: Int32(CCS_STRENGTH_TERTIARY)
        case .quaternary: Int32(CCS_STRENGTH_QUATERNARY)
        case .identical: Int32(CCS_STRENGTH_IDENTICAL)
        }
    }

    init(shimValue: Int32) {
        switch shimValue {
        case Int32(CCS_STRENGTH_PRIMARY): self = .primary
        case Int32(CCS_STRENGTH_SECONDARY): self = .secondary
        case Int32(CCS_STRENGTH_TERTIARY): self = .tertiary
        case Int32(CCS_STRENGTH_QUATERNARY): self = .quaternary
        default: self = .identical
        }
    }
}

extension CollatorOptions.CaseFirst {
    var shimValue: Int32 {
        switch self {
        case .off: Int32(CCS_CASE_FIRST_OFF)
        case .lower: Int32(CCS_CASE_FIRST_LOWER)
        case .upper: Int32(CCS_CASE_FIRST_UPPER)
        }
    }

    init(shimValue: Int32) {
        switch shimValue {
        case Int32(CCS_CASE_FIRST_LOWER): self = .lower
        case Int32(CCS_CASE_FIRST_UPPER): self = .upper
        default: self = .off
        }
    }
}
