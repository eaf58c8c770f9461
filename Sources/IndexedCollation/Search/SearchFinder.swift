import SystemSupport

/// One section of search results: its title, its place in the source and its matching
/// records' slots in row order — a part of one of the index's lists, unpacked, or of a
/// check's result.
struct SearchSection: Sendable {
    let titleIndex: Int
    let sourceSection: Int
    let slots: ArraySlice<Int32>
}

/// Finds the records of a query in a ``SearchIndex``, in sections.
///
/// The candidates are the index's start list of the query's longest prefix that has one
/// (its first weight, its first two, or a longer path under a list many records share;
/// see ``StartPostings``), or the previous results when typing on narrows to fewer. A
/// query as long as its list's path (one or two weights, or more under a split list)
/// matches every record of its list, so its results are that list, unpacked and cut into
/// sections by binary search; a longer one checks its candidates' lookups, each
/// distinct lookup once in a row of identical records. No query reads every record, and
/// no query as long as its list's path reads any lookup.
struct SearchFinder<ID: Hashable & Sendable> {
    let index: SearchIndex<ID>
    /// The title indexes of the source's sections, in order.
    let shown: [Int]
    /// For each section title, its section in the source (-1 when it has none).
    private let sectionOf: [Int]

    init(index: SearchIndex<ID>, shown: [Int]) {
        self.index = index
        self.shown = shown
        var sectionOf = [Int](repeating: -1, count: index.sectionSlots.count)
        for (section, title) in shown.enumerated() { sectionOf[title] = section }
        self.sectionOf = sectionOf
    }

    /// The sections of the records a query finds.
    /// - Parameters:
    ///   - query: A query from the index's matcher.
    ///   - previous: The matches, in list order, of an earlier query that this one narrows
    ///     (see ``SearchQuery/narrows(_:)``), or nil.
    func find(_ query: SearchQuery, among previous: [ArraySlice<Int32>]? = nil) -> [SearchSection] {
        let parts = query.parts.filter { !$0.contains(where: \.isEmpty) }
        if parts.isEmpty { return everything() }
        for readings in parts where (readings.map(\.count).min() ?? 0) > index.longestLookup { return [] }
        // The candidates of the part with the fewest (any word of a query in words mode
        // must match, so the shortest list holds every record the query finds): for each
        // reading, the list of its longest prefix with one. Lists are counted without
        // unpacking them; only the lists read are unpacked.
        var shortest: (lists: [Int32], count: Int)? = nil
        var exact = false
        for readings in parts {
            var lists: [Int32] = []
            var partExact = true
            for variant in readings {
                let (list, depth) = index.postings.deepestList(for: variant)
                if depth < variant.count { partExact = false }
                if let list, !lists.contains(list) { lists.append(list) }
            }
            // At most the sum: lists of several readings may share records.
            let count = lists.reduce(0) { $0 + index.postings.lists[Int($1)].count }
            if shortest == nil || count < (shortest?.count ?? 0) { (shortest, exact) = ((lists, count), partExact) }
        }
        let candidates = { merged((shortest?.lists ?? []).map { index.postings.lists[Int($0)].slots }) }
        // One part whose every reading is as long as its list's path: every record of the
        // list matches (a query of one or two weights, or one whose path the index splits
        // down to its length).
        if parts.count == 1 && exact { return sectioned(candidates()) }
        // Else the fewer of the list and the previous results are checked: typing on reads
        // the index again when its list is shorter than what the last keystroke found.
        if let previous, previous.reduce(0, { $0 + $1.count }) < shortest?.count ?? 0 {
            return sectioned(check(query, previous)[...])
        }
        return sectioned(check(query, [candidates()])[...])
    }

    /// Every record, section by section (an empty query).
    private func everything() -> [SearchSection] {
        shown.enumerated().compactMap { section, title in
            let slots = index.sectionSlots[title]
            return slots.isEmpty ? nil : SearchSection(titleIndex: title, sourceSection: section, slots: slots[...])
        }
    }

    /// The union of lists in list order (one list is returned as it is).
    private func merged(_ lists: [[Int32]]) -> ArraySlice<Int32> {
        guard var result = lists.first else { return [] }
        let (titles, rows) = (index.postings.titles, index.postings.rows)
        for list in lists.dropFirst() {
            var joined: [Int32] = []
            joined.reserveCapacity(result.count + list.count)
            var (left, right) = (0, 0)
            while left < result.count || right < list.count {
                if right == list.count {
                    joined.append(result[left])
                    left += 1
                } else if left == result.count {
                    joined.append(list[right])
                    right += 1
                } else {
                    let (a, b) = (StartPostings.order(result[left], titles, rows), StartPostings.order(list[right], titles, rows))
                    joined.append(a <= b ? result[left] : list[right])
                    if a <= b { left += 1 }
                    if b <= a { right += 1 }
                }
            }
            result = joined
        }
        return result[...]
    }

    /// Slots in list order cut into sections, by a galloping search for each section's end.
    /// - Complexity: O(*s* log *m*) for *s* sections and *m* slots.
    private func sectioned(_ slots: ArraySlice<Int32>) -> [SearchSection] {
        let titles = index.postings.titles
        var sections: [SearchSection] = []
        var start = slots.startIndex
        while start < slots.endIndex {
            let title = titles[Int(slots[start])]
            // The end lies between start + step / 2 and start + step.
            var step = 1
            while start + step < slots.endIndex && titles[Int(slots[start + step])] == title { step *= 2 }
            var low = start + step / 2 + 1
            var high = min(start + step, slots.endIndex)
            while low < high {
                let middle = (low + high) / 2
                if titles[Int(slots[middle])] == title { low = middle + 1 } else { high = middle }
            }
            let section = SearchSection(titleIndex: Int(title), sourceSection: sectionOf[Int(title)], slots: slots[start..<low])
            sections.append(section)
            start = low
        }
        return sections
    }

    /// The candidates whose lookups the query matches, in order, checked in pieces of at
    /// most 16,384 records spread over all cores when there are many. A record whose
    /// lookup is the one of the record before it (identical texts share it) is decided by
    /// that record's answer.
    private func check(_ query: SearchQuery, _ candidates: [ArraySlice<Int32>]) -> [Int32] {
        let piece = 16_384
        var pieces: [ArraySlice<Int32>] = []
        for candidate in candidates {
            for start in stride(from: candidate.startIndex, to: candidate.endIndex, by: piece) {
                pieces.append(candidate[start..<min(start + piece, candidate.endIndex)])
            }
        }
        let total = candidates.reduce(0) { $0 + $1.count }
        let work = pieces
        let found = index.store.withSpans { spans in
            index.lookupOfSlot.withUnsafeBufferPointer { numbers in
                let numbers = UnsafeSendableBuffer(numbers)
                let (query, matcher) = (query, index.matcher)
                // Keypad spellings of Korean names are read from their jamo only for a
                // query that may match them.
                let keypad = matcher.mayMatchKeypad(query)
                return parallelMap(work.count, threads: total > 65_536 ? systemProcessorCount() : 1) { item in
                    var kept: [Int32] = []
                    var last: Int32 = -1
                    var lastMatched = false
                    for slot in work[item] {
                        let number = numbers.buffer[Int(slot)]
                        if number != last {
                            lastMatched =
                                keypad && spans.expandsKeypad(number)
                                ? query.matches(spans[number], expandingKeypadWith: matcher) : query.matches(spans[number])
                            last = number
                        }
                        if lastMatched { kept.append(slot) }
                    }
                    return kept
                }
            }
        }
        if found.count == 1 { return found[0] }
        // The pieces' matches one after another (a flattening sequence copies element by
        // element; this copies each piece at once).
        var joined: [Int32] = []
        joined.reserveCapacity(found.reduce(0) { $0 + $1.count })
        for piece in found { joined += piece }
        return joined
    }
}
