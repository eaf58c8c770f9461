/// For each weight a match may start with, for each pair of weights a match may start
/// with, and for longer paths under a pair that many records share, the records whose
/// lookup has them at a match start, in list order: the candidates of a query, so that a
/// search reads only the records its first weights can find instead of every record.
///
/// A query matches a lookup only from a weight marked as a match start that equals the
/// query's first weight (see ``SearchLookup``), and each next weight is then the next
/// weight of the same spelling (text), or of the same syllable or the first of the next
/// one (syllables): a match follows a *path* of weights from a start. So the list of a
/// query's first weight, or of its first two, holds every record the query can match; a
/// query of one or two weights matches each of them, and a longer one is checked only
/// against them.
///
/// A list that holds more than ``splitThreshold`` distinct lookups (김 starts a quarter of
/// Korean names) is *split*: its records are also listed by their paths of one weight
/// more (김 = ㄱㅣㅁ under ㄱㅣ, then ㄱㅣㅁ followed by ㅈ), and so on while a list stays that
/// large, down to ``maximumDepth`` weights. A query reads the list of its longest prefix
/// that has one: a query exactly as long as that path matches every record of the list,
/// and a longer one checks at most about ``splitThreshold`` distinct lookups (unless its
/// path runs deeper than ``maximumDepth``). Each list holds slots ordered by section
/// title, then row; ``SearchIndex`` keeps it so through inserts and removals, and a record
/// inserted later joins the longer lists of the lists split when the index was built.
///
/// The lists' keys and paths are in `StartPostings+Paths.swift`, building them at once in
/// `StartPostings+Building.swift`, keeping them through inserts and removals in
/// `StartPostings+Editing.swift`.
struct StartPostings: Sendable {
    /// The most weights a list's path has: a list this deep is never split.
    static let maximumDepth = 6
    /// The distinct lookups a list holds, above which it is split, by default: a query
    /// then checks at most about this many lookups (2 ms or less on one core, when they
    /// are scattered over a large store). A lower threshold splits more lists, more bytes
    /// a record for a lower keystroke p99 (measured when the threshold was set, on 1M
    /// distinct Korean names before lists were packed: 8,192 cost 40 more bytes a record
    /// for a p99 of 1.4 ms, not 1.7).
    static let defaultSplitThreshold = 16_384

    /// The distinct lookups a list of the index built holds, above which it is split by
    /// one weight more.
    let splitThreshold: Int
    /// The lists of one and two weights, by key (see ``key(_:)``): a start weight
    /// (`weight << 32`) or a start pair (`first << 32 | second`); primary weights are
    /// never 0.
    var numbers = StartKeyTable()
    /// The lists of longer paths, by the list of the path without its last weight and that
    /// weight (`list << 32 | weight`), under split lists only.
    var children = StartKeyTable()
    /// Whether a list is split: whether its records are also in the lists of its paths one
    /// weight longer (``children``), each of them.
    var split: [Bool] = []
    /// The slots of each list, in list order (section title, then row), packed.
    var lists: [PackedSlots] = []
    /// Each slot's section title index (-1 for a free slot) and row.
    var titles = SlotTitles()
    var rows: [Int32] = []

    /// The slots in list order a worker takes when a level's lists are made, and the
    /// groups (distinct lookups) whose longer paths a worker finds, by default (at most 64
    /// pieces of slots).
    static let defaultPieceSize = 16_384

    /// The slots a worker takes when a level's lists are made, and the groups whose longer
    /// paths a worker finds: tests make small indexes with many pieces.
    let pieceSize: Int

    /// Empty lists, split above `splitThreshold` distinct lookups, made in pieces of
    /// `pieceSize` slots.
    init(splitThreshold: Int = StartPostings.defaultSplitThreshold, pieceSize: Int = StartPostings.defaultPieceSize) {
        self.splitThreshold = max(1, splitThreshold)
        self.pieceSize = max(1, pieceSize)
    }

    /// The key of the list of a query's candidates: its first weight, or its first two.
    static func key(_ weights: some Collection<UInt32>) -> UInt64? {
        guard let first = weights.first else { return nil }
        return UInt64(first) << 32 | UInt64(weights.dropFirst().first ?? 0)
    }

    /// The list of the records a query starting with `weights` can match: the list of its
    /// first weight, or of its first two (empty for none; nil for no weights: every record).
    func candidates(startingWith weights: some Collection<UInt32>) -> [Int32]? {
        Self.key(weights).map(candidates(startingWith:))
    }

    /// The list of a key (see ``key(_:)``; empty for none).
    func candidates(startingWith key: UInt64) -> [Int32] {
        numbers[key].map { lists[Int($0)].slots } ?? []
    }

    /// The list of the longest prefix of a query's weights that has one (see
    /// ``StartPostings``), and that prefix's length.
    /// - Parameter weights: A query's weights, at least one.
    /// - Returns: The list's number, nil when no record has a path of the prefix (the
    ///   query matches nothing), and the prefix's length: every record of the list matches
    ///   a query of that many weights.
    func deepestList(for weights: [UInt32]) -> (list: Int32?, depth: Int) {
        guard let key = Self.key(weights) else { return (nil, 0) }
        guard var list = numbers[key] else { return (nil, weights.count) }
        var depth = min(weights.count, 2)
        while depth < weights.count && split[Int(list)] {
            guard let child = children[UInt64(list) << 32 | UInt64(weights[depth])] else { return (nil, weights.count) }
            list = child
            depth += 1
        }
        return (list, depth)
    }

    /// The bytes the lists and tables hold.
    var memoryFootprint: Int {
        let packed = lists.reduce(lists.capacity * MemoryLayout<PackedSlots>.stride) { $0 + $1.memoryFootprint }
        return packed + numbers.memoryFootprint + children.memoryFootprint + split.capacity + titles.memoryFootprint + rows.capacity * 4
    }

    /// A slot's place in list order (section title, then row).
    func order(_ slot: Int32) -> Int64 { Int64(titles[Int(slot)]) << 32 | Int64(rows[Int(slot)]) }

    /// A slot's place in list order, from the slots' titles and rows.
    @inline(__always)
    static func order(_ slot: Int32, _ titles: SlotTitles, _ rows: [Int32]) -> Int64 {
        Int64(titles[Int(slot)]) << 32 | Int64(rows[Int(slot)])
    }
}
