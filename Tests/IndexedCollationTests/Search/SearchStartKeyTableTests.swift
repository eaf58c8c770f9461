import TestSupport
import Testing

@testable import IndexedCollation

@Suite("The start key table finds each key it was given, and no other")
struct SearchStartKeyTableTests {
    @Test func keysFromManyGrowthsAreFoundWithTheirValues() {
        var random = SplitMix64(seed: 38)
        var table = StartKeyTable()
        var given: [UInt64: Int32] = [:]
        // Random keys, and keys that differ only in their low or high 32 bits (a start
        // pair's second weight, a path's list number), as the index makes them.
        for index in 0..<20_000 {
            let key: UInt64
            switch index % 3 {
            case 0: key = random.next() | 1
            case 1: key = 0x2B00_0000 << 32 | UInt64(index)
            default: key = UInt64(index) << 32 | 0x2B00_0005
            }
            if given[key] == nil {
                given[key] = Int32(index)
                table.insert(key, Int32(index))
            }
        }
        #expect(table.count == given.count)
        #expect(given.allSatisfy { table[$0.key] == $0.value })
        var absent = 0
        for _ in 0..<5_000 {
            let key = random.next() | 1
            if given[key] == nil, table[key] != nil { absent += 1 }
        }
        #expect(absent == 0)
        #expect(table[0x2B00_0000 << 32 | 20_001] == nil)
        // Giving a key again keeps one key, with the new value.
        table.insert(0x2B00_0000 << 32 | 1, -7)
        #expect(table[0x2B00_0000 << 32 | 1] == -7)
        #expect(table.count == given.count)
    }
}
