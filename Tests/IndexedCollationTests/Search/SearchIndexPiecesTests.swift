import Foundation
import SectionedData
import Testing

@testable import IndexedCollation

/// A new index gathers its texts in pieces of 1,024, each piece's lookups made on another
/// thread while the next is gathered (``SearchTextPieces``), each piece numbered from 0:
/// the keys, readings and fields of records in every piece find their own record, as an
/// index built record by record does.
@Suite("Search index made in pieces")
struct SearchIndexPiecesTests {
    @Test func fieldsAndReadingsOfEveryPieceFindTheirRecord() throws {
        let count = 3_000
        let records = (0..<count).map { index in
            NamedRecord(id: index, name: "山田" + String(index), reading: "やまだ" + String(index))
        }
        let phone = { @Sendable (record: NamedRecord) in
            // Every third record has a number; the others none, so pieces hold both.
            record.id % 3 == 0 ? [SearchField(name: "phone", text: String(format: "090-%04d-%04d", record.id, 7_777), kind: .phone)] : []
        }
        let collation = try LocalizedIndexedCollation(locale: "ja")
        var bulk = try IndexedDataSource(records, collation: collation, id: \.id, keys: { RecordKeys($0.name, reading: $0.reading) }) {
            _, record in
            record.name
        }
        try bulk.buildSearchIndex(options: SearchOptions(), fields: phone)
        var oneByOne = try IndexedDataSource(
            [NamedRecord](), collation: collation, id: \.id, keys: { RecordKeys($0.name, reading: $0.reading) }
        ) {
            _, record in record.name
        }
        try oneByOne.buildSearchIndex(options: SearchOptions(), fields: phone)
        for record in records { try oneByOne.insert(record) }
        func found(_ source: IndexedDataSource<NamedRecord, Int, String>, _ query: String) -> [Int: SearchMatch?] {
            let results = source.search(query)
            var found: [Int: SearchMatch?] = [:]
            for section in 0..<results.numberOfSections {
                for row in 0..<results.numberOfRows(inSection: section) {
                    let position = Position(row: row, section: section)
                    if let record = results.record(at: position) { found[record.id] = results.match(at: position) }
                }
            }
            return found
        }
        for id in [0, 3, 1_023, 1_024, 1_026, 2_047, 2_049, 2_997, 2_999] {
            let number = String(format: "090%04d7777", id)
            let byPhone = found(bulk, number)
            #expect(byPhone.keys.sorted() == (id % 3 == 0 ? [id] : []), "phone of \(id)")
            #expect(byPhone.mapValues { $0?.key } == found(oneByOne, number).mapValues { $0?.key }, "phone of \(id)")
            let byReading = found(bulk, "やまだ" + String(id))
            #expect(byReading[id] != nil, "reading of \(id)")
            #expect(byReading.keys.sorted() == found(oneByOne, "やまだ" + String(id)).keys.sorted(), "reading of \(id)")
        }
    }
}
