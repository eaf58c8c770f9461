import ArgumentParser

/// What is written and where: the format, the destination, storage keys and paging.
struct OutputArguments: ParsableArguments {
    @Option(help: "Output format: table, plain, tsv, json, markdown or columns. Default: table on a terminal, plain otherwise.")
    var format: OutputFormat?

    @Option(name: [.short, .long], help: "Write to FILE instead of standard output, atomically (FILE may be the input).")
    var output: String?

    @Flag(help: "With --format tsv: add a hex storage key and its ICU/collator stamp after the title (title, key, stamp, record); `LC_ALL=C sort` on the key column gives collate's order.")
    var withKeys = false

    @Option(help: "Print only page N (1-based) of --page-size rows, counted across sections in display order.")
    var page: Int?

    @Option(help: "Rows per page with --page (default 50).")
    var pageSize: Int?

    func validate() throws {
        if withKeys && format != .tsv { throw ValidationError("--with-keys needs --format tsv.") }
        if let page, page < 1 { throw ValidationError("--page must be 1 or more, not \(page).") }
        if let pageSize, pageSize < 1 { throw ValidationError("--page-size must be 1 or more, not \(pageSize).") }
        if pageSize != nil && page == nil { throw ValidationError("--page-size needs --page N.") }
    }

    /// The rows of the page asked for, numbered across sections, or nil for all rows.
    var rows: Range<Int>? {
        page.map { page in
            let size = pageSize ?? 50
            let (start, overflow) = (page - 1).multipliedReportingOverflow(by: size)
            return overflow ? Int.max..<Int.max : start..<(start &+ size < start ? Int.max : start + size)
        }
    }
}
