import Testing

@testable import IndexedCollation

/// The radix sort over 16-byte key prefixes gives exactly the order of the plain
/// comparison (memcmp of whole keys, then tie keys, then position), whatever the keys:
/// shared lead bytes, keys shorter than the prefix, keys equal for 16 bytes (or 40: the
/// prefixes are reloaded deeper and radix-sorted again) and differing later, composite
/// keys with 0x00 separators, duplicates, ascending and descending.
@Suite("Record comparator sort")
struct RecordComparatorSortTests {
    /// Keys built to hit every path: small buckets (insertion sort), bytes every key
    /// shares (skipped), runs equal over the whole prefix (compared beyond it).
    static func keys(count: Int, seed: UInt64) -> [[UInt8]] {
        var state = seed
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33) % bound
        }
        return (0..<count).map { _ in
            switch next(6) {
            case 5: return (0..<40).map { _ in 0x33 } + (0..<next(3)).map { _ in UInt8(2 + next(3)) }  // equal for 40 bytes: reloaded twice
            case 0: return (0..<next(6)).map { _ in UInt8(2 + next(3)) }  // short, few values
            case 1: return [0x27, 0x0C] + (0..<14).map { _ in 0x77 } + (0..<next(4)).map { _ in UInt8(2 + next(250)) }  // equal for 16 bytes
            case 2: return [0x27] + (0..<next(20)).map { _ in UInt8(2 + next(250)) }
            case 3: return [0x27, UInt8(3 + next(3)), 0x00, UInt8(2 + next(3)), 0x00, 0x05]  // composite, separators
            default: return [0x27, 0x0C, 0x77] + (0..<next(18)).map { _ in UInt8(2 + next(4)) }
            }
        }
    }

    static func arena(_ keys: [[UInt8]]) -> SortKeyArena {
        var arena = SortKeyArena()
        for key in keys {
            arena.bytes.append(contentsOf: key)
            arena.closeKey()
        }
        return arena
    }

    /// The order and equal-neighbour marks of `RecordComparator.sort`, and the reference
    /// order of a comparison sort with `precedes` over whole keys.
    static func sorted(_ keys: [[UInt8]], ties: [[UInt8]]?, descending: Bool, threads: Int = 1) -> (
        sorted: [Int32], reference: [Int32], equal: [Bool], referenceEqual: [Bool]
    ) {
        let keyArena = Self.arena(keys)
        let tieArena = Self.arena(ties ?? [])
        return keyArena.withUnsafeKeys { keyView in
            tieArena.withUnsafeKeys { tieView in
                let comparator = RecordComparator(keys: keyView, ties: tieView, hasTies: ties != nil, descending: descending)
                var order = (0..<Int32(keys.count)).map { $0 }
                var equal = [Bool](repeating: false, count: keys.count)
                order.withUnsafeMutableBufferPointer { order in
                    equal.withUnsafeMutableBufferPointer { equal in comparator.sort(order, equalToPrevious: equal, threads: threads) }
                }
                let reference = (0..<Int32(keys.count)).sorted { comparator.precedes($0, $1) }
                let referenceEqual = reference.indices.map { $0 > 0 && comparator.equalKeys(reference[$0 - 1], reference[$0], from: 0) }
                return (order, reference, equal, referenceEqual)
            }
        }
    }

    @Test(arguments: [0, 1, 2, 23, 24, 25, 300, 5_000], [false, true])
    func radixOrderIsTheComparisonOrder(count: Int, descending: Bool) {
        let keys = Self.keys(count: count, seed: UInt64(count) + 7)
        let result = Self.sorted(keys, ties: nil, descending: descending)
        #expect(result.sorted == result.reference)
        #expect(result.equal == result.referenceEqual)
        #expect(result.sorted.sorted() == (0..<Int32(count)).map { $0 })  // a permutation
        if count >= 300 { #expect(result.equal.contains(true) && result.equal.contains(false)) }
    }

    /// A section large enough to be sorted on several threads: entries loaded in parts, the
    /// first differing byte's buckets sorted side by side, a bucket of more than a thread's
    /// share (two thirds of these keys start with 0x27) split again first.
    @Test(arguments: [2, 3], [false, true])
    func severalThreadsGiveTheComparisonOrder(threads: Int, descending: Bool) {
        let count = RecordComparator.parallelSortMinimum * 2 + 17
        let keys = Self.keys(count: count, seed: 2_026)
        let result = Self.sorted(keys, ties: nil, descending: descending, threads: threads)
        #expect(result.sorted == result.reference)
        #expect(result.equal == result.referenceEqual)
        #expect(result.equal.contains(true) && result.equal.contains(false))
    }

    /// Keys that all share their first 12 bytes leave nothing to split on: one thread sorts
    /// them (reloaded deeper), with the same order.
    @Test func severalThreadsOnKeysSharingThePrefix() {
        let count = RecordComparator.parallelSortMinimum + 5
        let keys: [[UInt8]] = (0..<count).map { (index: Int) -> [UInt8] in
            let low = UInt8(2 + index % 200)
            let high = UInt8(2 + index / 200 % 200)
            return [UInt8](repeating: 0x41, count: 12) + [low, high]
        }
        let result = Self.sorted(keys, ties: nil, descending: false, threads: 2)
        #expect(result.sorted == result.reference)
        #expect(result.equal == result.referenceEqual)
    }

    @Test func whichSectionsSortOnEveryThread() {
        let minimum = RecordComparator.parallelSortMinimum
        #expect(RecordComparator.sortsOnEveryThread(minimum * 3, of: minimum * 4, threads: 2))
        #expect(!RecordComparator.sortsOnEveryThread(minimum * 2, of: minimum * 4, threads: 2))  // a thread's share: side by side
        #expect(!RecordComparator.sortsOnEveryThread(minimum - 1, of: minimum - 1, threads: 2))  // too small
        #expect(!RecordComparator.sortsOnEveryThread(minimum * 4, of: minimum * 4, threads: 1))
    }

    @Test(arguments: [false, true])
    func tieKeysBreakEqualKeys(descending: Bool) {
        let keys = Self.keys(count: 2_000, seed: 99)
        let ties = keys.indices.map { $0 % 3 == 0 ? [] : [UInt8(2 + $0 % 7)] }
        let result = Self.sorted(keys, ties: ties, descending: descending)
        #expect(result.sorted == result.reference)
        #expect(result.equal == result.referenceEqual)
    }

    /// Equal keys keep input positions ascending in both directions (the sort is stable
    /// by the position tie rule, not by the algorithm).
    @Test(arguments: [false, true])
    func equalKeysKeepInputOrder(descending: Bool) {
        let keys = (0..<1_000).map { [0x27, 0x0C, UInt8(2 + $0 % 2)] + Array(repeating: 0x55, count: 20) }
        let result = Self.sorted(keys, ties: nil, descending: descending)
        let firstRun = Array(result.sorted.prefix(500))
        #expect(firstRun == firstRun.sorted())
        #expect(Set(firstRun.map { $0 % 2 }).count == 1)
    }
}
