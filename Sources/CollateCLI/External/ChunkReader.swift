import IndexedCollation
import SystemPackage
import SystemSupport

/// Reads an input in pieces of whole lines (or whole records, see ``RecordEnds``) whose
/// memory cost (``SpillBudget/cost(bytes:lines:)``) fits one piece's budget, so inputs
/// larger than memory can be sorted in runs. A line longer than the budget is a piece of
/// its own; a line longer than
/// ``SpillBudget/maxLineBytes`` is an error naming it. Bytes are checked as they arrive:
/// with `--invalid error` the first NUL or invalid UTF-8 byte stops the read at once
/// (`collate /dev/zero` fails on its first byte instead of reading forever).
final class ChunkReader {
    let name: String
    private let descriptor: FileDescriptor
    private let owned: Bool
    private let budget: SpillBudget
    /// Read bytes from the start of the next piece on.
    private var pending: [UInt8] = []
    /// How far a scan of `pending` has gone, and what it found: the line ends seen, and
    /// the last place a piece may be cut with the lines before it.
    private struct Scan {
        var scanned = 0
        var lines = 0
        var lastEnd = 0
        var linesAtLastEnd = 0
    }
    /// The scan for line ends (every one a record end for lines, `END:VCARD` for vCards).
    private var lineScan = Scan()
    /// Where a piece may be cut (every line end for lines), with its scanning state.
    private var recordEnds: RecordEnds
    /// Where the line being scanned starts.
    private var lineStart = 0
    /// CSV: the scan of quotes for record ends (``lastRecordEnd(in:upTo:)``), made only
    /// where a piece is cut.
    private var quoteScan = Scan()
    /// Memory per input byte of a piece (``SpillBudget/bytesPerByte``, more for records).
    private let bytesPerByte: Int
    /// The check of the bytes read for invalid UTF-8 and NUL.
    private var textCheck: TextByteCheck
    private var atEnd = false
    /// One read(2) block, reused.
    private let readBlock = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 16)
    /// The line separator, decided as for the whole input in memory (CR only when the
    /// input has no LF at all).
    private var separatorChoice: LineSeparatorChoice
    /// The line separator (LF until decided otherwise, see ``LineSeparatorChoice``).
    var separator: UInt8 { separatorChoice.separator }
    /// Whether the next piece is the first (a BOM is dropped only there).
    private(set) var isFirst = true
    /// Lines and bytes before the next piece, for error messages.
    private(set) var linesBefore = 0
    private(set) var offsetBefore = 0
    /// Bytes handed out so far (for progress).
    var bytesRead: Int { offsetBefore }

    /// - Parameters:
    ///   - checksText: Whether bytes are checked as UTF-8 text without NUL while read:
    ///     false for input a record reader decodes itself (csv, tsv, jsonl, vcard: a vCard
    ///     may be Latin-1) and for NUL-terminated records (`-z`), which pieces check.
    ///   - separator: The record separator (NUL with `-z`), or nil to decide between LF
    ///     and CR from the first block.
    ///   - recordEnds: Which line ends may end a piece (records of csv and vcard input
    ///     span lines).
    ///   - overlapped: Whether each piece's run is written while the next piece is read
    ///     and keyed: pieces after the first are then cut at
    ///     ``SpillBudget/overlappedPieceBudget``.
    init(
        path: String, budget: SpillBudget, policy: InvalidUTF8Policy = .error, checksText: Bool = true, separator: UInt8? = nil,
        recordEnds: RecordEnds = .lines, overlapped: Bool = false
    ) throws(InputError) {
        name = InputFile.displayName(path)
        self.overlapped = overlapped
        self.recordEnds = recordEnds
        bytesPerByte = recordEnds.kind == .lines ? SpillBudget.bytesPerByte : SpillBudget.bytesPerRecordByte
        (descriptor, owned) = try InputFile.open(path)
        self.budget = budget
        textCheck = TextByteCheck(policy: policy, checksText: checksText)
        separatorChoice = LineSeparatorChoice(given: separator)
        fileSize = systemRegularFileSize(of: descriptor)
        // A file that fits one piece is read into one buffer, grown once (lines: by
        // ``readWhole(limit:)``, which makes its own).
        if let fileSize, !readsWhole(fileSize: fileSize, limit: budget.pieceBudget) {
            pending = [UInt8](hugePagesCapacity: min(fileSize, budget.pieceBudget / bytesPerByte) + 1)
        }
    }

    /// The input's size when it is a regular file (nil for a pipe).
    let fileSize: Int?

    /// Memory the caller holds from piece to piece (the spilled records' column table),
    /// taken off each piece's budget so the whole process keeps to the bound.
    var heldBytes = 0

    /// Whether pieces after the first take half the budget (see ``init(path:budget:policy:checksText:separator:recordEnds:overlapped:)``).
    let overlapped: Bool

    deinit {
        readBlock.deallocate()
        if owned { systemClose(descriptor) }
    }

    /// Whether everything has been handed out.
    var isFinished: Bool { atEnd && pending.isEmpty }

    /// One piece of the input and where it starts.
    struct Piece {
        var bytes: [UInt8]
        /// Whether this is the start of the input (where a BOM is dropped).
        var atStart: Bool
        /// The 1-based line number and the byte offset of the piece's first line.
        var firstLine: Int
        var firstOffset: Int
        /// How many lines the piece has (a last line without a line end counts).
        var lineCount: Int
    }

    /// The next piece of whole lines, or nil at the end of the input.
    func next() throws(InputError) -> Piece? {
        let limit = max(1, (isFirst || !overlapped ? budget.pieceBudget : budget.overlappedPieceBudget) - heldBytes)
        if isFirst && pending.isEmpty && !atEnd, let whole = try readWhole(limit: limit) { return whole }
        var cut = -1
        var lines = 0
        while cut < 0 {
            // Scan what was read for line ends, stopping once the piece is full.
            let found: (cut: Int, lines: Int)? = !separatorChoice.isDecided ? nil : pending.withUnsafeBufferPointer { buffer in
                // The scanning state in locals (class properties would be checked for
                // exclusive access at every line), stored back when the scan stops.
                var (lineStart, scan) = (self.lineStart, lineScan)
                defer { (self.lineStart, lineScan) = (lineStart, scan) }
                var index = scan.scanned
                let end = buffer.count
                let separator = self.separator
                // CSV quotes are read only where a piece is cut (an input that fits is never
                // read twice); vCards end at END:VCARD lines.
                let (quotes, everyLine) = (recordEnds.scansBytes, recordEnds.isLines || recordEnds.scansBytes)
                while index < end {
                    // Only separators matter here: memchr jumps to the next one.
                    guard let found = systemFirstIndex(of: separator, in: buffer, from: index) else {
                        index = end
                        break
                    }
                    index = found
                    if buffer[index] == separator {
                        let lineEnd = index + 1
                        scan.lines += 1
                        let endsRecord = everyLine || recordEnds.endsRecord(line: UnsafeBufferPointer(rebasing: buffer[lineStart..<index]))
                        lineStart = lineEnd
                        if endsRecord {
                            if scan.lastEnd > 0 && cost(bytes: lineEnd, lines: scan.lines) > limit {
                                guard quotes else { return (scan.lastEnd, scan.linesAtLastEnd) }
                                let record = lastRecordEnd(in: buffer, upTo: scan.lastEnd)
                                if record.cut > 0 { return record }
                            }
                            (scan.lastEnd, scan.linesAtLastEnd) = (lineEnd, scan.lines)
                            if cost(bytes: lineEnd, lines: scan.lines) > limit {
                                guard quotes else { return (scan.lastEnd, scan.linesAtLastEnd) }
                                let record = lastRecordEnd(in: buffer, upTo: lineEnd)
                                // A record longer than the bound, or a quote left open.
                                if record.cut > 0 || lineEnd > budget.maxLineBytes { return record }
                            }
                        }
                    }
                    index += 1
                }
                scan.scanned = end
                return nil
            }
            if let found, found.cut == 0 {
                throw InputError(
                    file: name, line: linesBefore + 1,
                    message: "the record is longer than \(budget.maxLineBytes) bytes and does not fit the memory bound (--buffer-size \(budget.bytes)); give a larger --buffer-size, or is a quote left open?")
            }
            if let found {
                (cut, lines) = found
                break
            }
            if atEnd {
                if pending.isEmpty { return nil }
                cut = pending.count
                lines = lineScan.lines + (lineStart < pending.count ? 1 : 0)
                break
            }
            if pending.count - lineScan.lastEnd > budget.maxLineBytes {
                if !recordEnds.isLines {
                    throw InputError(
                        file: name, line: linesBefore + lineScan.linesAtLastEnd + 1,
                        message: "the record is longer than \(budget.maxLineBytes) bytes and does not fit the memory bound (--buffer-size \(budget.bytes)); give a larger --buffer-size\(recordEnds.delimiter != 0 ? ", or is a quote left open?" : "")")
                }
                throw InputError(
                    file: name, line: linesBefore + lineScan.lines + 1,
                    message: "the line is longer than \(budget.maxLineBytes) bytes and does not fit the memory bound (--buffer-size \(budget.bytes)); give a larger --buffer-size, or is this a binary file?")
            }
            try fill()
        }
        return piece(cut: cut, lines: lines)
    }

    /// Hands out `pending` up to `cut` (`lines` lines) as the next piece.
    private func piece(cut: Int, lines: Int) -> Piece {
        var bytes = pending
        pending = Array(bytes[cut...])
        bytes.removeLast(bytes.count - cut)
        let piece = Piece(bytes: bytes, atStart: isFirst, firstLine: linesBefore + 1, firstOffset: offsetBefore, lineCount: lines)
        isFirst = false
        linesBefore += lines
        offsetBefore += cut
        textCheck.handedOut(cut)
        // The bytes after the cut are scanned again from the start of a record.
        (lineScan, quoteScan, lineStart) = (Scan(), Scan(), 0)
        recordEnds.reset()
        return piece
    }

    /// Whether a file of `fileSize` bytes is lines whose bytes fit a piece of `limit`
    /// (``readWhole(limit:)`` reads it).
    private func readsWhole(fileSize: Int, limit: Int) -> Bool { recordEnds.isLines && fileSize <= limit / bytesPerByte }

    /// A regular file of lines whose bytes fit one piece, read whole: straight into one
    /// buffer of its size (no block copies), then checked as UTF-8 and its lines counted on
    /// every core, where ``next()`` checks block by block and finds every line end on this
    /// thread. Returns the input as one piece when its lines fit too; nil when it is not
    /// such a file (nothing read), or when its lines do not fit (everything read and
    /// checked, for ``next()`` to cut).
    /// - Throws: ``InputError`` for a read error or, under `--invalid error`, the first
    ///   invalid byte (the same error, at the same byte, as the block-by-block check).
    private func readWhole(limit: Int) throws(InputError) -> Piece? {
        guard let fileSize, fileSize > 0, readsWhole(fileSize: fileSize, limit: limit) else { return nil }
        var (total, failure): (Int, Errno?) = (0, nil)
        pending = [UInt8](unsafeUninitializedCapacity: fileSize + 1) { buffer, initialized in
            HugePages.advise(UnsafeMutableRawBufferPointer(buffer))
            let raw = UnsafeMutableRawBufferPointer(buffer)
            // One byte more than the size: a read that fills it says the file grew.
            while total < raw.count {
                do throws(Errno) {
                    let got = try systemRead(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: raw[total...]))
                    if got == 0 { break }
                    total += got
                } catch {
                    failure = error
                    break
                }
            }
            initialized = total
        }
        if let failure { throw InputError(file: name, message: InputFile.reason(failure, opening: false)) }
        if total <= fileSize {
            atEnd = true
        } else {
            // The file grew while it was read: the rest is read and checked block by block.
            textCheck.restart()
            while !atEnd { try fill() }
            return nil
        }
        decideSeparator()
        let threads = IndexingEngine.defaultThreads
        if let problem = textCheck.checkWhole(pending, threads: threads) { throw invalidByte(problem) }
        let lines = pending.withUnsafeBufferPointer { buffer in
            Lines.count(of: separator, in: buffer, threads: threads) + (buffer.last == separator ? 0 : 1)
        }
        guard cost(bytes: pending.count, lines: lines) <= limit else { return nil }
        return piece(cut: pending.count, lines: lines)
    }

    /// The last CSV record end at or before `limit` in `buffer` (the pending bytes) and the
    /// lines before it, or a cut of 0 when the piece's first record goes on past `limit`.
    /// Quotes are read from where the last call stopped, so each byte is read once.
    private func lastRecordEnd(in buffer: UnsafeBufferPointer<UInt8>, upTo limit: Int) -> (cut: Int, lines: Int) {
        var (ends, scan) = (recordEnds, quoteScan)
        // A byte order mark is no part of the first field.
        var index = isFirst && scan.scanned == 0 && buffer.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : scan.scanned
        let separator = self.separator
        while index < limit {
            let byte = buffer[index]
            index += 1
            guard byte == separator else {
                ends.scan(byte)
                continue
            }
            scan.lines += 1
            if ends.endsRecord(line: UnsafeBufferPointer(start: nil, count: 0)) { (scan.lastEnd, scan.linesAtLastEnd) = (index, scan.lines) }
        }
        scan.scanned = max(scan.scanned, limit)
        (recordEnds, quoteScan) = (ends, scan)
        return (scan.lastEnd, scan.linesAtLastEnd)
    }

    /// What a piece of `bytes` input bytes in `lines` lines costs in memory.
    private func cost(bytes: Int, lines: Int) -> Int { bytes * bytesPerByte + lines * SpillBudget.bytesPerLine }

    /// Reads one block, deciding the separator once it can and checking new bytes.
    private func fill() throws(InputError) {
        let got: Int
        do throws(Errno) {
            got = try systemRead(descriptor, into: readBlock)
        } catch {
            throw InputError(file: name, message: InputFile.reason(error, opening: false))
        }
        if got > 0 { pending.append(contentsOf: UnsafeRawBufferPointer(rebasing: readBlock[0..<got])) }
        if got == 0 { atEnd = true }
        if got > 0 && separatorChoice.contradicts(UnsafeRawBufferPointer(rebasing: readBlock[0..<got])) {
            throw InputError(
                file: name,
                message: "a line feed after \(offsetBefore + pending.count - got) bytes of lines ended by carriage returns alone: the line ends cannot be decided within the memory bound (--buffer-size \(budget.bytes)); convert them first (tr '\\r' '\\n') or give a larger --buffer-size")
        }
        decideSeparator()
        if let problem = textCheck.check(pending, atEnd: atEnd) { throw invalidByte(problem) }
    }

    /// Decides the line separator once the bytes read allow it (``LineSeparatorChoice``).
    private func decideSeparator() {
        separatorChoice.decide(read: pending, atEnd: atEnd, pieceBytes: budget.pieceBudget / SpillBudget.bytesPerByte) {
            unreadRest()
        }
    }

    /// Whether the unread rest of a regular file holds a line feed and a carriage return,
    /// reading it through and seeking back; nil when the input cannot seek (a pipe) or a
    /// read fails.
    private func unreadRest() -> LineSeparatorChoice.Rest? {
        guard systemFileKind(of: descriptor) == .regular else { return nil }
        let start = systemCurrentOffset(descriptor)
        guard start >= 0 else { return nil }
        defer { _ = systemSeek(descriptor, to: start) }
        var rest = LineSeparatorChoice.Rest(hasLineFeed: false, hasCarriageReturn: false)
        while !rest.hasLineFeed {
            guard let got = try? systemRead(descriptor, into: readBlock) else { return nil }
            guard got > 0 else { break }
            let bytes = UnsafeRawBufferPointer(rebasing: readBlock[0..<got])
            rest.hasLineFeed = bytes.contains(0x0A)
            rest.hasCarriageReturn = rest.hasCarriageReturn || bytes.contains(0x0D)
        }
        return rest
    }

    /// The error for the invalid byte `found` in `pending`
    /// (``TextByteCheck/error(at:nul:in:file:separator:linesBefore:offsetBefore:atStart:)``).
    private func invalidByte(_ found: (offset: Int, problem: UTF8Validation.Problem)) -> InputError {
        TextByteCheck.error(
            at: found.offset, nul: found.problem == .nul, in: pending, file: name, separator: separator, linesBefore: linesBefore,
            offsetBefore: offsetBefore, atStart: isFirst)
    }
}
