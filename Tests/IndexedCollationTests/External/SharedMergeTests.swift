import Foundation
import IndexedCollation
import TestSupport
import Testing

/// The final merge shared by two threads (the earlier runs and the later ones, merged
/// again by the stream) gives the records one merge of all the runs gives: the same
/// order, equal keys in input order (the earlier run's first), and with `distinct` the
/// same first record of each place.
@Suite("Final merge shared by two threads")
struct SharedMergeTests {
    typealias Record = (key: [UInt8], line: [UInt8])

    /// `count` runs of sorted records with many equal keys, each line naming its run and
    /// place, written anew for each merge (a merge reads its runs through).
    static func runs(_ count: Int, seed: UInt64) throws -> [[Record]] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { run in
            let keys = (0..<Int(random.next() % 300)).map { _ -> [UInt8] in
                // Few distinct keys, some sharing long starts, some empty.
                let length = Int(random.next() % 12)
                return (0..<length).map { _ in UInt8(random.next() % 3) }
            }
            return keys.sorted { $0.lexicographicallyPrecedes($1) }.enumerated().map { place, key in
                (key, Array("\(run):\(place)".utf8))
            }
        }
    }

    static func files(_ runs: [[Record]]) throws -> [RunFile] {
        try runs.map { records in
            let writer = try RunRecordWriter(directory: NSTemporaryDirectory(), blockSize: 64)
            for record in records {
                try record.key.withUnsafeBufferPointer { key in
                    try record.line.withUnsafeBufferPointer { line in try writer.append(key: key, line: line) }
                }
            }
            return try writer.finish()
        }
    }

    static func read(_ stream: RunStream) throws -> [Record] {
        var read: [Record] = []
        while try stream.next() { read.append((Array(stream.key), Array(stream.line))) }
        return read
    }

    @Test(arguments: [2, 4, 5, 9, 33])
    func sharedMergeIsTheMergeOfAllRuns(runCount: Int) throws {
        let runs = try Self.runs(runCount, seed: UInt64(runCount))
        // Input order: run by run; a stable sort by key is what every merge must give.
        let expected = runs.flatMap { $0 }.enumerated().sorted {
            $0.element.key == $1.element.key ? $0.offset < $1.offset : $0.element.key.lexicographicallyPrecedes($1.element.key)
        }.map(\.element)
        #expect(expected.count > 100)
        for distinct in [false, true] {
            let place: ((UnsafeBufferPointer<UInt8>) -> Int)? = distinct ? { $0.count } : nil
            let oneFiles = try Self.files(runs)
            let one = try Self.read(RunStream(RunMerger(oneFiles, blockSize: 64), distinct: place))
            let half = runCount / 2
            let sharedFiles = try Self.files(runs)
            let shared = try Self.read(
                RunStream(
                    RunMerger(Array(sharedFiles[..<half]), blockSize: 64), second: RunMerger(Array(sharedFiles[half...]), blockSize: 64),
                    distinct: place))
            var wanted = expected
            if distinct {
                var seen = Set<[UInt8]>()
                wanted = expected.filter { seen.insert($0.key).inserted }
            }
            #expect(one.map(\.line) == wanted.map(\.line), "one merger, distinct \(distinct)")
            #expect(shared.map(\.line) == wanted.map(\.line), "two mergers, distinct \(distinct)")
            #expect(shared.map(\.key) == wanted.map(\.key))
        }
    }

    /// A stream that goes away before its end stops both merges (no thread left waiting).
    @Test func aStreamLeftEarlyStopsBothMerges() throws {
        for _ in 0..<20 {
            let files = try Self.files(try Self.runs(8, seed: 5))
            let stream = try RunStream(
                RunMerger(Array(files[..<4]), blockSize: 64), second: RunMerger(Array(files[4...]), blockSize: 64), distinct: nil)
            #expect(try stream.next())
        }
    }
}
