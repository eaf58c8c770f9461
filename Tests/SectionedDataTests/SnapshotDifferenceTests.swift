import SectionedData
import Testing

@Suite("Snapshot differences")
struct SnapshotDifferenceTests {
    typealias TestSnapshot = Snapshot<String, String>
    typealias Difference = SnapshotDifference<String, String>

    func position(_ section: Int, _ row: Int) -> Position {
        Position(row: row, section: section)
    }

    @Test("equal snapshots differ by nothing")
    func equalSnapshots() throws {
        let snapshot = try TestSnapshot(sections: [("A", ["Anna"]), ("#", ["42"])])
        let difference = snapshot.difference(from: snapshot)
        #expect(difference.isEmpty)
        #expect(difference.changeCount == 0)
        #expect(TestSnapshot().difference(from: TestSnapshot()).isEmpty)
        #expect(try snapshot.applying(difference) == snapshot)
    }

    @Test("from empty, sections are inserted with their items")
    func fromEmpty() throws {
        let new = try TestSnapshot(sections: [("A", ["Anna", "Axel"]), ("B", [])])
        let difference = new.difference(from: TestSnapshot())
        #expect(
            difference.sectionInsertions == [
                .init(identifier: "A", location: 0, itemIdentifiers: ["Anna", "Axel"]),
                .init(identifier: "B", location: 1, itemIdentifiers: []),
            ])
        #expect(difference.itemInsertions.isEmpty)
        #expect(difference.changeCount == 2)
        #expect(try TestSnapshot().applying(difference) == new)
    }

    @Test("to empty, sections are deleted and their items implied")
    func toEmpty() throws {
        let old = try TestSnapshot(sections: [("A", ["Anna", "Axel"]), ("B", ["Bo"])])
        let difference = TestSnapshot().difference(from: old)
        #expect(
            difference.sectionDeletions == [
                .init(identifier: "A", location: 0), .init(identifier: "B", location: 1),
            ])
        #expect(difference.itemDeletions.isEmpty)
        #expect(try old.applying(difference) == TestSnapshot())
    }

    @Test("item deletions use old positions, insertions new positions")
    func deletionsAndInsertions() throws {
        let old = try TestSnapshot(sections: [("A", ["Anna", "Axel", "Åsa"]), ("B", ["Bo"])])
        let new = try TestSnapshot(sections: [("A", ["Agnes", "Axel"]), ("B", ["Bo", "Britt"])])
        let difference = new.difference(from: old)
        #expect(
            difference.itemDeletions == [
                .init(identifier: "Anna", location: position(0, 0)),
                .init(identifier: "Åsa", location: position(0, 2)),
            ])
        #expect(
            difference.itemInsertions == [
                .init(identifier: "Agnes", location: position(0, 0)),
                .init(identifier: "Britt", location: position(1, 1)),
            ])
        #expect(difference.itemMoves.isEmpty)
        #expect(try old.applying(difference) == new)
    }

    @Test("moving one item to the end is one move, not a shift of all the others")
    func singleMove() throws {
        let old = try TestSnapshot(sections: [("A", ["a", "b", "c", "d", "e"])])
        var new = old
        try new.moveItem("a", afterItem: "e")
        let difference = new.difference(from: old)
        #expect(
            difference.itemMoves == [
                .init(identifier: "a", source: position(0, 0), destination: position(0, 4))
            ])
        #expect(difference.changeCount == 1)
        #expect(try old.applying(difference) == new)
    }

    @Test("an item that changes section is a move between sections")
    func crossSectionMove() throws {
        let old = try TestSnapshot(sections: [("A", ["Anna", "Bertil"]), ("B", ["Bo"])])
        var new = old
        try new.moveItem("Bertil", afterItem: "Bo")
        let difference = new.difference(from: old)
        #expect(
            difference.itemMoves == [
                .init(identifier: "Bertil", source: position(0, 1), destination: position(1, 1))
            ])
        #expect(difference.itemInsertions.isEmpty && difference.itemDeletions.isEmpty)
        #expect(try old.applying(difference) == new)
    }

    @Test("a moved section moves its items without listing them")
    func sectionMove() throws {
        let old = try TestSnapshot(sections: [("A", ["Anna"]), ("B", ["Bo"]), ("#", ["42"])])
        var new = old
        try new.moveSection("#", beforeSection: "A")
        let difference = new.difference(from: old)
        #expect(
            difference.sectionMoves == [.init(identifier: "#", source: 2, destination: 0)])
        #expect(difference.itemMoves.isEmpty)
        #expect(difference.changeCount == 1)
        #expect(try old.applying(difference) == new)
    }

    @Test(
        "items leaving a deleted section are insertions; items joining an inserted one are deletions"
    )
    func itemsAcrossInsertedAndDeletedSections() throws {
        let old = try TestSnapshot(sections: [("A", ["Anna", "Axel"]), ("B", ["Bo", "Britt"])])
        let new = try TestSnapshot(sections: [("B", ["Bo", "Anna"]), ("C", ["Britt", "Cecilia"])])
        let difference = new.difference(from: old)
        #expect(difference.sectionDeletions == [.init(identifier: "A", location: 0)])
        #expect(
            difference.sectionInsertions == [
                .init(identifier: "C", location: 1, itemIdentifiers: ["Britt", "Cecilia"])
            ])
        #expect(
            difference.itemInsertions == [.init(identifier: "Anna", location: position(0, 1))])
        #expect(
            difference.itemDeletions == [.init(identifier: "Britt", location: position(1, 1))])
        #expect(difference.itemMoves.isEmpty)
        #expect(try old.applying(difference) == new)
    }

    @Test("applying a difference to another snapshot throws")
    func mismatch() throws {
        let old = try TestSnapshot(sections: [("A", ["Anna", "Axel"])])
        var new = old
        try new.deleteItems(["Axel"])
        let other = try TestSnapshot(sections: [("A", ["Axel", "Anna"])])
        let unrelated = try TestSnapshot(sections: [("B", ["Bo"])])
        let difference = new.difference(from: old)
        let error = #expect(throws: SnapshotError<String, String>.self) {
            try other.applying(difference)
        }
        guard case .differenceMismatch(let detail)? = error else {
            Issue.record("expected differenceMismatch, got \(String(describing: error))")
            return
        }
        #expect(detail.contains(#""Axel""#))
        #expect(throws: SnapshotError<String, String>.self) {
            try unrelated.applying(TestSnapshot().difference(from: old))
        }
    }

    @Test("a difference passes a table view's batch-update count check")
    func batchUpdateCounts() throws {
        let old = try TestSnapshot(sections: [
            ("A", ["a1", "a2", "a3"]), ("B", ["b1", "b2"]), ("C", ["c1"]),
        ])
        let new = try TestSnapshot(sections: [
            ("C", ["c1", "a2", "n1"]), ("B", ["b2", "b1", "a3"]), ("D", ["a1"]),
        ])
        let difference = new.difference(from: old)
        expectBatchUpdateCounts(difference, old: old, new: new)
        #expect(try old.applying(difference) == new)
    }
}
