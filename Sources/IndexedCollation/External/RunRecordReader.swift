import SystemPackage
import SystemSupport

/// Reads the records of a ``RunFile`` back block by block (the format written by
/// ``RunRecordWriter``), keeping the current record's key and line in reusable buffers
/// (no allocation per record). Its state is unchecked for exclusivity, like
/// ``RunStream``'s: one reader is used from one thread, once per record of a merge.
package final class RunRecordReader {
    private let run: RunFile
    @exclusivity(unchecked) private var block: ByteBuffer
    /// The block buffer's usual size; a long record grows it for its block only.
    private let blockCapacity: Int
    @exclusivity(unchecked) private var position = 0
    @exclusivity(unchecked) private var suffix = ByteBuffer(capacity: 64)
    /// The current record's key and line (valid after ``advance()`` returned true).
    @exclusivity(unchecked) package private(set) var key = ByteBuffer(capacity: 256)
    @exclusivity(unchecked) package private(set) var line = ByteBuffer(capacity: 256)
    /// The first 8 key bytes, big-endian (see ``ByteBuffer/prefix``).
    @exclusivity(unchecked) package private(set) var prefix: UInt64 = 0

    /// - Parameters:
    ///   - blockSize: The expected block size (the buffer grows for a longer block).
    package init(_ run: RunFile, blockSize: Int) {
        self.run = run
        blockCapacity = blockSize + 4096
        block = ByteBuffer(capacity: blockCapacity)
        systemAdviseSequential(run.descriptor)
    }

    deinit {
        block.free()
        suffix.free()
        key.free()
        line.free()
    }

    /// Moves to the next record. - Returns: false after the last one.
    package func advance() throws(ExternalSortError) -> Bool {
        if position == block.count {
            guard try loadBlock() else { return false }
        }
        // Locals, stored back once: no exclusivity checks per byte (see RunRecordWriter).
        let base = block.base
        let end = block.count
        var at = position
        var malformed = false
        @inline(__always) func varint() -> Int {
            var value = 0
            var shift = 0
            while at < end && shift < 63 {
                let byte = base[at]
                at += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            malformed = true
            return 0
        }
        @inline(__always) func pair() -> (Int, Int) {
            guard at < end else {
                malformed = true
                return (0, 0)
            }
            let byte = Int(base[at])
            at += 1
            var high = byte >> 4
            var low = byte & 0x0F
            if high == 15 { high += varint() }
            if low == 15 { low += varint() }
            return (high, low)
        }
        let (keyShared, keySuffix) = pair()
        let (keyMiddle, lineShared) = pair()
        let lineRest = varint()
        var key = self.key
        var line = self.line
        guard !malformed, keyShared + keySuffix <= key.count, lineShared <= line.count,
            keyMiddle <= end - at, lineRest <= end - at - keyMiddle
        else { throw corrupt() }
        let keyCount = keyShared + keyMiddle + keySuffix
        // Room for 16-byte moves past each end (see copyOver); the bytes kept stay.
        key.reserve(max(keyCount, key.count) + 16 - key.count)
        line.reserve(max(0, lineShared + lineRest + 16 - line.count))
        if keySuffix <= 16 {
            // The shared end, loaded before anything is stored (it may move either way).
            let end = UnsafeRawPointer(key.base + key.count - keySuffix)
            let (low, high) = (end.loadUnaligned(as: UInt64.self), end.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            copyOver(key.base + keyShared, base + at, keyMiddle)
            let target = UnsafeMutableRawPointer(key.base + keyShared + keyMiddle)
            target.storeBytes(of: low, as: UInt64.self)
            target.storeBytes(of: high, toByteOffset: 8, as: UInt64.self)
            key.count = keyCount
        } else {
            suffix.count = 0
            suffix.append(UnsafeBufferPointer(start: key.base + key.count - keySuffix, count: keySuffix))
            key.count = keyShared
            key.append(UnsafeBufferPointer(start: base + at, count: keyMiddle))
            key.append(suffix.bytes)
        }
        at += keyMiddle
        copyOver(line.base + lineShared, base + at, lineRest)
        line.count = lineShared + lineRest
        at += lineRest
        self.key = key
        self.line = line
        position = at
        prefix = key.prefix
        return true
    }

    /// Copies `count` bytes in 16-byte moves: it reads and writes up to 15 bytes past
    /// both ends, so both buffers keep 16 bytes of room (the block and the key and line
    /// buffers reserve it), and the two must not overlap.
    @inline(__always)
    private func copyOver(_ target: UnsafeMutablePointer<UInt8>, _ source: UnsafePointer<UInt8>, _ count: Int) {
        var offset = 0
        while offset < count {
            let from = UnsafeRawPointer(source + offset)
            let to = UnsafeMutableRawPointer(target + offset)
            let low = from.loadUnaligned(as: UInt64.self)
            let high = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            to.storeBytes(of: low, as: UInt64.self)
            to.storeBytes(of: high, toByteOffset: 8, as: UInt64.self)
            offset += 16
        }
    }

    /// Reads the next block whole. - Returns: false at a clean end of the file.
    private func loadBlock() throws(ExternalSortError) -> Bool {
        var frame: UInt32 = 0
        let got = try withUnsafeMutableBytes(of: &frame) { (raw) throws(ExternalSortError) in try readFully(raw) }
        if got == 0 { return false }
        guard got == RunRecordWriter.frameBytes else { throw corrupt() }
        let length = Int(UInt32(littleEndian: frame))
        block.count = 0
        // What a long record's block made the buffers take goes back once it is passed,
        // so readers hold long records only while they are current (SpillBudget.readerMemory).
        key.count = 0
        line.count = 0
        block.shrink(to: blockCapacity, over: blockCapacity)
        key.shrink(to: 256, over: 64 << 10)
        line.shrink(to: 256, over: 64 << 10)
        suffix.shrink(to: 64, over: 64 << 10)
        block.reserve(length + 16)  // copyOver reads up to 15 bytes past a record
        guard length > 0, try readFully(UnsafeMutableRawBufferPointer(start: block.base, count: length)) == length else {
            throw corrupt()
        }
        block.count = length
        position = 0
        // A block's first record shares nothing with the last one of the block before.
        key.count = 0
        line.count = 0
        return true
    }

    /// Reads until `buffer` is full or the file ends. - Returns: The bytes read.
    private func readFully(_ buffer: UnsafeMutableRawBufferPointer) throws(ExternalSortError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let got: Int
            do throws(Errno) {
                got = try systemRead(run.descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            } catch {
                throw ExternalSortError(.cannotRead, directory: run.directory, errno: error)
            }
            if got == 0 { break }
            filled += got
        }
        return filled
    }

    private func corrupt() -> ExternalSortError { ExternalSortError(.truncated, directory: run.directory) }
}
