/// The check of an input's bytes as UTF-8 text without NUL while ``ChunkReader`` reads it
/// block by block (`--invalid error`): how far the bytes read are checked, a sequence cut
/// by the end of a block left for the next block, and the error that names the first
/// invalid byte's line, column and offset in the file, as the whole input decoded in
/// memory names it (``InputError/invalidText(file:line:column:fileOffset:byte:nul:advice:)``).
struct TextByteCheck {
    /// Whether bytes are checked at all: `--invalid error` on input read as text lines
    /// (record readers and `-z` pieces check their own).
    let isOn: Bool
    /// How far the bytes not yet handed out are checked.
    private var validated = 0

    /// A check under `policy`, of text lines when `checksText`.
    init(policy: InvalidUTF8Policy, checksText: Bool) {
        isOn = policy == .error && checksText
    }

    /// The first invalid byte of `pending` after what was checked before, or nil. A
    /// sequence cut by the end of `pending` waits for the next block unless the input is
    /// `atEnd`.
    mutating func check(_ pending: [UInt8], atEnd: Bool) -> (offset: Int, problem: UTF8Validation.Problem)? {
        guard isOn else { return nil }
        let problem = pending.withUnsafeBufferPointer { UTF8Validation.firstProblem(in: $0, from: validated) }
        guard let problem else {
            validated = pending.count
            return nil
        }
        if problem.problem == .illFormed && !atEnd && problem.offset >= pending.count - 3 {
            validated = problem.offset
            return nil
        }
        return problem
    }

    /// The first invalid byte of a whole input read at once (checked on `threads`), or nil.
    mutating func checkWhole(_ pending: [UInt8], threads: Int) -> (offset: Int, problem: UTF8Validation.Problem)? {
        guard isOn else { return nil }
        let problem = pending.withUnsafeBufferPointer { UTF8Validation.firstProblem(in: $0, threads: threads) }
        if problem == nil { validated = pending.count }
        return problem
    }

    /// Checks again from the first byte (the input grew while it was read whole).
    mutating func restart() { validated = 0 }

    /// Moves past the `cut` bytes handed out as a piece.
    mutating func handedOut(_ cut: Int) { validated = max(0, validated - cut) }

    /// The error for an invalid byte at `offset` of `pending`: its line, its byte in the
    /// line and its offset in the file.
    /// - Parameters:
    ///   - separator: The line separator.
    ///   - linesBefore: Lines handed out before `pending`.
    ///   - offsetBefore: Bytes handed out before `pending`.
    ///   - atStart: Whether `pending` starts the input (where a BOM is dropped, and whose
    ///     first bytes hint at another encoding).
    static func error(
        at offset: Int, nul: Bool, in pending: [UInt8], file: String, separator: UInt8, linesBefore: Int, offsetBefore: Int,
        atStart: Bool
    ) -> InputError {
        var line = linesBefore + 1
        var lineStart = 0
        for index in 0..<offset where pending[index] == separator {
            line += 1
            lineStart = index + 1
        }
        if atStart && lineStart == 0 && pending.starts(with: [0xEF, 0xBB, 0xBF]) && offset >= 3 { lineStart = 3 }
        return InputError.invalidText(
            file: file, line: line, column: offset - lineStart, fileOffset: offsetBefore + offset, byte: pending[offset], nul: nul,
            advice: EncodingHint.advice(forInputStartingWith: atStart ? pending[...] : []))
    }
}

extension InputError {
    /// The error for invalid input text under `--invalid error`, wherever it is found (the
    /// whole input decoded in memory, or a piece read block by block): what the byte is,
    /// where it is, and what to do.
    static func invalidText(file: String, line: Int, column: Int, fileOffset: Int, byte: UInt8, nul: Bool, advice: String) -> InputError {
        let what = nul ? "a NUL byte (binary data?)" : "invalid UTF-8 (byte 0x\(LineDecoder.hex(byte)))"
        return InputError(
            file: file, line: line,
            message: "\(what) at byte \(column) of the line (offset \(fileOffset) in the file); \(advice) or use --invalid replace")
    }
}
