/// For each weight a match may start with, the records whose lookup has it at a match
/// start, in list order: the candidates of a query's first keystroke, so that a search
/// reads only the records its first weight can find instead of every record.
///
/// A query matches a lookup only from a weight marked as a match start that equals the
/// query's first weight (see ``SearchLookup``), so the records of that weight's list are
/// all the records the query can match; a query of one weight matches each of them.
/// Each list holds slots ordered by section title, then row; ``SearchIndex`` keeps it so
/// through inserts and removals.
struct StartPostings: Sendable {
    /// Each weight's list, by a dense number.
    private var numbers: [UInt32: Int32] = [:]
    /// The slots of each list, in list order (section title, then row).
    private(set) var lists: [[Int32]] = []
    /// Each slot's section title index (-1 for a free slot) and row.
    private(set) var titles: [Int32] = []
    private(set) var rows: [Int32] = []

    /// The distinct weights a lookup's matches may start with.
    static func startWeights(of lookup: SearchLookup) -> [UInt32] {
        var found: [UInt32] = []
        for index in lookup.weights.indices where lookup.info[index] & SearchLookup.Mark.matchStart != 0 {
            let weight = lookup.weights[index]
            if !found.contains(weight) { found.append(weight) }
        }
        return found
    }

    /// The list of the records a query starting with `weight` can match (empty for none).
    func candidates(startingWith weight: UInt32) -> [Int32] {
        numbers[weight].map { lists[Int($0)] } ?? []
    }

    /// Builds the lists of every slot, at once.
    /// - Parameters:
    ///   - lookups: Each slot's lookup.
    ///   - sectionSlots: For each section title, its slots in row order.
    mutating func build(lookups: [SearchLookup], sectionSlots: [[Int32]]) {
        titles = Array(repeating: -1, count: lookups.count)
        rows = Array(repeating: 0, count: lookups.count)
        numbers = [:]
        lists = []
        // Records with identical texts share their lookup's storage: its start weights are
        // found once.
        var known: [UnsafeRawPointer: [Int32]] = [:]
        for (title, slots) in sectionSlots.enumerated() {
            for (row, slot) in slots.enumerated() {
                titles[Int(slot)] = Int32(title)
                rows[Int(slot)] = Int32(row)
                let lookup = lookups[Int(slot)]
                let storage = lookup.weights.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
                let lists: [Int32]
                if let storage, let found = known[storage] {
                    lists = found
                } else {
                    lists = Self.startWeights(of: lookup).map { number($0) }
                    if let storage { known[storage] = lists }
                }
                for list in lists { self.lists[Int(list)].append(slot) }
            }
        }
    }

    /// Records a slot inserted at a row of a section, after ``SearchIndex`` put it there.
    mutating func insert(slot: Int32, lookup: SearchLookup, title: Int, sectionSlots: [Int32], row: Int) {
        grow(to: Int(slot) + 1)
        titles[Int(slot)] = Int32(title)
        renumber(sectionSlots, from: row)
        for weight in Self.startWeights(of: lookup) {
            let list = Int(number(weight))
            lists[list].insert(slot, at: position(of: slot, in: lists[list]))
        }
    }

    /// Forgets a slot about to be removed from its section (before its rows shift).
    mutating func remove(slot: Int32, lookup: SearchLookup) {
        guard titles.indices.contains(Int(slot)), titles[Int(slot)] >= 0 else { return }
        for weight in Self.startWeights(of: lookup) {
            guard let list = numbers[weight].map(Int.init) else { continue }
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

    /// The dense number of a weight's list, made when new.
    private mutating func number(_ weight: UInt32) -> Int32 {
        if let known = numbers[weight] { return known }
        numbers[weight] = Int32(lists.count)
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

    private func order(_ slot: Int32) -> Int64 { Int64(titles[Int(slot)]) << 32 | Int64(rows[Int(slot)]) }
}
