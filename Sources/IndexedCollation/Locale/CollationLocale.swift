/// A locale for collation, parsed from any spelling users type and checked against ICU.
///
/// Accepted spellings: ICU IDs (`ko_KR`, `zh@collation=stroke`), BCP-47 tags (`ko-KR`,
/// `zh-u-co-pinyin`, `de-u-co-phonebk`, `en-u-kn-true`, `ja-u-kr-kana-latn`) and POSIX
/// names (`ko_KR.UTF-8`, `sr_RS@latin`). A locale whose language ICU has no data for
/// (`xx_YY`, `klingon`) is refused with suggestions; one with locale data that legitimately
/// uses the root collation rules (`eu`, `vai`, `de_AT`, `en_US`) is accepted.
///
/// ```swift
/// let korean = try CollationLocale("ko-KR")
/// korean.identifier  // "ko_KR"
/// ```
public struct CollationLocale: Sendable, Hashable, CustomStringConvertible {
    /// The spelling the locale was created from.
    public let requested: String
    /// The canonical ICU locale ID, keywords included (e.g. `zh@collation=pinyin`).
    public let identifier: String

    /// The root locale: the CLDR root collation order, with no language tailoring.
    public static let root = CollationLocale(uncheckedIdentifier: "root", requested: "root")

    /// Parses and validates a locale.
    /// - Parameter spelling: An ICU ID, a BCP-47 tag or a POSIX locale name.
    /// - Throws: ``CollationError/malformedLocale(_:reason:)`` when it cannot be parsed or
    ///   its `collation` keyword names a type ICU does not have for it (`de@collation=pinyin`),
    ///   ``CollationError/unknownLocale(_:suggestions:)`` when ICU has no data for it.
    public init(_ spelling: String) throws(CollationError) {
        let identifier = try Self.canonicalIdentifier(spelling)
        self.init(uncheckedIdentifier: identifier, requested: spelling)
        try validate()
    }

    init(uncheckedIdentifier: String, requested: String) {
        self.identifier = uncheckedIdentifier
        self.requested = requested
    }

    /// The canonical ICU locale ID, as ``identifier``.
    public var description: String { identifier }

    /// The language subtag, e.g. "ko"; empty for the root locale.
    public var languageCode: String {
        ICULocaleData.language(of: identifier)
    }

    /// The locale named by the environment, as `sort` and other POSIX tools read it:
    /// `LC_ALL`, then `LC_COLLATE`, then `LANG`; `C`, `POSIX` or nothing mean English.
    /// - Parameter environment: The process environment.
    /// - Returns: A locale spelling to pass to ``init(_:)-(String)``.
    public static func environmentSpelling(_ environment: [String: String]) -> String {
        for name in ["LC_ALL", "LC_COLLATE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let base = value.split(separator: ".", maxSplits: 1).first.map(String.init) ?? value
            return base == "C" || base == "POSIX" ? "en" : value
        }
        return "en"
    }

    /// Every locale ICU has collation data for, as ICU IDs, sorted.
    public static var availableIdentifiers: [String] {
        ICULocaleData.collationLocales.sorted()
    }

    // MARK: - Parsing

    static func canonicalIdentifier(_ spelling: String) throws(CollationError) -> String {
        var text = spelling.trimmingASCIIWhitespace()
        guard !text.isEmpty else { throw .malformedLocale(spelling, reason: "it is empty") }
        guard text.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
            throw .malformedLocale(spelling, reason: "it contains characters other than ASCII letters, digits and - _ . @ = ;")
        }
        if text == "C" || text == "POSIX" || text.hasPrefix("C.") || text.hasPrefix("POSIX.") {
            return "en_US_POSIX"
        }
        text = removingPOSIXCodeset(text)
        let isTag = !text.contains("@") && text.contains("-")
        if isTag { text = text.replacingAll("_", with: "-") }
        var status: Int32 = 0
        let identifier = ICULocaleData.canonicalize(text, isTag: isTag, status: &status)
        guard status <= 0, !identifier.isEmpty || text == "root" || text == "und" else {
            throw .malformedLocale(spelling, reason: "ICU cannot parse it (\(ICUStatus.name(status)))")
        }
        return identifier.isEmpty ? "root" : identifier
    }

    /// `ko_KR.UTF-8` → `ko_KR`; `sr_RS.UTF-8@latin` → `sr_Latn_RS`; ICU keywords stay.
    static func removingPOSIXCodeset(_ text: String) -> String {
        var base = Substring(text)
        var modifier: Substring = ""
        if let at = base.firstIndex(of: "@") {
            modifier = base[base.index(after: at)...]
            base = base[..<at]
        }
        if let dot = base.firstIndex(of: ".") { base = base[..<dot] }
        guard !modifier.isEmpty else { return String(base) }
        if modifier.contains("=") { return "\(base)@\(modifier)" }
        // A POSIX modifier: a script names it, anything else (`@euro`) does not collate.
        let scripts = ["latin": "Latn", "cyrillic": "Cyrl", "devanagari": "Deva"]
        guard let script = scripts[modifier.lowercased()] else { return String(base) }
        let parts = base.split(separator: "_", maxSplits: 1)
        return parts.count == 2 ? "\(parts[0])_\(script)_\(parts[1])" : "\(base)_\(script)"
    }

    // MARK: - Validation

    private static let rootLanguages: Set<String> = ["", "root", "und"]

    /// Known means ICU has locale data for it (its resource bundle is not root), whether or
    /// not it has collation rules of its own: `eu`, `vai`, `de_AT` use the root rules.
    private func validate() throws(CollationError) {
        let type = ICULocaleData.collationType(of: identifier).lowercased()
        try validateCollationType(type)
        try validateLanguage()
        try validateCollationTypeIsTheLocales(type)
    }

    private func validateLanguage() throws(CollationError) {
        if Self.rootLanguages.contains(languageCode) { return }
        if ICULocaleData.hasData(identifier) { return }
        let collator = try CollatorHandle.shared(locale: self, options: CollatorOptions())
        if !collator.validLocale.isEmpty && collator.validLocale != "root" { return }
        throw .unknownLocale(requested, suggestions: Self.suggestions(for: identifier))
    }

    /// A `collation` keyword must name a type ICU knows: ICU opens `de@collation=phonebk`
    /// (for `phonebook`), `en-u-co-bogus` or `en@collation=private-x` with the standard
    /// order and says nothing. (CLDR's `private-kana` is no type either: it is only what
    /// a rule's `[import ja-u-co-private-kana]` names, and ICU opens no collator for it.)
    private func validateCollationType(_ type: String) throws(CollationError) {
        guard !type.isEmpty, !ICULocaleData.collationTypes.contains(type) else { return }
        let known = ICULocaleData.collationTypes.sorted().joined(separator: ", ")
        throw .malformedLocale(requested, reason: "ICU knows no collation type '\(type)' (it knows \(known))")
    }

    /// … and one the locale has, itself or through its parents: ICU opens
    /// `de@collation=pinyin` with German's standard order and says nothing, as if the
    /// order asked for were German's.
    private func validateCollationTypeIsTheLocales(_ type: String) throws(CollationError) {
        guard !type.isEmpty else { return }
        let available = ICULocaleData.collationTypes(of: identifier)
        guard !available.contains(type) else { return }
        let base = identifier.prefix { $0 != "@" }
        throw .malformedLocale(
            requested, reason: "ICU has no '\(type)' collation for \(base) (it has \(available.joined(separator: ", ")))")
    }

    /// Known locales closest to `identifier`: same language first, then by edit distance.
    static func suggestions(for identifier: String, limit: Int = 3) -> [String] {
        let wanted = identifier.lowercased()
        let language = wanted.split(separator: "_").first.map(String.init) ?? wanted
        let scored = knownIdentifiers.map { candidate -> (Int, String) in
            let lower = candidate.lowercased()
            let candidateLanguage = lower.split(separator: "_").first.map(String.init) ?? lower
            let distance = min(editDistance(language, candidateLanguage), editDistance(wanted, lower))
            return (distance, candidate)
        }
        let threshold = max(1, language.count / 2)
        return scored.filter { $0.0 <= threshold }.sorted { $0 < $1 }.prefix(limit).map(\.1)
    }
}

/// Levenshtein distance over Unicode scalars (small inputs only).
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in stride(from: 1, through: b.count, by: 1) {
            current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end, bytes[start] == 0x20 || (0x09...0x0D).contains(bytes[start]) { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || (0x09...0x0D).contains(bytes[end - 1]) { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    func replacingAll(_ target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
