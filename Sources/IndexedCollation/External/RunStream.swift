/// The records of merged runs in order, one at a time: what the final merge of the
/// external sort hands on, to ``SortedRecordStream`` and to `collate`'s writers alike.
/// The merge itself runs ahead on a second thread (``MergeAhead``), so the reader's work
/// (writing the output) overlaps with decoding the runs and choosing each record.
///
/// With `distinct`, records whose places (the leading bytes it measures) equal the
/// previous record's are skipped, so the first of each group of equal records is kept:
/// runs are merged in input order, so that is the earliest in the input (`-u`).
///
/// Its state is stored unchecked for exclusivity: ``next()`` runs once per record of the
/// whole output, and the dynamic checks of class properties cost some 5 % of a spilled
/// sort's CPU; the stream is used from one thread, and nothing else reaches its state.
package final class RunStream {
    private let ahead: MergeAhead
    private let distinct: ((UnsafeBufferPointer<UInt8>) -> Int)?
    @exclusivity(unchecked) private var previous: ByteBuffer
    @exclusivity(unchecked) private var hasPrevious = false
    /// The batch being read, where its next record starts, and the next batch's number.
    @exclusivity(unchecked) private var batch = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    @exclusivity(unchecked) private var offset = 0
    @exclusivity(unchecked) private var batchNumber = 0
    @exclusivity(unchecked) private var ended = false

    init(_ merger: RunMerger, distinct: ((UnsafeBufferPointer<UInt8>) -> Int)?) {
        ahead = MergeAhead(merger)
        self.distinct = distinct
        previous = ByteBuffer(capacity: distinct == nil ? 16 : 256)
    }

    deinit {
        ahead.stop()
        previous.free()
    }

    /// The current record's key and line, valid until the next call of ``next()``.
    @exclusivity(unchecked) package private(set) var key = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    @exclusivity(unchecked) package private(set) var line = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    /// Moves to the next record. - Returns: false after the last one.
    package func next() throws(ExternalSortError) -> Bool {
        while true {
            if offset == batch.count {
                if ended { return false }
                batch = try ahead.take(batchNumber)
                batchNumber += 1
                offset = 0
                if batch.isEmpty {
                    ended = true
                    return false
                }
            }
            let (key, line, next) = MergeAhead.record(at: offset, of: batch)
            offset = next
            if let distinct {
                let place = UnsafeBufferPointer(rebasing: key[0..<distinct(key)])
                if hasPrevious && compareBytes(place, previous.bytes) == 0 { continue }
                previous.count = 0
                previous.append(place)
                hasPrevious = true
            }
            self.key = key
            self.line = line
            return true
        }
    }
}
