import Foundation
import Testing

@testable import CollateCLI

/// An input read in pieces decides its line separator as the whole input in memory would
/// (``Lines/separator(of:)``), as soon as the bytes read allow, and a guess made for a pipe
/// is contradicted by a later line feed rather than silently kept.
@Suite("Line separator of an input read in pieces")
struct LineSeparatorChoiceTests {
    /// The rest scan a test passes when the reader must not need it.
    static func noScan() -> LineSeparatorChoice.Rest? {
        Issue.record("the rest of the input was scanned")
        return nil
    }

    @Test func aLineFeedDecidesAtOnce() {
        var choice = LineSeparatorChoice(given: nil)
        choice.decide(read: Array("a\rb\nc".utf8), atEnd: false, pieceBytes: 100, rest: Self.noScan)
        #expect(choice.isDecided && choice.separator == 0x0A)
    }

    @Test func carriageReturnsAloneDecideAtTheEndOnly() {
        var choice = LineSeparatorChoice(given: nil)
        choice.decide(read: Array("a\rb\r".utf8), atEnd: false, pieceBytes: 100, rest: Self.noScan)
        #expect(!choice.isDecided, "more bytes may hold a line feed")
        choice.decide(read: Array("a\rb\rc".utf8), atEnd: true, pieceBytes: 100, rest: Self.noScan)
        #expect(choice.isDecided && choice.separator == 0x0D)
        var plain = LineSeparatorChoice(given: nil)
        plain.decide(read: Array("abc".utf8), atEnd: true, pieceBytes: 100, rest: Self.noScan)
        #expect(plain.isDecided && plain.separator == 0x0A, "no line end at all: LF")
    }

    @Test func pastAPieceTheUnreadRestDecides() {
        let read = Array("a\rb\rc\r".utf8)
        var lineFeedLater = LineSeparatorChoice(given: nil)
        lineFeedLater.decide(read: read, atEnd: false, pieceBytes: 4) { .init(hasLineFeed: true, hasCarriageReturn: true) }
        #expect(lineFeedLater.isDecided && lineFeedLater.separator == 0x0A)
        var carriageReturnsOnly = LineSeparatorChoice(given: nil)
        carriageReturnsOnly.decide(read: read, atEnd: false, pieceBytes: 4) { .init(hasLineFeed: false, hasCarriageReturn: false) }
        #expect(carriageReturnsOnly.isDecided && carriageReturnsOnly.separator == 0x0D)
        var laterCarriageReturn = LineSeparatorChoice(given: nil)
        laterCarriageReturn.decide(read: Array("abcdef".utf8), atEnd: false, pieceBytes: 4) {
            .init(hasLineFeed: false, hasCarriageReturn: true)
        }
        #expect(laterCarriageReturn.separator == 0x0D, "a carriage return only in the unread rest")
        #expect(!laterCarriageReturn.contradicts(UnsafeRawBufferPointer(start: nil, count: 0)))
    }

    @Test func aPipesGuessIsContradictedByALaterLineFeed() {
        var choice = LineSeparatorChoice(given: nil)
        choice.decide(read: Array("a\rb\rc".utf8), atEnd: false, pieceBytes: 4) { nil }
        #expect(choice.isDecided && choice.separator == 0x0D)
        let lineFeed: [UInt8] = Array("d\ne".utf8)
        let carriageReturn: [UInt8] = Array("d\re".utf8)
        #expect(lineFeed.withUnsafeBytes { choice.contradicts($0) })
        #expect(!carriageReturn.withUnsafeBytes { choice.contradicts($0) })
        // Without a carriage return read, LF is no guess: nothing contradicts it.
        var noCarriageReturn = LineSeparatorChoice(given: nil)
        noCarriageReturn.decide(read: Array("abcdef".utf8), atEnd: false, pieceBytes: 4) { nil }
        #expect(noCarriageReturn.separator == 0x0A)
        #expect(!lineFeed.withUnsafeBytes { noCarriageReturn.contradicts($0) })
    }

    @Test func aGivenSeparatorIsKept() {
        var choice = LineSeparatorChoice(given: 0)
        choice.decide(read: Array("a\nb".utf8), atEnd: true, pieceBytes: 1, rest: Self.noScan)
        #expect(choice.isDecided && choice.separator == 0)
    }

    /// End to end, past one piece of `--buffer-size 1M` (256 KiB of input): lines ended by
    /// carriage returns alone, then a line feed. Read from a file, the rest is scanned
    /// first and LF decides (as for the whole input in memory: two lines); read from a
    /// pipe, CR was guessed, so the line feed is an error naming the bound, with nothing
    /// printed; the same lines without the line feed are 40,000 records from a pipe.
    @Test func carriageReturnsThenALineFeedPastAPiece() throws {
        let scratch = try ScratchDirectory()
        let names = (0..<40_000).map { String(format: "name%06d\r", 39_999 - $0) }.joined()
        let mixed = try scratch.file("mixed.txt", names + "late\nline\n")
        let fromFile = try runProcess(["--locale", "en", "--buffer-size", "1M", "--format", "tsv", mixed])
        #expect(fromFile.status == 0, "\(fromFile.stderr)")
        #expect(fromFile.stdout.split(separator: 0x0A).count == 2)
        let fromPipe = try runProcess([], shell: "cat '\(mixed)' | COLLATE --locale en --buffer-size 1M --format tsv")
        #expect(fromPipe.status != 0 && fromPipe.stdout.isEmpty)
        #expect(fromPipe.stderr.contains("a line feed after") && fromPipe.stderr.contains("--buffer-size 1048576"), "\(fromPipe.stderr)")
        let carriageReturns = try scratch.file("cr.txt", names)
        let sorted = try runProcess([], shell: "cat '\(carriageReturns)' | COLLATE --locale en --buffer-size 1M --format tsv")
        #expect(sorted.status == 0, "\(sorted.stderr)")
        // Each record a line of the tsv output (section title, tab, the name).
        let lines = sorted.stdout.split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) }
        #expect(lines.count == 40_000 && lines.first == "N\tname000000" && lines.last == "N\tname039999")
    }
}
