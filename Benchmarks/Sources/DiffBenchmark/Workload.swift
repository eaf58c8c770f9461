import BenchmarkSupport
import SectionedData

/// An old and a new sectioned list for one benchmark size.
///
/// The old list has `itemCount` items, identifiers `0..<itemCount`, split into contiguous
/// sections. The new list is the old one with about 10% of the items edited: a thirtieth
/// deleted, a thirtieth of new identifiers inserted at random places, and a thirtieth moved
/// to random places, usually in another section.
struct Workload {
    /// The number of items in the old list.
    let itemCount: Int

    /// The sections of the new list, as handed to `Snapshot(sections:)`.
    let newSections: [(Int, [Int])]

    /// The old list as a snapshot.
    let old: Snapshot<Int, Int>

    /// The new list as a snapshot.
    let new: Snapshot<Int, Int>

    /// The old list's items, flattened, for `CollectionDifference`.
    let oldItems: [Int]

    /// The new list's items, flattened, for `CollectionDifference`.
    let newItems: [Int]

    /// Builds the lists for a size.
    ///
    /// - Parameters:
    ///   - itemCount: The number of items in the old list.
    ///   - sectionCount: The number of sections in both lists.
    ///   - seed: The seed of the random edits.
    init(itemCount: Int, sectionCount: Int, seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let oldSections = (0..<sectionCount).map { section in
            (
                section,
                Array(section * itemCount / sectionCount..<(section + 1) * itemCount / sectionCount)
            )
        }
        let editCount = itemCount / 30

        // Pick distinct items to delete and to move.
        var fate = [UInt8](repeating: 0, count: itemCount)  // 0 keep, 1 delete, 2 move
        var moved: [Int] = []
        for kind in [UInt8(1), 2] {
            var picked = 0
            while picked < editCount {
                let item = Int.random(in: 0..<itemCount, using: &random)
                guard fate[item] == 0 else { continue }
                fate[item] = kind
                if kind == 2 { moved.append(item) }
                picked += 1
            }
        }
        let kept = oldSections.map { $0.1.filter { fate[$0] == 0 } }

        // Moved items and new items arrive in random gaps of the kept items.
        var arrivals = [[(gap: Int, item: Int)]](repeating: [], count: sectionCount)
        let newIdentifiers = itemCount..<itemCount + editCount
        for item in moved + newIdentifiers {
            let section = Int.random(in: 0..<sectionCount, using: &random)
            arrivals[section].append(
                (Int.random(in: 0...kept[section].count, using: &random), item))
        }
        var newSections: [(Int, [Int])] = []
        for section in 0..<sectionCount {
            let incoming = arrivals[section].sorted { $0.gap < $1.gap }
            var items: [Int] = []
            items.reserveCapacity(kept[section].count + incoming.count)
            var next = 0
            for (gap, item) in kept[section].enumerated() {
                while next < incoming.count, incoming[next].gap == gap {
                    items.append(incoming[next].item)
                    next += 1
                }
                items.append(item)
            }
            items.append(contentsOf: incoming[next...].map(\.item))
            newSections.append((section, items))
        }

        self.itemCount = itemCount
        self.newSections = newSections
        self.old = try Snapshot(sections: oldSections)
        self.new = try Snapshot(sections: newSections)
        self.oldItems = old.itemIdentifiers
        self.newItems = new.itemIdentifiers
    }
}
