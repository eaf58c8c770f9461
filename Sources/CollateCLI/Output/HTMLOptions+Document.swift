import IndexedTableFormatting

extension HTMLOptions {
    /// The page options of `--format html`, in memory and past the buffer alike: the title
    /// "<locale> index", the locale's language tag, and `--counts`.
    /// - Parameters:
    ///   - localeIdentifier: The collation's locale identifier.
    ///   - table: The table options (`--counts` is read from them).
    init(collating localeIdentifier: String, table: TableOptions) {
        self.init(
            title: "\(localeIdentifier) index", languageTag: HTMLOptions.languageTag(forLocaleIdentifier: localeIdentifier),
            showCounts: table.showCounts)
    }
}
