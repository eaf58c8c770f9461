import SystemPackage
import SystemSupport

/// A buffered byte writer to a file descriptor: output streams out in 1 MiB blocks as it
/// is produced, with no `String` round-trips for bytes that are only copied through.
final class OutputSink {
    enum Failure: Error, CustomStringConvertible {
        /// The reader went away (`collate … | head -1`): stop quietly.
        case closedPipe
        /// Any other write error, with the system's reason.
        case writeFailed(String)

        /// The reason, as messages quote it.
        var description: String {
            switch self {
            case .closedPipe: "the reader closed the pipe"
            case .writeFailed(let reason): reason
            }
        }
    }

    private let descriptor: FileDescriptor
    /// Everything written, when the sink collects in memory (descriptor < 0).
    private(set) var collected: [UInt8] = []
    private let capacity = 1 << 20
    private let storage: UnsafeMutablePointer<UInt8>
    private var used = 0

    init(descriptor: FileDescriptor) {
        self.descriptor = descriptor
        storage = .allocate(capacity: capacity)
    }

    deinit { storage.deallocate() }

    @inline(__always)
    func write(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        if used + bytes.count > capacity {
            try flush()
            if bytes.count > capacity {
                try writeAll(base, bytes.count)
                return
            }
        }
        (storage + used).update(from: base, count: bytes.count)
        used += bytes.count
    }

    @inline(__always)
    func write(byte: UInt8) throws(Failure) {
        if used == capacity { try flush() }
        storage[used] = byte
        used += 1
    }

    /// Lets `body` write up to `count` bytes straight into the buffer (no intermediate
    /// array); `body` returns how many it wrote.
    @inline(__always)
    func write(upTo count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) throws(Failure) {
        if count > capacity {
            let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
            defer { scratch.deallocate() }
            try write(UnsafeBufferPointer(start: scratch, count: body(scratch)))
            return
        }
        if used + count > capacity { try flush() }
        used += body(storage + used)
    }

    /// Writes a large block of bytes straight to the descriptor, after what is buffered,
    /// without copying it into the buffer first (a small block is buffered as usual).
    func writeThrough(_ bytes: UnsafeBufferPointer<UInt8>) throws(Failure) {
        guard let base = bytes.baseAddress, bytes.count >= capacity / 4 else { return try write(bytes) }
        try flush()
        try writeAll(base, bytes.count)
    }

    func write(_ bytes: ArraySlice<UInt8>) throws(Failure) {
        try bytes.withUnsafeBufferPointer { (pointer) throws(Failure) in try write(pointer) }
    }

    func write(_ bytes: [UInt8]) throws(Failure) {
        try bytes.withUnsafeBufferPointer { (pointer) throws(Failure) in try write(pointer) }
    }

    func write(_ string: String) throws(Failure) {
        try write(Array(string.utf8))
    }

    /// Writes each line followed by a line feed.
    func writeLines(_ lines: [String]) throws(Failure) {
        for line in lines {
            try write(line)
            try write(byte: 0x0A)
        }
    }

    func flush() throws(Failure) {
        let count = used
        used = 0
        try writeAll(storage, count)
    }

    /// A sink that keeps its output in ``collected`` instead of writing it anywhere.
    static func memory() -> OutputSink { OutputSink(descriptor: FileDescriptor(rawValue: -1)) }

    private func writeAll(_ base: UnsafePointer<UInt8>, _ count: Int) throws(Failure) {
        if descriptor.rawValue < 0 {
            collected.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
            return
        }
        var offset = 0
        while offset < count {
            do throws(Errno) {
                offset += try systemWrite(descriptor, UnsafeRawBufferPointer(start: base + offset, count: count - offset))
            } catch .brokenPipe {
                throw .closedPipe
            } catch {
                throw .writeFailed(error.description)
            }
        }
    }
}
