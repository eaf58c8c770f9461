/// Reads an input in pieces of about `size` bytes that end at a line end, so inputs
/// larger than memory can be sorted in runs. A line longer than `size` makes its piece
/// longer; nothing is ever cut inside a line.
final class ChunkReader {
    let name: String
    private let descriptor: Int32
    private let owned: Bool
    private let size: Int
    private var pending: [UInt8] = []
    private var atEnd = false
    /// The line separator, decided from the first piece (see ``Lines``).
    private(set) var separator: UInt8 = 0x0A
    /// Whether the next piece is the first (a BOM is dropped only there).
    private(set) var isFirst = true
    /// Lines and bytes before the next piece, for error messages.
    private(set) var linesBefore = 0
    private(set) var offsetBefore = 0

    init(path: String, size: Int) throws(InputError) {
        name = InputFile.displayName(path)
        (descriptor, owned) = try InputFile.open(path)
        self.size = max(1, size)
    }

    deinit { if owned { systemClose(descriptor) } }

    /// Whether everything has been handed out.
    var isFinished: Bool { atEnd && available == 0 }

    /// One piece of the input and where it starts.
    struct Piece {
        var bytes: [UInt8]
        /// Whether this is the start of the input (where a BOM is dropped).
        var atStart: Bool
        /// The 1-based line number and the byte offset of the piece's first line.
        var firstLine: Int
        var firstOffset: Int
    }

    /// The next piece of whole lines, or nil at the end of the input.
    func next() throws(InputError) -> Piece? {
        while !atEnd && available < size { try fill() }
        if available == 0 { return nil }
        let first = isFirst
        if first { separator = Lines.separator(of: Array(pending[consumed...])) }
        let cut: Int
        if atEnd && available <= size {
            cut = pending.count  // the rest, a last line without a line end included
        } else if let last = pending[consumed..<consumed + min(size, available)].lastIndex(of: separator) {
            cut = last + 1  // whole lines within the buffer size
        } else {
            // A line longer than the buffer: the piece ends with it.
            var searchFrom = consumed + min(size, available)
            while true {
                if let end = pending[searchFrom...].firstIndex(of: separator) {
                    cut = end + 1
                    break
                }
                if atEnd {
                    cut = pending.count
                    break
                }
                searchFrom = pending.count
                try fill()
            }
        }
        let piece = Piece(bytes: Array(pending[consumed..<cut]), atStart: first, firstLine: linesBefore + 1, firstOffset: offsetBefore)
        consumed = cut
        if consumed >= 1 << 22 || consumed == pending.count {
            pending.removeFirst(consumed)
            consumed = 0
        }
        isFirst = false
        linesBefore += piece.bytes.reduce(0) { $0 + ($1 == separator ? 1 : 0) }
        offsetBefore += piece.bytes.count
        return piece
    }

    /// Bytes read but not handed out yet.
    private var available: Int { pending.count - consumed }
    /// Bytes at the start of `pending` already handed out.
    private var consumed = 0

    private func fill() throws(InputError) {
        let block = 1 << 20
        var buffer = [UInt8](repeating: 0, count: block)
        let got = buffer.withUnsafeMutableBytes { systemRead(descriptor, into: $0) }
        if got < 0 { throw InputError(file: name, message: InputFile.reason(systemErrno, opening: false)) }
        if got == 0 { atEnd = true } else { pending.append(contentsOf: buffer[0..<got]) }
    }
}
