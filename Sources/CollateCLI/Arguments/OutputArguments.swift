import ArgumentParser

/// What is written and where: the format, the destination, storage keys and paging.
struct OutputArguments: ParsableArguments {
    @Option(help: "Output format: table, plain, tsv, json, csv, vcard (vcard input only), markdown, columns or html. Default: table on a terminal, plain otherwise.")
    var format: OutputFormat?

    @Option(name: [.short, .long], help: "Write to FILE instead of standard output, atomically (FILE may be the input).")
    var output: String?

    @Flag(help: "With --format tsv or csv: add a hex storage key and its stamp after the title (section, key, stamp, record); sorting the keys as bytes (`LC_ALL=C sort`, bytea, BLOB, binary) gives collate's order, --reverse included. Compare only keys with the same stamp.")
    var withKeys = false

    @Flag(help: "With --names or --guess-readings: write the reading of every contact that has none into the output, in the language that decides Han: Japanese kana (MeCab) under ja, pinyin without tone marks under zh with --names (单田芳 → Shan Tianfang, surnames from the table) (--format vcard: X-PHONETIC-LAST-NAME/-FIRST-NAME for vCard 3.0, also SORT-AS on N for 4.0, SOUND;X-IRMC-N for 2.1; --format csv of a contacts CSV: its phonetic columns), every other byte unchanged; a count goes to standard error, with the records left unchanged because their reading cannot be decided.")
    var writeReadings = false

    @Option(parsing: .unconditional, help: "The number of records before this input in the whole data set, when it is one part of a larger input: storage keys then break ties by global position, so keys of all parts sorted together equal one run over the concatenation. A leading U+FEFF is then data, not a byte order mark.")
    var positionOffset: Int?

    @Option(parsing: .unconditional, help: "Print only page N (1-based) of --page-size rows, counted across sections in display order. Not with --format html: the page holds every record.")
    var page: Int?

    @Option(parsing: .unconditional, help: "Rows per page with --page (default 50).")
    var pageSize: Int?

    func validate() throws {
        if output?.isEmpty == true { throw ValidationError("--output needs a file name, not an empty one.") }
        if withKeys && format != .tsv && format != .csv { throw ValidationError("--with-keys needs --format tsv or csv.") }
        if let positionOffset, !NumericLimits.positionOffset.contains(positionOffset) {
            throw ValidationError(NumericLimits.message("--position-offset", positionOffset, NumericLimits.positionOffset))
        }
        if let page, !NumericLimits.page.contains(page) { throw ValidationError(NumericLimits.message("--page", page, NumericLimits.page)) }
        if let pageSize, !NumericLimits.page.contains(pageSize) {
            throw ValidationError(NumericLimits.message("--page-size", pageSize, NumericLimits.page))
        }
        if pageSize != nil && page == nil { throw ValidationError("--page-size needs --page N.") }
        if page != nil && format == .html {
            throw ValidationError("--page does not apply to --format html: the page holds every record (its side index and search box reach them all). Leave --page out, or page another format.")
        }
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
