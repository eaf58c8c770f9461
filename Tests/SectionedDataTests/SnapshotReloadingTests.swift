import SectionedData
import Testing

@Suite("Snapshot reload and reconfigure marks")
struct SnapshotReloadingTests {
    typealias TestSnapshot = Snapshot<String, String>
    typealias Failure = SnapshotError<String, String>

    func sample() throws -> TestSnapshot {
        try TestSnapshot(sections: [("A", ["Anna", "Axel"]), ("B", ["Bo", "Britt"])])
    }

    @Test("marked items are listed in display order, once")
    func reloadItems() throws {
        var snapshot = try sample()
        try snapshot.reloadItems(["Britt", "Anna", "Britt"])
        try snapshot.reconfigureItems(["Bo"])
        #expect(snapshot.reloadedItemIdentifiers == ["Anna", "Britt"])
        #expect(snapshot.reconfiguredItemIdentifiers == ["Bo"])
        try snapshot.moveItem("Anna", afterItem: "Britt")
        #expect(snapshot.reloadedItemIdentifiers == ["Britt", "Anna"])
    }

    @Test("marks make snapshots unequal")
    func marksTakePartInEquality() throws {
        let plain = try sample()
        var marked = plain
        try marked.reconfigureItems(["Axel"])
        #expect(plain != marked)
    }

    @Test("deleting an item or a section drops its marks")
    func deletionDropsMarks() throws {
        var snapshot = try sample()
        try snapshot.reloadItems(["Anna", "Bo"])
        try snapshot.reconfigureItems(["Britt"])
        try snapshot.reloadSections(["A", "B"])
        try snapshot.deleteItems(["Anna"])
        try snapshot.deleteSections(["B"])
        #expect(snapshot.reloadedItemIdentifiers.isEmpty)
        #expect(snapshot.reconfiguredItemIdentifiers.isEmpty)
        #expect(snapshot.reloadedSectionIdentifiers == ["A"])
    }

    @Test("marking unknown identifiers throws and changes nothing")
    func unknownIdentifiers() throws {
        var snapshot = try sample()
        let before = snapshot
        #expect(throws: Failure.unknownItem("Zelda")) {
            try snapshot.reloadItems(["Anna", "Zelda"])
        }
        #expect(throws: Failure.unknownItem("Zelda")) {
            try snapshot.reconfigureItems(["Zelda"])
        }
        #expect(throws: Failure.unknownSection("Z")) { try snapshot.reloadSections(["A", "Z"]) }
        #expect(snapshot == before)
        #expect(snapshot.reloadedItemIdentifiers.isEmpty)
        #expect(snapshot.reloadedSectionIdentifiers.isEmpty)
    }

    @Test("the difference carries the new snapshot's marks at their new positions")
    func marksInDifference() throws {
        let old = try sample()
        var new = old
        try new.moveSection("B", beforeSection: "A")
        try new.reloadItems(["Axel"])
        try new.reconfigureItems(["Bo"])
        try new.reloadSections(["A"])
        let difference = new.difference(from: old)
        #expect(
            difference.reloadedItems == [
                .init(identifier: "Axel", location: Position(row: 1, section: 1))
            ])
        #expect(
            difference.reconfiguredItems == [
                .init(identifier: "Bo", location: Position(row: 0, section: 0))
            ])
        #expect(difference.reloadedSections == [.init(identifier: "A", location: 1)])
        #expect(try old.applying(difference) == new)
    }
}
