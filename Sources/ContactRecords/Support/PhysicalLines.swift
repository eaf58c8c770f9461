/// The physical lines of an input: each line's bytes without its line end, and the end
/// of the line including it. Lines end at LF, CRLF or a lone CR; a UTF-8 byte order mark
/// at the very start is skipped; a last line without a line end counts.
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
                position += byte == 0x0D && position + 1 < count && buffer[position + 1] == 0x0A ? 2 : 1
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
}
