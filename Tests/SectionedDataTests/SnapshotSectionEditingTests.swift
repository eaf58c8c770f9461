import SectionedData
import Testing

@Suite("Snapshot section editing")
struct SnapshotSectionEditingTests {
    typealias TestSnapshot = Snapshot<String, String>
    typealias Failure = SnapshotError<String, String>

    func sample() throws -> TestSnapshot {
        try TestSnapshot(sections: [("A", ["Anna", "Axel"]), ("B", ["Bo"]), ("C", ["Cecilia"])])
    }

    @Test("appended sections come last, empty")
    func appendSections() throws {
        var snapshot = try sample()
        try snapshot.appendSections(["D", "#"])
        #expect(snapshot.sectionIdentifiers == ["A", "B", "C", "D", "#"])
        #expect(try snapshot.numberOfItems(inSection: "#") == 0)
        expectConsistent(snapshot)
    }

    @Test("appending an existing or repeated section throws and changes nothing")
    func appendDuplicateSections() throws {
        var snapshot = try sample()
        let before = snapshot
        #expect(throws: Failure.duplicateSection("B")) { try snapshot.appendSections(["D", "B"]) }
        #expect(throws: Failure.duplicateSection("E")) {
            try snapshot.appendSections(["E", "F", "E"])
        }
        #expect(snapshot == before)
        #expect(snapshot.indexOfSection("D") == nil)
        #expect(snapshot.indexOfSection("E") == nil)
        expectConsistent(snapshot)
    }

    @Test("inserted sections go before or after their anchor")
    func insertSections() throws {
        var snapshot = try sample()
        try snapshot.insertSections(["Å", "Ä"], afterSection: "C")
        try snapshot.insertSections(["#"], beforeSection: "A")
        try snapshot.insertSections(["Bb"], afterSection: "B")
        #expect(snapshot.sectionIdentifiers == ["#", "A", "B", "Bb", "C", "Å", "Ä"])
        #expect(snapshot.position(ofItem: "Cecilia") == Position(row: 0, section: 4))
        expectConsistent(snapshot)
    }

    @Test("inserting next to an unknown section, or a duplicate, throws")
    func insertSectionsErrors() throws {
        var snapshot = try sample()
        let before = snapshot
        #expect(throws: Failure.unknownSection("Z")) {
            try snapshot.insertSections(["D"], beforeSection: "Z")
        }
        #expect(throws: Failure.unknownSection("Z")) {
            try snapshot.insertSections(["D"], afterSection: "Z")
        }
        #expect(throws: Failure.duplicateSection("A")) {
            try snapshot.insertSections(["D", "A"], afterSection: "C")
        }
        #expect(snapshot == before)
        expectConsistent(snapshot)
    }

    @Test("deleting sections deletes their items")
    func deleteSections() throws {
        var snapshot = try sample()
        try snapshot.deleteSections(["A", "C", "A"])
        #expect(snapshot.sectionIdentifiers == ["B"])
        #expect(snapshot.numberOfItems == 1)
        #expect(snapshot.position(ofItem: "Anna") == nil)
        #expect(snapshot.position(ofItem: "Cecilia") == nil)
        #expect(snapshot.position(ofItem: "Bo") == Position(row: 0, section: 0))
        // A deleted item's identifier is free again.
        try snapshot.appendItems(["Anna"], toSection: "B")
        #expect(snapshot.itemIdentifiers == ["Bo", "Anna"])
        expectConsistent(snapshot)
    }

    @Test("deleting an unknown section throws and changes nothing")
    func deleteUnknownSection() throws {
        var snapshot = try sample()
        let before = snapshot
        #expect(throws: Failure.unknownSection("Q")) { try snapshot.deleteSections(["A", "Q"]) }
        #expect(snapshot == before)
        expectConsistent(snapshot)
    }

    @Test(
        "moving a section takes its items along",
        arguments: [
            ("A", "C", false, ["B", "A", "C"]),
            ("A", "C", true, ["B", "C", "A"]),
            ("C", "A", false, ["C", "A", "B"]),
            ("C", "A", true, ["A", "C", "B"]),
            ("B", "A", false, ["B", "A", "C"]),
        ])
    func moveSection(moving: String, anchor: String, after: Bool, expected: [String]) throws {
        var snapshot = try sample()
        if after {
            try snapshot.moveSection(moving, afterSection: anchor)
        } else {
            try snapshot.moveSection(moving, beforeSection: anchor)
        }
        #expect(snapshot.sectionIdentifiers == expected)
        #expect(try snapshot.itemIdentifiers(inSection: "A") == ["Anna", "Axel"])
        expectConsistent(snapshot)
    }

    @Test("moving a section relative to itself or an unknown one throws")
    func moveSectionErrors() throws {
        var snapshot = try sample()
        let before = snapshot
        #expect(throws: Failure.sectionMovedRelativeToItself("B")) {
            try snapshot.moveSection("B", beforeSection: "B")
        }
        #expect(throws: Failure.unknownSection("Z")) {
            try snapshot.moveSection("Z", afterSection: "B")
        }
        #expect(throws: Failure.unknownSection("Z")) {
            try snapshot.moveSection("B", afterSection: "Z")
        }
        #expect(snapshot == before)
    }

    @Test("a # section behaves like any other")
    func numberSignSection() throws {
        var snapshot = try sample()
        try snapshot.appendSections(["#"])
        try snapshot.appendItems(["42nd Street", "@home"])
        try snapshot.moveSection("#", beforeSection: "A")
        #expect(snapshot.sectionIdentifiers.first == "#")
        #expect(try snapshot.itemIdentifiers(inSection: "#") == ["42nd Street", "@home"])
        expectConsistent(snapshot)
    }
}
