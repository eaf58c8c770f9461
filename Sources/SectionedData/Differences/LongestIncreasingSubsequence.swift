/// Finds a longest strictly increasing subsequence, the part of a sequence that keeps its
/// order; everything else in the sequence must move.
///
/// The difference algorithm feeds it, for the items (or sections) found in both snapshots,
/// their old offsets listed in new order. Elements in the subsequence stay put; the others
/// are reported as moves, which makes the number of moves as small as it can be.
@usableFromInline
enum LongestIncreasingSubsequence {
    /// Returns which elements belong to one longest strictly increasing subsequence.
    ///
    /// Uses patience sorting. An element larger than the end of the longest run so far is
    /// appended in O(1), so a sequence that is mostly in order costs nearly O(*n*).
    ///
    /// - Parameter values: Distinct integers.
    /// - Returns: For each element of `values`, whether it is in the subsequence.
    /// - Complexity: O(*n* log *n*) in the worst case, where *n* is the number of values.
    @inlinable
    static func membership(of values: [Int]) -> [Bool] {
        var isMember = [Bool](repeating: false, count: values.count)
        guard !values.isEmpty else { return isMember }
        // tails[l] is the index of the smallest value ending an increasing run of length l + 1.
        var tails: [Int] = []
        var predecessors = [Int](repeating: -1, count: values.count)
        values.withUnsafeBufferPointer { values in
            for index in values.indices {
                let value = values[index]
                if let last = tails.last, values[last] >= value {
                    var low = 0
                    var high = tails.count - 1
                    while low < high {
                        let middle = (low + high) / 2
                        if values[tails[middle]] < value {
                            low = middle + 1
                        } else {
                            high = middle
                        }
                    }
                    predecessors[index] = low > 0 ? tails[low - 1] : -1
                    tails[low] = index
                } else {
                    predecessors[index] = tails.last ?? -1
                    tails.append(index)
                }
            }
        }
        var index = tails.last ?? -1
        while index >= 0 {
            isMember[index] = true
            index = predecessors[index]
        }
        return isMember
    }

    /// Returns whether `values` is already strictly increasing, in which case every element
    /// is a member and ``membership(of:)`` need not run.
    ///
    /// - Parameter values: Integers.
    /// - Returns: `true` if every value is greater than the one before it.
    /// - Complexity: O(*n*), where *n* is the number of values.
    @inlinable
    static func isIncreasing(_ values: [Int]) -> Bool {
        zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
    }
}
