@testable import IndexedCollation
import TestSupport
import Testing

/// The order value and its byte encoding are one order: for random records across
/// locales, readings, several keys, both directions and many equal texts, `a < b` of two
/// ``OrderKey`` values is memcmp of their encodings, sorting the values gives the engine's
/// output, and every encoding parses back to its value.
@Suite("Order key ≡ encoding")
struct OrderKeyPropertyTests {
    /// Names that share prefixes, differ only in case or width, need readings, or are empty.
    static let pool = [
        "김민준", "김민", "김", "이서연", "박", "Kim", "kim", "KIM", "Zoë", "zoe", "Émile", "emile", "山田", "やまだ", "ヤマダ",
        "田中", "たなか", "張", "张伟", "王", "Ñandú", "nandu", "1st", "#tag", "", " ", "😀", "Anna", "anna", "Åsa", "Ärger",
        "Straße", "strasse", "Иван", "иван",
    ]
    static let readings: [String?] = [nil, nil, nil, "", "やまだ", "たなか", "きむ", "kim", "zhang", "あ", "김"]

    struct Record {
        var keys: [String]
        var readings: [String?]
    }

    static func records(count: Int, keyCount: Int, rng: inout SplitMix64) -> [Record] {
        (0..<count).map { _ in
            Record(
                keys: (0..<keyCount).map { _ in pool[Int(rng.next() % UInt64(pool.count))] },
                readings: (0..<keyCount).map { _ in readings[Int(rng.next() % UInt64(readings.count))] })
        }
    }

    @Test(arguments: ["ko_KR", "ja_JP", "en_US", "de", "zh_CN", "sv_SE"], [1, 2, 3])
    func valueOrderIsByteOrder(locale: String, keyCount: Int) throws {
        let collation = try LocalizedIndexedCollation(locale: locale)
        var rng = SplitMix64(seed: UInt64(keyCount) &* 0x9E37_79B9 ^ UInt64(locale.utf8.reduce(0) { $0 &* 31 &+ Int($1) }))
        let sectionCount = collation.sectionTitles.count
        for descending in [false, true] {
            for withReadings in [false, true] {
                let records = Self.records(count: 120, keyCount: keyCount, rng: &rng)
                let keys: [(Record) -> String] = (0..<keyCount).map { index in { $0.keys[index] } }
                let readings: [(Record) -> String?] = withReadings ? (0..<keyCount).map { index in { $0.readings[index] } } : []
                let output = collation.indexingOutput(of: records, keys: KeyReaders(keys: keys, readings: readings), descending: descending)
                let values = records.indices.map { output.order(ofRecord: $0, position: $0, descending: descending) }
                let encoded = values.map { $0.encoded(sectionCount: sectionCount) }
                // a < b of the values is memcmp of the encodings, on every pair.
                for a in values.indices {
                    for b in values.indices {
                        let byValue = OrderKey.compare(values[a], values[b]).signum()
                        let byBytes = compareBytes(encoded[a][...], encoded[b][...]).signum()
                        #expect(byValue == byBytes, "\(locale) \(records[a]) vs \(records[b]), descending \(descending)")
                        if byValue != byBytes { return }
                    }
                }
                // Sorting the values gives the engine's order, sections included.
                let engineOrder = output.order.map(Int.init)
                #expect(values.indices.sorted { values[$0] < values[$1] } == engineOrder)
                // Every encoding parses back to its value, and its place to the value without position.
                for (value, bytes) in zip(values, encoded) {
                    let decoded = OrderKey(decoding: bytes, sectionCount: sectionCount, keyParts: keyCount, descending: descending)
                    #expect(decoded == value)
                    #expect(decoded?.position == value.position)
                    var place = value
                    place.position = nil
                    let placeBytes = place.encoded(sectionCount: sectionCount)
                    #expect(Array(bytes.prefix(placeBytes.count)) == placeBytes)
                    #expect(OrderKey(decoding: placeBytes, sectionCount: sectionCount, keyParts: keyCount, descending: descending)?.position == nil)
                }
                // Equal places are exactly the records `-u` folds: sortsEqual.
                for a in 0..<min(40, records.count) {
                    for b in 0..<min(40, records.count) where output.sectionOfRecord[a] == output.sectionOfRecord[b] {
                        var (x, y) = (values[a], values[b])
                        (x.position, y.position) = (nil, nil)
                        #expect((x == y) == output.sortsEqual(a, b))
                    }
                }
            }
        }
    }

    @Test func engineSortsLikeTheComparisonOfValues() throws {
        // sorted(_:by:readings:) is the order of the values with sections set aside.
        let collation = try LocalizedIndexedCollation(locale: "ja_JP")
        var rng = SplitMix64(seed: 22)
        let records = Self.records(count: 200, keyCount: 2, rng: &rng)
        let keys: [(Record) -> String] = [{ $0.keys[0] }, { $0.keys[1] }]
        let readings: [(Record) -> String?] = [{ $0.readings[0] }, { $0.readings[1] }]
        let output = collation.indexingOutput(of: records, keys: KeyReaders(keys: keys, readings: readings), descending: false)
        let values = records.indices.map { output.order(ofRecord: $0, position: $0) }
        let expected = values.indices.sorted { a, b in
            var (x, y) = (values[a], values[b])
            (x.section, y.section) = (0, 0)
            return x < y
        }
        let sorted = collation.sorted(Array(records.indices), by: [{ records[$0].keys[0] }, { records[$0].keys[1] }],
                                      readings: [{ records[$0].readings[0] }, { records[$0].readings[1] }])
        #expect(sorted == expected)
    }

    @Test(arguments: [[UInt8](), [0x05], [0x00, 0x05, 0x00, 0x02, 0x03, 0x01], [0x03, 0x41, 0x00, 0x41, 0x01, 0x00, 0x07], [0xFF, 0x05, 0x00, 0x02], [0x01, 0x05, 0x05]])
    func malformedBytesDoNotParse(_ bytes: [UInt8]) {
        #expect(OrderKey(decoding: bytes, sectionCount: 27) == nil)
    }

    @Test func aTieEqualToTheKeyIsNoTie() {
        let key: [UInt8] = [0x2A, 0x31]
        let withTie = OrderKey(section: 1, sortKey: key, tieKey: key, position: 3)
        let without = OrderKey(section: 1, sortKey: key, tieKey: nil, position: 3)
        #expect(withTie == without)
        #expect(withTie.hashValue == without.hashValue)
        #expect(withTie.encoded(sectionCount: 27) == without.encoded(sectionCount: 27))
        let smallerTie = OrderKey(section: 1, sortKey: key, tieKey: [0x2A], position: 0)
        #expect(smallerTie < without)
        #expect(OrderKey(section: 0, sortKey: [0x7F], tieKey: nil, position: 9) < smallerTie)
    }
}
