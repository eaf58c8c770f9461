/// Writes sorted records into a ``RunFile`` in 1 MiB blocks.
///
/// A record is `size ‖ keyShared ‖ keyRest ‖ keyRestBytes ‖ lineShared ‖ lineRest ‖
/// lineRestBytes`, every number a LEB128 varint: `size` counts the bytes after it,
/// `…Shared` is how many leading bytes equal the previous record's. The key is the
/// run-order key (``RunKey``); no position is stored, since equal keys keep their order
/// inside a run and runs are merged in input order.
final class RunRecordWriter {
    let run: RunFile
    private let directory: String
    private var block: ByteBuffer
    private var record = ByteBuffer(capacity: 256)
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
        record.free()
        previousKey.free()
        previousLine.free()
    }

    /// Appends one record; records must come in run order.
    @inline(__always)
    func append(key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws(OutputError) {
        let keyShared = sharedPrefixLength(key, previousKey.bytes)
        let lineShared = sharedPrefixLength(line, previousLine.bytes)
        record.count = 0
        record.appendVarint(keyShared)
        record.appendVarint(key.count - keyShared)
        record.append(UnsafeBufferPointer(rebasing: key[keyShared...]))
        record.appendVarint(lineShared)
        record.appendVarint(line.count - lineShared)
        record.append(UnsafeBufferPointer(rebasing: line[lineShared...]))
        block.appendVarint(record.count)
        block.append(record.bytes)
        previousKey.count = 0
        previousKey.append(key)
        previousLine.count = 0
        previousLine.append(line)
        run.records += 1
        if block.count >= blockSize { try flush() }
    }

    /// Writes out what is buffered.
    func flush() throws(OutputError) {
        var offset = 0
        while offset < block.count {
            let written = system_write(run.descriptor, block.base + offset, block.count - offset)
            if written < 0 { throw RunFile.writeError(directory, system_errno) }
            offset += written
        }
        run.bytes += block.count
        block.count = 0
    }

    /// Ends writing: flushes and rewinds the file for reading.
    /// - Returns: The finished run.
    func finish() throws(OutputError) -> RunFile {
        try flush()
        system_rewind(run.descriptor)
        return run
    }
}
