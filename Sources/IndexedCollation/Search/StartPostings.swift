/// For each weight a match may start with, and for each pair of weights a match may start
/// with, the records whose lookup has them at a match start, in list order: the candidates
/// of a query, so that a search reads only the records its first two weights can find
/// instead of every record.
///
/// A query matches a lookup only from a weight marked as a match start that equals the
/// query's first weight (see ``SearchLookup``), and its second weight is then the next
/// weight of the same spelling (text), or of the same syllable or the first of the next
/// one (syllables). So the list of a query's first weight, or of its first two, holds every
/// record the query can match; a query of one or two weights matches each of them, and a
/// longer one is checked only against them. Each list holds slots ordered by section title,
/// then row; ``SearchIndex`` keeps it so through inserts and removals.
struct StartPostings: Sendable {
    /// Each key's list, by a dense number. A key is a start weight (`weight << 32`) or a
    /// start pair (`first << 32 | second`): primary weights are never 0.
    private var numbers: [UInt64: Int32] = [:]
    /// The slots of each list, in list order (section title, then row).
    private(set) var lists: [[Int32]] = []
    /// Each slot's section title index (-1 for a free slot) and row.
    private(set) var titles: [Int32] = []
    private(set) var rows: [Int32] = []

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
            let next = index + 1
            if info[index] & SearchLookup.Mark.syllables == 0 {
                // Text: the next weight of the same spelling.
                if next < weights.count, info[next] & SearchLookup.Mark.spellingStart == 0 { add(first | UInt64(weights[next])) }
                continue
            }
            // Syllables: the syllable's next weight, or the next syllable's first.
            var end = next
            while end < weights.count && info[end] & (SearchLookup.Mark.syllableStart | SearchLookup.Mark.spellingStart) == 0 {
                end += 1
            }
            if next < end { add(first | UInt64(weights[next])) }
            if end < weights.count, info[end] & SearchLookup.Mark.spellingStart == 0 { add(first | UInt64(weights[end])) }
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

    /// Builds the lists of every slot, at once, each list allocated at its size.
    /// - Parameters:
    ///   - keys: The start keys (``appendStartKeys(of:to:)``) of the slots'
    ///     groups, one group after another: group g's are `keys[keyStarts[g]..<keyStarts[g + 1]]`.
    ///   - groups: Each slot's group: slots of one group share one lookup, whose keys are
    ///     numbered once.
    ///   - sectionSlots: For each section title, its slots in row order.
    mutating func build(keys: [UInt64], keyStarts: [Int32], groups: [Int32], sectionSlots: [[Int32]]) {
        let groupCount = keyStarts.count - 1
        titles = Array(repeating: -1, count: groups.count)
        rows = Array(repeating: 0, count: groups.count)
        numbers = [:]
        lists = []
        // Each group's lists, numbered when the group is first met: group g's are
        // listsOfGroup[keyStarts[g]..<keyStarts[g + 1]].
        var listsOfGroup = [Int32](repeating: -1, count: keys.count)
        var numbered = [Bool](repeating: false, count: groupCount)
        var sizes: [Int32] = []
        for (title, slots) in sectionSlots.enumerated() {
            for (row, slot) in slots.enumerated() {
                titles[Int(slot)] = Int32(title)
                rows[Int(slot)] = Int32(row)
                let group = Int(groups[Int(slot)])
                let range = Int(keyStarts[group])..<Int(keyStarts[group + 1])
                if !numbered[group] {
                    numbered[group] = true
                    for position in range { listsOfGroup[position] = number(keys[position]) }
                    if sizes.count < lists.count { sizes += repeatElement(0, count: lists.count - sizes.count) }
                }
                for position in range { sizes[Int(listsOfGroup[position])] += 1 }
            }
        }
        for list in lists.indices { lists[list].reserveCapacity(Int(sizes[list])) }
        for slots in sectionSlots {
            for slot in slots {
                let group = Int(groups[Int(slot)])
                for position in Int(keyStarts[group])..<Int(keyStarts[group + 1]) { lists[Int(listsOfGroup[position])].append(slot) }
            }
        }
    }

    /// Records a slot inserted at a row of a section, after ``SearchIndex`` put it there.
    mutating func insert(slot: Int32, lookup: SearchLookup, title: Int, sectionSlots: [Int32], row: Int) {
        grow(to: Int(slot) + 1)
        titles[Int(slot)] = Int32(title)
        renumber(sectionSlots, from: row)
        for key in Self.startKeys(of: lookup) {
            let list = Int(number(key))
            lists[list].insert(slot, at: position(of: slot, in: lists[list]))
        }
    }

    /// Forgets a slot about to be removed from its section (before its rows shift).
    mutating func remove(slot: Int32, lookup: SearchLookup) {
        guard titles.indices.contains(Int(slot)), titles[Int(slot)] >= 0 else { return }
        for key in Self.startKeys(of: lookup) {
            guard let list = numbers[key].map(Int.init) else { continue }
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
        lists.reduce(0) { $0 + $1.capacity * 4 + 32 } + numbers.capacity * 16 + (titles.capacity + rows.capacity) * 4
    }

    private mutating func grow(to count: Int) {
        while titles.count < count {
            titles.append(-1)
            rows.append(0)
        }
    }

    /// The dense number of a key's list, made when new.
    private mutating func number(_ key: UInt64) -> Int32 {
        if let known = numbers[key] { return known }
        numbers[key] = Int32(lists.count)
        lists.append([])
        return Int32(lists.count - 1)
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
