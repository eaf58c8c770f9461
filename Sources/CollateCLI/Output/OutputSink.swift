#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered byte writer to a file descriptor: output streams out in large blocks as it
/// is produced, with no `String` round-trips for bytes that are only copied through.
final class OutputSink {
    enum Failure: Error {
        /// The reader went away (`collate … | head -1`): stop quietly.
        case closedPipe
        /// Any other write error, with the system's reason.
        case writeFailed(String)
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let flushThreshold = 1 << 20

    init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(flushThreshold + 4096)
    }

    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushThreshold { try flush() }
    }

    func write(_ bytes: some Sequence<UInt8>) throws(Failure) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= flushThreshold { try flush() }
    }

    func write(_ string: String) throws(Failure) {
        try write(string.utf8)
    }

    func write(byte: UInt8) throws(Failure) {
        buffer.append(byte)
        if buffer.count >= flushThreshold { try flush() }
    }

    func flush() throws(Failure) {
        var offset = 0
        let result: Failure? = buffer.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return nil }
            while offset < raw.count {
                let written = Glibc.write(descriptor, base + offset, raw.count - offset)
                if written < 0 {
                    let code = errno
                    if code == EINTR { continue }
                    if code == EPIPE { return .closedPipe }
                    return .writeFailed(String(cString: strerror(code)))
                }
                offset += written
            }
            return nil
        }
        buffer.removeAll(keepingCapacity: true)
        if let result { throw result }
    }
}
