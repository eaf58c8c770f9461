import Testing

@testable import IndexedCollation

/// The start lists' slot titles: a byte a slot while every title is below 255, four bytes
/// from the first title that is not, with every slot's title (or -1, free) kept across
/// the switch, and the same answers either way.
@Suite("Search slot titles")
struct SlotTitlesTests {
    @Test func titlesAndFreeSlotsSurviveWidening() {
        var titles = SlotTitles(freeSlots: 600)
        var expected = [Int32](repeating: -1, count: 600)
        #expect((0..<600).allSatisfy { titles[$0] == -1 })
        #expect(titles.memoryFootprint < 1_000)
        for slot in stride(from: 0, to: 600, by: 3) {
            let title = Int32(slot % 255)  // 0...254: still a byte a slot
            titles[slot] = title
            expected[slot] = title
        }
        #expect(titles.memoryFootprint < 1_000)
        #expect((0..<600).map { titles[$0] } == expected)
        titles[5] = 255  // the first title past a byte
        expected[5] = 255
        titles[7] = 100_000
        expected[7] = 100_000
        #expect((0..<600).map { titles[$0] } == expected)
        #expect(titles.memoryFootprint >= 2_400)
        titles.appendFreeSlot()
        titles[600] = 3
        expected.append(3)
        titles[0] = -1
        expected[0] = -1
        #expect(titles.count == 601)
        #expect((0..<601).map { titles[$0] } == expected)
    }

    @Test func aNarrowStoreAppendsFreeSlots() {
        var titles = SlotTitles()
        for _ in 0..<1_000 { titles.appendFreeSlot() }
        titles[1] = 254
        #expect((titles.count, titles[0], titles[1], titles[2]) == (1_000, -1, 254, -1))
        #expect(titles.memoryFootprint < 4_000)  // a byte a slot, with room to grow
    }
}
