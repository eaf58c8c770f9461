import Dispatch
import Testing

@testable import IndexedCollation

/// Byte ranges keep 5 bytes a range (packed), 8 once many ranges are 255 bytes long or
/// longer (narrow), and whole ranges once one ends beyond 4 GiB (wide): every range reads
/// back as given on every side of each switch, whether ranges are appended one by one or
/// written side by side by the parallel initializer.
@Suite("Byte ranges")
struct ByteRangesTests {
    static let fourGiB = Int(UInt32.max)

    /// Ranges of several shapes: empty, at 0, long, ending exactly at the 4 GiB limit.
    static let narrowRanges: [Range<Int>] = [0..<0, 0..<5, 7..<7, 3..<1_000_000, fourGiB - 10..<fourGiB, 12..<13]

    @Test func narrowRangesReadBackAndStayPacked() {
        let ranges = ByteRanges(Self.narrowRanges)
        #expect(Array(ranges) == Self.narrowRanges)
        #expect(ranges.count == Self.narrowRanges.count)
        #expect(!ranges.isWide && !ranges.isNarrow)
        #expect(ranges.withUnsafeRanges { view in (0..<view.count).map { view[$0] } } == Self.narrowRanges)
    }

    /// Lengths around the one-byte limit (254, 255, 256, a million) read back exactly,
    /// packed while few are long; once more than one in eight is long (past 64 of them) the
    /// collection turns narrow, appended or written by the parallel initializer alike.
    @Test(arguments: [3, 8, 200])
    func longRangesReadBackPackedOrNarrow(everyNth: Int) {
        let lengths = [0, 1, 254, 255, 256, 1_000_000, 7]
        let expected = (0..<2_000).map { index in
            let length = index % everyNth == 0 ? lengths[index % lengths.count] : index % 200
            return (index * 11)..<(index * 11 + length)
        }
        let longCount = expected.filter { $0.count >= 255 }.count
        let turnsNarrow = longCount > 64 && longCount > expected.count / 8
        var appended = ByteRanges()
        for range in expected { appended.append(range) }
        let written = ByteRanges(count: expected.count, bufferCount: 2_000_000) { writer in
            DispatchQueue.concurrentPerform(iterations: 4) { part in
                for index in stride(from: part, to: expected.count, by: 4) { writer.initialize(at: index, to: expected[index]) }
            }
        }
        for ranges in [appended, written] {
            #expect(Array(ranges) == expected)
            #expect(ranges.withUnsafeRanges { view in (0..<view.count).map { view[$0] } } == expected)
            #expect(!ranges.isWide)
        }
        #expect(written.isNarrow == turnsNarrow)
        // Appending decides as it goes: narrow once the share of long ones passed the bar.
        #expect(appended.isNarrow == (everyNth == 3))
    }

    /// A range ending past 4 GiB (an input that large, read whole) turns the collection
    /// wide; the ranges before it read back unchanged.
    @Test(arguments: [0, 3, 6])
    func aRangePastFourGiBWidensOnce(at position: Int) {
        var expected = Self.narrowRanges
        expected.insert(Self.fourGiB - 2..<Self.fourGiB + 5, at: position)
        var ranges = ByteRanges()
        for range in expected { ranges.append(range) }
        #expect(ranges.isWide)
        #expect(Array(ranges) == expected)
        #expect(ranges.withUnsafeRanges { view in (0..<view.count).map { view[$0] } } == expected)
        ranges.append(1..<2)
        #expect(ranges.last == 1..<2)
        #expect(ranges == ByteRanges(expected + [1..<2]))
    }

    /// The parallel initializer writes narrow storage for a buffer of at most 4 GiB and
    /// wide storage beyond; both read back the same ranges, written in any order.
    @Test(arguments: [1_000, fourGiB, fourGiB + 1])
    func theWriterFillsEitherStorage(bufferCount: Int) {
        let expected = (0..<10_000).map { ($0 * 37) % max(1, bufferCount - 200)..<($0 * 37) % max(1, bufferCount - 200) + $0 % 200 }
        let ranges = ByteRanges(count: expected.count, bufferCount: bufferCount) { writer in
            for index in expected.indices.reversed() { writer.initialize(at: index, to: expected[index]) }
        }
        #expect(ranges.isWide == (bufferCount > Self.fourGiB))
        #expect(Array(ranges) == expected)
        #expect(ranges.withUnsafeRanges { view in (0..<view.count).map { view[$0] } } == expected)
    }

    /// A gather writes the ranges a list of indices names, in that list's order, from
    /// either storage.
    @Test(arguments: [false, true])
    func aGatherReadsTheNamedRanges(wide: Bool) {
        var ranges = ByteRanges(Self.narrowRanges)
        if wide { ranges.append(Self.fourGiB..<Self.fourGiB + 3) }
        let expected = Array(ranges)
        let indices: [Int32] = (0..<40).map { Int32(($0 * 5) % expected.count) }
        let gathered = [Range<Int>](unsafeUninitializedCapacity: indices.count) { target, initialized in
            ranges.withUnsafeRanges { view in indices.withUnsafeBufferPointer { view.gather($0, into: target.baseAddress!) } }
            initialized = indices.count
        }
        #expect(gathered == indices.map { expected[Int($0)] })
        #expect(ranges.isWide == wide)
    }

    @Test func emptyCollections() {
        #expect(ByteRanges().isEmpty)
        #expect(ByteRanges(count: 0, bufferCount: 0) { _ in }.isEmpty)
        #expect(ByteRanges([]) == ByteRanges())
        let literal: ByteRanges = [1..<3, 4..<4]
        #expect(Array(literal) == [1..<3, 4..<4])
    }
}
