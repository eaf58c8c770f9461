import SystemPackage
import SystemSupport

/// Writes sorted records into a ``RunFile`` in framed blocks.
///
/// The file is a sequence of blocks, each a 4-byte little-endian length and that many
/// bytes of whole records (a record never spans two blocks, so the reader decodes a block
/// without checking for its end at every byte). A record is
///
///     pair(keyShared, keySuffix) ‖ pair(keyMiddle, lineShared) ‖ varint(lineRest)
///     ‖ keyMiddle bytes ‖ lineRest bytes
///
/// against the previous record of the block: the key is the previous key's first
/// `keyShared` bytes, the middle bytes, then the previous key's last `keySuffix` bytes
/// (sort keys of neighbours share their ends too: the level separators and the compressed
/// common secondary and tertiary weights); the line is the previous line's first
/// `lineShared` bytes and the rest. A *pair* is one byte of two 4-bit numbers, where 15
/// means "15 plus a LEB128 varint that follows". At 10M distinct Korean lines a record
/// takes 17.4 bytes for 13.2 input bytes (1.32×; a size varint per record and no suffix
/// sharing took 22.7). The key is the run-order key (see
/// ``SortedRuns/writeRun(_:encoding:firstPosition:sectionCounts:directory:budget:tooLong:)``); no position is stored, since equal keys keep their
/// order inside a run and runs are merged in input order. A key may also be a whole
/// storage key, which ends in its global position (`collate --with-keys`).
///
/// Its buffers are unchecked for exclusivity (one writer is used from one thread).
package final class RunRecordWriter {
    package let run: RunFile
    private let directory: String
    @exclusivity(unchecked) private var block: ByteBuffer
    @exclusivity(unchecked) private var previousKey = ByteBuffer(capacity: 256)
    @exclusivity(unchecked) private var previousLine = ByteBuffer(capacity: 256)
    /// Records appended and the longest, given to ``run`` at each ``flush()``: counted
    /// here, not in the run's properties, which are checked for exclusivity on every
    /// access (a tenth of the run writer's time).
    @exclusivity(unchecked) private var records = 0
    @exclusivity(unchecked) private var longestRecord = 0
    private let blockSize: Int

    /// Bytes of the block length in front of every block.
    package static let frameBytes = 4

    /// - Parameters:
    ///   - directory: Where the run file is made.
    ///   - blockSize: Bytes of records per block (a single longer record makes a longer
    ///     block); the merge holds one block of every run it reads.
    package init(directory: String, blockSize: Int) throws(ExternalSortError) {
        self.directory = directory
        self.blockSize = blockSize
        run = try RunFile(directory: directory)
        block = ByteBuffer(capacity: blockSize + 4096)
        block.count = Self.frameBytes
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
    package func append(key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>) throws(ExternalSortError) {
        var block = self.block
        var previousKey = self.previousKey
        var previousLine = self.previousLine
        let keyShared = sharedPrefixLength(key, previousKey.bytes)
        let keySuffix = sharedSuffixLength(
            key, previousKey.bytes, limit: min(key.count - keyShared, previousKey.count - keyShared))
        let lineShared = sharedPrefixLength(line, previousLine.bytes)
        let keyMiddle = UnsafeBufferPointer(rebasing: key[keyShared..<key.count - keySuffix])
        let lineRest = UnsafeBufferPointer(rebasing: line[lineShared...])
        block.appendPair(keyShared, keySuffix)
        block.appendPair(keyMiddle.count, lineShared)
        block.appendVarint(lineRest.count)
        block.append(keyMiddle)
        block.append(lineRest)
        previousKey.count = keyShared
        previousKey.append(UnsafeBufferPointer(rebasing: key[keyShared...]))
        previousLine.count = lineShared
        previousLine.append(lineRest)
        self.block = block
        self.previousKey = previousKey
        self.previousLine = previousLine
        records += 1
        longestRecord = max(longestRecord, key.count + line.count)
        if block.count >= blockSize { try flush() }
    }

    /// Writes out the current block (whole records) and starts the next one afresh.
    package func flush() throws(ExternalSortError) {
        run.records += records
        run.longestRecord = max(run.longestRecord, longestRecord)
        (records, longestRecord) = (0, 0)
        let length = block.count - Self.frameBytes
        guard length > 0 else { return }
        for index in 0..<Self.frameBytes { block.base[index] = UInt8(truncatingIfNeeded: length >> (8 * index)) }
        var offset = 0
        while offset < block.count {
            let written: Int
            do throws(Errno) {
                written = try systemWrite(run.descriptor, UnsafeRawBufferPointer(start: block.base + offset, count: block.count - offset))
            } catch {
                throw ExternalSortError(.cannotWrite, directory: directory, errno: error)
            }
            offset += written
        }
        run.bytes += block.count
        block.count = 0
        block.shrink(to: blockSize + 4096, over: blockSize + 4096)
        block.count = Self.frameBytes
        // Each block decodes on its own: its first record shares nothing.
        previousKey.count = 0
        previousLine.count = 0
        previousKey.shrink(to: 256, over: 64 << 10)
        previousLine.shrink(to: 256, over: 64 << 10)
    }

    /// Ends writing: flushes and rewinds the file for reading.
    /// - Returns: The finished run.
    package func finish() throws(ExternalSortError) -> RunFile {
        try flush()
        _ = systemSeek(run.descriptor, to: 0)
        return run
    }
}
