import Dispatch
import Foundation
import Synchronization
import IndexedCollation
import TestSupport
import Testing
import SystemPackage

/// The library's external sort: past memory (tiny bounds, many runs, tiered merges) the
/// order, the sections and the payloads are exactly those of the in-memory sort.
@Suite("External sorter")
struct ExternalSorterTests {
    struct Item: Sendable {
        var text: String
        var reading: String?
        var payload: [UInt8]
    }

    /// Names of a locale (some with readings), repeated and suffixed so that equal texts
    /// fall into different runs.
    static func items(_ locale: String, count: Int, seed: UInt64) -> [Item] {
        let names: [(String, String?)] =
            switch locale {
            case "ko_KR": [("김민준", nil), ("까치", nil), ("박서준", nil), ("이서연", nil), ("홍길동", nil), ("Smith", nil), ("123", nil), ("😀", nil)]
            case "ja_JP": [("東京", "とうきょう"), ("大阪", "おおさか"), ("佐藤", "さとう"), ("さくら", nil), ("カタカナ", nil), ("Tanaka", nil), ("東", nil)]
            case "zh_CN": [("张伟", "zhang wei"), ("王芳", "wang fang"), ("李娜", "li na"), ("曾国藩", "zeng guofan"), ("Alice", nil), ("北京", nil)]
            default: [("Åsa", nil), ("Ärla", nil), ("Örjan", nil), ("Zelda", nil), ("anders", nil), ("Anders", nil), ("", nil), ("#tag", nil)]
            }
        var random = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let (name, reading) = names[Int(random.next() % UInt64(names.count))]
            let suffix = random.next() % 3 == 0 ? " \(random.next() % 20)" : ""
            return Item(text: name + suffix, reading: reading.map { $0 + suffix }, payload: Array("\(index)".utf8))
        }
    }

    /// Sorts `items` past memory and reads back (title, payload) pairs, checking that the
    /// order keys ascend and the section counts match what is read.
    static func sortedExternally(
        _ items: [Item], collation: LocalizedIndexedCollation, memoryLimit: Int, descending: Bool = false, directory: String? = nil,
        minimumRuns: Int = 0
    ) throws -> [(String, [UInt8])] {
        let sorter = try ExternalSorter(collation: collation, memoryLimit: memoryLimit, temporaryDirectory: directory, descending: descending)
        for item in items { try sorter.append(item.text, reading: item.reading, payload: item.payload) }
        let sorted = try sorter.finish()
        #expect(sorter.runsWritten >= minimumRuns)
        var result: [(String, [UInt8])] = []
        var counts = [Int](repeating: 0, count: sorted.sectionTitles.count)
        var previousKey: [UInt8]?
        try sorted.forEach { record in
            if let previousKey { #expect(!record.orderKey.lexicographicallyPrecedes(previousKey), "order keys must not descend") }
            previousKey = record.orderKey
            counts[record.section] += 1
            result.append((sorted.sectionTitles[record.section], record.payload))
        }
        #expect(counts == sorted.sectionCounts)
        #expect(sorted.count == items.count)
        return result
    }

    @Test(arguments: ["ko_KR", "ja_JP", "zh_CN", "sv_SE"], [false, true])
    func manyRunsGiveTheInMemoryOrder(locale: String, descending: Bool) throws {
        let collation = try LocalizedIndexedCollation(locale: CollationLocale(locale))
        let items = Self.items(locale, count: 3000, seed: 22)
        let expected = collation.sections(of: items, by: \.text, reading: \.reading, descending: descending).sections.flatMap { section in
            section.records.map { (section.title, $0.payload) }
        }
        // 4 KiB: some 20 records a run, more runs than one merge reads (64): merged in tiers.
        let got = try Self.sortedExternally(items, collation: collation, memoryLimit: 4 << 10, descending: descending, minimumRuns: 65)
        #expect(got.count == expected.count)
        // The first place they differ, if any (titles, then payloads: the input positions,
        // so equal texts out of input order show here).
        let difference = got.indices.first { $0 >= expected.count || got[$0] != expected[$0] }
        #expect(difference == nil, "first difference at \(difference ?? -1) of \(got.count)")
    }

    @Test func aLargerBoundSortsInOneRunWithTheSameOrder() throws {
        let collation = try LocalizedIndexedCollation(locale: "ko_KR")
        let items = Self.items("ko_KR", count: 500, seed: 7)
        let small = try Self.sortedExternally(items, collation: collation, memoryLimit: 2 << 10)
        let large = try Self.sortedExternally(items, collation: collation, memoryLimit: 64 << 20)
        #expect(small.count == large.count)
        #expect(small.indices.allSatisfy { small[$0] == large[$0] }, "the order depends on the bound")
    }

    @Test func payloadBytesComeBackExactly() throws {
        let collation = try LocalizedIndexedCollation(locale: "en")
        let payloads: [[UInt8]] = [[], [0], [0, 0, 0], [0xFF, 0xFE], [0xC3, 0x28], [0xED, 0xA0, 0x80], Array(repeating: 0x80, count: 3000), [0x0A, 0x0D, 0x00, 0x09]]
        let sorter = try ExternalSorter(collation: collation, memoryLimit: 1 << 10)
        for (index, payload) in payloads.enumerated() { try sorter.append("name \(index)", payload: payload) }
        var got: [[UInt8]] = []
        try sorter.finish().forEach { got.append($0.payload) }
        #expect(got == payloads)
    }

    @Test func stringsComeBackAsTheirText() throws {
        let collation = try LocalizedIndexedCollation(locale: "sv_SE")
        let sorter = try ExternalSorter(collation: collation, memoryLimit: 1)
        for name in ["Örjan", "Åsa", "Zelda", "Ärla", "anders"] { try sorter.append(name) }
        let sorted = try sorter.finish()
        var texts: [String] = []
        while let record = try sorted.next() { texts.append(sorted.sectionTitles[record.section] + " " + record.text) }
        #expect(texts == ["A anders", "Z Zelda", "Å Åsa", "Ä Ärla", "Ö Örjan"])
        #expect(try sorted.next() == nil)
    }

    @Test func equalRecordsHaveEqualOrderKeys() throws {
        let collation = try LocalizedIndexedCollation(locale: "en")
        let sorter = try ExternalSorter(collation: collation, memoryLimit: 1)
        for (text, payload) in [("b", "1"), ("a", "2"), ("b", "3"), ("B", "4")] { try sorter.append(text, payload: Array(payload.utf8)) }
        var records: [SortedRecord] = []
        try sorter.finish().forEach { records.append($0) }
        #expect(records.map(\.text) == ["2", "1", "3", "4"])
        #expect(records[1].orderKey == records[2].orderKey)
        #expect(records[2].orderKey != records[3].orderKey)
    }

    @Test func nothingIsLeftInTheTemporaryDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sorter-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let collation = try LocalizedIndexedCollation(locale: "ko_KR")
        let items = Self.items("ko_KR", count: 800, seed: 3)
        let sorter = try ExternalSorter(collation: collation, memoryLimit: 2 << 10, temporaryDirectory: directory)
        for item in items { try sorter.append(item.text, payload: item.payload) }
        // (While appending, a run may be in the making on the second thread: each file
        // is unlinked right after it is created, so only that instant could show one.)
        let sorted = try sorter.finish()
        #expect(sorter.runsWritten > 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        #expect(sorted.count == 800)
        try sorted.forEach { _ in }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    @Test func anUnwritableTemporaryDirectoryIsAClearError() throws {
        let parent = FileManager.default.temporaryDirectory.appendingPathComponent("sorter-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: parent, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: parent) }
        let missing = parent + "/missing"
        let collation = try LocalizedIndexedCollation(locale: "en")
        let error = try #require(throws: ExternalSortError.self) {
            _ = try ExternalSorter(collation: collation, memoryLimit: 1 << 20, temporaryDirectory: missing)
        }
        #expect(error.reason == .cannotCreateTemporaryFile)
        #expect(error.directory == missing)
        #expect(error.errno == .noSuchFileOrDirectory)
        #expect(error.description.hasPrefix("\(missing): cannot create a temporary file for sorting: No such file or directory"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent).isEmpty)
    }

    @Test func aRecordLongerThanAMergeHoldsIsAClearError() throws {
        let collation = try LocalizedIndexedCollation(locale: "en")
        // A bound of 1 byte still sorts (one record a run), but a merge holds records up
        // to the floor of its buffers: 5 MB is past it.
        let sorter = try ExternalSorter(collation: collation, memoryLimit: 1)
        try sorter.append("short")
        let error = try #require(throws: ExternalSortError.self) {
            try sorter.append("long", payload: [UInt8](repeating: 0x41, count: 5_000_000))
            _ = try sorter.finish()
        }
        guard case .recordTooLong(let bytes, let needed) = error.reason else {
            Issue.record("unexpected \(error)")
            return
        }
        #expect(bytes > 5_000_000)
        #expect(needed > bytes)
        #expect(error.description.contains("allow \(needed) bytes or more"))
    }

    /// The final merge runs ahead on a second thread in batches; records longer than a
    /// batch copies (64 KiB) are handed over in place. Many batches of short records with
    /// long ones among them come back whole, in order, each once.
    @Test func longAndShortRecordsCrossTheMergesBatchesWhole() throws {
        let collation = try LocalizedIndexedCollation(locale: "en")
        let sorter = try ExternalSorter(collation: collation, memoryLimit: 4 << 20)
        var random = SplitMix64(seed: 26)
        var expected: [String: [UInt8]] = [:]
        for index in 0..<40_000 {
            let long = index % 5_000 == 17
            let fill = UInt8(ascii: "a") + UInt8(random.next() % 26)
            let payload = [UInt8](repeating: fill, count: long ? 100_000 + index : 1 + index % 50) + Array("#\(index)".utf8)
            let text = String(format: "k%06d", (index * 7_919) % 40_000)
            expected[text] = payload
            try sorter.append(text, payload: payload)
        }
        let sorted = try sorter.finish()
        #expect(sorter.runsWritten >= 2)
        var texts: [String] = []
        try sorted.forEach { record in
            let text = String(format: "k%06d", texts.count)
            #expect(record.payload == expected[text], "record \(texts.count)")
            texts.append(text)
        }
        #expect(texts.count == 40_000)
    }

    /// A stream dropped before its last record stops its merge (which runs on another
    /// thread): nothing hangs or crashes, the run files are gone, and a new sort works.
    @Test func aStreamDroppedEarlyStopsItsMerge() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sorter-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let collation = try LocalizedIndexedCollation(locale: "ko_KR")
        for read in [0, 1, 5_000] {
            let sorter = try ExternalSorter(collation: collation, memoryLimit: 64 << 10, temporaryDirectory: directory)
            for item in Self.items("ko_KR", count: 20_000, seed: 5) { try sorter.append(item.text, payload: item.payload) }
            var sorted: SortedRecordStream? = try sorter.finish()
            for _ in 0..<read { #expect(try sorted?.next() != nil) }
            sorted = nil
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
        }
    }

    /// Runs after the first are written on a second thread while appending goes on; a run
    /// that cannot be written there (its directory gone) is reported by the next
    /// `append` or by `finish()`, with the directory and the system's reason.
    @Test func aRunThatFailsOnTheSecondThreadIsReported() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("sorter-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let collation = try LocalizedIndexedCollation(locale: "ko_KR")
        let sorter = try ExternalSorter(collation: collation, memoryLimit: 4 << 10, temporaryDirectory: directory)
        let items = Self.items("ko_KR", count: 2_000, seed: 9)
        var index = 0
        while sorter.runsWritten == 0 {
            try sorter.append(items[index].text, payload: items[index].payload)
            index += 1
        }
        try FileManager.default.removeItem(atPath: directory)
        let error = try #require(throws: ExternalSortError.self) {
            for item in items[index...] { try sorter.append(item.text, payload: item.payload) }
            _ = try sorter.finish()
        }
        #expect(error.reason == .cannotCreateTemporaryFile)
        #expect(error.directory == directory)
        #expect(error.errno == .noSuchFileOrDirectory)
    }

    /// A sort that fits its bound writes no run: `finish()` reads the records from
    /// memory. They are exactly what runs and their merge give: the same sections, order
    /// keys and payloads, in both directions, with readings.
    @Test(arguments: [false, true])
    func aSortThatFitsIsReadFromMemoryAsRunsWouldGiveIt(descending: Bool) throws {
        let collation = try LocalizedIndexedCollation(locale: "ja_JP")
        let items = Self.items("ja_JP", count: 1_500, seed: 31)
        func records(memoryLimit: Int) throws -> (records: [SortedRecord], runs: Int, counts: [Int]) {
            let sorter = try ExternalSorter(collation: collation, memoryLimit: memoryLimit, descending: descending)
            for item in items { try sorter.append(item.text, reading: item.reading, payload: item.payload) }
            let sorted = try sorter.finish()
            var records: [SortedRecord] = []
            try sorted.forEach { records.append($0) }
            #expect(try sorted.next() == nil)
            return (records, sorter.runsWritten, sorted.sectionCounts)
        }
        let inMemory = try records(memoryLimit: 64 << 20)
        let spilled = try records(memoryLimit: 4 << 10)
        #expect(inMemory.runs == 0)
        #expect(spilled.runs > 10)
        #expect(inMemory.counts == spilled.counts)
        #expect(inMemory.records.count == items.count)
        let difference = inMemory.records.indices.first { inMemory.records[$0] != spilled.records[$0] }
        #expect(difference == nil, "first difference at \(difference ?? -1)")
    }

    /// No records: an empty stream, whether or not anything was ever written.
    @Test func noRecordsGiveAnEmptyStream() throws {
        let collation = try LocalizedIndexedCollation(locale: "en")
        let sorted = try ExternalSorter(collation: collation).finish()
        #expect(sorted.count == 0)
        #expect(sorted.sectionCounts.allSatisfy { $0 == 0 })
        #expect(try sorted.next() == nil)
    }

    /// The merge's and the run writer's second threads come from Dispatch's pool: sorts
    /// run and read from inside that pool's own workers (more of them than cores) still
    /// finish, each with its records.
    @Test func sortsRunFromDispatchWorkersFinish() throws {
        let collation = try LocalizedIndexedCollation(locale: "ko_KR")
        let items = Self.items("ko_KR", count: 4_000, seed: 12)
        let counts = Mutex([Int]())
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            let read = (try? Self.sortedExternally(items, collation: collation, memoryLimit: 8 << 10).count) ?? -1
            counts.withLock { $0.append(read) }
        }
        #expect(counts.withLock { $0 } == [Int](repeating: items.count, count: 6))
    }

    /// Several sorters at once, each past its bound (many runs, run writing on a second
    /// thread, the merge running ahead): each gives exactly its in-memory order. The
    /// continuous-integration step `tsan` runs this test under ThreadSanitizer
    /// (`swift test --sanitize=thread --filter severalSortersAtOnce`), where sorters sharing
    /// one global (the prefetch sink) or a merge's last-batch number were data races.
    @Test func severalSortersAtOnceSpillAndMergeTheirOwnRecords() throws {
        let locales = ["ko_KR", "ja_JP", "zh_CN", "sv_SE"]
        let collations = try locales.map { try LocalizedIndexedCollation(locale: CollationLocale($0)) }
        let inputs = locales.indices.map { Self.items(locales[$0], count: 2_500, seed: UInt64(40 + $0)) }
        let expected = locales.indices.map { index in
            collations[index].sections(of: inputs[index], by: \.text, reading: \.reading).sections.flatMap { section in
                section.records.map { (section.title, $0.payload) }
            }
        }
        // Results under NSLock (a pthread mutex, which ThreadSanitizer sees; it cannot see
        // the futex inside Synchronization.Mutex).
        final class Results: @unchecked Sendable {
            let lock = NSLock()
            var same: [Int: Bool] = [:]
        }
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: locales.count * 2) { iteration in
            let index = iteration % locales.count
            let got = try? Self.sortedExternally(inputs[index], collation: collations[index], memoryLimit: 8 << 10, minimumRuns: 2)
            let same = got.map { got in got.count == expected[index].count && zip(got, expected[index]).allSatisfy { $0 == $1 } } ?? false
            results.lock.withLock { results.same[iteration] = same }
        }
        #expect(results.lock.withLock { results.same } == Dictionary(uniqueKeysWithValues: (0..<(locales.count * 2)).map { ($0, true) }))
    }
}
