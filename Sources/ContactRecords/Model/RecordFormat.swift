/// The structured input formats the readers understand.
public enum RecordFormat: String, Sendable, CaseIterable {
    /// Comma-separated values with a header row (RFC 4180).
    case csv
    /// Tab-separated values with a header row, no quoting.
    case tsv
    /// One JSON object per line (JSON Lines, NDJSON).
    case jsonLines = "jsonl"
    /// vCard 2.1, 3.0 or 4.0 (RFC 2426, RFC 6350).
    case vCard = "vcard"

    /// The format a file name's extension implies: `.csv`, `.jsonl`/`.ndjson`, `.vcf`/`.vcard`.
    ///
    /// A `.tsv` file gives `nil` on purpose: the command line reads it as plain lines unless
    /// asked, so existing uses keep working.
    /// - Parameter fileName: A file name or path.
    /// - Returns: The implied format, or `nil` for any other extension.
    public init?(fileName: String) {
        guard let dot = fileName.lastIndex(of: "."), !fileName[dot...].contains("/") else { return nil }
        switch fileName[fileName.index(after: dot)...].lowercased() {
        case "csv": self = .csv
        case "jsonl", "ndjson": self = .jsonLines
        case "vcf", "vcard": self = .vCard
        default: return nil
        }
    }
}
