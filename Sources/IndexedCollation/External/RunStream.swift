/// The records of merged runs in order, one at a time: what the final merge of the
/// external sort hands on, to ``SortedRecordStream`` and to `collate`'s writers alike.
///
/// With `distinct`, records whose places (the leading bytes it measures) equal the
/// previous record's are skipped, so the first of each group of equal records is kept:
/// runs are merged in input order, so that is the earliest in the input (`-u`).
///
/// Its state is stored unchecked for exclusivity: ``next()`` runs once per record of the
/// whole output, and the dynamic checks of class properties cost some 5 % of a spilled
/// sort's CPU; the stream is used from one thread, and nothing else reaches its state.
package final class RunStream {
    @exclusivity(unchecked) private var merger: RunMerger
    private let distinct: ((UnsafeBufferPointer<UInt8>) -> Int)?
    @exclusivity(unchecked) private var previous: ByteBuffer
    @exclusivity(unchecked) private var started = false
    @exclusivity(unchecked) private var hasPrevious = false

    init(_ merger: RunMerger, distinct: ((UnsafeBufferPointer<UInt8>) -> Int)?) {
        self.merger = merger
        self.distinct = distinct
        previous = ByteBuffer(capacity: distinct == nil ? 16 : 256)
    }

    deinit { previous.free() }

    /// The current record's key and line, valid until the next call of ``next()``.
    @exclusivity(unchecked) package private(set) var key = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    @exclusivity(unchecked) package private(set) var line = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    /// Moves to the next record. - Returns: false after the last one.
    package func next() throws(ExternalSortError) -> Bool {
        while true {
            if started { try merger.advance() }
            started = true
            guard let top = merger.top else { return false }
            let key = top.key.bytes
            if let distinct {
                let place = UnsafeBufferPointer(rebasing: key[0..<distinct(key)])
                if hasPrevious && compareBytes(place, previous.bytes) == 0 { continue }
                previous.count = 0
                previous.append(place)
                hasPrevious = true
            }
            self.key = key
            line = top.line.bytes
            return true
        }
    }
}
