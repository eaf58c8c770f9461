/// The physical lines of an input: each line's bytes without its line end, and the end
/// of the line including it. Lines end at LF, CRLF, CR CR LF (one line end, as Outlook
/// writes it, not a line and an empty one) or a lone CR; a UTF-8 byte order mark at the
/// very start is skipped; a last line without a line end counts.
struct PhysicalLines {
    /// Each line's content, without the line end.
    var contents: [Range<Int>] = []
    /// Where each line's line end stops (the next line's start).
    var nextStarts: [Int] = []

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        let count = buffer.count
        var position = count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF ? 3 : 0
        var lineStart = position
        while position < count {
            let byte = buffer[position]
            if byte == 0x0A || byte == 0x0D {
                contents.append(lineStart..<position)
                position += byte == 0x0A ? 1 : Self.lengthOfLineEnd(startingWithReturnAt: position, in: buffer)
                nextStarts.append(position)
                lineStart = position
            } else {
                position += 1
            }
        }
        if lineStart < count {
            contents.append(lineStart..<count)
            nextStarts.append(count)
        }
    }

    /// The length of the line end that starts with the CR at `position`: CR LF 2, CR CR LF
    /// 3, a lone CR 1.
    static func lengthOfLineEnd(startingWithReturnAt position: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
        let count = buffer.count
        if position + 1 < count && buffer[position + 1] == 0x0A { return 2 }
        if position + 2 < count && buffer[position + 1] == 0x0D && buffer[position + 2] == 0x0A { return 3 }
        return 1
    }
}
