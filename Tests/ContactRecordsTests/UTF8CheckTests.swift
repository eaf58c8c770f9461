import TestSupport
import Testing

@testable import ContactRecords

/// `UTF8Check.firstProblem(in:)` checks sixteen bytes at a time; it must find the problem
/// one sequence at a time finds (`firstProblemBySequence(in:)`), and agree with the
/// standard library's own validation (plus the NUL rule) on whether there is one.
@Suite("UTF-8 check by blocks")
struct UTF8CheckTests {
    /// Valid sequences of every length and the bytes next to each range's edges.
    static let valid: [[UInt8]] = [
        "a", " ", "\n", "é", "ß", "\u{7FF}", "\u{800}", "김", "あ", "\u{D7FF}", "\u{E000}", "\u{FFFD}", "\u{FFFF}",
        "\u{10000}", "😀", "\u{10FFFF}",
    ].map { Array($0.utf8) }
    /// Each kind of problem: NUL, bytes that never appear, stray continuations, cut
    /// sequences, overlong forms, surrogates, code points past U+10FFFF.
    static let faults: [[UInt8]] = [
        [0x00], [0xC0, 0x80], [0xC1, 0xBF], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xBF, 0xBF], [0xC3], [0xE1, 0x80],
        [0xF0, 0x9F, 0x98], [0xE0, 0x9F, 0xBF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF],
        [0xF4, 0x90, 0x80, 0x80], [0xE1, 0x41, 0x80], [0xF1, 0x80, 0x80, 0x80, 0x80],
    ]

    static func check(_ bytes: [UInt8], _ context: String) {
        bytes.withUnsafeBufferPointer { buffer in
            let byBlocks = UTF8Check.firstProblem(in: buffer)
            let bySequence = UTF8Check.firstProblemBySequence(in: buffer)
            #expect(
                byBlocks == bySequence,
                "\(context): blocks \(String(describing: byBlocks)), sequences \(String(describing: bySequence)) in \(bytes)")
            let valid = String(validating: bytes, as: UTF8.self) != nil && !bytes.contains(0)
            #expect((byBlocks == nil) == valid, "\(context): \(bytes)")
        }
    }

    @Test func findsTheProblemOfASequenceCheckAtEveryPlace() {
        var random = TestSupport.SplitMix64(seed: 16)
        for round in 0..<4_000 {
            var bytes = [UInt8]()
            let size = round < 2_000 ? Int.random(in: 0..<70, using: &random) : Int.random(in: 0..<600, using: &random)
            while bytes.count < size { bytes += Self.valid[Int.random(in: 0..<Self.valid.count, using: &random)] }
            if round % 5 != 0 {
                for _ in 0..<(1 + round % 3) {
                    let at = Int.random(in: 0...bytes.count, using: &random)
                    bytes.replaceSubrange(at..<at, with: Self.faults[Int.random(in: 0..<Self.faults.count, using: &random)])
                }
            }
            Self.check(bytes, "round \(round)")
        }
    }

    @Test func everyFaultAtEveryOffsetOfABlock() {
        for fault in Self.faults {
            for offset in 0..<40 {
                let before = Array(repeating: UInt8(ascii: "x"), count: offset)
                Self.check(before + fault, "fault \(fault) at \(offset), at the end")
                Self.check(before + fault + Array("김민준 abc 😀 def".utf8), "fault \(fault) at \(offset)")
                Self.check(Array("é".utf8) + before + fault + Array("xyz".utf8), "fault \(fault) at \(offset + 2) after é")
            }
        }
    }

    @Test func randomBytes() {
        var random = TestSupport.SplitMix64(seed: 61)
        for round in 0..<3_000 {
            let size = Int.random(in: 0..<48, using: &random)
            // Mostly continuation and lead bytes, where the rules are.
            let bytes = (0..<size).map { _ in
                Int.random(in: 0..<4, using: &random) == 0
                    ? UInt8.random(in: 0...0x7F, using: &random) : UInt8.random(in: 0x80...0xFF, using: &random)
            }
            Self.check(bytes, "round \(round)")
        }
    }

    @Test func validTextOfEveryLengthHasNoProblem() {
        var bytes = [UInt8]()
        for index in 0..<200 {
            bytes += Self.valid[index % Self.valid.count]
            bytes.withUnsafeBufferPointer { #expect(UTF8Check.firstProblem(in: $0) == nil, "\(bytes.count) bytes") }
        }
    }
}
