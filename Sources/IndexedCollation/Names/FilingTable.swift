/// One language's filing-rule table (`Names/Filing/<language>.tsv`, embedded at build
/// time): rows of `kind`, `text`, `where`.
///
/// Kinds: `particle` (words before a surname that are filed after it: nl van, de von),
/// `keep` (words before a surname that stay with it: fr le, it De, nl_BE van), `prefix`
/// (joined to the name and not filed under: al-, ال, fr d'), `honorific` (a title before a
/// name: Dr., Herr), `article` (a title's leading article: the, l') and `surnames` (how many
/// surname words end a name written given name first: 2 for Spanish). `where` is empty
/// (every region of the language), a region (`BE`: only there), `!` and a region (everywhere
/// but there), or `*` (in the lists of every language: Arabic al- in Latin letters).
struct FilingTable: Sendable {
    /// One row.
    struct Row: Sendable, Hashable {
        /// The row's kind.
        enum Kind: String, Sendable, CaseIterable { case particle, keep, prefix, honorific, article, surnames }
        var kind: Kind
        /// The text, lowercased (several words are separated by one space).
        var text: String
        /// The `where` column as written.
        var scope: String

        /// Whether the row applies in a list of `language` (the table's language when
        /// `ownLanguage`) in `region`.
        func applies(ownLanguage: Bool, region: String) -> Bool {
            if scope == "*" { return true }
            guard ownLanguage else { return false }
            if scope.isEmpty { return true }
            if scope.hasPrefix("!") { return String(scope.dropFirst()) != region }
            return scope == region
        }
    }

    /// The table's language subtag.
    let language: String
    /// The table as text (part of the key stamp).
    let text: String
    /// The rows, in file order.
    let rows: [Row]

    /// Parses a table: `#` comment lines, a header line `kind<TAB>text<TAB>where`, rows.
    /// - Throws: A message naming the line of a malformed row (an unknown kind, a missing
    ///   column, an empty text).
    init(language: String, text: String) throws(FilingTableError) {
        self.language = language
        self.text = text
        var rows = [Row]()
        var sawHeader = false
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("#") { continue }
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if !sawHeader {
                guard columns == ["kind", "text", "where"] else {
                    throw FilingTableError(language: language, line: offset + 1, message: "the header must be kind<TAB>text<TAB>where")
                }
                sawHeader = true
                continue
            }
            guard columns.count == 3 else {
                throw FilingTableError(language: language, line: offset + 1, message: "a row has 3 columns, not \(columns.count)")
            }
            guard let kind = Row.Kind(rawValue: columns[0]) else {
                throw FilingTableError(language: language, line: offset + 1, message: "unknown kind '\(columns[0])'")
            }
            let words = columns[1].split(separator: " ").joined(separator: " ")
            guard !words.isEmpty, words == columns[1] else {
                throw FilingTableError(language: language, line: offset + 1, message: "the text is empty or has stray spaces")
            }
            if kind == .surnames, !["1", "2"].contains(words) {
                throw FilingTableError(language: language, line: offset + 1, message: "surnames is 1 or 2, not '\(words)'")
            }
            rows.append(Row(kind: kind, text: words.lowercased(), scope: columns[2]))
        }
        guard sawHeader else { throw FilingTableError(language: language, line: 1, message: "no header line") }
        self.rows = rows
    }

    /// The shipped tables, by language subtag (``LanguagePolicy/filingLanguages``).
    static let shipped: [FilingTable] = {
        let texts: [(String, [UInt8])] = [
            ("ar", PackageResources.ar_tsv), ("de", PackageResources.de_tsv), ("en", PackageResources.en_tsv),
            ("es", PackageResources.es_tsv), ("fr", PackageResources.fr_tsv), ("it", PackageResources.it_tsv),
            ("nl", PackageResources.nl_tsv), ("pt", PackageResources.pt_tsv),
        ]
        // The tables are checked by a test (FilingRulesTests); a malformed row is left out
        // here rather than stopping a program.
        return texts.compactMap { language, bytes in try? FilingTable(language: language, text: String(decoding: bytes, as: UTF8.self)) }
    }()
}

/// A malformed row of a filing-rule table.
struct FilingTableError: Error, Sendable, Equatable, CustomStringConvertible {
    var language: String
    var line: Int
    var message: String
    var description: String { "Names/Filing/\(language).tsv:\(line): \(message)" }
}
