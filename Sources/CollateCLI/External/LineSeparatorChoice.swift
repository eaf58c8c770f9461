/// The line separator of an input read in pieces (``ChunkReader``), decided as for the whole
/// input in memory (``Lines/separator(of:)``): LF as soon as one is read; at the end, CR
/// when there were carriage returns and no line feed. Until then the reader reads on; past
/// what one piece may hold, the unread rest of a regular file is scanned for a line feed,
/// and for a pipe the bytes read so far decide, a CR decision then being a guess that a
/// later line feed contradicts (``contradicts(_:)``).
struct LineSeparatorChoice {
    /// The separator: LF until decided otherwise.
    private(set) var separator: UInt8 = 0x0A
    /// Whether ``separator`` is final (a given separator is).
    private(set) var isDecided = false
    /// Whether CR was chosen for an unseekable input before its end was seen: a line feed
    /// read later is then an error rather than a silently different split.
    private var isGuessed = false

    /// A choice to make from the bytes, or `given` (NUL with `-z`) when not nil.
    init(given: UInt8?) {
        if let given { (separator, isDecided) = (given, true) }
    }

    /// What the unread rest of a seekable input holds (``decide(read:atEnd:pieceBytes:rest:)``).
    struct Rest {
        var hasLineFeed: Bool
        var hasCarriageReturn: Bool
    }

    /// Decides, when the bytes read so far allow it.
    /// - Parameters:
    ///   - read: The bytes read and not yet handed out.
    ///   - atEnd: Whether the input has ended.
    ///   - pieceBytes: The most input bytes one piece may hold: past them the reader must
    ///     decide before it can cut a piece.
    ///   - rest: Scans the unread rest of the input (and puts the read position back); nil
    ///     when the input cannot seek (a pipe).
    mutating func decide(read: [UInt8], atEnd: Bool, pieceBytes: Int, rest: () -> Rest?) {
        guard !isDecided else { return }
        if read.contains(0x0A) {
            separator = 0x0A
        } else if atEnd {
            separator = Lines.separator(of: read)
        } else if read.count > pieceBytes {
            let carriageReturn = read.contains(0x0D)
            if let rest = rest() {
                separator = rest.hasLineFeed ? 0x0A : carriageReturn || rest.hasCarriageReturn ? 0x0D : 0x0A
            } else {
                separator = carriageReturn ? 0x0D : 0x0A
                isGuessed = carriageReturn
            }
        } else {
            return
        }
        isDecided = true
    }

    /// Whether newly read bytes hold a line feed after a guess of CR (an error: the line
    /// ends cannot be decided within the memory bound).
    func contradicts(_ block: UnsafeRawBufferPointer) -> Bool { isGuessed && block.contains(0x0A) }
}
