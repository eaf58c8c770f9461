import ArgumentParser
import ContactRecords

/// How the input is read: plain lines (the default), or one of the structured record
/// formats of `ContactRecords`.
enum InputFormat: String, Sendable, CaseIterable, ExpressibleByArgument {
    /// One record per line (LF, CRLF or CR), optionally split into fields by `--delimiter`.
    case lines
    /// RFC 4180 CSV with a header row.
    case csv
    /// Tab-separated values with a header row, no quoting.
    case tsv
    /// One JSON object per line.
    case jsonl
    /// vCard 2.1, 3.0 or 4.0.
    case vcard

    /// The record format the input format reads, or nil for plain lines.
    var recordFormat: RecordFormat? {
        switch self {
        case .lines: return nil
        case .csv: return .csv
        case .tsv: return .tsv
        case .jsonl: return .jsonLines
        case .vcard: return .vCard
        }
    }

    /// The format asked for, else the one the file name implies (`.csv`, `.vcf`,
    /// `.jsonl`/`.ndjson`), else lines (a `.tsv` file stays lines unless asked).
    /// - Parameters:
    ///   - requested: `--input-format`, when given.
    ///   - path: The input path ("-" for standard input).
    /// - Returns: The format to read.
    static func resolved(_ requested: InputFormat?, path: String) -> InputFormat {
        if let requested { return requested }
        switch RecordFormat(fileName: path) {
        case .csv?: return .csv
        case .jsonLines?: return .jsonl
        case .vCard?: return .vcard
        case .tsv?, nil: return .lines
        }
    }
}
