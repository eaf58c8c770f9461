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
