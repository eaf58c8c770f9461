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
    let ranges: [Range<Int>]

    init(splitting bytes: [UInt8]) {
        self.bytes = bytes
        ranges = Lines.split(bytes)
    }

    static func split(_ bytes: [UInt8]) -> [Range<Int>] {
        var start = 0
        if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
        let separator: UInt8 = !bytes.contains(0x0A) && bytes.contains(0x0D) ? 0x0D : 0x0A
        var ranges = [Range<Int>]()
        bytes.withUnsafeBufferPointer { buffer in
            var lineStart = start
            var index = start
            let end = buffer.count
            while index < end {
                if buffer[index] == separator {
                    var lineEnd = index
                    if separator == 0x0A && lineEnd > lineStart && buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                    ranges.append(lineStart..<lineEnd)
                    lineStart = index + 1
                }
                index += 1
            }
            if lineStart < end {
                var lineEnd = end
                if separator == 0x0A && buffer[lineEnd - 1] == 0x0D { lineEnd -= 1 }
                ranges.append(lineStart..<lineEnd)
            }
        }
        return ranges
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
