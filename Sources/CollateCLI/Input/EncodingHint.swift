/// What an undecodable input's error message suggests. UTF-16 text (a UTF-16 byte order
/// mark, or a NUL in every other byte of its start, as ASCII in UTF-16 has) gets the
/// `--encoding` that reads it; anything else is told to name its charset (or let
/// `--encoding auto` detect it), never to run it through a Latin-1 conversion that would
/// garble CP932, CP949 or UTF-16.
enum EncodingHint {
    /// The advice for an input that starts with `start` (empty when the problem is not
    /// at the input's start).
    static func advice<Bytes: Collection<UInt8>>(forInputStartingWith start: Bytes) -> String {
        if let utf16 = utf16Name(start) { return "it looks like \(utf16): give --encoding \(utf16)" }
        return "give the file's charset with --encoding NAME (e.g. --encoding CP932; --encoding auto guesses it)"
    }

    /// `UTF-16` (a byte order mark says which), `UTF-16LE` or `UTF-16BE` when `start`
    /// (the input's first bytes) looks like UTF-16; nil otherwise.
    static func utf16Name<Bytes: Collection<UInt8>>(_ start: Bytes) -> String? {
        let head = Array(start.prefix(64))
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return "UTF-16" }
        guard head.count >= 4 else { return nil }
        let evenNULs = stride(from: 0, to: head.count, by: 2).filter { head[$0] == 0 }.count
        let oddNULs = stride(from: 1, to: head.count, by: 2).filter { head[$0] == 0 }.count
        let pairs = head.count / 2
        guard max(evenNULs, oddNULs) * 4 >= pairs * 3 && min(evenNULs, oddNULs) * 4 < pairs else { return nil }
        return oddNULs > evenNULs ? "UTF-16LE" : "UTF-16BE"
    }
}
