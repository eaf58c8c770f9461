import SectionedData
import Testing

@Suite("Snapshot item editing")
struct SnapshotItemEditingTests {
    typealias TestSnapshot = Snapshot<String, String>
    typealias Failure = SnapshotError<String, String>

    func sample() throws -> TestSnapshot {
        try TestSnapshot(sections: [
            ("A", ["Anna", "Axel", "Åsa"]), ("B", ["Bo", "Britt"]), ("C", []),
        ])
    }

    @Test("appended items go to the named section, or to the last one")
    func appendItems() throws {
        var snapshot = try sample()
        try snapshot.appendItems(["Beata"], toSection: "B")
        try snapshot.appendItems(["Cecilia", "Cornelia"])
        #expect(try snapshot.itemIdentifiers(inSection: "B") == ["Bo", "Britt", "Beata"])
        #expect(try snapshot.itemIdentifiers(inSection: "C") == ["Cecilia", "Cornelia"])
        expectConsistent(snapshot)
    }

    @Test("appending to no section, or an unknown one, throws")
    func appendItemsWithoutSection() throws {
        var empty = TestSnapshot()
        #expect(throws: Failure.noSections) { try empty.appendItems(["Anna"]) }
        #expect(throws: Failure.unknownSection("Q")) {
            try empty.appendItems(["Anna"], toSection: "Q")
        }
        #expect(empty.numberOfItems == 0)
    }

    @Test("a duplicate item names the section that already holds it")
    func appendDuplicateAcrossSections() throws {
        var snapshot = try sample()
        let before = snapshot
        #expect(throws: Failure.duplicateItem("Bo", existingSection: "B")) {
            try snapshot.appendItems(["Cecilia", "Bo"], toSection: "C")
        }
        #expect(throws: Failure.duplicateItem("Anna", existingSection: "A")) {
            try snapshot.appendItems(["Anna"], toSection: "A")
        }
        #expect(snapshot == before)
        #expect(snapshot.position(ofItem: "Cecilia") == nil)
        #expect(snapshot.position(ofItem: "Bo") == Position(row: 0, section: 1))
        expectConsistent(snapshot)
    }

    @Test("an item repeated in one call is a duplicate without an existing section")
    func appendRepeatedItem() throws {
        var snapshot = try sample()
        let before = snapshot
        #expect(throws: Failure.duplicateItem("Cilla", existingSection: nil)) {
            try snapshot.appendItems(["Cilla", "Carl", "Cilla"], toSection: "C")
        }
        #expect(snapshot == before)
        #expect(snapshot.position(ofItem: "Cilla") == nil)
        #expect(snapshot.position(ofItem: "Carl") == nil)
        expectConsistent(snapshot)
    }

    @Test("inserted items go before or after their anchor, in its section")
    func insertItems() throws {
        var snapshot = try sample()
        try snapshot.insertItems(["Agnes", "Alva"], beforeItem: "Axel")
        try snapshot.insertItems(["Bertil"], afterItem: "Britt")
        try snapshot.insertItems(["Aaron"], beforeItem: "Anna")
        #expect(
            try snapshot.itemIdentifiers(inSection: "A") == [
                "Aaron", "Anna", "Agnes", "Alva", "Axel", "Åsa",
            ])
        #expect(try snapshot.itemIdentifiers(inSection: "B") == ["Bo", "Britt", "Bertil"])
        expectConsistent(snapshot)
    }

    @Test("inserting next to an unknown item, or a duplicate, throws and changes nothing")
    func insertItemsErrors() throws {
        var snapshot = try sample()
        let before = snapshot
        #expect(throws: Failure.unknownItem("Zelda")) {
            try snapshot.insertItems(["Agnes"], beforeItem: "Zelda")
        }
        #expect(throws: Failure.unknownItem("Zelda")) {
            try snapshot.insertItems(["Agnes"], afterItem: "Zelda")
        }
        #expect(throws: Failure.duplicateItem("Bo", existingSection: "B")) {
            try snapshot.insertItems(["Agnes", "Bo"], afterItem: "Anna")
        }
        #expect(throws: Failure.duplicateItem("Anna", existingSection: "A")) {
            try snapshot.insertItems(["Anna"], afterItem: "Anna")
        }
        #expect(throws: Failure.duplicateItem("Agnes", existingSection: nil)) {
            try snapshot.insertItems(["Agnes", "Agnes"], afterItem: "Anna")
        }
        #expect(snapshot == before)
        #expect(snapshot.position(ofItem: "Agnes") == nil)
        expectConsistent(snapshot)
    }

    @Test("deleting items keeps the sections and the order of the rest")
    func deleteItems() throws {
        var snapshot = try sample()
        try snapshot.deleteItems(["Anna", "Britt", "Åsa", "Anna"])
        #expect(snapshot.sectionIdentifiers == ["A", "B", "C"])
        #expect(snapshot.itemIdentifiers == ["Axel", "Bo"])
        #expect(snapshot.position(ofItem: "Axel") == Position(row: 0, section: 0))
        #expect(snapshot.numberOfItems == 2)
        try snapshot.deleteItems(["Axel"])
        #expect(try snapshot.numberOfItems(inSection: "A") == 0)
        expectConsistent(snapshot)
    }

    @Test("deleting an unknown item throws and changes nothing")
    func deleteUnknownItem() throws {
        var snapshot = try sample()
        let before = snapshot
        #expect(throws: Failure.unknownItem("Zelda")) {
            try snapshot.deleteItems(["Anna", "Zelda"])
        }
        #expect(snapshot == before)
        #expect(snapshot.position(ofItem: "Anna") == Position(row: 0, section: 0))
        expectConsistent(snapshot)
    }

    @Test("deleteAllItems removes items and sections, as in UIKit")
    func deleteAllItems() throws {
        var snapshot = try sample()
        try snapshot.reloadItems(["Bo"])
        snapshot.deleteAllItems()
        #expect(snapshot == TestSnapshot())
        #expect(snapshot.numberOfSections == 0)
        #expect(snapshot.position(ofItem: "Bo") == nil)
        try snapshot.appendSections(["A"])
        try snapshot.appendItems(["Bo"])
        expectConsistent(snapshot)
    }

    @Test(
        "moving an item within its section or to another one",
        arguments: [
            ("Anna", "Åsa", false, [["Axel", "Anna", "Åsa"], ["Bo", "Britt"]]),
            ("Anna", "Åsa", true, [["Axel", "Åsa", "Anna"], ["Bo", "Britt"]]),
            ("Åsa", "Anna", false, [["Åsa", "Anna", "Axel"], ["Bo", "Britt"]]),
            ("Axel", "Bo", true, [["Anna", "Åsa"], ["Bo", "Axel", "Britt"]]),
            ("Britt", "Anna", false, [["Britt", "Anna", "Axel", "Åsa"], ["Bo"]]),
        ])
    func moveItem(moving: String, anchor: String, after: Bool, expected: [[String]]) throws {
        var snapshot = try sample()
        if after {
            try snapshot.moveItem(moving, afterItem: anchor)
        } else {
            try snapshot.moveItem(moving, beforeItem: anchor)
        }
        #expect(try snapshot.itemIdentifiers(inSection: "A") == expected[0])
        #expect(try snapshot.itemIdentifiers(inSection: "B") == expected[1])
        expectConsistent(snapshot)
    }

    @Test("moving an item relative to itself or an unknown one throws")
    func moveItemErrors() throws {
        var snapshot = try sample()
        let before = snapshot
        #expect(throws: Failure.itemMovedRelativeToItself("Bo")) {
            try snapshot.moveItem("Bo", afterItem: "Bo")
        }
        #expect(throws: Failure.unknownItem("Zelda")) {
            try snapshot.moveItem("Zelda", beforeItem: "Bo")
        }
        #expect(throws: Failure.unknownItem("Zelda")) {
            try snapshot.moveItem("Bo", beforeItem: "Zelda")
        }
        #expect(snapshot == before)
    }

    @Test("appending to an empty section of a large snapshot keeps lookups exact")
    func largeSnapshot() throws {
        var snapshot = try Snapshot<Int, Int>(sections: [(0, Array(0..<50_000)), (1, [])])
        try snapshot.appendItems(50_000..<50_010, toSection: 1)
        try snapshot.moveItem(0, afterItem: 49_999)
        #expect(snapshot.position(ofItem: 0) == Position(row: 49_999, section: 0))
        #expect(snapshot.position(ofItem: 1) == Position(row: 0, section: 0))
        #expect(snapshot.position(ofItem: 50_005) == Position(row: 5, section: 1))
        #expect(snapshot.indexOfItem(50_005) == 50_005)
    }
}
