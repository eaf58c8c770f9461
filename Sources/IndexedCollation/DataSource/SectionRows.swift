/// The rows of one section of an ``IndexedDataSource``, kept sorted by ``RecordOrder`` in
/// chunks of at most ``chunkCapacity`` entries.
///
/// A single sorted array would move half a section's entries on every insertion (a
/// quarter of a million for the ㅇ section of a million Korean names); chunks bound that to
/// one chunk. Finding a row or a record's place is a binary search over the chunks and then
/// inside one, so an edit costs O(log *m*) comparisons and O(*m* / ``chunkCapacity`` +
/// ``chunkCapacity``) moves, where *m* is the number of rows.
///
/// Chunks are arrays inside an array, so a copy (held by a ``IndexedDataSource/Change``)
/// shares them, and the next edit copies only the chunk it touches.
struct SectionRows<Record, ID: Hashable & Sendable> {
    typealias Entry = RecordEntry<Record, ID>

    /// The most entries a chunk holds before it is split in two.
    static var chunkCapacity: Int { 1024 }

    /// The entries per chunk when a section is built from sorted entries.
    static var buildChunkSize: Int { 512 }

    /// The chunks, in order; none is empty.
    private var chunks: [[Entry]] = []

    /// The row of the first entry of each chunk, parallel to ``chunks``.
    private var chunkStarts: [Int] = []

    /// The number of rows.
    private(set) var count = 0

    /// Creates a section with no rows.
    init() {}

    /// Creates a section from entries already in order.
    ///
    /// - Parameter entries: Entries sorted by ``RecordOrder``.
    init(sorted entries: some RandomAccessCollection<Entry>) {
        var start = entries.startIndex
        while start != entries.endIndex {
            let end = entries.index(start, offsetBy: Self.buildChunkSize, limitedBy: entries.endIndex) ?? entries.endIndex
            chunkStarts.append(count)
            chunks.append(Array(entries[start..<end]))
            count += chunks[chunks.count - 1].count
            start = end
        }
    }

    /// Whether the section has no rows.
    var isEmpty: Bool { count == 0 }

    /// The entry at a row.
    ///
    /// - Parameter row: A row in `0..<count`.
    /// - Complexity: O(log *m*).
    subscript(row: Int) -> Entry {
        let chunk = chunkIndex(containingRow: row)
        return chunks[chunk][row - chunkStarts[chunk]]
    }

    /// The identifiers of all rows, in order.
    ///
    /// - Complexity: O(*m*).
    var ids: [ID] {
        var ids: [ID] = []
        ids.reserveCapacity(count)
        for chunk in chunks {
            for entry in chunk { ids.append(entry.id) }
        }
        return ids
    }

    /// The entries of all rows, in order.
    ///
    /// - Complexity: O(*m*).
    var entries: [Entry] { chunks.flatMap { $0 } }

    /// Calls `body` with the entry of each row, in order, without copying them into an
    /// array first (as ``entries`` does).
    ///
    /// - Complexity: O(*m*).
    func forEachEntry(_ body: (Entry) throws -> Void) rethrows {
        for chunk in chunks {
            try chunk.withUnsafeBufferPointer { entries in
                for index in entries.indices { try body(entries[index]) }
            }
        }
    }

    /// Returns the row of the record that sorts at `order`.
    ///
    /// - Parameter order: The order of a record in this section.
    /// - Returns: Its row, or `nil` if no row has exactly that order.
    /// - Complexity: O(log *m*) comparisons.
    func row(of order: RecordOrder) -> Int? {
        let (chunk, offset) = lowerBound(order)
        guard chunks.indices.contains(chunk), offset < chunks[chunk].count,
            chunks[chunk][offset].order.sequence == order.sequence
        else { return nil }
        return chunkStarts[chunk] + offset
    }

    /// Inserts an entry at its place: after every entry that sorts before it.
    ///
    /// - Parameter entry: An entry whose order is not yet in the section.
    /// - Returns: The entry's row.
    /// - Complexity: O(log *m*) comparisons.
    @discardableResult
    mutating func insert(_ entry: Entry) -> Int {
        guard !chunks.isEmpty else {
            chunks = [[entry]]
            chunkStarts = [0]
            count = 1
            return 0
        }
        let (chunk, offset) = lowerBound(entry.order)
        chunks[chunk].insert(entry, at: offset)
        let row = chunkStarts[chunk] + offset
        shiftStarts(after: chunk, by: 1)
        count += 1
        if chunks[chunk].count > Self.chunkCapacity {
            let half = chunks[chunk].count / 2
            let tail = Array(chunks[chunk][half...])
            chunks[chunk].removeSubrange(half...)
            chunks.insert(tail, at: chunk + 1)
            chunkStarts.insert(chunkStarts[chunk] + half, at: chunk + 1)
        }
        return row
    }

    /// Removes the entry that sorts at `order`.
    ///
    /// - Parameter order: The order of a record in this section.
    /// - Returns: The removed entry and the row it had, or `nil` if no row has that order.
    /// - Complexity: O(log *m*) comparisons.
    mutating func remove(_ order: RecordOrder) -> (entry: Entry, row: Int)? {
        let (chunk, offset) = lowerBound(order)
        guard chunks.indices.contains(chunk), offset < chunks[chunk].count,
            chunks[chunk][offset].order.sequence == order.sequence
        else { return nil }
        let row = chunkStarts[chunk] + offset
        let entry = chunks[chunk].remove(at: offset)
        shiftStarts(after: chunk, by: -1)
        count -= 1
        if chunks[chunk].isEmpty {
            chunks.remove(at: chunk)
            chunkStarts.remove(at: chunk)
        } else if chunk + 1 < chunks.count,
            chunks[chunk].count + chunks[chunk + 1].count <= Self.buildChunkSize
        {
            // Keep chunks from thinning out under many removals.
            let next = chunks.remove(at: chunk + 1)
            chunkStarts.remove(at: chunk + 1)
            chunks[chunk].append(contentsOf: next)
        }
        return (entry, row)
    }

    /// Replaces the record of the entry at a row, keeping its order and identifier.
    ///
    /// - Parameters:
    ///   - record: The new record.
    ///   - row: A row in `0..<count`.
    mutating func replaceRecord(atRow row: Int, with record: Record) {
        let chunk = chunkIndex(containingRow: row)
        chunks[chunk][row - chunkStarts[chunk]].record = record
    }

    /// The chunk holding a row: the last chunk starting at or before it.
    private func chunkIndex(containingRow row: Int) -> Int {
        precondition(row >= 0 && row < count, "row \(row) is out of range 0..<\(count)")
        var low = 0
        var high = chunkStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if chunkStarts[middle] <= row { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The first place whose entry does not sort before `order`, as a chunk and an offset
    /// inside it; past the last entry of the last chunk if every entry sorts before it.
    private func lowerBound(_ order: RecordOrder) -> (chunk: Int, offset: Int) {
        guard !chunks.isEmpty else { return (0, 0) }
        // The first chunk whose last entry does not sort before `order`.
        var low = 0
        var high = chunks.count
        while low < high {
            let middle = (low + high) / 2
            let last = chunks[middle][chunks[middle].count - 1]
            if last.order < order { low = middle + 1 } else { high = middle }
        }
        guard low < chunks.count else { return (chunks.count - 1, chunks[chunks.count - 1].count) }
        let chunk = chunks[low]
        var first = 0
        var end = chunk.count
        while first < end {
            let middle = (first + end) / 2
            if chunk[middle].order < order { first = middle + 1 } else { end = middle }
        }
        return (low, first)
    }

    /// Adds `delta` to the start row of every chunk after `chunk`.
    private mutating func shiftStarts(after chunk: Int, by delta: Int) {
        chunkStarts.withUnsafeMutableBufferPointer { starts in
            for index in (chunk + 1)..<starts.count { starts[index] += delta }
        }
    }
}

extension SectionRows: Sendable where Record: Sendable {}
