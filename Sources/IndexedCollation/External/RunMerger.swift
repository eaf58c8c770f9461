/// Merges sorted runs: a binary min-heap of run readers ordered by their current key.
///
/// Comparisons look at the keys' first 8 bytes as big-endian integers (held in each
/// reader) and touch the key bytes only when those are equal; equal keys come from the
/// run earlier in the input first, which keeps the sort stable. Run keys ascend in the
/// output's order whatever its direction (``OrderKeyEncoding`` complements descending keys).
package struct RunMerger {
    private var readers: [RunRecordReader]
    /// Each run's current 8-byte key prefix, beside the heap so most comparisons touch
    /// neither the readers nor the key bytes.
    private var prefixes: [UInt64]
    /// Each run's current key, beside the heap: comparing through the readers (classes)
    /// would retain and release them on every comparison.
    private var keys: [UnsafeBufferPointer<UInt8>]
    private var heap: [Int]

    /// Starts a merge; the runs' order in `runs` is their order in the input.
    package init(_ runs: [RunFile], blockSize: Int) throws(ExternalSortError) {
        readers = runs.map { RunRecordReader($0, blockSize: blockSize) }
        heap = []
        prefixes = [UInt64](repeating: 0, count: readers.count)
        keys = [UnsafeBufferPointer<UInt8>](repeating: UnsafeBufferPointer(start: nil, count: 0), count: readers.count)
        for (index, reader) in readers.enumerated() where try reader.advance() {
            heap.append(index)
            prefixes[index] = reader.prefix
            keys[index] = reader.key.bytes
        }
        for index in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    /// The reader holding the smallest record, or nil when all runs are exhausted.
    package var top: RunRecordReader? { heap.first.map { readers[$0] } }

    /// Moves the smallest run on to its next record.
    package mutating func advance() throws(ExternalSortError) {
        guard let first = heap.first else { return }
        let reader = readers[first]
        if try reader.advance() {
            prefixes[first] = reader.prefix
            keys[first] = reader.key.bytes
        } else {
            heap[0] = heap[heap.count - 1]
            heap.removeLast()
        }
        if heap.count > 1 { siftDown(0) }
    }

    @inline(__always)
    private func less(_ a: Int, _ b: Int) -> Bool {
        let leftPrefix = prefixes[a]
        let rightPrefix = prefixes[b]
        if leftPrefix != rightPrefix { return leftPrefix < rightPrefix }
        let order = compareBytes(keys[a], keys[b])
        if order != 0 { return order < 0 }
        return a < b  // readers are numbered in input order
    }

    private mutating func siftDown(_ start: Int) {
        var index = start
        let count = heap.count
        while true {
            let left = 2 * index + 1
            if left >= count { return }
            let right = left + 1
            var smallest = left
            if right < count && less(heap[right], heap[left]) { smallest = right }
            if !less(heap[smallest], heap[index]) { return }
            heap.swapAt(index, smallest)
            index = smallest
        }
    }
}
