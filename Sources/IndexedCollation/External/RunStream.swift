/// The records of merged runs in order, one at a time: what the final merge of the
/// external sort hands on, to ``SortedRecordStream`` and to `collate`'s writers alike.
/// The merge itself runs ahead on other threads (``MergeAhead``), so the reader's work
/// (writing the output) overlaps with decoding the runs and choosing each record.
///
/// Given two mergers (the earlier runs and the later ones, ``SortedRuns/stream(distinct:)``
/// on two or more cores), each runs ahead on a thread of its own and the stream takes the
/// smaller of their current records, the earlier runs' on equal keys, as one merge of all
/// the runs would: the merge, one thread's work a record, is then shared by two.
///
/// With `distinct`, records whose places (the leading bytes it measures) equal the
/// previous record's are skipped, so the first of each group of equal records is kept:
/// runs are merged in input order, so that is the earliest in the input (`-u`).
///
/// Its state is stored unchecked for exclusivity: ``next()`` runs once per record of the
/// whole output, and the dynamic checks of class properties cost some 5 % of a spilled
/// sort's CPU; the stream is used from one thread, and nothing else reaches its state.
package final class RunStream {
    /// The records of one merger, read batch by batch as its ``MergeAhead`` fills them.
    private struct Side {
        let ahead: MergeAhead
        /// The batch being read, where its next record starts, and the next batch's number.
        var batch = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var offset = 0
        var batchNumber = 0
        var ended = false
        /// The side's current record (valid while its batch is).
        var key = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
        var line = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

        /// Moves to the side's next record. - Returns: false after its last one.
        @inline(__always)
        mutating func advance() throws(ExternalSortError) -> Bool {
            if offset == batch.count {
                if ended { return false }
                // Hands the batch before back to the merge: the record read from it is
                // passed (the stream's caller is done with it, or it was never taken).
                batch = try ahead.take(batchNumber)
                batchNumber += 1
                offset = 0
                if batch.isEmpty {
                    ended = true
                    return false
                }
            }
            (key, line, offset) = MergeAhead.record(at: offset, of: batch)
            return true
        }
    }

    @exclusivity(unchecked) private var first: Side
    /// The later runs' merger, when the merge is shared by two threads.
    @exclusivity(unchecked) private var second: Side?
    /// Whether each side has a current record not yet taken (two sides only).
    @exclusivity(unchecked) private var firstWaiting = false
    @exclusivity(unchecked) private var secondWaiting = false
    @exclusivity(unchecked) private var started = false
    private let distinct: ((UnsafeBufferPointer<UInt8>) -> Int)?
    @exclusivity(unchecked) private var previous: ByteBuffer
    @exclusivity(unchecked) private var hasPrevious = false

    /// A stream of one merger's records, or of two mergers' merged (`second`: the merge
    /// of the runs after those of `merger`).
    package init(_ merger: RunMerger, second: RunMerger? = nil, distinct: ((UnsafeBufferPointer<UInt8>) -> Int)?) {
        first = Side(ahead: MergeAhead(merger))
        self.second = second.map { Side(ahead: MergeAhead($0)) }
        self.distinct = distinct
        previous = ByteBuffer(capacity: distinct == nil ? 16 : 256)
    }

    deinit {
        first.ahead.stop()
        second?.ahead.stop()
        previous.free()
    }

    /// The current record's key and line, valid until the next call of ``next()``.
    @exclusivity(unchecked) package private(set) var key = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    @exclusivity(unchecked) package private(set) var line = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    /// Moves to the next record. - Returns: false after the last one.
    package func next() throws(ExternalSortError) -> Bool {
        while true {
            guard try take() else { return false }
            if let distinct {
                let place = UnsafeBufferPointer(rebasing: key[0..<distinct(key)])
                if hasPrevious && compareBytes(place, previous.bytes) == 0 { continue }
                previous.count = 0
                previous.append(place)
                hasPrevious = true
            }
            return true
        }
    }

    /// Makes the next record of the merged sides current. - Returns: false after the last.
    @inline(__always)
    private func take() throws(ExternalSortError) -> Bool {
        guard second != nil else {
            guard try first.advance() else { return false }
            (key, line) = (first.key, first.line)
            return true
        }
        // Each side holds its current record until it is taken; the side taken last moves on.
        if !started {
            started = true
            firstWaiting = try first.advance()
            secondWaiting = try second!.advance()
        } else if !firstWaiting && !first.ended {
            firstWaiting = try first.advance()
        } else if !secondWaiting && !second!.ended {
            secondWaiting = try second!.advance()
        }
        if firstWaiting && (!secondWaiting || compareBytes(first.key, second!.key) <= 0) {
            (key, line, firstWaiting) = (first.key, first.line, false)
            return true
        }
        guard secondWaiting else { return false }
        (key, line, secondWaiting) = (second!.key, second!.line, false)
        return true
    }
}
