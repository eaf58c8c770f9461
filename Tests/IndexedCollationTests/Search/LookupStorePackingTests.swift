import SectionedData
import TestSupport
import Testing

@testable import IndexedCollation

/// The search index's packed marks: 16 bits a weight for short texts of up to three keys
/// (``LookupStore/packNarrow(_:)``), 32 for keys within their first 1,024 UTF-8 bytes
/// (``LookupStore/pack(_:)``), 64 bits for a lookup with a weight beyond, and the same
/// lookups and matches every way as the record's own lookup gives.
@Suite("Search index packed marks")
struct LookupStorePackingTests {
    /// An entry takes 12 bytes; its count and three flags share a word and never disturb
    /// each other, up to the largest count.
    @Test func entryKeepsCountAndFlagsApart() {
        #expect(MemoryLayout<LookupStore.Entry>.stride == 12)
        for count in [0, 1, 2, 255, 65_536, LookupStore.Entry.maximumCount - 1, LookupStore.Entry.maximumCount] {
            for flags in 0..<8 {
                let (expands, narrow, coded) = (flags & 1 != 0, flags & 2 != 0, flags & 4 != 0)
                var entry = LookupStore.Entry(
                    first: Int(UInt32.max), count: Int32(count), references: 7, expandsKeypad: expands, narrowMarks: narrow,
                    codedWeights: coded)
                #expect((entry.first, entry.count, entry.references) == (UInt32.max, Int32(count), 7))
                #expect((entry.expandsKeypad, entry.narrowMarks, entry.codedWeights) == (expands, narrow, coded))
                entry.count = 3
                entry.expandsKeypad.toggle()
                #expect((entry.count, entry.expandsKeypad, entry.narrowMarks, entry.codedWeights) == (3, !expands, narrow, coded))
                #expect(entry.wordCount == (coded ? 2 : 3) + (narrow ? 2 : 3))
                entry.narrowMarks.toggle()
                entry.codedWeights.toggle()
                entry.count = 0
                #expect((entry.count, entry.expandsKeypad, entry.narrowMarks, entry.codedWeights) == (0, !expands, !narrow, !coded))
                #expect(entry.wordCount == 0)
            }
        }
    }

    /// Weights take codes until 65,536 are given; a lookup with a weight past them keeps
    /// its weights in 32 bits, one with given codes only is still coded, and every lookup
    /// reads back the same, through spans as well.
    @Test func weightsTakeCodesUntilTheyRunOut() {
        var store = LookupStore()
        var made: [SearchLookup] = []
        var numbers: [Int32] = []
        // 7,000 lookups of 10 new weights each (70,000 distinct), then one of old weights.
        for index in 0..<7_001 {
            var lookup = SearchLookup()
            for offset in 0..<(index == 7_000 ? 9 : 10) {
                let weight = index == 7_000 ? UInt32(0x0100_0000 + offset * 7) : UInt32(0x0100_0000 + index * 10 + offset)
                lookup.append(weight, info: 1 | UInt64(offset) << 16 | UInt64(offset + 1) << 40)
            }
            made.append(lookup)
            numbers.append(store.add(lookup))
        }
        #expect(store.weightCodes.weights.count == LookupStore.WeightCodes.capacity)
        // Lookup 6,553 holds weights 65,530..<65,540: the last six codes given, then none.
        for (index, number) in numbers.enumerated() {
            #expect(store.hasCodedWeights(number) == (index < 6_553 || index == 7_000), "lookup \(index)")
            let back = store.lookup(number)
            #expect(back.weights == made[index].weights && back.info == made[index].info, "lookup \(index)")
            store.withSpans { spans in #expect(Array(spans[number].weights) == made[index].weights, "span \(index)") }
        }
        var fresh = LookupStore.WeightCodes()
        for weight in UInt32(0)..<UInt32(LookupStore.WeightCodes.capacity) { fresh.add(weight) }
        #expect(fresh.add(1_000_000) == nil && fresh.add(77) == 77 && fresh.code(1_000_000) == nil)
    }

    /// A piece packed off the store (``LookupStore/PackedPiece``) is stored as the same
    /// lookups added one by one are: coded where every weight has a code, 32-bit where one
    /// has none, every width of marks, odd and even lengths.
    @Test func aPackedPieceHoldsTheLookupsAddedOneByOne() {
        var random = SplitMix64(seed: 11)
        var made: [SearchLookup] = []
        for index in 0..<3_000 {
            var lookup = SearchLookup()
            let limit: UInt64 = [31, 1_000, 3_000][index % 3]
            for _ in 0..<Int.random(in: 0...9, using: &random) {
                let start = UInt64.random(in: 0..<limit, using: &random)
                lookup.append(
                    UInt32.random(in: 1...400, using: &random),
                    info: UInt64.random(in: 0...15, using: &random) | UInt64(index % 3) << 8 | start << 16
                        | min(limit, start + 2) << 40)
            }
            made.append(lookup)
        }
        var (weights, info, ends) = ([UInt32](), LookupStore.PieceInfo(), [Int32]())
        for (position, lookup) in made.enumerated() {
            weights += lookup.weights
            info.append(lookupInfo: lookup.info, at: position)
            ends.append(Int32(weights.count))
        }
        // Codes for the weights up to 300 only: lookups with a weight above stay 32-bit.
        var pieceStore = LookupStore()
        pieceStore.addCodes(Array(1...300))
        let piece = LookupStore.PackedPiece(weights: weights, info: info, ends: ends, codes: pieceStore.weightCodes)
        pieceStore.reserve(words: piece.words.count, lookups: made.count)
        pieceStore.append(
            piece, expandsKeypad: Array(repeating: false, count: made.count), records: Array(repeating: 1, count: made.count)[...])
        var oneByOne = LookupStore()
        oneByOne.addCodes(Array(1...300))
        var coded = 0
        for (index, lookup) in made.enumerated() {
            let number = oneByOne.add(weights: lookup.weights[...], info: lookup.info[...], records: 1)
            #expect(number == Int32(index))
            let isCoded = lookup.weights.allSatisfy { $0 <= 300 }
            coded += isCoded ? 1 : 0
            #expect(pieceStore.hasCodedWeights(number) == isCoded, "lookup \(index)")
            let (fromPiece, added) = (pieceStore.lookup(number), oneByOne.lookup(number))
            #expect(fromPiece.weights == lookup.weights && fromPiece.info == lookup.info, "lookup \(index)")
            #expect(fromPiece.weights == added.weights && fromPiece.info == added.info, "lookup \(index)")
            pieceStore.withSpans { spans in
                let span = spans[number]
                #expect(Array(span.weights) == lookup.weights && (0..<span.weights.count).map { span.info[$0] } == lookup.info)
            }
        }
        #expect(coded > 500 && coded < 2_500)
    }

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

    @Test func narrowPackingKeepsShortTextsAndRefusesTheRest() throws {
        for marks: UInt64 in [0, 1, 2, 4, 8, 15] {
            for key: UInt64 in [0, 1, 2, UInt64(SearchLookup.noKey)] {
                for (start, end): (UInt64, UInt64) in [(0, 0), (0, 3), (9, 12), (28, 31), (31, 31)] {
                    let info = marks | key << 8 | start << 16 | end << 40
                    let packed = try #require(LookupStore.pack(info))
                    #expect(LookupStore.packNarrow(packed).map(LookupStore.unpackNarrow) == info, "\(marks) \(key) \(start)..<\(end)")
                }
            }
        }
        for refused: UInt64 in [1 | 3 << 8, 1 | 4 << 8, 1 | 254 << 8, 1 | 32 << 16 | 33 << 40, 1 | 29 << 16 | 32 << 40] {
            #expect(LookupStore.pack(refused).flatMap(LookupStore.packNarrow) == nil, "\(refused)")
        }
    }

    /// Lookups of all three widths in one store, odd and even lengths, added one by one
    /// and in a piece, read back the same before and after dropped lookups are reclaimed.
    @Test func everyWidthReadsBackThroughEditsAndCompaction() throws {
        var random = SplitMix64(seed: 3)
        func lookup(limit: UInt64, key: UInt64) -> SearchLookup {
            var made = SearchLookup()
            for _ in 0..<Int.random(in: 1...9, using: &random) {
                let start = UInt64.random(in: 0..<limit, using: &random)
                let end = min(limit, start + UInt64.random(in: 0...3, using: &random))
                made.append(
                    UInt32.random(in: 1...0xFFFF_FFFF, using: &random),
                    info: UInt64.random(in: 0...15, using: &random) | key << 8 | start << 16 | end << 40)
            }
            return made
        }
        var made: [SearchLookup] = []
        for index in 0..<9_000 {
            switch index % 3 {
            case 0: made.append(lookup(limit: 31, key: [0, 1, 2, UInt64(SearchLookup.noKey)][index % 4]))  // 16 bits
            case 1: made.append(lookup(limit: 1_000, key: 9))  // 32 bits
            default: made.append(lookup(limit: 3_000, key: 0))  // 64 bits when past 1,023
            }
        }
        var store = LookupStore()
        var numbers = made.map { store.add($0) }
        func readsBack(_ context: String) {
            for (index, number) in numbers.enumerated() where number >= 0 {
                let back = store.lookup(number)
                #expect(back.weights == made[index].weights && back.info == made[index].info, "\(context): lookup \(index)")
                store.withSpans { spans in
                    let span = spans[number]
                    #expect((0..<span.weights.count).map { span.info[$0] } == made[index].info, "\(context): span \(index)")
                }
            }
        }
        readsBack("added")
        // Two thirds dropped (more than 4,096 weights, more than half): the words are moved.
        for index in made.indices where index % 3 != 2 {
            store.release(numbers[index])
            numbers[index] = -1
        }
        // Reclaimed at least once (dropped weights count until they are).
        let live = made.indices.filter { $0 % 3 == 2 }.reduce(0) { $0 + made[$1].weights.count }
        #expect(store.weightCount >= live && store.weightCount < made.reduce(0) { $0 + $1.weights.count } - 4_096)
        readsBack("compacted")
        for index in made.indices where numbers[index] < 0 { numbers[index] = store.add(made[index]) }
        readsBack("added again")
    }

    @Test func aMatchBeyondTheFirstKilobyteIsFoundAtItsPlace() throws {
        // Long names put their later words past byte 1,024: their lookups keep 64-bit marks.
        let long = String(repeating: "Abcdefgh ", count: 130) + "Zed Ölund"
        let names = ["Anna Zed", long, "Zed " + long, "Ölund Kim", "Bo Zander"]
        var records = names.enumerated().map { NamedRecord(id: $0, name: $1, reading: nil) }
        var source = try IndexedDataSource(
            records, collation: LocalizedIndexedCollation(locale: "en"), id: \.id, keys: { RecordKeys($0.name) }
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
