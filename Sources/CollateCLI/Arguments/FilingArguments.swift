import ArgumentParser
import IndexedCollation

/// How people's names and titles are ordered, filed and shown: sort order, display order.
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
}

extension NameSortOrder: ExpressibleByArgument {}
extension NameDisplayOrder: ExpressibleByArgument {}
