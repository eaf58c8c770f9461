/// Turns physical lines into vCard logical lines: a line that starts with a space or tab
/// continues the previous one (the line break and that one character are removed, RFC
/// 6350 §3.2); a quoted-printable value whose line ends with `=` continues on the next
/// line as written (a vCard 2.1 soft line break, RFC 2045 §6.7).
struct VCardUnfolding {
    let buffer: UnsafeBufferPointer<UInt8>
    let lines: PhysicalLines

    /// The logical line starting at physical line `index`: its bytes and the index of the
    /// last physical line it uses.
    func logicalLine(at index: Int) -> (bytes: [UInt8], lastLine: Int) {
        var offsets: [Int]? = nil
        return logicalLine(at: index, offsets: &offsets)
    }

    /// The logical line starting at physical line `index`, with the offset in ``buffer``
    /// of each of its bytes (where a writer must insert to change the property as the
    /// reader sees it).
    func logicalLineWithOffsets(at index: Int) -> (bytes: [UInt8], lastLine: Int, offsets: [Int]) {
        var offsets: [Int]? = []
        let (bytes, last) = logicalLine(at: index, offsets: &offsets)
        return (bytes, last, offsets ?? [])
    }

    private func logicalLine(at index: Int, offsets: inout [Int]?) -> (bytes: [UInt8], lastLine: Int) {
        var bytes = Array(buffer[lines.contents[index]])
        offsets?.append(contentsOf: lines.contents[index])
        var last = index
        let quotedPrintable = Self.declaresQuotedPrintable(bytes)
        while last + 1 < lines.contents.count {
            let next = lines.contents[last + 1]
            if quotedPrintable && bytes.last == UInt8(ascii: "=") && !isEndOfCard(next) {
                bytes.removeLast()
                offsets?.removeLast()
                bytes.append(contentsOf: buffer[next])
                offsets?.append(contentsOf: next)
            } else if !next.isEmpty && (buffer[next.lowerBound] == 0x20 || buffer[next.lowerBound] == 0x09) {
                bytes.append(contentsOf: buffer[(next.lowerBound + 1)..<next.upperBound])
                offsets?.append(contentsOf: (next.lowerBound + 1)..<next.upperBound)
            } else {
                break
            }
            last += 1
        }
        return (bytes, last)
    }

    /// Whether a line is `END:VCARD` (a soft line break never swallows it).
    func isEndOfCard(_ line: Range<Int>) -> Bool {
        VCardContentLine.upper(buffer[line]).trimmingSpaces == "END:VCARD"
    }

    /// Whether the name-and-parameters part (before the first `:`) mentions
    /// QUOTED-PRINTABLE, in any case.
    static func declaresQuotedPrintable(_ bytes: [UInt8]) -> Bool {
        let colon = bytes.firstIndex(of: UInt8(ascii: ":")) ?? 0
        let needle = quotedPrintable
        guard colon >= needle.count else { return false }
        for start in 0...(colon - needle.count) {
            var matched = 0
            while matched < needle.count {
                let byte = bytes[start + matched]
                let folded = byte >= 0x61 && byte <= 0x7A ? byte - 0x20 : byte
                if folded != needle[matched] { break }
                matched += 1
            }
            if matched == needle.count { return true }
        }
        return false
    }

    static let quotedPrintable = Array("QUOTED-PRINTABLE".utf8)
}
