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

    @Test func positionsCodeAsSectionAndRow() throws {
        let data = try JSONEncoder().encode(Position(row: 2, section: 1))
        #expect(try JSONDecoder().decode([String: Int].self, from: data) == ["row": 2, "section": 1])
    }
}
