import ArgumentParser

/// Where records come from and how the input is read: the file, invalid UTF-8, and the
/// memory bound that decides between sorting in memory and spilling runs to disk.
struct InputArguments: ParsableArguments {
    @Argument(help: "The input file; - or nothing reads standard input.")
    var file: String?

    @Option(help: "What to do with invalid UTF-8 and NUL bytes: error (default) or replace with U+FFFD.")
    var invalid: InvalidUTF8Policy = .error

    @Option(help: "Memory for sorting, like sort -S: a larger input is sorted in runs spilled to temporary files and merged, with no record lost (suffixes K, M, G; default 256M, at most 1G per run). Spilling supports --format tsv, json and plain.")
    var bufferSize: String?

    @Option(name: [.customShort("T"), .long], help: "Directory for the temporary run files (default $TMPDIR, else /tmp).")
    var temporaryDirectory: String?

    func validate() throws {
        if let bufferSize, Self.parseSize(bufferSize) == nil {
            throw ValidationError("--buffer-size '\(bufferSize)' is not a size: give bytes or a number with K, M or G (e.g. 512M).")
        }
    }

    /// The input path ("-" for standard input).
    var path: String { file ?? "-" }

    /// The buffer size in bytes (default 256 MiB, at most 1 GiB so record numbers of one
    /// run always fit in 32 bits; larger inputs spill).
    var bufferBytes: Int { min(bufferSize.flatMap(Self.parseSize) ?? 256 << 20, 1 << 30) }

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
