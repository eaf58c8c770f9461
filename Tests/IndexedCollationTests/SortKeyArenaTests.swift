@testable import IndexedCollation
import Testing

/// The key arena keeps 4-byte boundaries while its bytes are small and 8-byte ones beyond:
/// the keys read back the same on both sides of the switch, whether the switch happens
/// while keys are added one by one or while a chunk is joined.
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
}
