import TestSupport
import Testing

@testable import IndexedCollation

@Suite("Packed start lists give back their slots, in order, through inserts and removals")
struct PackedSlotsTests {
    @Test(arguments: [0, 1, 2, 127, 128, 129, 256, 1_000])
    func aBuiltListGivesBackItsSlots(count: Int) {
        var random = SplitMix64(seed: UInt64(count))
        // Rising slots with small and large steps, as a list built at once has them.
        var slot: Int32 = 0
        let slots = (0..<count).map { _ in
            slot += Int32(random.next() % 4 == 0 ? random.next() % 1_000_000 : random.next() % 100 + 1)
            return slot
        }
        let packed = PackedSlots(slots)
        #expect(packed.slots == slots)
        #expect(packed.count == count)
        #expect(packed.isEmpty == (count == 0))
    }

    @Test func slotsThatFallAndTheWholeRangeRoundTrip() {
        // A list edited after it was built has slots that fall: differences of any sign,
        // up to the whole Int32 range.
        let slots: [Int32] = [Int32.max, 0, Int32.max, 1, 5, 4, 3, Int32.max - 1, 0, 0, 7]
        #expect(PackedSlots(slots).slots == slots)
        #expect(PackedSlots(Array(repeating: 9, count: 300)).slots == Array(repeating: 9, count: 300))
    }

    @Test func packingTakesAboutAByteASlotForCloseSlots() {
        let slots = (0..<10_000).map { Int32($0 * 3) }
        let packed = PackedSlots(slots)
        #expect(packed.memoryFootprint < slots.count * 2)
        #expect(packed.memoryFootprint > slots.count)
    }

    /// A list built at once holds its bytes and blocks at their size, not the room of
    /// arrays grown block by block: a byte a slot after each block's first, 16 bytes a
    /// block, allocator rounding aside; slots 200 apart take two bytes.
    @Test(arguments: [1, 129, 5_000, 40_000, 65_537])
    func aListBuiltAtOnceHoldsItsSize(count: Int) {
        for spacing: Int32 in [3, 200] {
            let slots = (0..<count).map { Int32($0) * spacing }
            let packed = PackedSlots(slots)
            let blocks = (count + PackedSlots.blockLimit - 1) / PackedSlots.blockLimit
            let exact = (count - blocks) * (spacing < 64 ? 1 : 2) + 16 * blocks
            #expect(
                packed.memoryFootprint >= exact && packed.memoryFootprint <= exact + 64,
                "\(count) \(spacing): \(packed.memoryFootprint) for \(exact)")
            #expect(packed.slots == slots)
        }
    }

    @Test func insertsAndRemovalsKeepTheOrderOfAnArray() {
        // The list's order is given by a rank per slot (as section title and row are), not
        // by the slot numbers: slots are numbered at random.
        var random = SplitMix64(seed: 38)
        var rank: [Int32: Int] = [:]
        var expected: [Int32] = []
        var packed = PackedSlots()
        var nextRank = 0
        var usedRanks: Set<Int> = []
        for step in 0..<6_000 {
            if expected.isEmpty || random.next() % 3 != 0 || step < 400 {
                let slot = Int32(truncatingIfNeeded: random.next() % 5_000_000)
                guard rank[slot] == nil else { continue }
                // A rank between two existing ones, or past them all; no two alike (as no
                // two slots have one section title and row).
                nextRank += 1
                let key = Int(random.next() % UInt64(nextRank * 1_000))
                guard !usedRanks.contains(key) else { continue }
                usedRanks.insert(key)
                rank[slot] = key
                let at = expected.firstIndex { (rank[$0] ?? 0) >= key } ?? expected.count
                expected.insert(slot, at: at)
                packed.insert(slot) { (rank[$0] ?? 0) < key }
            } else {
                let slot = expected[Int(random.next() % UInt64(expected.count))]
                let key = rank[slot] ?? 0
                #expect(packed.remove(slot) { (rank[$0] ?? 0) < key })
                expected.removeAll { $0 == slot }
                usedRanks.remove(key)
                rank[slot] = nil
            }
            if step % 500 == 0 { #expect(packed.slots == expected, "step \(step)") }
        }
        #expect(packed.slots == expected)
        #expect(packed.count == expected.count)
        // A slot not in the list is not removed.
        #expect(!packed.remove(-5) { _ in false })
        #expect(packed.slots == expected)
    }

    @Test func removingEverySlotEmptiesTheList() {
        let slots = (0..<300).map { Int32($0) }
        var packed = PackedSlots(slots)
        for slot in slots.reversed() { #expect(packed.remove(slot) { $0 < slot }) }
        #expect(packed.isEmpty)
        #expect(packed.slots.isEmpty)
        packed.insert(7) { _ in false }
        #expect(packed.slots == [7])
    }
}
