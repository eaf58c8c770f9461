import IndexedCollation
import ArgumentParser

/// Where records come from and how the input is read: the file, invalid UTF-8, and the
/// memory bound that decides between sorting in memory and spilling runs to disk.
struct InputArguments: ParsableArguments {
    @Argument(help: "The input file; - or nothing reads standard input.")
    var file: String?

    @Option(help: "How to read the input: lines, csv, tsv (with a header row), jsonl (JSON Lines) or vcard. Default: from the extension (.csv, .vcf, .jsonl/.ndjson), else lines; a .tsv file stays lines unless asked.")
    var inputFormat: InputFormat?

    @Flag(help: "CSV/TSV: allow rows with more fields than the header (extra columns are named 6, 7, …).")
    var ragged = false

    @Flag(name: [.customShort("z"), .long], help: "Like sort -z: lines end with NUL instead of newline, on input and in tsv/csv output.")
    var zeroTerminated = false

    @Option(help: "What to do with invalid UTF-8 and NUL bytes: error (default) or replace with U+FFFD.")
    var invalid: InvalidUTF8Policy = .error

    @Option(help: "The input's charset: auto, or any ICU converter name (UTF-8, UTF-16, SHIFT_JIS, CP932, EUC-JP, ISO-2022-JP, EUC-KR, CP949, GB18030, BIG5, KOI8-R, WINDOWS-1252…). auto (the default for csv, tsv, jsonl and vcard input): a byte order mark decides (UTF-8, UTF-16, UTF-32), else valid UTF-8 is UTF-8, else ICU's charset detector guesses with the locale's language as the hint, and an unsure guess is an error naming the candidates. Lines input is UTF-8 unless this is given. vCard values with CHARSET= are decoded by their own charset. Output is always UTF-8 (vcard output keeps each card's bytes).")
    var encoding: String?

    @Option(parsing: .unconditional, help: "Memory bound for the whole process, like sort -S (suffixes K, M, G): an input whose records, keys and buffers would not fit is sorted in pieces spilled to temporary files and merged, with no record lost; peak memory stays within about SIZE + 64 MB. Default as GNU sort's: the larger of free memory and 1/8 of physical memory, at most 3/4 of it and half the data/address-space limits. Spilling supports every input and --format, --with-keys, --page, -u and -z (UTF-16 input, csv, tsv and jsonl in ISO-2022 and other charsets whose bytes are not ASCII-transparent, and --write-readings are sorted in memory only).")
    var bufferSize: String?

    @Flag(inversion: .prefixedNo, help: "Show a one-line progress display on standard error for jobs longer than a second (default: on a terminal unless CI is set; never when standard error is not a terminal).")
    var progress: Bool?

    @Option(name: [.customShort("T"), .long], help: "Directory for the temporary run files (default $TMPDIR, else /tmp).")
    var temporaryDirectory: String?

    func validate() throws {
        if let encoding, InputEncoding(encoding) == nil {
            throw ValidationError("--encoding '\(encoding)' is not a charset ICU knows: give auto or a converter name such as UTF-8, UTF-16, SHIFT_JIS, CP932, EUC-KR, CP949, GB18030, BIG5 or WINDOWS-1252.")
        }
        if let bufferSize, Self.parseSize(bufferSize) == nil {
            throw ValidationError("--buffer-size '\(bufferSize)' is not a size: give bytes or a number with K, M or G (e.g. 512M).")
        }
    }

    /// The input format asked for or implied by the file name.
    var resolvedFormat: InputFormat { InputFormat.resolved(inputFormat, path: path) }

    /// The input path ("-" for standard input).
    var path: String { file ?? "-" }

    /// The memory bound (`--buffer-size`, or GNU sort's default from physical memory).
    var memoryBudget: SpillBudget { SpillBudget(bytes: bufferSize.flatMap(Self.parseSize) ?? SpillBudget.defaultSize()) }

    /// The directory for spilled runs: `-T`, else `$TMPDIR`, else /tmp.
    func runDirectory(environment: [String: String]) -> String {
        temporaryDirectory ?? environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }

    /// "64K", "100M", "2G" or a byte count.
    /// - Returns: The size in bytes, or nil when the text is no size or overflows.
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
}
