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
                let what = problem.problem == .nul ? "a NUL byte (binary data?)" : "invalid UTF-8 (byte 0x\(Self.hex(bytes[problem.offset])))"
                throw InputError(
                    file: name, line: firstLine - 1 + line,
                    message: "\(what) at byte \(column) of the line (offset \(firstOffset + problem.offset) in the file); \(EncodingHint.advice(forInputStartingWith: atStart ? bytes[...] : [])) or use --invalid replace")
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
