/// Merges sorted runs: a tree of losers over the run readers, ordered by their current key.
///
/// Each record taken costs one comparison per level of the tree (⌈log₂ *r*⌉ for *r* runs),
/// half what a binary heap's sift-down costs. Comparisons look at the keys' first 8 bytes
/// as big-endian integers and touch the key bytes only when those are equal; equal keys
/// come from the run earlier in the input first, which keeps the sort stable. Run keys
/// ascend in the output's order whatever its direction (``OrderKeyEncoding`` complements
/// descending keys).
///
/// The tree, the prefixes and the current keys and lines are kept in raw memory beside the
/// readers, and the readers are reached without reference counting: the merge runs once
/// per record of every spilled sort, and array copy-on-write checks and retains were a
/// tenth of its time.
package final class RunMerger {
    private let readers: [RunRecordReader]
    /// The readers, reached without retaining them (``readers`` keeps them alive).
    private let handles: UnsafeMutablePointer<Unmanaged<RunRecordReader>>
    private let count: Int
    /// `tree[0]`: the run holding the smallest record; `tree[1..<count]`: the loser of the
    /// match at each inner node of the implicit tree whose leaves are `count..<2 * count`.
    private let tree: UnsafeMutablePointer<Int>
    /// Each run's current 8-byte key prefix; `UInt64.max` with `done` set once it is empty.
    private let prefixes: UnsafeMutablePointer<UInt64>
    private let keys: UnsafeMutablePointer<UnsafeBufferPointer<UInt8>>
    private let done: UnsafeMutablePointer<Bool>

    /// Starts a merge; the runs' order in `runs` is their order in the input.
    package init(_ runs: [RunFile], blockSize: Int) throws(ExternalSortError) {
        readers = runs.map { RunRecordReader($0, blockSize: blockSize) }
        count = readers.count
        handles = .allocate(capacity: max(1, count))
        for (run, reader) in readers.enumerated() { (handles + run).initialize(to: .passUnretained(reader)) }
        tree = .allocate(capacity: max(1, count))
        prefixes = .allocate(capacity: max(1, count))
        keys = .allocate(capacity: max(1, count))
        done = .allocate(capacity: max(1, count))
        keys.initialize(repeating: UnsafeBufferPointer(start: nil, count: 0), count: max(1, count))
        done.initialize(repeating: true, count: max(1, count))
        prefixes.initialize(repeating: .max, count: max(1, count))
        tree.initialize(repeating: 0, count: max(1, count))
        for run in 0..<count { try load(run) }
        build()
    }

    deinit {
        handles.deallocate()
        tree.deallocate()
        prefixes.deallocate()
        keys.deallocate()
        done.deallocate()
    }

    /// Whether every run is exhausted.
    package var isEmpty: Bool { count == 0 || done[tree[0]] }

    /// The smallest record's key (valid until ``advance()``; only when not ``isEmpty``).
    package var key: UnsafeBufferPointer<UInt8> { keys[tree[0]] }

    /// The smallest record's line (valid until ``advance()``; only when not ``isEmpty``).
    package var line: UnsafeBufferPointer<UInt8> { reader(tree[0]) { $0.line.bytes } }

    /// Moves the run of the smallest record on to its next record.
    package func advance() throws(ExternalSortError) {
        guard count > 0 else { return }
        var winner = tree[0]
        guard !done[winner] else { return }
        try load(winner)
        var node = (winner + count) >> 1
        while node > 0 {
            let other = tree[node]
            if less(other, winner) {
                tree[node] = winner
                winner = other
            }
            node >>= 1
        }
        tree[0] = winner
    }

    /// Reads run `run`'s next record into the tree's arrays.
    @inline(__always)
    private func load(_ run: Int) throws(ExternalSortError) {
        var failure: ExternalSortError?
        let more = reader(run) { reader in
            do throws(ExternalSortError) { return try reader.advance() } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        if more {
            reader(run) {
                prefixes[run] = $0.prefix
                keys[run] = $0.key.bytes
            }
        } else {
            prefixes[run] = .max
        }
        done[run] = !more
    }

    /// Plays every match bottom-up: the winners climb, each inner node keeps its loser.
    private func build() {
        guard count > 1 else { return }
        var winners = [Int](repeating: 0, count: 2 * count)
        for run in 0..<count { winners[count + run] = run }
        for node in stride(from: count - 1, through: 1, by: -1) {
            let (left, right) = (winners[2 * node], winners[2 * node + 1])
            let leftWins = less(left, right)
            winners[node] = leftWins ? left : right
            tree[node] = leftWins ? right : left
        }
        tree[0] = winners[1]
    }

    /// Whether run `a`'s current record comes before run `b`'s (an exhausted run comes
    /// after every record; equal keys: the earlier run first).
    @inline(__always)
    private func less(_ a: Int, _ b: Int) -> Bool {
        let leftPrefix = prefixes[a]
        let rightPrefix = prefixes[b]
        if leftPrefix != rightPrefix { return leftPrefix < rightPrefix }
        if done[a] || done[b] { return !done[a] && done[b] || (done[a] == done[b] && a < b) }
        let order = compareBytes(keys[a], keys[b])
        if order != 0 { return order < 0 }
        return a < b  // readers are numbered in input order
    }

    /// Calls `body` with reader `run`, without retaining it (``readers`` holds it).
    @inline(__always)
    private func reader<Result>(_ run: Int, _ body: (RunRecordReader) -> Result) -> Result {
        handles[run]._withUnsafeGuaranteedRef(body)
    }
}
