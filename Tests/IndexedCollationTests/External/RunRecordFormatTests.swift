import IndexedCollation
import Foundation
import Testing
import TestSupport

/// The spilled run format: whatever is written reads back byte for byte (keys sharing
/// their starts and ends with the previous key, empty keys and lines, numbers past the
/// 4-bit pair limit, records longer than a block), and a damaged file is an error, not a
/// wrong record.
@Suite("Run record format")
struct RunRecordFormatTests {
    typealias Record = (key: [UInt8], line: [UInt8])

    static func roundTrip(_ records: [Record], blockSize: Int) throws -> (records: [Record], bytes: Int) {
        let writer = try RunRecordWriter(directory: NSTemporaryDirectory(), blockSize: blockSize)
        for record in records {
            try record.key.withUnsafeBufferPointer { key in
                try record.line.withUnsafeBufferPointer { line in try writer.append(key: key, line: line) }
            }
        }
        let run = try writer.finish()
        let reader = RunRecordReader(run, blockSize: blockSize)
        var read = [Record]()
        while try reader.advance() { read.append((Array(reader.key.bytes), Array(reader.line.bytes))) }
        return (read, run.bytes)
    }

    /// A finished run counts every record and knows its longest (key and line bytes),
    /// whether the records filled many blocks or one.
    @Test(arguments: [1, 64, 64 << 10])
    func aFinishedRunCountsItsRecords(blockSize: Int) throws {
        let writer = try RunRecordWriter(directory: NSTemporaryDirectory(), blockSize: blockSize)
        var longest = 0
        for index in 0..<1_000 {
            let key = [UInt8](repeating: UInt8(index / 4), count: index % 37)
            let line = [UInt8](repeating: 0x61, count: (index * 7) % 91)
            longest = max(longest, key.count + line.count)
            try key.withUnsafeBufferPointer { key in
                try line.withUnsafeBufferPointer { line in try writer.append(key: key, line: line) }
            }
        }
        let run = try writer.finish()
        #expect(run.records == 1_000 && run.longestRecord == longest && longest > 100)
    }

    static func same(_ a: [Record], _ b: [Record]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.line == $1.line }
    }

    @Test func edgeCasesReadBack() throws {
        let long = [UInt8](repeating: 7, count: 300)
        let records: [Record] = [
            ([], []), ([], []), ([1], []), ([1, 1, 1], [0x61]), ([1, 1, 1, 1], [0x61, 0x62]),
            ([1, 2, 1, 1], [0x61, 0x62]),  // shares its start and its end with the previous key
            ([1, 2, 9, 1], []), ([1, 2] + long + [5, 6], long), ([1, 2] + long + [5, 6], long + [1]),
            ([1, 3] + long + [5, 6], [0x0A, 0x0D, 0x00]), ([2] + long, [UInt8](repeating: 0x41, count: 5000)),
            ([2] + long + [0], []),
        ]
        for blockSize in [1, 16, 64 << 10] {
            let (read, _) = try Self.roundTrip(records, blockSize: blockSize)
            #expect(Self.same(read, records), "block size \(blockSize)")
        }
    }

    @Test(arguments: [1, 2, 3])
    func randomSortedRecordsReadBack(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var records = (0..<5_000).map { _ -> Record in
            let key = (0..<Int.random(in: 0...40, using: &random)).map { _ in UInt8.random(in: 1...4, using: &random) }
            let line = (0..<Int.random(in: 0...30, using: &random)).map { _ in UInt8.random(in: 0x61...0x63, using: &random) }
            return (key, line)
        }
        records.sort { $0.key.lexicographicallyPrecedes($1.key) }
        let (read, bytes) = try Self.roundTrip(records, blockSize: 4096)
        #expect(Self.same(read, records))
        let raw = records.reduce(0) { $0 + $1.key.count + $1.line.count }
        #expect(bytes < raw, "sorted neighbours share bytes: \(bytes) written for \(raw)")
    }

    @Test func byteBufferAppendsEveryLength() {
        var buffer = ByteBuffer(capacity: 1)
        defer { buffer.free() }
        var expected = [UInt8]()
        for length in 0...100 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 7 + length) }
            bytes.withUnsafeBufferPointer { buffer.append($0) }
            expected += bytes
            #expect(Array(buffer.bytes) == expected, "after appending \(length) bytes")
        }
    }

    @Test func aCutFileIsAnErrorNotAShortRun() throws {
        let records: [Record] = (0..<200).map { ([1, UInt8($0 % 250 + 1)], Array("line \($0)".utf8)) }
        let writer = try RunRecordWriter(directory: NSTemporaryDirectory(), blockSize: 1 << 20)
        for record in records {
            try record.key.withUnsafeBufferPointer { key in
                try record.line.withUnsafeBufferPointer { line in try writer.append(key: key, line: line) }
            }
        }
        let run = try writer.finish()
        #expect(ftruncate(run.descriptor.rawValue, off_t(run.bytes - 3)) == 0)
        let reader = RunRecordReader(run, blockSize: 1 << 20)
        #expect(throws: ExternalSortError(.truncated, directory: NSTemporaryDirectory())) {
            while try reader.advance() {}
        }
    }
}
