extension LocalizedIndexedCollation: CustomStringConvertible {
    /// The locale, the options that differ from its defaults, and the section titles:
    /// `LocalizedIndexedCollation(ko_KR, person names, also ja ru; 93 sections: ㄱ ㄴ … #)`.
    public var description: String {
        var parts = [locale.identifier]
        let options = collator.options
        if options != CollatorOptions() { parts.append(options.description) }
        if style == .icu { parts.append("style icu") }
        if personNames { parts.append("person names") }
        if !additionalLocales.isEmpty {
            parts.append("also " + additionalLocales.map(\.identifier).joined(separator: " "))
        }
        let titles =
            sectionTitles.count <= 12
            ? sectionTitles.joined(separator: " ")
            : (sectionTitles.prefix(8) + ["…"] + sectionTitles.suffix(2)).joined(separator: " ")
        return "LocalizedIndexedCollation(\(parts.joined(separator: ", ")); \(sectionTitles.count) sections: \(titles))"
    }
}
