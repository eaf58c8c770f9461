/// The lookups of every record of a sectioned list, kept in the list's order: what a
/// search scans.
///
/// An ``IndexedDataSource`` builds one with ``IndexedDataSource/buildSearchIndex()`` and
/// keeps it up to date on every insert, removal and update. Each record's lookup is made
/// once (see ``SearchMatcher/lookup(keys:readings:)``); a search reads the lookups section
/// by section, in row order, so its result comes out sectioned and sorted without a sort.
public struct SearchIndex<ID: Hashable & Sendable>: Sendable {
    /// The matcher the lookups were made with.
    public let matcher: SearchMatcher
    /// Each record's lookup, by slot.
    var lookups: [SearchLookup] = []
    /// Each record's slot.
    var slots: [ID: Int32] = [:]
    /// Slots of removed records, reused first.
    var freeSlots: [Int32] = []
    /// For each section title (``LocalizedIndexedCollation/sectionTitles``), the slots of its
    /// records in row order.
    var sectionSlots: [[Int32]]
    /// The most weights any lookup has had: a query with more matches nothing.
    private(set) var longestLookup = 0

    /// An empty index for a collation's sections.
    init(matcher: SearchMatcher) {
        self.matcher = matcher
        sectionSlots = Array(repeating: [], count: matcher.collation.sectionTitles.count)
    }

    /// The number of records indexed.
    public var count: Int { slots.count }

    /// The bytes the index holds: weights and their marks and ranges, slot tables, and the
    /// arrays' own headers. Divide by ``count`` for the memory per record.
    public var memoryFootprint: Int {
        var bytes = lookups.count * MemoryLayout<SearchLookup>.stride
        for lookup in lookups { bytes += lookup.weights.capacity * 4 + lookup.info.capacity * 8 + 64 }
        bytes += slots.capacity * (MemoryLayout<ID>.stride + 4 + 1)
        for section in sectionSlots { bytes += section.capacity * 4 }
        return bytes
    }

    /// Makes the lookups of many records at once, on all cores.
    /// - Parameters:
    ///   - texts: Each record's keys and readings, in the order of `placed`.
    ///   - placed: Each record's identifier and section title index, in row order.
    mutating func fill(texts: [(keys: [String], readings: [String?])], placed: [(id: ID, titleIndex: Int)]) {
        var made = [SearchLookup](repeating: SearchLookup(), count: texts.count)
        let matcher = self.matcher
        let chunk = 4096
        let chunks = (texts.count + chunk - 1) / chunk
        texts.withUnsafeBufferPointer { texts in
            made.withUnsafeMutableBufferPointer { made in
                let input = UnsafeSendableBuffer(texts)
                let output = SendablePointer(made)
                parallelFor(chunks, threads: systemProcessorCount()) { piece in
                    for index in piece * chunk..<min((piece + 1) * chunk, input.buffer.count) {
                        let text = input.buffer[index]
                        output.buffer[index] = matcher.lookup(keys: text.keys, readings: text.readings)
                    }
                }
            }
        }
        lookups.reserveCapacity(texts.count)
        slots.reserveCapacity(texts.count)
        for (index, record) in placed.enumerated() {
            let slot = Int32(lookups.count)
            lookups.append(made[index])
            longestLookup = max(longestLookup, made[index].count)
            slots[record.id] = slot
            sectionSlots[record.titleIndex].append(slot)
        }
    }

    /// Adds a record's lookup at its row.
    mutating func insert(id: ID, keys: [String], readings: [String?], titleIndex: Int, row: Int) {
        let lookup = matcher.lookup(keys: keys, readings: readings)
        longestLookup = max(longestLookup, lookup.count)
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            lookups[Int(free)] = lookup
        } else {
            slot = Int32(lookups.count)
            lookups.append(lookup)
        }
        slots[id] = slot
        sectionSlots[titleIndex].insert(slot, at: row)
    }

    /// Drops a record's lookup from its row.
    mutating func remove(id: ID, titleIndex: Int, row: Int) {
        guard let slot = slots.removeValue(forKey: id) else { return }
        lookups[Int(slot)] = SearchLookup()
        freeSlots.append(slot)
        let rows = sectionSlots[titleIndex]
        if rows.indices.contains(row), rows[row] == slot {
            sectionSlots[titleIndex].remove(at: row)
        } else if let found = rows.firstIndex(of: slot) {
            sectionSlots[titleIndex].remove(at: found)
        }
    }

    /// The match of a query in one record, by identifier.
    /// - Returns: The match, or nil when the record is not indexed or does not match.
    public func match(_ query: SearchQuery, id: ID) -> SearchMatch? {
        guard let slot = slots[id] else { return nil }
        return matcher.firstMatch(of: query, in: lookups[Int(slot)])
    }
}
