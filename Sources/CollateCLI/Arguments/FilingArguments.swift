import ArgumentParser
import IndexedCollation

/// How people's names and titles are ordered, filed and shown: sort order, display order,
/// filing rules.
struct FilingArguments: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Which part of a contact's name sorts first: family (the default: Berg Anna before Lind Adam) or given (Adam Lind before Anna Berg). For vcard and csv/tsv contacts exports (N, Last Name/First Name), or the first two --key columns (family, given).",
            valueName: "family|given"))
    var sortOrder: NameSortOrder = .family

    @Option(
        help: ArgumentHelp(
            "How table, plain, markdown, columns and html output show a contact's name: family (Berg Anna), given (Anna Berg) or auto (family first for names written in Han, Hangul or kana, given first otherwise: Android's rule). Default: as the record gives it (a vCard's FN, else its N parts; a csv's name columns), as before.",
            valueName: "family|given|auto"))
    var displayOrder: NameDisplayOrder?

    @Option(
        help: ArgumentHelp(
            "Filing rules for people's names: none (the default: names are filed as written, today's order byte for byte) or locale (as the locale's language files them: nl van/van der/de/ter after the name in nl_NL, kept in nl_BE; de von/zu; fr de/d' (le, la, du, des stay); es and pt de/del/de la/da/do/dos; Arabic al-/el-/ال in any language; it keeps De/D'; honorifics Dr., Prof., Mr., Mrs., Herr, Frau, M., Mme, Sr., Sra. not filed under). Lines are read as names as shown (Anna Berg: under B), contacts' keys family name first. A record is shown as written; a reading or SORT-AS still wins.",
            valueName: "none|locale"))
    var filing: FilingRules.NameRules = .none

    @Flag(help: "Keys are titles (books, albums, companies): their leading article in the locale's language is not filed under (en the/a/an: The Beatles under B; de der/die/das; fr le/la/les/l'; es el/la/los/las; it il/lo/la/i/gli/le/l'; nl de/het/'t; pt o/a/os/as). Titles are not read as names.")
    var ignoreArticles = false

    @Flag(help: "Skip symbols and emoji before a key's first letter or digit for filing: \"😀 Anna\" under A, \"★Bob\" under B (shown as written).")
    var skipLeadingSymbols = false

    /// The filing rules the flags ask for: names as shown for lines, family name first for
    /// structured records' keys and in person-name mode (`--names`).
    func rules(_ command: CollateCommand) -> FilingRules {
        let familyFirst = command.collation.names || command.input.resolvedFormat.recordFormat != nil
        return FilingRules(
            names: filing, nameForm: familyFirst ? .familyFirst : .displayed, ignoresArticles: ignoreArticles,
            skipsLeadingSymbols: skipLeadingSymbols)
    }
}

extension FilingRules.NameRules: ExpressibleByArgument {}

extension NameSortOrder: ExpressibleByArgument {}
extension NameDisplayOrder: ExpressibleByArgument {}
