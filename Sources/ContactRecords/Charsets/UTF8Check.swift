import CByteScan

/// UTF-8 validation that says where the first bad byte is, and repair with U+FFFD.
///
/// The same policy as the command line's line reader: ill-formed sequences (Unicode Table
/// 3-7: no overlongs, no surrogates, nothing above U+10FFFF) and NUL bytes are problems.
package enum UTF8Check {
    /// The offset of the first ill-formed sequence or NUL byte in `bytes`, if any.
    ///
    /// Sixteen bytes are checked at a time on vector registers
    /// (`cbs_utf8_block_is_well_formed`, CByteScan); a block that holds a problem is read
    /// again one sequence at a time from the sequence it starts in
    /// (``firstProblemBySequence(in:)``), which says where the problem is.
    package static func firstProblem(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        // Each block's bytes are checked against the three before them: the first block
        // and the last (with three bytes after the input) are read from a copy padded with
        // spaces, which end no sequence and need none.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 3 + blockWidth + 3) { padded in
            let padded = padded.baseAddress.unsafelyUnwrapped
            func paddedBlockIsWellFormed(at index: Int) -> Bool {
                let before = min(index, 3)
                padded.initialize(repeating: 0x20, count: 3 + blockWidth + 3)
                (padded + 3 - before).update(from: base + index - before, count: before + min(blockWidth, count - index))
                return cbs_utf8_block_is_well_formed(padded + 3) != 0
            }
            var index = 0
            if count >= blockWidth {
                guard paddedBlockIsWellFormed(at: 0) else { return sequenceProblem(in: bytes, fromBlock: 0) }
                index = cbs_utf8_first_bad_block(base, blockWidth, count)
                if index + blockWidth <= count { return sequenceProblem(in: bytes, fromBlock: index) }
            }
            // The rest (fewer than 16 bytes, maybe none), and whether the input ends inside
            // a sequence.
            return paddedBlockIsWellFormed(at: index) ? nil : sequenceProblem(in: bytes, fromBlock: index)
        }
    }

    /// Bytes a block check reads.
    private static let blockWidth = 16

    /// The first problem of `bytes`, known to lie in (or, for a sequence cut off by the
    /// end, just before) the block at `block`, every byte before it well-formed: read by
    /// sequence from the sequence the block starts in.
    private static func sequenceProblem(in bytes: UnsafeBufferPointer<UInt8>, fromBlock block: Int) -> Int? {
        // The sequence that covers the block's first byte starts at a lead byte at most
        // three bytes before it (earlier blocks are well-formed); else at the block.
        var start = block
        for back in 1...3 where block - back >= 0 {
            let byte = bytes[block - back]
            if byte & 0xC0 == 0x80 { continue }
            if byte >= 0xC0 && back < (byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2) { start = block - back }
            break
        }
        return firstProblemBySequence(in: UnsafeBufferPointer(rebasing: bytes[start...])).map { start + $0 }
    }

    /// ``firstProblem(in:)`` one sequence at a time.
    static func firstProblemBySequence(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let count = bytes.count
        var index = 0
        // Eight ASCII bytes without NUL at a time, from the start and after each ASCII byte
        // (not after a multi-byte sequence: in CJK text the next eight bytes rarely are).
        func skipASCII(_ index: inout Int) {
            while index + 8 <= count {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let hasHigh = word & 0x8080_8080_8080_8080 != 0
                let hasZero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
                if hasHigh || hasZero { return }
                index += 8
            }
        }
        skipASCII(&index)
        while index < count {
            let byte = base[index]
            if byte < 0x80 {
                if byte == 0 { return index }
                index += 1
                skipASCII(&index)
                continue
            }
            // The common CJK case inline: E1–EC/EE–EF lead, two continuation bytes.
            if byte &- 0xE1 <= 0x0E && byte != 0xED, index + 2 < count, base[index + 1] & 0xC0 == 0x80, base[index + 2] & 0xC0 == 0x80 {
                index += 3
                continue
            }
            let length = sequenceLength(bytes, at: index)
            if length == 0 { return index }
            index += length
        }
        return nil
    }

    /// Whether `bytes` is well-formed UTF-8 without NUL.
    package static func isValid(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBufferPointer { firstProblem(in: $0) == nil }
    }

    /// The length of the well-formed multi-byte sequence at `index`, or 0.
    @inline(__always)
    package static func sequenceLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let count = bytes.count
        func continuation(_ offset: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            index + offset < count && range.contains(bytes[index + offset])
        }
        switch bytes[index] {
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0: return continuation(1, 0xA0...0xBF) && continuation(2) ? 3 : 0
        case 0xE1...0xEC, 0xEE...0xEF: return continuation(1) && continuation(2) ? 3 : 0
        case 0xED: return continuation(1, 0x80...0x9F) && continuation(2) ? 3 : 0
        case 0xF0: return continuation(1, 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF1...0xF3: return continuation(1) && continuation(2) && continuation(3) ? 4 : 0
        case 0xF4: return continuation(1, 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }

    /// A copy of `bytes` with each ill-formed sequence (its maximal subpart) and each NUL
    /// replaced by U+FFFD.
    package static func repaired(_ bytes: [UInt8]) -> [UInt8] {
        var out = [UInt8]()
        out.reserveCapacity(bytes.count + 16)
        bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let byte = buffer[index]
                if byte != 0 && byte < 0x80 {
                    out.append(byte)
                    index += 1
                    continue
                }
                let length = byte == 0 ? 0 : sequenceLength(buffer, at: index)
                if length > 0 {
                    out.append(contentsOf: buffer[index..<index + length])
                    index += length
                } else {
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    index += byte == 0 ? 1 : maximalSubpart(buffer, at: index)
                }
            }
        }
        return out
    }

    /// How many bytes one U+FFFD replaces: the lead byte plus the continuation bytes that
    /// could still have been valid (at least 1).
    static func maximalSubpart(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int {
        let (needed, second): (Int, ClosedRange<UInt8>) =
            switch bytes[index] {
            case 0xC2...0xDF: (1, 0x80...0xBF)
            case 0xE0: (2, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (2, 0x80...0xBF)
            case 0xED: (2, 0x80...0x9F)
            case 0xF0: (3, 0x90...0xBF)
            case 0xF1...0xF3: (3, 0x80...0xBF)
            case 0xF4: (3, 0x80...0x8F)
            default: (0, 0x80...0xBF)
            }
        guard needed > 0, index + 1 < bytes.count, second.contains(bytes[index + 1]) else { return 1 }
        var length = 2
        while length <= needed && index + length < bytes.count && (0x80...0xBF).contains(bytes[index + length]) {
            length += 1
        }
        return length
    }

    /// The error for a problem at `offset`: its 1-based line and the byte offset in that line.
    package static func error(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> RecordError {
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset {
            if bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 >= bytes.count || bytes[index + 1] != 0x0A)) {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        let byte = bytes[offset]
        let what = byte == 0 ? "a NUL byte (binary data?)" : "invalid UTF-8 (byte 0x\(String(byte, radix: 16, uppercase: true)))"
        return RecordError(
            line: line,
            message: "\(what) at byte \(offset - lineStart) of the line (offset \(offset) in the file); expected UTF-8 text: "
                + "give its charset with --encoding NAME (e.g. --encoding CP932; auto guesses it) or use --invalid replace")
    }

    /// Checks a whole input by `handling`: returns it unchanged when valid, repaired under
    /// `.replace`, and throws under `.error`.
    package static func checked(_ bytes: [UInt8], handling: InvalidUTF8Handling) throws(RecordError) -> [UInt8] {
        let problem = bytes.withUnsafeBufferPointer { firstProblem(in: $0) }
        guard let problem else { return bytes }
        switch handling {
        case .replace: return repaired(bytes)
        case .error: throw bytes.withUnsafeBufferPointer { error(at: problem, in: $0) }
        }
    }
}
