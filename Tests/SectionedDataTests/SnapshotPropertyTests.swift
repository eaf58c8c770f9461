import SectionedData
import TestSupport
import Testing

@Suite("Snapshot properties over random edits")
struct SnapshotPropertyTests {
    /// Builds a random snapshot, edits a copy at random, and returns the editor of each.
    func randomPair(seed: UInt64) throws -> (old: RandomSnapshotEditor, new: RandomSnapshotEditor) {
        var editor = RandomSnapshotEditor(seed: seed)
        // Every fourth seed starts from larger sections, to exercise many moves at once.
        try editor.populate(sections: 8, items: seed % 4 == 0 ? 80 : 8)
        if seed % 3 == 0 {
            for _ in 0..<3 { try editor.performRandomEdit() }  // the old snapshot has marks too
        }
        let old = editor
        try editor.clearMarks()
        for _ in 0..<Int.random(in: 1...30, using: &editor.random) {
            try editor.performRandomEdit()
        }
        return (old, editor)
    }

    @Test(
        "edits do what a plain array model does, and lookups stay exact", arguments: 0..<UInt64(200)
    )
    func editsMatchModel(seed: UInt64) throws {
        var editor = RandomSnapshotEditor(seed: seed)
        try editor.populate(sections: 5, items: 6)
        for _ in 0..<40 {
            let operation = try editor.performRandomEdit()
            #expect(editor.matchesModel, "seed \(seed), after \(operation)")
        }
        expectConsistent(editor.snapshot)
    }

    @Test("applying the difference gives back the new snapshot", arguments: 0..<UInt64(400))
    func roundTrip(seed: UInt64) throws {
        let (old, new) = try randomPair(seed: seed)
        #expect(new.matchesModel)
        let forward = new.snapshot.difference(from: old.snapshot)
        #expect(try old.snapshot.applying(forward) == new.snapshot, "seed \(seed)")
        let backward = old.snapshot.difference(from: new.snapshot)
        #expect(try new.snapshot.applying(backward) == old.snapshot, "seed \(seed)")
        let sameContent =
            old.snapshot.sectionIdentifiers == new.snapshot.sectionIdentifiers
            && old.snapshot.itemIdentifiers == new.snapshot.itemIdentifiers
            && old.snapshot.sectionIdentifiers.allSatisfy {
                (try? old.snapshot.itemIdentifiers(inSection: $0))
                    == (try? new.snapshot.itemIdentifiers(inSection: $0))
            }
        let newHasMarks =
            !(new.reloadedItems.isEmpty && new.reconfiguredItems.isEmpty
            && new.reloadedSections.isEmpty)
        #expect(forward.isEmpty == (sameContent && !newHasMarks))
        expectBatchUpdateCounts(forward, old: old.snapshot, new: new.snapshot)
        expectSorted(forward)
    }

    @Test("a snapshot differs from itself by nothing", arguments: 0..<UInt64(50))
    func selfDifference(seed: UInt64) throws {
        let (_, new) = try randomPair(seed: seed)
        var unmarked = new
        try unmarked.clearMarks()
        #expect(unmarked.snapshot.difference(from: unmarked.snapshot).isEmpty)
    }

    // Which item is reported may differ: swapping neighbours moves either of them.
    @Test("one moveItem yields at most one move and nothing else", arguments: 0..<UInt64(100))
    func singleMoveIsMinimal(seed: UInt64) throws {
        var editor = RandomSnapshotEditor(seed: seed)
        try editor.populate(sections: 4, items: 30)
        try editor.clearMarks()
        let old = editor.snapshot
        let items = old.itemIdentifiers
        guard items.count >= 2 else { return }
        var random = SplitMix64(seed: seed &+ 1)
        let moving = items[Int.random(in: 0..<items.count, using: &random)]
        let anchor = items.filter { $0 != moving }[
            Int.random(in: 0..<items.count - 1, using: &random)]
        var new = old
        try new.moveItem(moving, afterItem: anchor)
        let difference = new.difference(from: old)
        #expect(difference.itemMoves.count <= 1)
        #expect(difference.changeCount == difference.itemMoves.count)
        let movedAcross =
            old.sectionIdentifier(containingItem: moving)
            != new.sectionIdentifier(containingItem: moving)
        #expect(!movedAcross || difference.itemMoves.first?.identifier == moving)
        #expect(try old.applying(difference) == new)
    }

    /// Checks that each list of a difference is in the documented order.
    func expectSorted<SectionID, ItemID>(
        _ difference: SnapshotDifference<SectionID, ItemID>,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        func increasing<T: Comparable>(_ values: [T]) -> Bool {
            zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
        }
        #expect(
            increasing(difference.sectionDeletions.map(\.location)), sourceLocation: sourceLocation)
        #expect(
            increasing(difference.sectionInsertions.map(\.location)), sourceLocation: sourceLocation)
        #expect(
            increasing(difference.sectionMoves.map(\.destination)), sourceLocation: sourceLocation)
        #expect(
            increasing(difference.itemDeletions.map(\.location)), sourceLocation: sourceLocation)
        #expect(
            increasing(difference.itemInsertions.map(\.location)), sourceLocation: sourceLocation)
        #expect(increasing(difference.itemMoves.map(\.destination)), sourceLocation: sourceLocation)
    }
}
