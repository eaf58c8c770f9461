import SectionedData
import Testing

@Suite("Snapshot errors")
struct SnapshotErrorTests {
    typealias Failure = SnapshotError<String, String>

    @Test("a duplicate item's message names the item and where it already is")
    func duplicateItemMessage() throws {
        var snapshot = try Snapshot<String, String>(sections: [("ㄱ", ["김민준"]), ("ㄴ", [])])
        let error = #expect(throws: Failure.self) {
            try snapshot.appendItems(["나은비", "김민준"], toSection: "ㄴ")
        }
        let message = String(describing: try #require(error))
        #expect(message.contains(#""김민준""#))
        #expect(message.contains(#"section "ㄱ""#))
        #expect(!message.contains("나은비"))
    }

    @Test(
        "every message names its identifier",
        arguments: [
            (Failure.duplicateSection("Å"), #""Å""#),
            (Failure.duplicateItem("Östen", existingSection: nil), #""Östen""#),
            (Failure.unknownSection("Ä"), #""Ä""#),
            (Failure.unknownItem("Åsa"), #""Åsa""#),
            (Failure.sectionMovedRelativeToItself("Ö"), #""Ö""#),
            (Failure.itemMovedRelativeToItself("Örjan"), #""Örjan""#),
            (Failure.noSections, "append a section first"),
            (Failure.differenceMismatch("row 4 is past the end"), "row 4 is past the end"),
        ])
    func messages(error: Failure, expected: String) {
        #expect(String(describing: error).contains(expected))
    }

    @Test("integer identifiers are named too")
    func integerIdentifiers() throws {
        var snapshot = try Snapshot<Int, Int>(sections: [(1, [10, 11])])
        let error = #expect(throws: SnapshotError<Int, Int>.self) {
            try snapshot.insertItems([12, 11], afterItem: 10)
        }
        #expect(error == .duplicateItem(11, existingSection: 1))
        #expect(String(describing: try #require(error)).contains("item 11 is already in section 1"))
    }
}
