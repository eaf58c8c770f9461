import SectionedData

/// One edit's `SnapshotDifference`, as the page applies it: deletions at positions before
/// the edit, insertions at positions after it (UIKit's batch-update rules).
struct ChangePayload: Codable, Sendable {
    struct Item: Codable, Sendable {
        var id: Int
        var section: Int
        var row: Int
    }
    struct Move: Codable, Sendable {
        var id: Int
        var from: Item
        var to: Item
    }
    struct Section: Codable, Sendable {
        var title: String
        var index: Int
        var ids: [Int]
    }
    var version: Int
    var sectionDeletions: [Section]
    var sectionInsertions: [Section]
    var itemDeletions: [Item]
    var itemInsertions: [Item]
    var itemMoves: [Move]
    var reconfigured: [Item]

    init(version: Int, difference: SnapshotDifference<String, Int>) {
        func item(_ change: SnapshotDifference<String, Int>.ItemChange) -> Item {
            Item(id: change.identifier, section: change.location.section, row: change.location.row)
        }
        self.version = version
        sectionDeletions = difference.sectionDeletions.map { Section(title: $0.identifier, index: $0.location, ids: []) }
        sectionInsertions = difference.sectionInsertions.map {
            Section(title: $0.identifier, index: $0.location, ids: $0.itemIdentifiers)
        }
        itemDeletions = difference.itemDeletions.map(item)
        itemInsertions = difference.itemInsertions.map(item)
        itemMoves = difference.itemMoves.map {
            Move(
                id: $0.identifier,
                from: Item(id: $0.identifier, section: $0.source.section, row: $0.source.row),
                to: Item(id: $0.identifier, section: $0.destination.section, row: $0.destination.row))
        }
        reconfigured = (difference.reconfiguredItems + difference.reloadedItems).map(item)
    }
}
