/// One sorted run of records spilled to disk: an anonymous temporary file (unlinked as
/// soon as it is created, so nothing is left behind even if the process is killed).
/// Records are `[key length][key][line length][line]`, lengths as 4-byte little-endian.
final class RunFile {
    let descriptor: Int32
    private let sink: OutputSink
    private var readBuffer = [UInt8]()
    private var readPosition = 0
    private var drained = false

    init(directory: String) throws(OutputError) {
        guard let (fd, path) = systemMakeTemporaryFile(prefix: "\(directory)/.collate-run-") else {
            throw OutputError(file: directory, message: "cannot create a temporary file for sorting: \(systemStrerror(systemErrno)); set TMPDIR to a writable directory with space")
        }
        systemUnlink(path)
        descriptor = fd
        sink = OutputSink(descriptor: fd)
    }

    deinit { systemClose(descriptor) }

    func append(key: [UInt8], line: UnsafeBufferPointer<UInt8>) throws(OutputSink.Failure) {
        try sink.write(Self.length(key.count))
        try sink.write(key)
        try sink.write(Self.length(line.count))
        try sink.write(line)
    }

    /// Ends writing and rewinds for reading.
    func finishWriting() throws(OutputSink.Failure) {
        try sink.flush()
        systemRewind(descriptor)
    }

    /// The next record, or nil after the last.
    func next() throws(OutputError) -> (key: [UInt8], line: [UInt8])? {
        guard let keyLength = try readLength() else { return nil }
        let key = try readBytes(keyLength)
        guard let lineLength = try readLength() else { throw corrupt() }
        return (key, try readBytes(lineLength))
    }

    private static func length(_ value: Int) -> [UInt8] {
        let value = UInt32(value)
        return [UInt8(value & 0xFF), UInt8((value >> 8) & 0xFF), UInt8((value >> 16) & 0xFF), UInt8(value >> 24)]
    }

    private func readLength() throws(OutputError) -> Int? {
        guard try ensure(4) else { return nil }
        let bytes = try readBytes(4)
        return Int(bytes[0]) | Int(bytes[1]) << 8 | Int(bytes[2]) << 16 | Int(bytes[3]) << 24
    }

    private func readBytes(_ count: Int) throws(OutputError) -> [UInt8] {
        guard try ensure(count) else { throw corrupt() }
        let bytes = Array(readBuffer[readPosition..<readPosition + count])
        readPosition += count
        return bytes
    }

    /// Makes `count` unread bytes available; false at a clean end of file.
    private func ensure(_ count: Int) throws(OutputError) -> Bool {
        while readBuffer.count - readPosition < count && !drained {
            readBuffer.removeFirst(readPosition)
            readPosition = 0
            var block = [UInt8](repeating: 0, count: max(1 << 20, count))
            let got = block.withUnsafeMutableBytes { systemRead(descriptor, into: $0) }
            if got < 0 {
                throw OutputError(file: "<temporary run>", message: "cannot read back: \(systemStrerror(systemErrno))")
            }
            if got == 0 { drained = true } else { readBuffer.append(contentsOf: block[0..<got]) }
        }
        return readBuffer.count - readPosition >= count
    }

    private func corrupt() -> OutputError {
        OutputError(file: "<temporary run>", message: "a temporary sort file was cut short (disk full?)")
    }
}
