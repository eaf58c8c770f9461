import SectionedData
import TestSupport
import Testing

@testable import IndexedCollation

/// The search index's packed marks (``LookupStore/pack(_:)``): 32 bits a weight for keys
/// within their first 1,024 UTF-8 bytes, 64 bits for a lookup with a weight beyond, and the
/// same matches either way as the record's own lookup gives.
@Suite("Search index packed marks")
struct LookupStorePackingTests {
    @Test func packingKeepsMarksKeyAndRangeAndRefusesWhatDoesNotFit() {
        for marks: UInt64 in [0, 1, 2, 4, 8, 15] {
            for key: UInt64 in [0, 3, 254, 255] {
                for (start, end): (UInt64, UInt64) in [(0, 0), (0, 3), (511, 514), (1020, 1023)] {
                    let info = marks | key << 8 | start << 16 | end << 40
                    let packed = LookupStore.pack(info)
                    #expect(packed.map(LookupStore.unpack) == info, "\(marks) \(key) \(start)..<\(end)")
                }
            }
        }
        #expect(LookupStore.pack(1 | 1023 << 16 | 1024 << 40) == nil)
        #expect(LookupStore.pack(1 | 5000 << 16 | 5003 << 40) == nil)
        #expect(LookupStore.pack(0x10) == nil)
    }

    @Test func aMatchBeyondTheFirstKilobyteIsFoundAtItsPlace() throws {
        // Long names put their later words past byte 1,024: their lookups keep 64-bit marks.
        let long = String(repeating: "Abcdefgh ", count: 130) + "Zed Ölund"
        let names = ["Anna Zed", long, "Zed " + long, "Ölund Kim", "Bo Zander"]
        var records = names.enumerated().map { NamedRecord(id: $0, name: $1, reading: nil) }
        var source = try IndexedDataSource(
            collation: LocalizedIndexedCollation(locale: "en"), records: records, id: \.id, key: \.name
        ) { _, person in person.name }
        try source.buildSearchIndex()
        let matcher = try #require(source.searchIndex).matcher
        func check(_ source: IndexedDataSource<NamedRecord, Int, String>) throws {
            for text in ["zed", "ölu", "olund", "abc", "zed ol", "bo", "kim"] {
                let found = source.search(text)
                var count = 0
                for section in 0..<found.numberOfSections {
                    for row in 0..<found.numberOfRows(inSection: section) {
                        let position = Position(row: row, section: section)
                        let record = try #require(found.record(at: position))
                        let expected = matcher.firstMatch(
                            of: matcher.query(text), in: matcher.lookup(keys: [record.name], readings: [nil]))
                        #expect(found.match(at: position) == expected, "\(text) in \(record.name.suffix(20))")
                        count += 1
                    }
                }
                let brute = records.filter { matcher.matches(text, key: $0.name) }.count
                #expect(count == brute, "\(text)")
            }
        }
        try check(source)
        // The match of "zed" in the long name is its own word, past the first kilobyte.
        let found = source.search("zed ö")
        let longRow = try #require(
            (0..<found.numberOfRows(inSection: 0)).first { found.record(at: Position(row: $0, section: 0))?.id == 1 })
        let range = try #require(found.match(at: Position(row: longRow, section: 0))?.utf8Range)
        #expect(range.lowerBound > 1024)
        // Removed and inserted again, the wide lookups stay right.
        try source.remove(ids: [1, 3])
        records.removeAll { $0.id == 1 || $0.id == 3 }
        let again = NamedRecord(id: 7, name: long + " Again", reading: nil)
        try source.insert(again)
        records.append(again)
        try check(source)
    }
}
