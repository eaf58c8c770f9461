import ContactRecords

/// The command line's view of ``ContactRecords``' `UTF8Check`, the one UTF-8 validator of
/// the package: Swift's own validation does not say *where* the first bad byte is, and the
/// error message must.
enum UTF8Validation {
    enum Problem: Equatable {
        case illFormed
        case nul
    }

    /// The offset and kind of the first ill-formed sequence or NUL byte at or after `from`.
    static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>, from: Int = 0) -> (offset: Int, problem: Problem)? {
        guard from < bytes.count else { return nil }
        guard let found = UTF8Check.firstProblem(in: UnsafeBufferPointer(rebasing: bytes[from...])) else { return nil }
        let offset = from + found
        return (offset, bytes[offset] == 0 ? .nul : .illFormed)
    }

    /// A copy of `bytes` with every ill-formed sequence (maximal subpart, as Unicode
    /// recommends) and every NUL replaced by U+FFFD.
    static func repaired(_ bytes: [UInt8]) -> [UInt8] {
        UTF8Check.repaired(bytes)
    }
}
