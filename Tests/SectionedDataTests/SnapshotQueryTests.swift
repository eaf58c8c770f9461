import SectionedData
import Testing

@Suite("Snapshot queries")
struct SnapshotQueryTests {
    @Test("an empty snapshot answers every query with nothing")
    func emptySnapshot() {
        let snapshot = Snapshot<String, String>()
        #expect(snapshot.numberOfSections == 0)
        #expect(snapshot.numberOfItems == 0)
        #expect(snapshot.sectionIdentifiers.isEmpty)
        #expect(snapshot.itemIdentifiers.isEmpty)
        #expect(snapshot.indexOfSection("A") == nil)
        #expect(snapshot.indexOfItem("Anna") == nil)
        #expect(snapshot.sectionIdentifier(containingItem: "Anna") == nil)
        #expect(snapshot.position(ofItem: "Anna") == nil)
        #expect(snapshot.itemIdentifier(at: Position(row: 0, section: 0)) == nil)
        #expect(snapshot == Snapshot())
    }

    @Test("a single section is indexed from zero")
    func singleSection() throws {
        let snapshot = try Snapshot<String, String>(sections: [("A", ["Anna", "Åsa", "Axel"])])
        #expect(snapshot.numberOfSections == 1)
        #expect(snapshot.numberOfItems == 3)
        #expect(try snapshot.numberOfItems(inSection: "A") == 3)
        #expect(try snapshot.itemIdentifiers(inSection: "A") == ["Anna", "Åsa", "Axel"])
        #expect(snapshot.indexOfItem("Axel") == 2)
        #expect(snapshot.position(ofItem: "Åsa") == Position(row: 1, section: 0))
        #expect(snapshot.itemIdentifier(at: Position(row: 3, section: 0)) == nil)
        #expect(snapshot.itemIdentifier(at: Position(row: 0, section: 1)) == nil)
        expectConsistent(snapshot)
    }

    @Test("items are counted and indexed across sections, # included")
    func severalSections() throws {
        let snapshot = try Snapshot<String, String>(sections: [
            ("ㄱ", ["김민준", "김서연"]), ("ㄴ", []), ("ㄷ", ["도윤"]), ("#", ["7eleven", "@home"]),
        ])
        #expect(snapshot.sectionIdentifiers == ["ㄱ", "ㄴ", "ㄷ", "#"])
        #expect(snapshot.itemIdentifiers == ["김민준", "김서연", "도윤", "7eleven", "@home"])
        #expect(snapshot.indexOfSection("#") == 3)
        #expect(try snapshot.numberOfItems(inSection: "ㄴ") == 0)
        #expect(snapshot.indexOfItem("@home") == 4)
        #expect(snapshot.sectionIdentifier(containingItem: "7eleven") == "#")
        #expect(snapshot.position(ofItem: "도윤") == Position(row: 0, section: 2))
        expectConsistent(snapshot)
    }

    @Test("queries about an unknown section throw")
    func unknownSectionQueries() throws {
        let snapshot = try Snapshot<String, String>(sections: [("A", ["Anna"])])
        #expect(throws: SnapshotError<String, String>.unknownSection("B")) {
            try snapshot.numberOfItems(inSection: "B")
        }
        #expect(throws: SnapshotError<String, String>.unknownSection("B")) {
            try snapshot.itemIdentifiers(inSection: "B")
        }
    }

    @Test("equality looks at order, not only at content")
    func equality() throws {
        let first = try Snapshot<String, Int>(sections: [("A", [1, 2]), ("B", [3])])
        let reordered = try Snapshot<String, Int>(sections: [("A", [2, 1]), ("B", [3])])
        let resectioned = try Snapshot<String, Int>(sections: [("A", [1]), ("B", [2, 3])])
        #expect(first == (try Snapshot(sections: [("A", [1, 2]), ("B", [3])])))
        #expect(first != reordered)
        #expect(first != resectioned)
    }

    @Test("description lists sections and items")
    func description() throws {
        let snapshot = try Snapshot<String, Int>(sections: [("A", [1, 2]), ("B", [])])
        #expect(String(describing: snapshot) == #"Snapshot("A": [1, 2]; "B": [])"#)
    }
}
