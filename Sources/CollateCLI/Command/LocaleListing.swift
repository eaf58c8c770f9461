import IndexedCollation

/// The lines of `collate --list-locales`: every locale ICU has locale data for, one per
/// line, `ID<TAB>collation<TAB>index`, where collation is `tailored` (rules of its own:
/// sv, ko), `inherited` (collation data of its language without rules: de, en_US) or
/// `root` (the CLDR root order: eu, vai), and index is `index` when ICU lists index
/// letters for it (or a parent), else `-` (ICU derives them from its standard letters).
enum LocaleListing {
    /// One line per known locale, sorted by ID.
    static func lines() -> [String] {
        CollationLocale.knownIdentifiers.map { identifier in
            let info = CollationLocale(knownIdentifier: identifier).dataInfo
            let collation: String
            switch info.collation {
            case .tailored: collation = "tailored"
            case .inherited: collation = "inherited"
            case .root: collation = "root"
            }
            return "\(identifier)\t\(collation)\t\(info.hasIndexCharacters ? "index" : "-")"
        }
    }
}
