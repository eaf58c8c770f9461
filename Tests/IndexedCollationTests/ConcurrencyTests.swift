import Testing

@testable import IndexedCollation

/// `parallelMap`: the items of `(0..<count).map`, in order, made on every thread asked for.
@Suite struct ParallelMapTests {
    @Test(arguments: [0, 1, 2, 7, 1_000])
    func isTheMapOfItsIndices(count: Int) {
        for threads in [1, 2, 8] {
            let made = parallelMap(count, threads: threads) { index in [index, index * index] }
            #expect(made == (0..<count).map { [$0, $0 * $0] }, "\(count) items on \(threads) threads")
        }
    }

    @Test func makesEachItemOnceOnSeveralThreads() {
        // Items of reference-counted storage: one made twice, or one never written, would be
        // a wrong count or a crash, not a quiet pass.
        let made = parallelMap(10_000, threads: 4) { index in String(repeating: "x", count: index % 17) + "\(index)" }
        #expect(made.count == 10_000)
        #expect(made.enumerated().allSatisfy { index, text in text == String(repeating: "x", count: index % 17) + "\(index)" })
    }
}
