import SectionedData
import TestSupport

/// Applies random valid edits to a snapshot and, in parallel, to a plain array model of
/// what the snapshot should hold, so that tests can compare the two.
struct RandomSnapshotEditor {
    /// The source of randomness; seeded, so failures replay.
    var random: SplitMix64

    /// The snapshot being edited.
    var snapshot = Snapshot<String, Int>()

    /// What the snapshot should hold: section identifiers with their items, in order.
    var model: [(section: String, items: [Int])] = []

    /// The marks the snapshot should hold.
    var reloadedItems: Set<Int> = []
    var reconfiguredItems: Set<Int> = []
    var reloadedSections: Set<String> = []

    private var nextSection = 0
    private var nextItem = 0

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
    }

    /// Fills an empty snapshot with up to `sections` sections of up to `items` items each.
    mutating func populate(sections: Int, items: Int) throws {
        for _ in 0..<Int.random(in: 0...sections, using: &random) {
            let section = newSection()
            try snapshot.appendSections([section])
            let newItems = (0..<Int.random(in: 0...items, using: &random)).map { _ in newItem() }
            try snapshot.appendItems(newItems, toSection: section)
            model.append((section, newItems))
        }
    }

    /// Forgets every mark, in the snapshot and the model.
    mutating func clearMarks() throws {
        var fresh = Snapshot<String, Int>()
        for (section, items) in model {
            try fresh.appendSections([section])
            try fresh.appendItems(items, toSection: section)
        }
        snapshot = fresh
        reloadedItems = []
        reconfiguredItems = []
        reloadedSections = []
    }

    /// Performs one random edit, or does nothing if the chosen kind has nothing to act on.
    ///
    /// - Returns: The name of the operation, for failure messages.
    @discardableResult
    mutating func performRandomEdit() throws -> String {
        let allItems = model.flatMap(\.items)
        switch Int.random(in: 0..<14, using: &random) {
        case 0:
            let sections = (0..<Int.random(in: 1...2, using: &random)).map { _ in newSection() }
            try snapshot.appendSections(sections)
            model += sections.map { ($0, []) }
            return "appendSections"
        case 1, 2:
            guard let anchor = randomSectionIndex() else { return "none" }
            let after = Int.random(in: 1...2, using: &random) == 2
            let sections = [newSection()]
            if after {
                try snapshot.insertSections(sections, afterSection: model[anchor].section)
            } else {
                try snapshot.insertSections(sections, beforeSection: model[anchor].section)
            }
            model.insert((sections[0], []), at: anchor + (after ? 1 : 0))
            return "insertSections"
        case 3:
            guard let index = randomSectionIndex() else { return "none" }
            try snapshot.deleteSections([model[index].section])
            for item in model[index].items {
                reloadedItems.remove(item)
                reconfiguredItems.remove(item)
            }
            reloadedSections.remove(model[index].section)
            model.remove(at: index)
            return "deleteSections"
        case 4, 5:
            guard model.count >= 2, let moving = randomSectionIndex(),
                let anchor = randomSectionIndex(), moving != anchor
            else { return "none" }
            let after = Int.random(in: 4...5, using: &random) == 5
            let anchorID = model[anchor].section
            if after {
                try snapshot.moveSection(model[moving].section, afterSection: anchorID)
            } else {
                try snapshot.moveSection(model[moving].section, beforeSection: anchorID)
            }
            let entry = model.remove(at: moving)
            let target = model.firstIndex { $0.section == anchorID } ?? 0
            model.insert(entry, at: target + (after ? 1 : 0))
            return "moveSection"
        case 6:
            guard let index = randomSectionIndex() else { return "none" }
            let items = (0..<Int.random(in: 1...4, using: &random)).map { _ in newItem() }
            try snapshot.appendItems(items, toSection: model[index].section)
            model[index].items += items
            return "appendItems"
        case 7, 8:
            guard let anchor = allItems.randomElement(using: &random) else { return "none" }
            let after = Int.random(in: 7...8, using: &random) == 8
            let items = (0..<Int.random(in: 1...3, using: &random)).map { _ in newItem() }
            if after {
                try snapshot.insertItems(items, afterItem: anchor)
            } else {
                try snapshot.insertItems(items, beforeItem: anchor)
            }
            let (section, row) = modelPosition(of: anchor)
            model[section].items.insert(contentsOf: items, at: row + (after ? 1 : 0))
            return "insertItems"
        case 9:
            guard !allItems.isEmpty else { return "none" }
            let doomed = (0..<Int.random(in: 1...3, using: &random)).compactMap { _ in
                allItems.randomElement(using: &random)
            }
            try snapshot.deleteItems(doomed)
            for item in doomed {
                reloadedItems.remove(item)
                reconfiguredItems.remove(item)
            }
            for index in model.indices {
                model[index].items.removeAll { doomed.contains($0) }
            }
            return "deleteItems"
        case 10, 11:
            guard allItems.count >= 2, let moving = allItems.randomElement(using: &random),
                let anchor = allItems.randomElement(using: &random), moving != anchor
            else { return "none" }
            let after = Int.random(in: 10...11, using: &random) == 11
            if after {
                try snapshot.moveItem(moving, afterItem: anchor)
            } else {
                try snapshot.moveItem(moving, beforeItem: anchor)
            }
            let (fromSection, fromRow) = modelPosition(of: moving)
            model[fromSection].items.remove(at: fromRow)
            let (toSection, toRow) = modelPosition(of: anchor)
            model[toSection].items.insert(moving, at: toRow + (after ? 1 : 0))
            return "moveItem"
        case 12:
            guard let item = allItems.randomElement(using: &random) else { return "none" }
            if Bool.random(using: &random) {
                try snapshot.reloadItems([item])
                reloadedItems.insert(item)
            } else {
                try snapshot.reconfigureItems([item])
                reconfiguredItems.insert(item)
            }
            return "reloadItems"
        default:
            guard let index = randomSectionIndex() else { return "none" }
            try snapshot.reloadSections([model[index].section])
            reloadedSections.insert(model[index].section)
            return "reloadSections"
        }
    }

    /// Whether the snapshot holds exactly what the model says, marks included.
    var matchesModel: Bool {
        snapshot.sectionIdentifiers == model.map(\.section)
            && model.allSatisfy {
                (try? snapshot.itemIdentifiers(inSection: $0.section)) == $0.items
            }
            && Set(snapshot.reloadedItemIdentifiers) == reloadedItems
            && Set(snapshot.reconfiguredItemIdentifiers) == reconfiguredItems
            && Set(snapshot.reloadedSectionIdentifiers) == reloadedSections
    }

    private mutating func newSection() -> String {
        nextSection += 1
        return "S\(nextSection)"
    }

    private mutating func newItem() -> Int {
        nextItem += 1
        return nextItem
    }

    private mutating func randomSectionIndex() -> Int? {
        model.indices.randomElement(using: &random)
    }

    private func modelPosition(of item: Int) -> (section: Int, row: Int) {
        for (section, entry) in model.enumerated() {
            if let row = entry.items.firstIndex(of: item) { return (section, row) }
        }
        return (-1, -1)
    }
}
