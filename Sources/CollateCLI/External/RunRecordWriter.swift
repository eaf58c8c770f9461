/// Writes sorted records into a ``RunFile`` in 1 MiB blocks.
///
/// A record is `size ‖ keyShared ‖ keyRest ‖ keyRestBytes ‖ lineShared ‖ lineRest ‖
/// lineRestBytes` (the format read by ``RunRecordReader``), every number a LEB128 varint: `size` counts the bytes after it,
/// `…Shared` is how many leading bytes equal the previous record's. The key is the
/// run-order key (see ``ExternalSort/writeRun(_:_:firstPosition:sectionCounts:)``); no
/// position is stored, since equal keys keep their order inside a run and runs are merged
/// in input order. With `--with-keys` the key is the record's storage key, which ends in
/// its global position.
final class RunRecordWriter {
    let run: RunFile
    private let directory: String
    private var block: ByteBuffer
    private var previousKey = ByteBuffer(capacity: 256)
    private var previousLine = ByteBuffer(capacity: 256)
    private let blockSize = 1 << 20

    init(directory: String) throws(OutputError) {
        self.directory = directory
        run = try RunFile(directory: directory)
        block = ByteBuffer(capacity: blockSize + 4096)
    }

    deinit {
        block.free()
        previousKey.free()
        previousLine.free()
    }

    /// Appends one record; records must come in run order.
    ///
    /// The buffers are class properties: they are copied into locals (they are pointer
    /// structs) and stored back once, so the hot path pays no per-byte exclusivity checks.
    @inline(__always)
    func append(key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws(OutputError) {
        var block = self.block
        var previousKey = self.previousKey
        var previousLine = self.previousLine
        let keyShared = sharedPrefixLength(key, previousKey.bytes)
        let lineShared = sharedPrefixLength(line, previousLine.bytes)
        let keyRest = key.count - keyShared
        let lineRest = line.count - lineShared
        let size = Self.varintLength(keyShared) + Self.varintLength(keyRest) + keyRest
            + Self.varintLength(lineShared) + Self.varintLength(lineRest) + lineRest
        block.appendVarint(size)
        block.appendVarint(keyShared)
        block.appendVarint(keyRest)
        block.append(UnsafeBufferPointer(rebasing: key[keyShared...]))
        block.appendVarint(lineShared)
        block.appendVarint(lineRest)
        block.append(UnsafeBufferPointer(rebasing: line[lineShared...]))
        previousKey.count = keyShared
        previousKey.append(UnsafeBufferPointer(rebasing: key[keyShared...]))
        previousLine.count = lineShared
        previousLine.append(UnsafeBufferPointer(rebasing: line[lineShared...]))
        self.block = block
        self.previousKey = previousKey
        self.previousLine = previousLine
        run.records += 1
        if block.count >= blockSize { try flush() }
    }

    /// Bytes of `value` as a LEB128 varint.
    @inline(__always)
    static func varintLength(_ value: Int) -> Int {
        var length = 1
        var rest = UInt(value) >> 7
        while rest > 0 {
            length += 1
            rest >>= 7
        }
        return length
    }

    /// Writes out what is buffered.
    func flush() throws(OutputError) {
        var offset = 0
        while offset < block.count {
            let written = systemWrite(run.descriptor, block.base + offset, block.count - offset)
            if written < 0 { throw RunFile.writeError(directory, systemErrno) }
            offset += written
        }
        run.bytes += block.count
        block.count = 0
    }

    /// Ends writing: flushes and rewinds the file for reading.
    /// - Returns: The finished run.
    func finish() throws(OutputError) -> RunFile {
        try flush()
        systemRewind(run.descriptor)
        return run
    }
}
