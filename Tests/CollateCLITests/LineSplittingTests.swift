import IndexedCollation
import Testing

@testable import CollateCLI

/// Large inputs are split into lines on several threads; the lines are the same as one
/// thread's, wherever the parts are cut: CRLF pairs, empty lines, a BOM, a last line
/// without a line end, one line longer than a part, carriage-return files.
@Suite("Line splitting")
struct LineSplittingTests {
    /// About 1.5 MB of lines (over the parallel threshold) with every kind of line end.
    static func input(ending: [UInt8], bom: Bool, longLine: Bool) -> [UInt8] {
        var bytes: [UInt8] = bom ? [0xEF, 0xBB, 0xBF] : []
        var number = 0
        while bytes.count < 1_500_000 {
            switch number % 5 {
            case 0: bytes += Array("김민준\(number)\r\n".utf8)
            case 1: bytes += [0x0A]  // an empty line
            case 2: bytes += Array("Åsa \(number)\r\r\n".utf8)
            default: bytes += Array("이서연 \(number)\n".utf8)
            }
            if longLine && number == 30_000 { bytes += [UInt8](repeating: 0x41, count: 1_000_000) + [0x0A] }
            number += 1
        }
        return bytes + ending
    }

    /// The reference: one thread, the rules of ``Lines``.
    static func reference(_ bytes: [UInt8], separator: UInt8) -> ByteRanges {
        Lines.split(bytes, separator: separator, threads: 1)
    }

    @Test(arguments: [[], [0x0A], Array("last line\r".utf8), Array("no end".utf8)], [false, true])
    func partsSplitAsOneThreadDoes(ending: [UInt8], bom: Bool) {
        let bytes = Self.input(ending: ending, bom: bom, longLine: false)
        let expected = Self.reference(bytes, separator: 0x0A)
        for threads in [2, 3, 8] {
            #expect(Lines.split(bytes, separator: 0x0A, threads: threads) == expected)
        }
        #expect(expected.count > 100_000)
        #expect(bom == (expected.first?.lowerBound == 3))
        let last = expected.last.map { Array(bytes[$0]) }
        if ending == Array("no end".utf8) { #expect(last == ending) }
        if ending == Array("last line\r".utf8) { #expect(last == Array("last line".utf8)) }
    }

    /// The rules themselves, on a small input: CRLF is one line end, an empty line is a
    /// line, the last line needs no line end.
    @Test func smallInputsFollowTheLineRules() {
        let bytes = Array("a\r\nb\n\nc".utf8)
        #expect(Lines.split(bytes, separator: 0x0A).map { String(decoding: bytes[$0], as: UTF8.self) } == ["a", "b", "", "c"])
    }

    @Test func aLineLongerThanAPartStaysWhole() {
        let bytes = Self.input(ending: [], bom: false, longLine: true)
        let lines = Lines.split(bytes, separator: 0x0A, threads: 2)
        #expect(lines == Self.reference(bytes, separator: 0x0A))
        #expect(lines.contains { $0.count == 1_000_000 })
    }

    /// Without any separator the whole input is one line, on any number of threads.
    @Test func noSeparatorIsOneLine() {
        let bytes = [UInt8](repeating: 0x61, count: 2_000_000)
        #expect(Lines.split(bytes, separator: 0x0A, threads: 2) == [0..<2_000_000])
        #expect(Lines.split([], separator: 0x0A, threads: 2).isEmpty)
    }

    /// Classic Mac files (CR only) split on CR and keep no CR stripping.
    @Test func carriageReturnFilesSplitOnCarriageReturns() {
        let bytes = Array(Self.input(ending: [], bom: false, longLine: false).map { $0 == 0x0A ? 0x0D : $0 })
        #expect(Lines.split(bytes, separator: 0x0D, threads: 2) == Self.reference(bytes, separator: 0x0D))
    }

    /// The separator count of a part (16 bytes at a time, lanes summed every 255 blocks)
    /// is the count byte by byte, for every separator, offset and length (the tail past
    /// the last whole block too), and for a part of nothing but separators past the 255
    /// blocks a lane holds.
    @Test func separatorsCountedAsByteByByte() {
        var state: UInt64 = 38
        let bytes = (0..<20_011).map { _ -> UInt8 in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return [0x0A, 0x0D, 0x00, 0x80, 0xFF, 0x09, 0x41, 0x8A][Int(state >> 61)]
        }
        let allSeparators = [UInt8](repeating: 0x0A, count: 255 * 32 * 2 + 45)
        bytes.withUnsafeBufferPointer { buffer in
            for separator: UInt8 in [0x0A, 0x0D, 0x00, 0x80, 0xFF, 0x41] {
                for (start, end) in [(0, 20_011), (1, 4_098), (3, 11), (5, 5), (7, 4_000), (13, 8_200)] {
                    let part = UnsafeBufferPointer(rebasing: buffer[start..<end])
                    #expect(
                        Lines.count(of: separator, in: part) == part.filter { $0 == separator }.count,
                        "separator \(separator), bytes \(start)..<\(end)")
                }
            }
        }
        allSeparators.withUnsafeBufferPointer { buffer in
            #expect(Lines.count(of: 0x0A, in: buffer) == allSeparators.count)
        }
    }
}
