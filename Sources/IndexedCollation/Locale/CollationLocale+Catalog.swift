extension CollationLocale {
    /// What ICU has for a locale: whether its collation and its index letters are its own.
    public struct DataInfo: Sendable, Hashable {
        /// How a locale's records are ordered.
        public enum Collation: Sendable, Hashable {
            /// The root (CLDR default) rules: the locale has no collation data (`eu`, `vai`).
            case root
            /// Collation data for the language without rules of its own (`de`, `en`).
            case inherited
            /// Tailoring rules of its own (`sv`, `ko`, `es`).
            case tailored
        }

        /// The locale's collation data.
        public let collation: Collation
        /// Whether the locale (or a parent other than root) lists its index letters; when
        /// not, ICU derives them from the locale's standard letters.
        public let hasIndexCharacters: Bool
    }

    /// Every locale ICU has locale data for (language, script and region variants), plus
    /// every locale with collation data, as ICU IDs, sorted. Each is accepted by ``init(_:)-(String)``.
    public static var knownIdentifiers: [String] {
        Array(Set(ICULocaleData.localesWithData).union(availableIdentifiers)).sorted()
    }

    /// The language-only locales ICU has locale data for (`af`, `agq`, …, `zu`), sorted.
    public static var knownLanguages: [String] {
        knownIdentifiers.filter { !$0.contains("_") && !$0.contains("@") && $0 != "root" }
    }

    /// A locale from ``knownIdentifiers`` (or ``availableIdentifiers``), without checks.
    /// - Parameter knownIdentifier: An ICU ID ICU listed itself.
    public init(knownIdentifier: String) {
        self.init(uncheckedIdentifier: knownIdentifier, requested: knownIdentifier)
    }

    /// What ICU has for this locale (see ``DataInfo``).
    public var dataInfo: DataInfo {
        let collation: DataInfo.Collation
        switch ICULocaleData.collationData(identifier) {
        case 2: collation = .tailored
        case 1: collation = .inherited
        default: collation = .root
        }
        return DataInfo(collation: collation, hasIndexCharacters: ICULocaleData.hasIndexCharacters(identifier))
    }
}
