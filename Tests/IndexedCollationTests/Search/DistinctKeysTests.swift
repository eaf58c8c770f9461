import Testing

@testable import IndexedCollation

/// `DistinctKeys` appends each key once after the keys already there, in the order first
/// met, whatever its filter says: keys that share a filter bit, repeats, and keys held
/// before `base` (appended again: only the lookup's own keys are searched).
@Suite struct DistinctKeysTests {
    @Test(arguments: [1, 7, 40, 300])
    func appendsEachKeyOnceInOrder(distinctCount: Int) {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<50 {
            // Few distinct keys, many repeats; some differ in one bit only.
            let pool = (0..<distinctCount).map { _ in UInt64.random(in: 0...UInt64.max, using: &generator) | 1 }
            let keys = (0..<200).map { _ in pool.randomElement(using: &generator)! ^ (Bool.random() ? 0 : 1) }
            let before: [UInt64] = [keys[0], 42]
            var found = before
            var distinct = DistinctKeys(base: before.count)
            for key in keys { distinct.append(key, to: &found) }
            var expected = before
            var met = Set<UInt64>()
            for key in keys where met.insert(key).inserted { expected.append(key) }
            #expect(found == expected)
        }
    }
}
