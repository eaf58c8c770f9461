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

    static func split(_ bytes: [UInt8], atStart: Bool = true, separator: UInt8) -> [Range<Int>] {
        var start = 0
        if atStart && bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { start = 3 }
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
