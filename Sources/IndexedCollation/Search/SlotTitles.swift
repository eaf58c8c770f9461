/// Each slot's section title index, or -1 for a free slot (``StartPostings/titles``): a
/// byte a slot while every title is below 255 — every ICU index: Korean has 14 titles plus
/// the catch-alls, Latin 26, Traditional Chinese's strokes a few dozen — and four bytes
/// once one is not (an index asked for more labels), so a million names take 1 MB here,
/// not 4.
struct SlotTitles: Sendable {
    /// The titles plus one (0: a free slot), while every title is below 255.
    private var narrow: [UInt8] = []
    /// The titles, once some title is 255 or more (then ``narrow`` is empty).
    private var wide: [Int32] = []
    private var isWide = false

    init() {}

    /// `count` free slots.
    init(freeSlots count: Int) { narrow = [UInt8](repeating: 0, count: count) }

    var count: Int { isWide ? wide.count : narrow.count }

    /// The title index of a slot, or -1 for a free slot.
    subscript(slot: Int) -> Int32 {
        @inline(__always) get { isWide ? wide[slot] : Int32(narrow[slot]) - 1 }
        set {
            precondition(newValue >= -1, "a section title index is -1 (a free slot) or more")
            if !isWide && newValue < Int32(UInt8.max) {
                narrow[slot] = UInt8(newValue + 1)
                return
            }
            widen()
            wide[slot] = newValue
        }
    }

    /// Appends a free slot.
    mutating func appendFreeSlot() {
        if isWide { wide.append(-1) } else { narrow.append(0) }
    }

    /// The bytes the titles take.
    var memoryFootprint: Int { isWide ? wide.capacity * 4 : narrow.capacity }

    /// Four bytes a title from now on.
    private mutating func widen() {
        guard !isWide else { return }
        wide = narrow.map { Int32($0) - 1 }
        (narrow, isWide) = ([], true)
    }
}
