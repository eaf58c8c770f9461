extension Collator: CustomStringConvertible {
    /// The locale, the ICU data it resolved to, and the options that were set:
    /// `Collator(sv_SE → sv, numeric)`, `Collator(ko_KR → ko, reverse)`.
    public var description: String {
        var parts = ["\(locale.identifier) → \(dataLocale)"]
        if options != CollatorOptions() { parts.append(options.description) }
        if order == .reverse { parts.append("reverse") }
        return "Collator(\(parts.joined(separator: ", ")))"
    }
}

extension CollatorOptions: CustomStringConvertible {
    /// The settings that are set, as `collate` flags read: `numeric, alternate shifted`,
    /// or `locale defaults` when none is.
    public var description: String {
        var parts: [String] = []
        if let strength { parts.append("strength \(strength.rawValue)") }
        if let alternate { parts.append("alternate \(alternate.rawValue)") }
        if let caseFirst { parts.append("case first \(caseFirst.rawValue)") }
        if let numeric { parts.append(numeric ? "numeric" : "numeric off") }
        if let normalization { parts.append(normalization ? "normalization" : "normalization off") }
        if let caseLevel { parts.append(caseLevel ? "case level" : "case level off") }
        return parts.isEmpty ? "locale defaults" : parts.joined(separator: ", ")
    }
}
