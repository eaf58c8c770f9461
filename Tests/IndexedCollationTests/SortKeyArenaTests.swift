import Testing

@testable import IndexedCollation

/// The key arena keeps 4-byte boundaries while its bytes are small and 8-byte ones beyond,
/// and compact ones (a length a key, a start every 16 keys) when joined from chunks of keys
/// up to 255 bytes long: the keys read back the same on every side of each switch, whether
/// the switch happens while keys are added one by one or while chunks are joined.
@Suite("Sort key arena")
struct SortKeyArenaTests {
    /// Keys of different lengths, including empty ones.
    static let keys: [[UInt8]] = [[1, 2, 3], [], [9], [4, 4, 4, 4, 4], [], [7, 8], [255, 1, 0, 3]]

    static func arena(_ keys: [[UInt8]], narrowLimit: Int = Int(UInt32.max)) -> SortKeyArena {
        var arena = SortKeyArena(narrowLimit: narrowLimit)
        for key in keys {
            arena.bytes.append(contentsOf: key)
            arena.closeKey()
        }
        return arena
    }

    static func contents(_ arena: SortKeyArena) -> [[UInt8]] {
        (0..<arena.count).map { Array(arena.key($0)) }
    }

    @Test(arguments: [0, 1, 5, 9, 100])
    func keysReadBackAcrossTheSwitch(narrowLimit: Int) {
        let arena = Self.arena(Self.keys, narrowLimit: narrowLimit)
        #expect(Self.contents(arena) == Self.keys)
        #expect(arena.isWide == (Self.keys.joined().count > narrowLimit))
        let views = arena.withUnsafeKeys { keys in (0..<arena.count).map { Array(keys.key($0)) } }
        #expect(views == Self.keys)
        let tails = arena.withUnsafeKeys { keys in (0..<arena.count).map { Array(keys.key($0, from: 2)) } }
        #expect(tails == Self.keys.map { Array($0.dropFirst(2)) })
    }

    @Test(arguments: [1, 8, 14, 100])
    func joiningChunksKeepsEveryKey(narrowLimit: Int) {
        var joined = SortKeyArena(narrowLimit: narrowLimit)
        let first = Array(Self.keys[..<3])
        let second = Array(Self.keys[3...])
        joined.append(contentsOf: Self.arena(first))
        joined.append(contentsOf: Self.arena(second, narrowLimit: 2))
        joined.append(contentsOf: SortKeyArena())
        #expect(Self.contents(joined) == Self.keys)
        #expect(joined.count == Self.keys.count)
    }

    @Test func anEmptyArenaHasNoKeys() {
        let arena = SortKeyArena()
        #expect(arena.count == 0)
        #expect(arena.withUnsafeKeys { $0.bytes.count } == 0)
    }

    /// Chunks made side by side join into the arena of all their keys in order, whatever
    /// the threads, including empty chunks and chunks past the narrow limit (joined one by
    /// one, with 8-byte boundaries).
    @Test(arguments: [1, 2, 3])
    func chunksJoinInOrder(threads: Int) {
        let chunks = [Self.keys, [], Array(Self.keys.reversed()), [[0x41]], Self.keys]
        var arenas = chunks.map { Self.arena($0) }
        let joined = SortKeyArena.joined(&arenas, threads: threads)
        #expect(Self.contents(joined) == chunks.flatMap { $0 })
        #expect(!joined.isWide)
        #expect(arenas.allSatisfy { $0.count == 0 && $0.bytes.isEmpty }, "each chunk is emptied once copied")
        var none = [SortKeyArena]()
        #expect(Self.contents(SortKeyArena.joined(&none, threads: threads)).isEmpty)
        var narrow = chunks.map { Self.arena($0, narrowLimit: 4) }
        let wide = SortKeyArena.joined(&narrow, threads: threads)
        #expect(Self.contents(wide) == chunks.flatMap { $0 })
        #expect(wide.isWide)
    }

    /// Joined chunks of keys up to 255 bytes long take compact boundaries: every key, its
    /// start and end and its tail read back for every place in a group of 16 (counts on
    /// both sides of group ends), through the arena and through its view; a key of 256
    /// bytes keeps 4-byte ends; adding a key to a compact arena turns it narrow again.
    @Test(arguments: [0, 1, 15, 16, 17, 33, 64, 1_000])
    func compactBoundariesReadBackEveryKey(count: Int) {
        let keys: [[UInt8]] = (0..<count).map { index in
            let length = [0, 1, 255, 7, 254, 16, 3][index % 7] * (index % 5 == 4 ? 0 : 1)
            return (0..<length).map { UInt8(truncatingIfNeeded: index &* 31 &+ $0) }
        }
        var chunks = [Array(keys[..<(count / 3)]), [], Array(keys[(count / 3)...])].map { Self.arena($0) }
        var same = chunks
        let joined = SortKeyArena.joined(&chunks, threads: 2, compactMinimum: 0)
        #expect(joined.isCompact)
        let below = SortKeyArena.joined(&same, threads: 2, compactMinimum: count + 1)
        #expect(!below.isCompact, "fewer keys than the minimum keep 4-byte ends")
        #expect(Self.contents(below) == keys)
        #expect(joined.count == count)
        #expect(Self.contents(joined) == keys)
        var start = 0
        for (index, key) in keys.enumerated() {
            #expect(joined.range(index) == start..<start + key.count)
            start += key.count
        }
        let views = joined.withUnsafeKeys { view in
            (0..<count).map { (Array(view.key($0)), view.start($0), view.end($0), Array(view.key($0, from: 3))) }
        }
        #expect(views.map(\.0) == keys)
        #expect(views.map(\.1) == (0..<count).map { joined.range($0).lowerBound })
        #expect(views.map(\.2) == (0..<count).map { joined.range($0).upperBound })
        #expect(views.map(\.3) == keys.map { Array($0.dropFirst(3)) })
        #expect(joined.withUnsafeKeys { $0.start(count) } == keys.joined().count)
        var grown = joined
        grown.bytes.append(contentsOf: [1, 2])
        grown.closeKey()
        #expect(!grown.isCompact)
        #expect(Self.contents(grown) == keys + [[1, 2]])
    }

    /// Chunks whose keys are all empty join into as many empty keys (no bytes to copy).
    @Test func emptyKeysJoinWithoutBytes() {
        var chunks = [Self.arena([[], [], []]), Self.arena([]), Self.arena([[]])]
        let joined = SortKeyArena.joined(&chunks, threads: 2, compactMinimum: 0)
        #expect(joined.count == 4)
        #expect(Self.contents(joined) == [[], [], [], []])
        #expect(chunks.allSatisfy { $0.count == 0 })
    }

    @Test func aKeyLongerThan255BytesKeepsFourByteEnds() {
        let keys: [[UInt8]] = [[1], [UInt8](repeating: 9, count: 256), []]
        var chunks = [Self.arena(keys)]
        let joined = SortKeyArena.joined(&chunks, threads: 1, compactMinimum: 0)
        #expect(!joined.isCompact && !joined.isWide)
        #expect(Self.contents(joined) == keys)
    }

    /// The byte sum behind compact starts: every byte value in every place.
    @Test func byteSumsAddEveryByte() {
        for value in [0, 1, 127, 128, 255] as [UInt64] {
            for places in 0...8 {
                let word = (0..<places).reduce(UInt64(0)) { $0 | value << UInt64(8 * $1) }
                #expect(SortKeyArena.byteSum(word) == Int(value) * places)
            }
        }
    }
}
