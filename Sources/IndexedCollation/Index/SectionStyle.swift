/// How ICU's index buckets become sections.
public enum SectionStyle: String, Sendable, Hashable, CaseIterable {
    /// The toolkit's policy: ICU's letter labels in ICU's order, English A–Z added to
    /// locales whose own labels have no Latin letter, and every record ICU would put in an
    /// underflow, inflow or overflow bucket (digits, symbols, emoji, other scripts) in one
    /// catch-all section titled `#`, always last.
    case `default`
    /// ICU exactly: underflow, inflow and overflow buckets titled "…", in place.
    case icu
}
