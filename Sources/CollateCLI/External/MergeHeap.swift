import IndexedCollation

/// A binary min-heap of run indices ordered by their current head key, in the byte order
/// of ``OrderKeyEncoding`` (the shared memcmp comparison, `compareBytes`).
struct MergeHeap {
    private var items: [Int]
    private var keys: [[UInt8]?]

    init(heads: [(key: [UInt8], line: [UInt8])?]) {
        keys = heads.map { $0?.key }
        items = heads.indices.filter { heads[$0] != nil }
        for index in stride(from: items.count / 2 - 1, through: 0, by: -1) { siftDown(index) }
    }

    var top: Int? { items.first }

    /// Updates the top run's key after it advanced (removing it when exhausted).
    mutating func replaceTop(with heads: [(key: [UInt8], line: [UInt8])?]) {
        guard let run = items.first else { return }
        keys[run] = heads[run]?.key
        if keys[run] == nil {
            items[0] = items[items.count - 1]
            items.removeLast()
        }
        if !items.isEmpty { siftDown(0) }
    }

    private func less(_ a: Int, _ b: Int) -> Bool {
        guard let left = keys[a], let right = keys[b] else { return false }
        return compareBytes(left[...], right[...]) < 0
    }

    private mutating func siftDown(_ start: Int) {
        var index = start
        while true {
            let left = 2 * index + 1
            let right = left + 1
            var smallest = index
            if left < items.count && less(items[left], items[smallest]) { smallest = left }
            if right < items.count && less(items[right], items[smallest]) { smallest = right }
            if smallest == index { return }
            items.swapAt(index, smallest)
            index = smallest
        }
    }
}
