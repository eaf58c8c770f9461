import CByteScan
import IndexedCollation
import SystemSupport

/// The lines of an input buffer, as byte ranges, decided once and never decoded twice.
///
/// Rules: lines end at `\n`; one `\r` before it is dropped (CRLF); a file that has `\r`
/// but no `\n` at all uses `\r` as its line end (classic Mac); a UTF-8 byte order mark
/// is dropped at the very start only (elsewhere it is data); a last line without a line
/// end counts; an empty input has no lines, while an empty line is a record.
struct Lines {
    /// The input bytes, possibly repaired (see ``InvalidUTF8Policy``).
    let bytes: [UInt8]
    /// Each line's bytes, without its line end.
    let ranges: ByteRanges

    /// Splits a whole input, or (with `atStart: false` / a known `separator`) one chunk of
    /// a larger input that is read piece by piece.
    init(splitting bytes: [UInt8], atStart: Bool = true, separator: UInt8? = nil) {
        self.bytes = bytes
        ranges = Lines.split(bytes, atStart: atStart, separator: separator ?? Lines.separator(of: bytes))
    }

    /// `\r` for a file with carriage returns and no line feed at all, else `\n`.
    static func separator(of bytes: [UInt8]) -> UInt8 {
        !bytes.contains(0x0A) && bytes.contains(0x0D) ? 0x0D : 0x0A
    }

    /// The line ranges of `bytes`. Large inputs are split on all cores: cut into parts
    /// that end just after a separator, each part's lines counted, then every part's ranges
    /// written straight into one array of the exact size (no growth, no copy).
    static func split(
        _ bytes: [UInt8], atStart: Bool = true, separator: UInt8, threads: Int = IndexingEngine.defaultThreads
    ) -> ByteRanges {
        var start = 0
        if atStart && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
        return bytes.withUnsafeBufferPointer { buffer in
            let end = buffer.count
            let partCount = Lines.partCount(bytes: end - start, threads: threads)
            var cuts = [start]
            for part in 1..<partCount {
                var cut = max(start + (end - start) * part / partCount, cuts[cuts.count - 1])
                while cut < end && buffer[cut] != separator { cut += 1 }
                cuts.append(min(cut + 1, end))
            }
            cuts.append(end)
            let input = UnsafeSendableBuffer(buffer)
            let parts = cuts
            var counts = [Int](repeating: 0, count: partCount)
            counts.withUnsafeMutableBufferPointer { counts in
                let counts = SendablePointer(counts)
                parallelFor(partCount, threads: threads) { part in
                    var count = Lines.count(of: separator, in: UnsafeBufferPointer(rebasing: input.buffer[parts[part]..<parts[part + 1]]))
                    // Only the non-empty part that reaches the end can end inside a line (a
                    // last line without a line end).
                    if parts[part] < parts[part + 1] && parts[part + 1] == end && input.buffer[end - 1] != separator { count += 1 }
                    counts.buffer[part] = count
                }
            }
            var offsets = [0]
            for count in counts { offsets.append(offsets[offsets.count - 1] + count) }
            let firsts = offsets
            return ByteRanges(count: firsts[partCount], bufferCount: end) { ranges in
                parallelFor(partCount, threads: threads) { part in
                    var next = firsts[part]
                    var lineStart = parts[part]
                    let partEnd = parts[part + 1]
                    let buffer = input.buffer
                    var index = parts[part]
                    // memchr jumps from line end to line end.
                    while index < partEnd,
                        let found = systemFirstIndex(of: separator, in: UnsafeBufferPointer(rebasing: buffer[..<partEnd]), from: index)
                    {
                        index = found + 1
                        var lineEnd = found
                        if separator == 0x0A && lineEnd > lineStart && buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                        ranges.initialize(at: next, to: lineStart..<lineEnd)
                        next += 1
                        lineStart = found + 1
                    }
                    if lineStart < partEnd {
                        var lineEnd = partEnd
                        if separator == 0x0A && buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                        ranges.initialize(at: next, to: lineStart..<lineEnd)
                    }
                }
            }
        }
    }

    /// How many parts a pass over `bytes` bytes is cut into, one per thread: one below
    /// 1 MiB, where waking the workers costs more than the pass.
    static func partCount(bytes: Int, threads: Int) -> Int { bytes < 1 << 20 ? 1 : max(1, threads) }

    /// How many bytes of `bytes` are `byte`, counted in parts on up to `threads` threads
    /// (``partCount(bytes:threads:)``).
    static func count(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, threads: Int) -> Int {
        let partCount = Lines.partCount(bytes: bytes.count, threads: threads)
        guard partCount > 1 else { return count(of: byte, in: bytes) }
        var counts = [Int](repeating: 0, count: partCount)
        counts.withUnsafeMutableBufferPointer { counts in
            let (counts, input) = (SendablePointer(counts), UnsafeSendableBuffer(bytes))
            parallelFor(partCount, threads: threads) { part in
                let size = input.buffer.count
                let range = parallelShare(part, of: partCount, count: size)
                counts.buffer[part] = count(of: byte, in: UnsafeBufferPointer(rebasing: input.buffer[range]))
            }
        }
        return counts.reduce(0, +)
    }

    /// How many bytes of `bytes` are `byte` (16 at a time on vector registers:
    /// `cbs_count_byte`, CByteScan).
    static func count(of byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        return cbs_count_byte(base, bytes.count, byte)
    }

    /// The 1-based line number containing byte `offset`.
    func lineNumber(containing offset: Int) -> Int {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < offset { low = middle + 1 } else { high = middle }
        }
        return low + 1
    }
}

extension Lines {
    /// Records already cut by a structured reader: each record's bytes in the input.
    /// - Parameters:
    ///   - bytes: The input.
    ///   - ranges: Each record's range of `bytes`, in input order.
    init(bytes: [UInt8], ranges: ByteRanges) {
        self.bytes = bytes
        self.ranges = ranges
    }
}
