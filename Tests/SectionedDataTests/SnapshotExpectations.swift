import SectionedData
import Testing

/// Checks, through the public API only, that every lookup of a snapshot agrees with its
/// contents: positions, flat indexes, containing sections and counts.
///
/// - Parameters:
///   - snapshot: The snapshot to check.
///   - sourceLocation: Where a failure is reported.
func expectConsistent<SectionID, ItemID>(
    _ snapshot: Snapshot<SectionID, ItemID>,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var flatIndex = 0
    for (section, sectionID) in snapshot.sectionIdentifiers.enumerated() {
        #expect(snapshot.indexOfSection(sectionID) == section, sourceLocation: sourceLocation)
        let items = (try? snapshot.itemIdentifiers(inSection: sectionID)) ?? []
        #expect(
            (try? snapshot.numberOfItems(inSection: sectionID)) == items.count,
            sourceLocation: sourceLocation)
        for (row, item) in items.enumerated() {
            let position = Position(row: row, section: section)
            #expect(snapshot.itemIdentifier(at: position) == item, sourceLocation: sourceLocation)
            #expect(snapshot.position(ofItem: item) == position, sourceLocation: sourceLocation)
            #expect(snapshot.indexOfItem(item) == flatIndex, sourceLocation: sourceLocation)
            #expect(
                snapshot.sectionIdentifier(containingItem: item) == sectionID,
                sourceLocation: sourceLocation)
            flatIndex += 1
        }
    }
    #expect(snapshot.numberOfItems == flatIndex, sourceLocation: sourceLocation)
    #expect(snapshot.itemIdentifiers.count == flatIndex, sourceLocation: sourceLocation)
}

/// Checks UITableView's rule for batch updates: for every section in both snapshots, the
/// old count minus deletions and moves out plus insertions and moves in is the new count.
func expectBatchUpdateCounts<SectionID, ItemID>(
    _ difference: SnapshotDifference<SectionID, ItemID>,
    old: Snapshot<SectionID, ItemID>, new: Snapshot<SectionID, ItemID>,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    for (newIndex, section) in new.sectionIdentifiers.enumerated() {
        guard let oldIndex = old.indexOfSection(section) else { continue }
        let oldCount = (try? old.numberOfItems(inSection: section)) ?? -1
        let newCount = (try? new.numberOfItems(inSection: section)) ?? -1
        let deleted = difference.itemDeletions.count { $0.location.section == oldIndex }
        let inserted = difference.itemInsertions.count { $0.location.section == newIndex }
        let movedOut = difference.itemMoves.count { $0.source.section == oldIndex }
        let movedIn = difference.itemMoves.count { $0.destination.section == newIndex }
        #expect(
            oldCount - deleted - movedOut + inserted + movedIn == newCount,
            "section \(section)", sourceLocation: sourceLocation)
    }
}
