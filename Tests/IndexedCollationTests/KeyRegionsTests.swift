import TestSupport
import Testing

@testable import IndexedCollation

/// A run's keys are made in chunks side by side into one shared buffer, each chunk in a
/// region sized from a sample, then closed up (`IndexingEngine.keysInRegions`). Whatever
/// the regions' room — enough, too little for some chunks, none — every text's key, tie
/// key and section are the ones a single arena made on one thread holds.
@Suite("Keys made in regions of one buffer")
struct KeyRegionsTests {
    /// Hangul names, then Latin ones (more key bytes a text byte than the sample, which is
    /// mostly Hangul, expects), some with readings (tie keys in some chunks only), and
    /// empty texts.
    static func records() -> (texts: [String], readings: [String]) {
        var generator = SplitMix64(seed: 7)
        let syllables = ["김", "이", "박", "최", "정", "민", "준", "서", "연", "훈", "뷁", "ㄱ"]
        let letters = Array("abcdefghijklmnopqrstuvwxyzÅÄÖé")
        var texts: [String] = []
        var readings: [String] = []
        for index in 0..<36_000 {
            if index % 997 == 0 {
                texts.append("")
            } else if index < 27_000 {
                texts.append(
                    (0..<Int.random(in: 1...4, using: &generator)).map { _ in syllables.randomElement(using: &generator)! }.joined())
            } else {
                texts.append(String((0..<Int.random(in: 3...40, using: &generator)).map { _ in letters.randomElement(using: &generator)! }))
            }
            readings.append(index >= 9_000 && index < 12_000 && index % 3 == 0 ? "가나\(index % 7)" : "")
        }
        return (texts, readings)
    }

    static func contents(_ arena: SortKeyArena) -> [[UInt8]] { (0..<arena.count).map { Array(arena.key($0)) } }

    /// Rooms and how many of the seven chunks outgrow them: none with the run's room,
    /// the Latin ones with less, every one with none.
    @Test(arguments: [(IndexingEngine.regionRoom, 0...0), (0.7, 1...6), (0.0, 7...7)])
    func regionsHoldTheKeysOneArenaHolds(room: Double, outgrown: ClosedRange<Int>) throws {
        let collation = try LocalizedIndexedCollation(locale: "ko_KR")
        let engine = IndexingEngine(collation: collation, threads: 3)
        let (texts, readings) = Self.records()
        var utf8 = [UInt8]()
        var (keyRanges, readingRanges) = ([Range<Int>](), [Range<Int>]())
        for (text, reading) in zip(texts, readings) {
            let start = utf8.count
            utf8.append(contentsOf: text.utf8)
            keyRanges.append(start..<utf8.count)
            utf8.append(contentsOf: reading.utf8)
            readingRanges.append(start + text.utf8.count..<utf8.count)
        }
        let sectionCount = collation.sectionTitles.count
        try utf8.withUnsafeBufferPointer { bytes in
            let input = IndexingEngine.Input(bytes: bytes, keys: ByteRanges(keyRanges), readings: ByteRanges(readingRanges))
            // One arena, one thread: the reference.
            var referenceSections = SectionNumbers(count: texts.count, sectionCount: sectionCount)
            var reference = SortKeyArena()
            let referenceTies = referenceSections.withWriter { sections in
                engine.makeKeys(input, UnsafeBufferPointer(start: nil, count: 0), 0..<texts.count, sections: sections, into: &reference)
            }
            var sections = SectionNumbers(count: texts.count, sectionCount: sectionCount)
            let chunkCount = 7
            let made = sections.withWriter { sections in
                engine.keysInRegions(
                    input, UnsafeBufferPointer(start: nil, count: 0), textCount: texts.count, chunkCount: chunkCount, sections: sections,
                    room: room)
            }
            let (keys, ties, outgrownCount) = try #require(made)
            #expect(outgrown.contains(outgrownCount))
            #expect(keys.count == texts.count)
            #expect(Self.contents(keys) == Self.contents(reference))
            #expect(Array(sections) == Array(referenceSections))
            // Tie keys: each chunk's, filled with empty keys, are the reference's.
            var tieChunks = ties
            for chunk in tieChunks.indices {
                tieChunks[chunk].appendEmptyKeys(upTo: parallelShare(chunk, of: chunkCount, count: texts.count).count)
            }
            var referenceFilled = referenceTies
            referenceFilled.appendEmptyKeys(upTo: texts.count)
            #expect(Self.contents(SortKeyArena.joined(&tieChunks, threads: 2)) == Self.contents(referenceFilled))
            #expect(ties.contains { $0.count == 0 } && ties.contains { $0.count > 0 })
            // The keys sort as ICU's do: neighbours in key order compare in order.
            let order = (0..<texts.count).sorted { keys.key($0).lexicographicallyPrecedes(keys.key($1)) }
            for (a, b) in zip(order, order.dropFirst()).prefix(2_000) {
                let orderingA = readings[a].isEmpty ? texts[a] : readings[a]
                let orderingB = readings[b].isEmpty ? texts[b] : readings[b]
                #expect(collation.collator.compare(orderingA, orderingB) != .orderedDescending)
            }
        }
    }

    @Test func noTextsMakeNoKeys() throws {
        let collation = try LocalizedIndexedCollation(locale: "sv_SE")
        let output = collation.runEngine(IndexingEngine(collation: collation, threads: 2), [])
        #expect(output.order.isEmpty)
    }
}
