import SystemSupport

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
struct StartPostings: Sendable {
    /// The most weights a list's path has: a list this deep is never split.
    static let maximumDepth = 6
    /// The distinct lookups a list holds, above which it is split, by default: a query
    /// then checks at most about this many lookups (2 ms or less on one core, when they
    /// are scattered over a large store). On 1M distinct Korean names, 8,192 costs 40 more
    /// bytes a record (380, not 340) for a keystroke p99 of 1.4 ms, not 1.7.
    static let defaultSplitThreshold = 16_384

    /// The distinct lookups a list of the index built holds, above which it is split by
    /// one weight more.
    let splitThreshold: Int
    /// The lists of one and two weights, by key (see ``key(_:)``): a start weight
    /// (`weight << 32`) or a start pair (`first << 32 | second`); primary weights are
    /// never 0.
    private var numbers = StartKeyTable()
    /// The lists of longer paths, by the list of the path without its last weight and that
    /// weight (`list << 32 | weight`), under split lists only.
    private var children = StartKeyTable()
    /// Whether a list is split: whether its records are also in the lists of its paths one
    /// weight longer (``children``), each of them.
    private var split: [Bool] = []
    /// The slots of each list, in list order (section title, then row).
    private(set) var lists: [[Int32]] = []
    /// Each slot's section title index (-1 for a free slot) and row.
    private(set) var titles: [Int32] = []
    private(set) var rows: [Int32] = []

    /// Empty lists, split above `splitThreshold` distinct lookups.
    init(splitThreshold: Int = StartPostings.defaultSplitThreshold) {
        self.splitThreshold = max(1, splitThreshold)
    }

    /// The key of the list of a query's candidates: its first weight, or its first two.
    static func key(_ weights: some Collection<UInt32>) -> UInt64? {
        guard let first = weights.first else { return nil }
        return UInt64(first) << 32 | UInt64(weights.dropFirst().first ?? 0)
    }

    /// The distinct keys (start weights and start pairs) of a lookup's match starts.
    static func startKeys(of lookup: SearchLookup) -> [UInt64] {
        var found: [UInt64] = []
        lookup.withSpan { appendStartKeys(of: $0, to: &found) }
        return found
    }

    /// Appends the distinct keys of a lookup's match starts to `found`, after what it
    /// holds already.
    static func appendStartKeys(of span: LookupSpan, to found: inout [UInt64]) {
        let (weights, info) = (span.weights, span.info)
        let base = found.count
        func add(_ key: UInt64) { if !found[base...].contains(key) { found.append(key) } }
        for index in weights.indices where info[index] & SearchLookup.Mark.matchStart != 0 {
            let first = UInt64(weights[index]) << 32
            add(first)
            forEachNext(in: span, after: index, syllables: info[index] & SearchLookup.Mark.syllables != 0) { next in
                add(first | UInt64(weights[next]))
            }
        }
    }

    /// The list of the records a query starting with `weights` can match: the list of its
    /// first weight, or of its first two (empty for none; nil for no weights: every record).
    func candidates(startingWith weights: some Collection<UInt32>) -> [Int32]? {
        Self.key(weights).map(candidates(startingWith:))
    }

    /// The list of a key (see ``key(_:)``; empty for none).
    func candidates(startingWith key: UInt64) -> [Int32] {
        numbers[key].map { lists[Int($0)] } ?? []
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

    /// Builds the lists of every slot, at once, each list allocated at its size: the lists
    /// of one and two weights, then, level by level, those of longer paths under the lists
    /// that hold more than ``splitThreshold`` distinct lookups.
    /// - Parameters:
    ///   - keys: The start keys (``appendStartKeys(of:to:)``) of the slots'
    ///     groups, one group after another: group g's are `keys[keyStarts[g]..<keyStarts[g + 1]]`.
    ///   - groups: Each slot's group: slots of one group share one lookup, whose keys are
    ///     numbered once.
    ///   - sectionSlots: For each section title, its slots in row order.
    ///   - lookups: Each group's whole lookup (a group is a lookup number of `lookups`),
    ///     read for the paths of longer lists.
    mutating func build(
        keys: [UInt64], keyStarts: [Int32], groups: [Int32], sectionSlots: [[Int32]], lookups: LookupStore.Spans
    ) {
        titles = Array(repeating: -1, count: groups.count)
        rows = Array(repeating: 0, count: groups.count)
        numbers = StartKeyTable()
        children = StartKeyTable()
        lists = []
        split = []
        for (title, slots) in sectionSlots.enumerated() {
            for (row, slot) in slots.enumerated() {
                titles[Int(slot)] = Int32(title)
                rows[Int(slot)] = Int32(row)
            }
        }
        var lookupCounts = fill(keys: keys, keyStarts: keyStarts, groups: groups, sectionSlots: sectionSlots, deep: false)
        var levelStart = 0
        let groupCount = keyStarts.count - 1
        let chunk = 4096
        let chunks = (groupCount + chunk - 1) / chunk
        // The last level's keys of each group: only a group with a split list there has
        // paths in the next.
        var previous = (keys: keys, starts: keyStarts, deep: false)
        for depth in 3...Self.maximumDepth {
            // The lists of the last level that are split, then the paths one weight longer
            // under them, found for each group on every core.
            var anySplit = false
            for list in levelStart..<lists.count where lookupCounts[list - levelStart] > splitThreshold {
                split[list] = true
                anySplit = true
            }
            guard anySplit else { break }
            var made = [(keys: [UInt64], ends: [Int32])](repeating: ([], []), count: chunks)
            let (postings, last) = (self, previous)
            made.withUnsafeMutableBufferPointer { made in
                let output = SendablePointer(made)
                parallelFor(chunks, threads: systemProcessorCount()) { piece in
                    var keys: [UInt64] = []
                    var ends: [Int32] = []
                    ends.reserveCapacity(chunk)
                    for group in piece * chunk..<min((piece + 1) * chunk, groupCount) {
                        let splitBefore = (Int(last.starts[group])..<Int(last.starts[group + 1])).contains { position in
                            let key = last.keys[position]
                            guard let list = last.deep ? postings.children[key] : postings.numbers[key] else { return false }
                            return postings.split[Int(list)]
                        }
                        if splitBefore { postings.appendPathKeys(of: lookups[Int32(group)], depth: depth, to: &keys) }
                        ends.append(Int32(keys.count))
                    }
                    output.buffer[piece] = (keys, ends)
                }
            }
            var deepKeys: [UInt64] = []
            deepKeys.reserveCapacity(made.reduce(0) { $0 + $1.keys.count })
            var deepStarts: [Int32] = [0]
            deepStarts.reserveCapacity(groupCount + 1)
            for piece in made.indices {
                let base = Int32(deepKeys.count)
                deepKeys += made[piece].keys
                for end in made[piece].ends { deepStarts.append(base + end) }
                made[piece] = ([], [])
            }
            levelStart = lists.count
            lookupCounts = fill(keys: deepKeys, keyStarts: deepStarts, groups: groups, sectionSlots: sectionSlots, deep: true)
            previous = (deepKeys, deepStarts, true)
        }
    }

    /// Makes the lists of the keys of one level and appends their slots in list order, each
    /// list allocated at its size.
    /// - Parameter deep: Whether the keys are of paths longer than two weights
    ///   (``children``), not of one or two (``numbers``).
    /// - Returns: The number of distinct lookups (groups) of each list made, from the
    ///   first list made on.
    private mutating func fill(keys: [UInt64], keyStarts: [Int32], groups: [Int32], sectionSlots: [[Int32]], deep: Bool)
        -> [Int]
    {
        let groupCount = keyStarts.count - 1
        let first = lists.count
        // Each group's lists, numbered when the group is first met: group g's are
        // listsOfGroup[keyStarts[g]..<keyStarts[g + 1]].
        var listsOfGroup = [Int32](repeating: -1, count: keys.count)
        var numbered = [Bool](repeating: false, count: groupCount)
        var sizes: [Int32] = []
        var lookupCounts: [Int] = []
        for slots in sectionSlots {
            for slot in slots {
                let group = Int(groups[Int(slot)])
                let range = Int(keyStarts[group])..<Int(keyStarts[group + 1])
                if range.isEmpty { continue }
                if !numbered[group] {
                    numbered[group] = true
                    for position in range { listsOfGroup[position] = number(keys[position], deep: deep) }
                    if sizes.count < lists.count - first {
                        sizes += repeatElement(0, count: lists.count - first - sizes.count)
                        lookupCounts += repeatElement(0, count: lists.count - first - lookupCounts.count)
                    }
                    for position in range { lookupCounts[Int(listsOfGroup[position]) - first] += 1 }
                }
                for position in range { sizes[Int(listsOfGroup[position]) - first] += 1 }
            }
        }
        // Each list's slots in list order, scattered into one buffer at the list's offset,
        // then copied into an array of its size.
        let made = lists.count - first
        var offsets = [Int](repeating: 0, count: made + 1)
        for list in 0..<made { offsets[list + 1] = offsets[list] + Int(sizes[list]) }
        var cursors = Array(offsets.dropLast())
        let flat = [Int32](unsafeUninitializedCapacity: offsets[made]) { flat, initialized in
            cursors.withUnsafeMutableBufferPointer { cursors in
                listsOfGroup.withUnsafeBufferPointer { listsOfGroup in
                    keyStarts.withUnsafeBufferPointer { keyStarts in
                        groups.withUnsafeBufferPointer { groups in
                            for slots in sectionSlots {
                                for slot in slots {
                                    let group = Int(groups[Int(slot)])
                                    for position in Int(keyStarts[group])..<Int(keyStarts[group + 1]) {
                                        let list = Int(listsOfGroup[position]) - first
                                        flat[cursors[list]] = slot
                                        cursors[list] += 1
                                    }
                                }
                            }
                        }
                    }
                }
            }
            initialized = offsets[made]
        }
        for list in 0..<made { lists[first + list] = Array(flat[offsets[list]..<offsets[list + 1]]) }
        return lookupCounts
    }

    /// Appends the distinct keys (``children``) of a lookup's paths of `depth` weights
    /// (three or more) whose path one weight shorter has a split list, after what `found`
    /// holds already: the lists of that depth the lookup's records are in.
    func appendPathKeys(of span: LookupSpan, depth: Int, to found: inout [UInt64]) {
        let (weights, info) = (span.weights, span.info)
        let base = found.count
        // Follows a path on from `index`, the end of a path of `length` weights with list
        // `list` (split).
        func walk(from index: Int, length: Int, list: Int32, syllables: Bool) {
            Self.forEachNext(in: span, after: index, syllables: syllables) { next in
                let key = UInt64(list) << 32 | UInt64(weights[next])
                if length + 1 == depth {
                    if !found[base...].contains(key) { found.append(key) }
                } else if let child = children[key], split[Int(child)] {
                    walk(from: next, length: length + 1, list: child, syllables: syllables)
                }
            }
        }
        for index in weights.indices where info[index] & SearchLookup.Mark.matchStart != 0 {
            let syllables = info[index] & SearchLookup.Mark.syllables != 0
            let first = UInt64(weights[index]) << 32
            Self.forEachNext(in: span, after: index, syllables: syllables) { next in
                if let pair = numbers[first | UInt64(weights[next])], split[Int(pair)] {
                    walk(from: next, length: 2, list: pair, syllables: syllables)
                }
            }
        }
    }

    /// Calls `body` with the index of each weight a match may take after the one at
    /// `index`: in text, the next weight of the spelling; in syllables, the syllable's next
    /// weight and the next syllable's first (see ``LookupSpan``'s syllable match).
    /// - Parameter syllables: Whether the match is in a syllable spelling.
    @inline(__always)
    static func forEachNext(in span: LookupSpan, after index: Int, syllables: Bool, _ body: (Int) -> Void) {
        let (weights, info) = (span.weights, span.info)
        let next = index + 1
        if !syllables {
            if next < weights.count, info[next] & SearchLookup.Mark.spellingStart == 0 { body(next) }
            return
        }
        var end = next
        while end < weights.count && info[end] & (SearchLookup.Mark.syllableStart | SearchLookup.Mark.spellingStart) == 0 {
            end += 1
        }
        if next < end { body(next) }
        if end < weights.count, info[end] & SearchLookup.Mark.spellingStart == 0 { body(end) }
    }

    /// The lists a lookup's records are in: of its start keys, and of its longer paths
    /// under split lists (made when new, for an insert).
    private mutating func listsOf(_ lookup: SearchLookup, making: Bool) -> [Int32] {
        var found: [Int32] = []
        for key in Self.startKeys(of: lookup) {
            if making { found.append(number(key, deep: false)) } else if let list = numbers[key] { found.append(list) }
        }
        for depth in 3...Self.maximumDepth {
            var keys: [UInt64] = []
            lookup.withSpan { appendPathKeys(of: $0, depth: depth, to: &keys) }
            if keys.isEmpty { break }
            for key in keys {
                if making { found.append(number(key, deep: true)) } else if let list = children[key] { found.append(list) }
            }
        }
        return found
    }

    /// Records a slot inserted at a row of a section, after ``SearchIndex`` put it there.
    mutating func insert(slot: Int32, lookup: SearchLookup, title: Int, sectionSlots: [Int32], row: Int) {
        grow(to: Int(slot) + 1)
        titles[Int(slot)] = Int32(title)
        renumber(sectionSlots, from: row)
        for list in listsOf(lookup, making: true).map(Int.init) {
            lists[list].insert(slot, at: position(of: slot, in: lists[list]))
        }
    }

    /// Forgets a slot about to be removed from its section (before its rows shift).
    mutating func remove(slot: Int32, lookup: SearchLookup) {
        guard titles.indices.contains(Int(slot)), titles[Int(slot)] >= 0 else { return }
        for list in listsOf(lookup, making: false).map(Int.init) {
            let at = position(of: slot, in: lists[list])
            if lists[list].indices.contains(at), lists[list][at] == slot { lists[list].remove(at: at) }
        }
        titles[Int(slot)] = -1
    }

    /// Gives the rows of a section's slots again from a row on, after an insert or removal.
    mutating func renumber(_ sectionSlots: [Int32], from row: Int) {
        for index in row..<sectionSlots.count { rows[Int(sectionSlots[index])] = Int32(index) }
    }

    /// The bytes the lists and tables hold.
    var memoryFootprint: Int {
        lists.reduce(0) { $0 + $1.capacity * 4 + 32 } + numbers.memoryFootprint + children.memoryFootprint + split.capacity
            + (titles.capacity + rows.capacity) * 4
    }

    private mutating func grow(to count: Int) {
        while titles.count < count {
            titles.append(-1)
            rows.append(0)
        }
    }

    /// The dense number of a key's list, made when new.
    /// - Parameter deep: Whether the key is of a path longer than two weights
    ///   (``children``), not of one or two (``numbers``).
    private mutating func number(_ key: UInt64, deep: Bool) -> Int32 {
        if let known = deep ? children[key] : numbers[key] { return known }
        let made = Int32(lists.count)
        if deep { children.insert(key, made) } else { numbers.insert(key, made) }
        lists.append([])
        split.append(false)
        return made
    }

    /// Where a slot is, or goes, in a list ordered by section title, then row.
    private func position(of slot: Int32, in list: [Int32]) -> Int {
        let key = order(slot)
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if order(list[middle]) < key { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// A slot's place in list order (section title, then row).
    func order(_ slot: Int32) -> Int64 { Int64(titles[Int(slot)]) << 32 | Int64(rows[Int(slot)]) }
}
