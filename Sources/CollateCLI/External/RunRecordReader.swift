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
        system_adviseSequential(run.descriptor)
    }

    deinit {
        block.free()
        key.free()
        line.free()
    }

    /// Moves to the next record. - Returns: false after the last one.
    func advance() throws(InputError) -> Bool {
        guard try ensure(10) else { return false }
        let size = readVarint()
        guard try ensure(size), block.count - position >= size else { throw corrupt() }
        let end = position + size
        let keyShared = readVarint()
        let keyRest = readVarint()
        guard keyShared <= key.count, position + keyRest <= end else { throw corrupt() }
        key.count = keyShared
        key.append(UnsafeBufferPointer(start: block.base + position, count: keyRest))
        position += keyRest
        let lineShared = readVarint()
        let lineRest = readVarint()
        guard lineShared <= line.count, position + lineRest <= end else { throw corrupt() }
        line.count = lineShared
        line.append(UnsafeBufferPointer(start: block.base + position, count: lineRest))
        position = end
        prefix = key.prefix
        return true
    }

    @inline(__always)
    private func readVarint() -> Int {
        var value = 0
        var shift = 0
        while position < block.count {
            let byte = block.base[position]
            position += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { break }
            shift += 7
        }
        return value
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
            let got = system_read(run.descriptor, into: UnsafeMutableRawBufferPointer(start: block.base + block.count, count: room))
            if got < 0 { throw InputError(file: "<temporary run>", message: "cannot read back: \(system_strerror(system_errno))") }
            if got == 0 { drained = true } else { block.count += got }
        }
        return block.count > 0
    }

    private func corrupt() -> InputError {
        InputError(file: "<temporary run>", message: "a temporary sort file was cut short (disk full?)")
    }
}
