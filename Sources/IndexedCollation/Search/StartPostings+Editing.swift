// Keeping the lists in list order (section title, then row) through inserts and removals.
extension StartPostings {
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
        let (key, slotTitles, slotRows) = (order(slot), titles, rows)
        for list in listsOf(lookup, making: true).map(Int.init) {
            lists[list].insert(slot) { Self.order($0, slotTitles, slotRows) < key }
        }
    }

    /// Forgets a slot about to be removed from its section (before its rows shift).
    mutating func remove(slot: Int32, lookup: SearchLookup) {
        guard slot >= 0 && Int(slot) < titles.count, titles[Int(slot)] >= 0 else { return }
        let (key, slotTitles, slotRows) = (order(slot), titles, rows)
        for list in listsOf(lookup, making: false).map(Int.init) {
            lists[list].remove(slot) { Self.order($0, slotTitles, slotRows) < key }
        }
        titles[Int(slot)] = -1
    }

    /// Gives the rows of a section's slots again from a row on, after an insert or removal.
    mutating func renumber(_ sectionSlots: [Int32], from row: Int) {
        for index in row..<sectionSlots.count { rows[Int(sectionSlots[index])] = Int32(index) }
    }

    private mutating func grow(to count: Int) {
        while titles.count < count {
            titles.appendFreeSlot()
            rows.append(0)
        }
    }

    /// The dense number of a key's list, made when new.
    /// - Parameter deep: Whether the key is of a path longer than two weights
    ///   (``children``), not of one or two (``numbers``).
    mutating func number(_ key: UInt64, deep: Bool) -> Int32 {
        if let known = deep ? children[key] : numbers[key] { return known }
        let made = Int32(lists.count)
        if deep { children.insert(key, made) } else { numbers.insert(key, made) }
        lists.append(PackedSlots())
        split.append(false)
        return made
    }
}
