import ArgumentParser
import IndexedCollation

/// The side index: a title budget and whether empty sections keep their titles.
struct IndexTitleArguments: ParsableArguments {
    @Option(parsing: .unconditional, help: ArgumentHelp("Fold the index titles to at most N (a phone's side index): each script keeps its first title, evenly spread letters fill the rest and • stands for each run of left-out titles, jumping to the first section it stands for. Sections, records and order are unchanged; json adds sectionIndexTitles and sectionIndex (title, section, sectionTitle, count); table, plain, markdown and html show the folded titles.", valueName: "n"))
    var maxTitles: Int?

    @Option(help: "Which sections have index titles: all (the default, as iOS: the index never shifts) or nonempty (as Android: only sections with records). With nonempty, json adds sectionIndexTitles and sectionIndex.")
    var indexTitles: Mode = .all

    /// `--index-titles`.
    enum Mode: String, CaseIterable, ExpressibleByArgument {
        case all, nonempty
    }

    func validate() throws {
        if let maxTitles, maxTitles < 1 { throw ValidationError("--max-titles must be 1 or more, not \(maxTitles).") }
    }

    /// The side index of a document from its records per section, or nil when neither
    /// option was given (the index is then every section title, as before).
    /// - Parameter collation: The collation whose section titles are folded.
    /// - Returns: A function of the records per section.
    func folding(_ collation: LocalizedIndexedCollation) -> (@Sendable ([Int]) -> SectionIndex)? {
        guard maxTitles != nil || indexTitles == .nonempty else { return nil }
        let maximum = maxTitles
        let includesEmpty = indexTitles == .all
        return { counts in collation.sectionIndex(maximumTitles: maximum, sectionCounts: counts, includesEmptySections: includesEmpty) }
    }
}
