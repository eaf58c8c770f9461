import ContactRecords
import IndexedCollation

/// Splits input bytes into lines and checks their encoding, by the input rules of
/// ``Lines`` and the chosen ``InvalidUTF8Policy``.
struct LineDecoder {
    /// What to do with invalid UTF-8 and NUL bytes.
    var invalidUTF8: InvalidUTF8Policy
    /// Whether records end with NUL (`-z`): NUL is then the separator, not an error.
    var zeroTerminated = false
    /// Whether the bytes are known to be UTF-8 without NUL (the reader checked them while
    /// reading): then they are only split.
    var isCheckedUTF8 = false

    /// Splits and checks input bytes (a whole input, or one piece of a large one whose
    /// first line is line `firstLine` at byte `firstOffset` of the file).
    /// - Parameters:
    ///   - input: The bytes.
    ///   - name: The input's name for error messages.
    ///   - atStart: Whether the bytes start the input (a BOM is dropped only there).
    ///   - separator: The line separator decided for the whole input, or nil to decide.
    ///   - firstLine: The 1-based line number of the first line, for error messages.
    ///   - firstOffset: The file offset of the first byte, for error messages.
    /// - Returns: The lines (of the repaired bytes with ``InvalidUTF8Policy/replace``).
    /// - Throws: ``InputError`` naming the line and byte of the first invalid sequence or
    ///   NUL byte, with ``InvalidUTF8Policy/error``.
    func decode(
        _ input: [UInt8], name: String, atStart: Bool = true, separator: UInt8? = nil, firstLine: Int = 1, firstOffset: Int = 0
    ) throws(InputError) -> Lines {
        var bytes = input
        let separator = zeroTerminated ? 0x00 : separator
        var lines = Lines(splitting: bytes, atStart: atStart, separator: separator)
        if isCheckedUTF8 { return lines }
        let problem = bytes.withUnsafeBufferPointer { buffer in
            var found = UTF8Validation.firstProblem(in: buffer)
            while zeroTerminated, let nul = found, nul.problem == .nul {
                found = UTF8Validation.firstProblem(in: buffer, from: nul.offset + 1)
            }
            return found
        }
        if let problem {
            switch invalidUTF8 {
            case .error:
                let line = lines.lineNumber(containing: problem.offset)
                let column = problem.offset - (lines.ranges.isEmpty ? 0 : lines.ranges[line - 1].lowerBound)
                throw InputError.invalidText(
                    file: name, line: firstLine - 1 + line, column: column, fileOffset: firstOffset + problem.offset,
                    byte: bytes[problem.offset], nul: problem.problem == .nul,
                    advice: EncodingHint.advice(forInputStartingWith: atStart ? bytes[...] : []))
            case .replace:
                // With -z, repair between the NUL separators so they stay separators.
                bytes = zeroTerminated
                    ? Array(bytes.split(separator: 0, omittingEmptySubsequences: false).map { UTF8Validation.repaired(Array($0)) }.joined(separator: [0]))
                    : UTF8Validation.repaired(bytes)
                lines = Lines(splitting: bytes, atStart: atStart, separator: separator)
            }
        }
        return lines
    }

    /// A byte as two uppercase hex digits.
    static func hex(_ byte: UInt8) -> String {
        let hex = String(byte, radix: 16, uppercase: true)
        return hex.count == 1 ? "0" + hex : hex
    }
}

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

    /// ``firstProblem(in:from:)`` of a whole buffer, checked in parts side by side on up
    /// to `threads` threads. Each part after the first starts at a byte that is not a
    /// continuation byte, where a check from the start is between two sequences (or past
    /// a problem an earlier part finds), so the first problem found is the same one.
    static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>, threads: Int) -> (offset: Int, problem: Problem)? {
        let partCount = Lines.partCount(bytes: bytes.count, threads: threads)
        guard partCount > 1 else { return firstProblem(in: bytes) }
        var cuts = [0]
        for part in 1..<partCount {
            var cut = max(bytes.count * part / partCount, cuts[part - 1])
            while cut < bytes.count && bytes[cut] & 0xC0 == 0x80 { cut += 1 }
            cuts.append(cut)
        }
        cuts.append(bytes.count)
        let parts = cuts
        var firsts = [Int](repeating: -1, count: partCount)
        firsts.withUnsafeMutableBufferPointer { firsts in
            let (firsts, input) = (SendablePointer(firsts), UnsafeSendableBuffer(bytes))
            parallelFor(partCount, threads: threads) { part in
                let range = parts[part]..<parts[part + 1]
                firsts.buffer[part] = UTF8Check.firstProblem(in: UnsafeBufferPointer(rebasing: input.buffer[range])).map { range.lowerBound + $0 } ?? -1
            }
        }
        guard let offset = firsts.first(where: { $0 >= 0 }) else { return nil }
        return (offset, bytes[offset] == 0 ? .nul : .illFormed)
    }

    /// A copy of `bytes` with every ill-formed sequence (maximal subpart, as Unicode
    /// recommends) and every NUL replaced by U+FFFD.
    static func repaired(_ bytes: [UInt8]) -> [UInt8] {
        UTF8Check.repaired(bytes)
    }
}

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
