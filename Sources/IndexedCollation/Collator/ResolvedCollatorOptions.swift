/// The options a ``Collator`` actually uses once the locale's defaults are filled in.
public struct ResolvedCollatorOptions: Sendable, Hashable {
    public var strength: CollatorOptions.Strength
    public var alternate: CollatorOptions.AlternateHandling
    public var caseFirst: CollatorOptions.CaseFirst
    public var numeric: Bool
    public var normalization: Bool
    public var caseLevel: Bool
}
