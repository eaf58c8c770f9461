import ArgumentParser
import IndexedCollation
import IndexedTableFormatting

extension CollatorOptions.Strength: ExpressibleByArgument {}
extension CollatorOptions.CaseFirst: ExpressibleByArgument {}
extension SectionStyle: ExpressibleByArgument {}
extension InvalidUTF8Policy: ExpressibleByArgument {}

/// `collate`: sort lines locale-correctly and print them in index sections.
public struct CollateCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "collate",
        abstract: "Sort lines by a locale's rules and group them into index sections (ㄱ ㄴ ㄷ…, あ か さ…, A B C…).",
        discussion: """
            Reads UTF-8 lines from FILE (or standard input when FILE is - or absent), sorts them \
            with the system ICU's collation for the locale and prints them grouped under the \
            locale's index titles, like a phone book. Records ICU files under no letter (digits, \
            symbols, emoji, other scripts) go to one section titled # at the end.

            Input: lines end with LF or CRLF (CR alone when the file has no LF); a UTF-8 byte \
            order mark at the start is dropped; a last line without a line end counts; an empty \
            line is a record. Invalid UTF-8 and NUL bytes are an error naming the line and byte \
            offset, unless --invalid replace. Nothing is ever dropped: the output has every input \
            line exactly once.

            Locales: ICU IDs (ko_KR, zh@collation=stroke), BCP-47 tags (ko-KR, zh-u-co-pinyin, \
            de-u-co-phonebk, en-u-kn-true, ja-u-kr-kana-latn) or POSIX names (ko_KR.UTF-8). \
            Default: LC_ALL, LC_COLLATE or LANG, else en.

            Exit status: 0 on success (also for empty input, which prints nothing); 1 when the \
            input cannot be read or decoded or the output cannot be written (with -o the old file \
            is then left untouched); 64 for usage errors, including unknown locales.

            Examples:
              collate --locale ko_KR names.txt
              collate --locale ja_JP --field 1 --reading-field 2 --format json readings.tsv
              collate --locale sv_SE --format tsv -o sorted.tsv names.txt
            """,
        version: "collate 0.1.0 (ICU \(ICUVersion.icu), Unicode \(ICUVersion.unicode))"
    )

    @Option(name: [.short, .long], help: "The locale whose index and sort rules to use (ko_KR, sv-SE, zh@collation=stroke).")
    var locale: String?

    @Option(help: "Output format: table, plain, tsv, json, markdown or columns. Default: table on a terminal, plain otherwise.")
    var format: OutputFormat?

    @Option(help: "Sort by field N (1-based) of each line instead of the whole line; the whole line is printed.")
    var field: Int?

    @Option(help: "The field delimiter: one character, or \\t for TAB (default with --field: TAB). With --format table, each field is a column.")
    var delimiter: String?

    @Option(help: "Field N holds a reading (furigana, pinyin, \"sort as\"); when non-empty it decides the section and order.")
    var readingField: Int?

    @Option(help: "Comparison strength: primary, secondary, tertiary, quaternary or identical (default: the locale's, usually tertiary).")
    var strength: CollatorOptions.Strength?

    @Flag(help: "Ignore spaces and punctuation when sorting (ICU alternate = shifted).")
    var ignorePunctuation = false

    @Flag(help: "Compare digit runs by numeric value: file2 before file10.")
    var numeric = false

    @Option(help: "Which case sorts first among otherwise equal strings: off, lower or upper.")
    var caseFirst: CollatorOptions.CaseFirst?

    @Flag(name: [.short, .long], help: "Reverse the order of sections and records (equal keys keep input order).")
    var reverse = false

    @Option(help: "Sections: default (letters, then one # section last) or icu (ICU's own …-buckets in place).")
    var style: SectionStyle = .default

    @Option(help: "What to do with invalid UTF-8 and NUL bytes: error (default) or replace with U+FFFD.")
    var invalid: InvalidUTF8Policy = .error

    @Option(name: [.short, .long], help: "Write to FILE instead of standard output, atomically (FILE may be the input).")
    var output: String?

    @Option(help: "Table width in columns (default: the terminal's, else $COLUMNS, else 80).")
    var width: Int?

    @Flag(help: "Draw tables with ASCII characters.")
    var ascii = false

    @Flag(help: "Count East Asian Ambiguous characters as two columns (CJK terminals).")
    var ambiguousWide = false

    @Flag(help: "Show the number of records per section in tables.")
    var counts = false

    @Flag(help: "Wrap long cells onto more lines instead of truncating them with …")
    var wrap = false

    @Option(help: "Colour: auto (only on a terminal, unless NO_COLOR is set), always or never.")
    var color: ColorChoice = .auto

    @Option(help: "Print only page N (1-based) of --page-size rows, counted across sections in display order.")
    var page: Int?

    @Option(help: "Rows per page with --page (default 50).")
    var pageSize: Int?

    @Flag(help: "Person-name mode: keys are people's names, family name first; Chinese (pinyin, zhuyin) and Korean Hanja surnames file under their surname reading (曾 Zēng, 李 이). A --reading-field value still wins.")
    var names = false

    @Option(help: "More languages whose index letters to add, comma-separated (e.g. --also ja,ru): ㄱ…ㅎ A–Z あ…わ А…Я.")
    var also: String?

    @Flag(help: "With --format tsv: add a hex storage key and its ICU/collator stamp after the title (title, key, stamp, record); `LC_ALL=C sort` on the key column gives collate's order.")
    var withKeys = false

    @Option(help: "Memory bound for the whole process, like sort -S (suffixes K, M, G): an input whose records, keys and buffers would not fit is sorted in pieces spilled to temporary files and merged, with no record lost; peak memory stays within about SIZE + 64 MB. Default as GNU sort's: the larger of free memory and 1/8 of physical memory, at most 3/4 of it and half the data/address-space limits. Spilling supports --format tsv, json and plain.")
    var bufferSize: String?

    @Flag(inversion: .prefixedNo, help: "Show a one-line progress display on standard error for jobs longer than a second (default: on a terminal, unless CI is set; never when standard error is not a terminal).")
    var progress: Bool?

    @Option(name: [.customShort("T"), .long], help: "Directory for the temporary run files (default $TMPDIR, else /tmp).")
    var temporaryDirectory: String?

    @Flag(help: "List every locale ICU has collation data for, and exit.")
    var listLocales = false

    @Argument(help: "The input file; - or nothing reads standard input.")
    var file: String?

    public init() {}

    /// The entry point: parses the arguments, runs, and exits with the command's status.
    /// Usage errors print as `collate: <message>` plus a hint, like every other error.
    public static func main() {
        // A full disk or `ulimit -f` must be a write error (EFBIG), not a kill by SIGXFSZ
        // that would leave a temporary file behind.
        system_ignoreFileSizeSignal()
        system_boundMallocRetention()
        let status: Int32
        do {
            let command = try parse(Array(CommandLine.arguments.dropFirst()))
            status = command.execute(standardOutput: system_standardOutput, standardError: system_standardError, environment: system_environment())
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                // --help and --version: their text goes to standard output.
                print(fullMessage(for: error))
                status = 0
            } else {
                let message = self.message(for: error).trimmingASCIIWhitespace()
                let hint = "Run 'collate --help' for usage."
                let line = "collate: \(message.isEmpty ? "invalid arguments" : message)\n\(hint)\n"
                let errors = OutputSink(descriptor: system_standardError)
                try? errors.write(line)
                try? errors.flush()
                status = code.rawValue
            }
        }
        system_exit(status)
    }

    public func validate() throws {
        if let field, field < 1 { throw ValidationError("--field must be 1 or more (fields are numbered from 1), not \(field).") }
        if let readingField, readingField < 1 { throw ValidationError("--reading-field must be 1 or more, not \(readingField).") }
        if let readingField, readingField == (field ?? 0) {
            throw ValidationError("--reading-field \(readingField) is also the --field: the reading must be another column.")
        }
        if readingField != nil && field == nil && delimiter == nil {
            throw ValidationError("--reading-field needs fields: give --field (and --delimiter if not TAB).")
        }
        if let delimiter {
            if delimiter.isEmpty { throw ValidationError("--delimiter is empty: give one character, e.g. --delimiter , or --delimiter '\\t'.") }
            if delimiter != "\\t" && delimiter.unicodeScalars.count != 1 {
                throw ValidationError("--delimiter must be one character, not '\(delimiter)'.")
            }
            if delimiter == "\n" || delimiter == "\r" { throw ValidationError("--delimiter cannot be a line end.") }
        }
        if let width, width < 10 { throw ValidationError("--width must be at least 10 columns, not \(width).") }
        if withKeys && format != .tsv { throw ValidationError("--with-keys needs --format tsv.") }
        if withKeys && reverse { throw ValidationError("--with-keys exports ascending keys; sort them in reverse instead of --reverse.") }
        if let bufferSize, Self.parseSize(bufferSize) == nil {
            throw ValidationError("--buffer-size '\(bufferSize)' is not a size: give bytes or a number with K, M or G (e.g. 512M).")
        }
        if let page, page < 1 { throw ValidationError("--page must be 1 or more, not \(page).") }
        if let pageSize, pageSize < 1 { throw ValidationError("--page-size must be 1 or more, not \(pageSize).") }
        if pageSize != nil && page == nil { throw ValidationError("--page-size needs --page N.") }
    }

    /// ArgumentParser's entry when this command is used as a subcommand.
    public func run() throws {
        let status = execute(standardOutput: system_standardOutput, standardError: system_standardError, environment: system_environment())
        if status != 0 { throw ExitCode(status) }
    }

    /// Runs the command with explicit descriptors and environment (also for in-process tests).
    /// - Returns: The exit status.
    public func execute(standardOutput: Int32, standardError: Int32, environment: [String: String]) -> Int32 {
        let errors = OutputSink(descriptor: standardError)
        func fail(_ message: String, status: Int32) -> Int32 {
            try? errors.write("collate: \(message)\n")
            try? errors.flush()
            return status
        }
        if listLocales {
            let sink = OutputSink(descriptor: standardOutput)
            do {
                for identifier in CollationLocale.availableIdentifiers { try sink.write(identifier + "\n") }
                try sink.flush()
            } catch .closedPipe { return 0 } catch { return fail("cannot write the output: \(error)", status: 1) }
            return 0
        }
        let collation: LocalizedIndexedCollation
        do {
            collation = try makeCollation(environment: environment)
        } catch {
            return fail(error.description, status: 64)
        }
        let path = file ?? "-"
        do {
            let reader = try ChunkReader(path: path, budget: memoryBudget, policy: invalid)
            let first = try reader.next()
            if reader.isFinished {
                // The whole input fits the buffer: sort in memory.
                let document = try collate(bytes: first?.bytes ?? [], name: reader.name, with: collation)
                try write(standardOutput: standardOutput, environment: environment) { (sink, format, rows, options) throws in
                    try document.write(format, to: sink, rows: rows, table: options)
                }
            } else if let first {
                try sortExternally(
                    first: first, reader: reader, collation: collation, standardOutput: standardOutput, standardError: standardError,
                    environment: environment)
            }
            return 0
        } catch let error as InputError {
            return fail(error.description, status: 1)
        } catch OutputSink.Failure.closedPipe {
            return 0
        } catch OutputSink.Failure.writeFailed(let reason) {
            return fail("\(output ?? "<stdout>"): cannot write: \(reason)", status: 1)
        } catch {
            return fail("\(error)", status: 1)
        }
    }

    /// Splits and checks input bytes (a whole input, or one chunk of a large one whose
    /// first line is line `firstLine` at byte `firstOffset` of the file).
    func decode(
        _ input: [UInt8], name: String, atStart: Bool = true, separator: UInt8? = nil, firstLine: Int = 1, firstOffset: Int = 0
    ) throws(InputError) -> Lines {
        var bytes = input
        var lines = Lines(splitting: bytes, atStart: atStart, separator: separator)
        let problem = bytes.withUnsafeBufferPointer { UTF8Validation.firstProblem(in: $0) }
        if let problem {
            switch invalid {
            case .error:
                let line = lines.lineNumber(containing: problem.offset)
                let column = problem.offset - (lines.ranges.isEmpty ? 0 : lines.ranges[line - 1].lowerBound)
                let what = problem.problem == .nul ? "a NUL byte (binary data?)" : "invalid UTF-8 (byte 0x\(hexByte(bytes[problem.offset])))"
                throw InputError(
                    file: name, line: firstLine - 1 + line,
                    message: "\(what) at byte \(column) of the line (offset \(firstOffset + problem.offset) in the file); fix the encoding (e.g. iconv -f LATIN1 -t UTF-8) or use --invalid replace")
            case .replace:
                bytes = UTF8Validation.repaired(bytes)
                lines = Lines(splitting: bytes, atStart: atStart, separator: separator)
            }
        }
        return lines
    }

    /// Keys, sections and order for decoded lines.
    func run(_ lines: Lines, with collation: LocalizedIndexedCollation) -> IndexingEngine.Output {
        let selector = fieldSelector
        return lines.bytes.withUnsafeBufferPointer { buffer in
            let keys = selector?.keys(of: lines.ranges, in: buffer) ?? lines.ranges
            let readings = selector?.readings(of: lines.ranges, in: buffer)
            let input = IndexingEngine.Input(bytes: buffer, keys: keys, readings: readings)
            return IndexingEngine(collation: collation).run(input, descending: reverse)
        }
    }

    /// Runs the whole pipeline on an input in memory (decode, collate, format) and returns
    /// what would be printed; for tests and fuzzing.
    /// - Throws: ``InputError`` for undecodable input, ``CollationError`` for bad locales.
    public func output(for input: [UInt8], environment: [String: String] = [:]) throws -> [UInt8] {
        let collation = try makeCollation(environment: environment)
        let document = try collate(bytes: input, name: "<input>", with: collation)
        let sink = OutputSink.memory()
        let options = TableOptions(ascii: ascii, maxWidth: width ?? 80, ambiguousWide: ambiguousWide, showCounts: counts, wrap: wrap)
        try document.write(format ?? .plain, to: sink, rows: nil, table: options)
        try sink.flush()
        return sink.collected
    }

    /// The collation the flags ask for (--locale or the environment's, --also, collator
    /// options, --style, --names).
    func makeCollation(environment: [String: String]) throws(CollationError) -> LocalizedIndexedCollation {
        let spelling = locale ?? CollationLocale.environmentSpelling(environment)
        let extras = try (also ?? "").split(separator: ",").map { (extra) throws(CollationError) in
            try CollationLocale(String(extra).trimmingASCIIWhitespace())
        }
        return try LocalizedIndexedCollation(
            locale: CollationLocale(spelling), options: collatorOptions, style: style, additionalLocales: extras,
            personNames: names)
    }

    var collatorOptions: CollatorOptions {
        CollatorOptions(
            strength: strength, alternate: ignorePunctuation ? .shifted : nil, caseFirst: caseFirst,
            numeric: numeric ? true : nil)
    }

    var fieldSelector: FieldSelector? {
        guard field != nil || readingField != nil || delimiter != nil else { return nil }
        let character = delimiter == nil || delimiter == "\\t" ? "\t" : delimiter ?? "\t"
        return FieldSelector(delimiter: Array(character.utf8), keyField: field, readingField: readingField, splitsColumns: delimiter != nil)
    }

    /// Reads, checks and collates one input.
    /// Decodes and collates an input already in memory.
    func collate(bytes input: [UInt8], name: String, with collation: LocalizedIndexedCollation) throws(InputError) -> CollatedDocument {
        let lines = try decode(input, name: name)
        let output = run(lines, with: collation)
        return CollatedDocument(
            localeIdentifier: collation.locale.identifier, titles: collation.sectionTitles, lines: lines,
            fields: fieldSelector, output: output, keyStamp: withKeys ? collation.keyStamp : nil)
    }

    /// Sorts an input larger than the buffer in runs on disk, merged while printing.
    func sortExternally(
        first: ChunkReader.Piece, reader: ChunkReader, collation: LocalizedIndexedCollation, standardOutput: Int32,
        standardError: Int32, environment: [String: String]
    ) throws {
        let isTerminal = output == nil && system_isTerminal(standardOutput)
        let format = self.format ?? (isTerminal ? .table : .plain)
        let limit = "the input does not fit the memory bound (--buffer-size \(memoryBudget.bytes) bytes)"
        guard StreamingWriter.supports(format) else {
            throw InputError(file: reader.name, message: "\(limit): --format \(format) needs the whole input in memory; use --format tsv, json or plain, or a larger --buffer-size")
        }
        guard page == nil && !withKeys else {
            throw InputError(file: reader.name, message: "\(limit): --page and --with-keys need the whole input in memory; use a larger --buffer-size")
        }
        let directory = temporaryDirectory ?? environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var sorter = ExternalSort(command: self, collation: collation, directory: directory, budget: memoryBudget)
        let wantsProgress = Progress.isWanted(
            flag: progress, standardErrorIsTerminal: system_isTerminal(standardError), environment: environment)
        sorter.progress = wantsProgress ? Progress(descriptor: standardError) : nil
        defer { sorter.progress?.finish() }
        let runs = try sorter.makeRuns(first: first, reader: reader)
        try write(standardOutput: standardOutput, environment: environment) { (sink, format, _, options) throws in
            let writer = StreamingWriter(
                format: format, sink: sink, titles: collation.sectionTitles, counts: runs.sectionCounts,
                localeIdentifier: collation.locale.identifier, fields: fieldSelector, options: options)
            try writer.begin()
            try sorter.merge(runs, into: writer)
            try writer.end()
        }
    }

    /// The memory bound (`--buffer-size`, or GNU sort's default from physical memory).
    var memoryBudget: MemoryBudget { MemoryBudget(bytes: bufferSize.flatMap(Self.parseSize) ?? MemoryBudget.defaultSize()) }

    /// "64K", "100M", "2G" or a byte count.
    static func parseSize(_ text: String) -> Int? {
        let units: [Character: Int] = ["K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40]
        var digits = text.uppercased()
        if digits.hasSuffix("B") { digits.removeLast() }
        var multiplier = 1
        if let last = digits.last, let unit = units[last] {
            multiplier = unit
            digits.removeLast()
        }
        guard let value = Int(digits), value > 0 else { return nil }
        let (result, overflow) = value.multipliedReportingOverflow(by: multiplier)
        return overflow ? nil : result
    }

    /// Opens standard output or the atomic `-o` file, lets `body` write, and commits.
    func write(
        standardOutput: Int32, environment: [String: String],
        _ body: (OutputSink, OutputFormat, Range<Int>?, TableOptions) throws -> Void
    ) throws {
        let isTerminal = output == nil && system_isTerminal(standardOutput)
        let format = self.format ?? (isTerminal ? .table : .plain)
        let useColor: Bool
        switch color {
        case .always: useColor = true
        case .never: useColor = false
        case .auto: useColor = isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
        }
        let tableOptions = TableOptions(
            ascii: ascii, maxWidth: width ?? terminalWidth(standardOutput, environment: environment),
            ambiguousWide: ambiguousWide, showCounts: counts, wrap: wrap, color: useColor)
        let rows = page.map { page in
            let size = pageSize ?? 50
            let (start, overflow) = (page - 1).multipliedReportingOverflow(by: size)
            return overflow ? Int.max..<Int.max : start..<(start &+ size < start ? Int.max : start + size)
        }
        guard let output else {
            let sink = OutputSink(descriptor: standardOutput)
            try body(sink, format, rows, tableOptions)
            try sink.flush()
            return
        }
        let file = try AtomicOutputFile(output)
        do {
            let sink = OutputSink(descriptor: file.descriptor)
            try body(sink, format, rows, tableOptions)
            try sink.flush()
        } catch {
            file.abandon()
            if case OutputSink.Failure.writeFailed(let reason) = error {
                let kept = file.temporaryPath == nil ? "" : "; the file was left as it was"
                throw InputError(file: output, message: "cannot write: \(reason)\(kept)")
            }
            throw error
        }
        try file.commit()
    }

    func terminalWidth(_ descriptor: Int32, environment: [String: String]) -> Int {
        if let columns = system_terminalColumns(descriptor), columns >= 10 { return columns }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns >= 10 { return columns }
        return 80
    }
}

/// A byte as two uppercase hex digits.
func hexByte(_ byte: UInt8) -> String {
    let hex = String(byte, radix: 16, uppercase: true)
    return hex.count == 1 ? "0" + hex : hex
}

extension String {
    func trimmingASCIIWhitespace() -> String {
        var text = Substring(self)
        while let first = text.first, first.isWhitespace { text.removeFirst() }
        while let last = text.last, last.isWhitespace { text.removeLast() }
        return String(text)
    }
}
