/// Reads the records of a ``RunFile`` back in large blocks, keeping the current record's
/// key and line in reusable buffers (no allocation per record).
final class RunRecordReader {
    /// The run's place in input order (equal keys of lower runs come first).
    let order: Int
    private let run: RunFile
    private var block: ByteBuffer
    private var position = 0
    private var drained = false
    /// The current record's key and line (valid after ``advance()`` returned true).
    private(set) var key = ByteBuffer(capacity: 256)
    private(set) var line = ByteBuffer(capacity: 256)
    /// The first 8 key bytes, big-endian (see ``ByteBuffer/prefix``).
    private(set) var prefix: UInt64 = 0

    init(_ run: RunFile, order: Int, blockSize: Int) {
        self.run = run
        self.order = order
        block = ByteBuffer(capacity: blockSize)
        systemAdviseSequential(run.descriptor)
    }

    deinit {
        block.free()
        key.free()
        line.free()
    }

    /// Moves to the next record. - Returns: false after the last one.
    func advance() throws(InputError) -> Bool {
        if block.count - position < 10 || !hasWholeRecord() {
            guard try ensure(10) else { return false }
            let size = peekSize()
            guard size.complete else { throw corrupt() }
            let needed = size.end - position
            guard try ensure(needed), block.count - position >= needed else { throw corrupt() }
        }
        // Locals, stored back once: no exclusivity checks per byte (see RunRecordWriter).
        let base = block.base
        var at = position
        @inline(__always) func varint() -> Int {
            var value = 0
            var shift = 0
            while true {
                let byte = base[at]
                at += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
        }
        let size = varint()
        let end = at + size
        var key = self.key
        var line = self.line
        let keyShared = varint()
        let keyRest = varint()
        guard keyShared <= key.count, at + keyRest <= end else { throw corrupt() }
        key.count = keyShared
        key.append(UnsafeBufferPointer(start: base + at, count: keyRest))
        at += keyRest
        let lineShared = varint()
        let lineRest = varint()
        guard lineShared <= line.count, at + lineRest <= end else { throw corrupt() }
        line.count = lineShared
        line.append(UnsafeBufferPointer(start: base + at, count: lineRest))
        self.key = key
        self.line = line
        position = end
        prefix = key.prefix
        return true
    }

    /// Whether the whole next record is in the block (its size varint and its bytes).
    @inline(__always)
    private func hasWholeRecord() -> Bool {
        let size = peekSize()
        return size.complete && size.end <= block.count
    }

    /// The end offset of the next record, read from its size varint.
    @inline(__always)
    private func peekSize() -> (end: Int, complete: Bool) {
        var at = position
        var value = 0
        var shift = 0
        while at < block.count {
            let byte = block.base[at]
            at += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return (at + value, true) }
            shift += 7
        }
        return (at, false)
    }

    /// Makes `count` unread bytes available (fewer only at the end of the file).
    /// - Returns: false at a clean end of the file.
    private func ensure(_ count: Int) throws(InputError) -> Bool {
        if block.count - position >= count { return true }
        let rest = block.count - position
        if rest > 0 && position > 0 { block.base.update(from: block.base + position, count: rest) }
        block.count = rest
        position = 0
        while block.count < count && !drained {
            block.reserve(max(count - block.count, 0))
            let room = block.capacity - block.count
            let got = systemRead(run.descriptor, into: UnsafeMutableRawBufferPointer(start: block.base + block.count, count: room))
            if got < 0 { throw InputError(file: "<temporary run>", message: "cannot read back: \(systemStrerror(systemErrno))") }
            if got == 0 { drained = true } else { block.count += got }
        }
        return block.count > 0
    }

    private func corrupt() -> InputError {
        InputError(file: "<temporary run>", message: "a temporary sort file was cut short (disk full?)")
    }
}
