/// The conversion an undecodable input's error message suggests: UTF-16 text (a UTF-16
/// byte order mark, or a NUL in every other byte of its start, as ASCII in UTF-16 has)
/// is not Latin-1, and `iconv -f LATIN1` would garble it.
enum EncodingHint {
    /// The `iconv` command to suggest for an input that starts with `start`.
    static func conversion<Bytes: Collection<UInt8>>(forInputStartingWith start: Bytes) -> String {
        "iconv -f \(looksLikeUTF16(start) ? "UTF-16" : "LATIN1") -t UTF-8"
    }

    /// Whether `start` (the input's first bytes) looks like UTF-16.
    static func looksLikeUTF16<Bytes: Collection<UInt8>>(_ start: Bytes) -> Bool {
        let head = Array(start.prefix(64))
        if head.starts(with: [0xFF, 0xFE]) || head.starts(with: [0xFE, 0xFF]) { return true }
        guard head.count >= 4 else { return false }
        let evenNULs = stride(from: 0, to: head.count, by: 2).filter { head[$0] == 0 }.count
        let oddNULs = stride(from: 1, to: head.count, by: 2).filter { head[$0] == 0 }.count
        let pairs = head.count / 2
        return max(evenNULs, oddNULs) * 4 >= pairs * 3 && min(evenNULs, oddNULs) * 4 < pairs
    }
}
