import Foundation
import SectionedData
import Testing

@Suite("Snapshots and differences: Codable and descriptions")
struct SnapshotCodingTests {
    @Test func snapshotsRoundTripWithTheirMarks() throws {
        var snapshot = try Snapshot<String, Int>(sections: [("ㄱ", [1, 3]), ("ㅂ", [2]), ("#", [])])
        try snapshot.reloadItems([3])
        try snapshot.reconfigureItems([2])
        try snapshot.reloadSections(["#"])
        let data = try JSONEncoder().encode(snapshot)
        #expect(try JSONDecoder().decode(Snapshot<String, Int>.self, from: data) == snapshot)
    }

    @Test(arguments: [
        #"{"sections": [{"identifier": "A", "items": [1]}, {"identifier": "A", "items": []}]}"#,
        #"{"sections": [{"identifier": "A", "items": [1, 1]}]}"#,
        #"{"sections": [{"identifier": "A", "items": [1]}], "reloadedItems": [2]}"#,
        #"{"sections": [{"identifier": "A"}]}"#,
    ])
    func snapshotsThatBreakTheRulesAreRefused(json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Snapshot<String, Int>.self, from: Data(json.utf8)) }
    }

    @Test func differencesRoundTripAndReplay() throws {
        let old = try Snapshot<String, Int>(sections: [("A", [1, 2, 3]), ("B", [4])])
        var new = try Snapshot<String, Int>(sections: [("A", [3, 1]), ("C", [5]), ("B", [4, 2])])
        try new.reconfigureItems([4])
        let difference = new.difference(from: old)
        let decoded = try JSONDecoder().decode(
            SnapshotDifference<String, Int>.self, from: JSONEncoder().encode(difference))
        #expect(decoded == difference)
        #expect(try old.applying(decoded) == new)
        #expect(difference.description.hasPrefix("SnapshotDifference(insert section \"C\" at 1 with [5]"))
        #expect(old.difference(from: old).description == "SnapshotDifference(no changes)")
    }

    /// The JSON names of 0.3: every entry has `identifier` and `location` (or `source` and
    /// `destination`), for sections and items alike; a list left out decodes as empty.
    @Test func differenceEntriesUseOneSetOfNames() throws {
        let difference = try Snapshot<String, Int>(sections: [("B", [2, 1]), ("C", [3])])
            .difference(from: Snapshot(sections: [("A", [4]), ("B", [1, 2])]))
        let object = try #require(
            JSONSerialization.jsonObject(with: JSONEncoder().encode(difference)) as? [String: Any])
        let sectionDeletion = try #require((object["sectionDeletions"] as? [[String: Any]])?.first)
        #expect(sectionDeletion["identifier"] as? String == "A" && sectionDeletion["location"] as? Int == 0)
        let insertion = try #require((object["sectionInsertions"] as? [[String: Any]])?.first)
        #expect(Set(insertion.keys) == ["identifier", "location", "itemIdentifiers"])
        let move = try #require((object["itemMoves"] as? [[String: Any]])?.first)
        #expect(Set(move.keys) == ["identifier", "source", "destination"])
        #expect((move["destination"] as? [String: Int]).map { Set($0.keys) } == ["section", "row"])

        let written = #"{"itemInsertions": [{"identifier": 7, "location": {"section": 0, "row": 1}}]}"#
        let decoded = try JSONDecoder().decode(SnapshotDifference<String, Int>.self, from: Data(written.utf8))
        #expect(decoded.itemInsertions.map(\.identifier) == [7] && decoded.itemInsertions.map(\.location) == [Position(row: 1, section: 0)])
        #expect(decoded.sectionDeletions.isEmpty && decoded.changeCount == 1)
        let old = #"{"itemInsertions": [{"itemIdentifier": 7, "position": {"section": 0, "row": 1}}]}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(SnapshotDifference<String, Int>.self, from: Data(old.utf8)) }
    }

    @Test func positionsCodeAsSectionAndRow() throws {
        let data = try JSONEncoder().encode(Position(row: 2, section: 1))
        #expect(try JSONDecoder().decode([String: Int].self, from: data) == ["row": 2, "section": 1])
    }
}
