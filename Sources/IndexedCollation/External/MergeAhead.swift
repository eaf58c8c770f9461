import Dispatch
import SystemSupport

/// The final merge run ahead on a second thread: a ``RunMerger`` fills batches of merged
/// records while the reader of the stream (``RunStream``, and through it the output's
/// writer) takes the batch before, so decoding the runs and choosing the smallest record
/// overlap with writing the output.
///
/// Two batches take turns: the merge fills one while the stream reads the other, so at
/// most two batches are held, each of about ``batchBytes``. A record in a batch is its
/// key's and line's lengths (4 bytes each, native order), then the key and line bytes; a
/// long record is passed by reference instead (``longRecord``).
///
/// An error of the merge reaches the stream after the records before it; a stream that
/// stops early (a page, an error of its writer) stops the merge when it goes away.
final class MergeAhead: @unchecked Sendable {
    /// Bytes of records in one batch.
    static let batchBytes = 256 << 10
    /// Records longer than this (key and line bytes) are not copied into a batch: the
    /// batch ends with their place in the reader's buffers (a flagged length and two
    /// pointers), and the merge waits until the stream is past them. So a batch takes at
    /// most ``batchBytes`` plus this, and the longest records are held once, by their
    /// reader, as ``SpillBudget/longestSpilledRecord`` counts them.
    static let longRecord = 64 << 10
    /// The flag of a length that is followed by two pointers, not bytes.
    static let byReference: UInt32 = 1 << 31

    /// The two batches (even and odd numbers); each is used by one thread at a time, as
    /// the semaphores hand it over, so they are unchecked for exclusivity.
    @exclusivity(unchecked) private var even: ByteBuffer
    @exclusivity(unchecked) private var odd: ByteBuffer
    /// Batches the merge may fill (2 at the start: made at 0 and signalled, since
    /// libdispatch traps on disposing of a semaphore below its initial value) and batches
    /// filled for the stream.
    private let free = DispatchSemaphore(value: 0)
    private let filled = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// Set by the stream when it goes away early; read by the merge between batches (under
    /// `lock`: the stream may stop while the merge looks).
    private var cancelledFlag = false
    private let lock = systemMutexCreate()
    /// Whether each batch is the one that ends the stream: set with the batch, before it is
    /// signalled, and read by the stream after it waited for that batch, so it is handed
    /// over with the batch (a single "last batch number" was read by the stream while the
    /// merge wrote it for a later batch: a data race under ThreadSanitizer).
    @exclusivity(unchecked) private var evenEnds = false
    @exclusivity(unchecked) private var oddEnds = false
    /// Written by the merge before it signals the batch that ends it; read by the stream
    /// after it waited for that batch.
    private var failure: ExternalSortError?

    /// Starts merging `merger` on a global queue.
    init(_ merger: RunMerger) {
        even = ByteBuffer(capacity: Self.batchBytes + 4096)
        odd = ByteBuffer(capacity: Self.batchBytes + 4096)
        free.signal()
        free.signal()
        // Handed over: only the merge's thread uses the merger from here on.
        nonisolated(unsafe) let merger = merger
        DispatchQueue.global().async { self.produce(merger) }
    }

    deinit {
        even.free()
        odd.free()
        systemMutexDestroy(lock)
    }

    private var cancelled: Bool {
        systemMutexLock(lock)
        defer { systemMutexUnlock(lock) }
        return cancelledFlag
    }

    /// Stops the merge (if it still runs) and waits for it to end.
    func stop() {
        systemMutexLock(lock)
        cancelledFlag = true
        systemMutexUnlock(lock)
        free.signal()
        finished.wait()
    }

    /// Waits for batch `number` (0, 1, 2, … in turn) and hands it over; the batch before
    /// it goes back to the merge. - Returns: The batch's bytes, empty after the last.
    /// - Throws: The merge's error, after every record before it was handed over.
    func take(_ number: Int) throws(ExternalSortError) -> UnsafeBufferPointer<UInt8> {
        if number > 0 { free.signal() }
        filled.wait()
        let bytes = number % 2 == 0 ? even.bytes : odd.bytes
        let ends = number % 2 == 0 ? evenEnds : oddEnds
        if ends, bytes.isEmpty, let failure { throw failure }
        return bytes
    }

    /// The record at `offset` of a batch (in the format above) and where the next starts.
    @inline(__always)
    static func record(at offset: Int, of batch: UnsafeBufferPointer<UInt8>) -> (
        key: UnsafeBufferPointer<UInt8>, line: UnsafeBufferPointer<UInt8>, next: Int
    ) {
        let base = UnsafeRawPointer(batch.baseAddress! + offset)
        let keyField = base.loadUnaligned(as: UInt32.self)
        let lineCount = Int(base.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
        if keyField & byReference == 0 {
            let keyStart = base.advanced(by: 8).assumingMemoryBound(to: UInt8.self)
            let keyCount = Int(keyField)
            return (
                UnsafeBufferPointer(start: keyStart, count: keyCount), UnsafeBufferPointer(start: keyStart + keyCount, count: lineCount),
                offset + 8 + keyCount + lineCount
            )
        }
        // A long record, still in its reader's buffers (longRecord).
        let keyStart = UnsafePointer<UInt8>(bitPattern: base.loadUnaligned(fromByteOffset: 8, as: UInt.self))
        let lineStart = UnsafePointer<UInt8>(bitPattern: base.loadUnaligned(fromByteOffset: 16, as: UInt.self))
        return (
            UnsafeBufferPointer(start: keyStart, count: Int(keyField & ~byReference)), UnsafeBufferPointer(start: lineStart, count: lineCount),
            offset + 24
        )
    }

    private func produce(_ merger: RunMerger) {
        defer { finished.signal() }
        var number = 0
        // Whether the last batch ended with a long record passed by reference: the merge
        // may not move on (which reuses the reader's buffers) until the stream is past it.
        var heldBack = false
        while true {
            free.wait()
            if cancelled { return }
            if heldBack {
                // The batch before this one (holding the long record) goes back only when
                // the stream asks for the next: wait for it, and give the turn back.
                free.wait()
                if cancelled { return }
                free.signal()
            }
            var batch = number % 2 == 0 ? even : odd
            batch.count = 0
            var ended = false
            do throws(ExternalSortError) {
                if heldBack {
                    heldBack = false
                    try merger.advance()
                }
                while batch.count < Self.batchBytes {
                    if merger.isEmpty {
                        ended = true
                        break
                    }
                    let key = merger.key
                    let line = merger.line
                    if key.count + line.count > Self.longRecord {
                        batch.append(reference: key, line)
                        heldBack = true
                        break
                    }
                    batch.append(length: key.count)
                    batch.append(length: line.count)
                    batch.append(key)
                    batch.append(line)
                    try merger.advance()
                }
            } catch {
                failure = error
                ended = true
            }
            if ended && batch.count > 0 {
                // The records first, then an empty batch that ends the stream.
                store(batch, number, ends: false)
                filled.signal()
                number += 1
                free.wait()
                if cancelled { return }
                batch = number % 2 == 0 ? even : odd
                batch.count = 0
            }
            store(batch, number, ends: ended)
            filled.signal()
            if ended { return }
            number += 1
        }
    }

    private func store(_ batch: ByteBuffer, _ number: Int, ends: Bool) {
        if number % 2 == 0 {
            even = batch
            evenEnds = ends
        } else {
            odd = batch
            oddEnds = ends
        }
    }
}

extension ByteBuffer {
    /// Appends a length as 4 bytes in native order (a batch of ``MergeAhead``).
    @inline(__always)
    mutating func append(length: Int) {
        reserve(4)
        UnsafeMutableRawPointer(base + count).storeBytes(of: UInt32(truncatingIfNeeded: length), as: UInt32.self)
        count += 4
    }

    /// Appends a long record by reference: its key's length flagged
    /// (``MergeAhead/byReference``), its line's length, then both addresses.
    mutating func append(reference key: UnsafeBufferPointer<UInt8>, _ line: UnsafeBufferPointer<UInt8>) {
        append(length: key.count | Int(MergeAhead.byReference))
        append(length: line.count)
        reserve(16)
        let raw = UnsafeMutableRawPointer(base + count)
        raw.storeBytes(of: UInt(bitPattern: key.baseAddress), as: UInt.self)
        raw.storeBytes(of: UInt(bitPattern: line.baseAddress), toByteOffset: 8, as: UInt.self)
        count += 16
    }
}
