import SystemSupport

/// The lookups of every record of a sectioned list, kept in the list's order: what a
/// search scans.
///
/// An ``IndexedDataSource`` builds one with ``IndexedDataSource/buildSearchIndex()`` and
/// keeps it up to date on every insert, removal and update. Each record's lookup is made
/// once (see ``SearchMatcher/lookup(keys:readings:)``); a Korean name's is stored without
/// its keypad spelling, made again for a query of digits. For each weight and each pair
/// of weights a match may start with, and each longer path under a pair many records
/// share, the index keeps the list of the records that have it, in list order: a search
/// reads only the list of its query's longest such prefix, so its result comes out
/// sectioned and sorted without a sort (see <doc:SearchingRecords> and `StartPostings`).
public struct SearchIndex<ID: Hashable & Sendable>: Sendable {
    /// The matcher the lookups were made with.
    public let matcher: SearchMatcher
    /// The lookups, one per distinct text, in one contiguous store.
    private(set) var store = LookupStore()
    /// Each slot's lookup number in ``store`` (-1 for a free slot).
    private(set) var lookupOfSlot: [Int32] = []
    /// Slots of removed records, reused first.
    var freeSlots: [Int32] = []
    /// For each section title (``LocalizedIndexedCollation/sectionTitles``), the slots of its
    /// records in row order.
    var sectionSlots: [[Int32]]
    /// The most weights any lookup has had: a query with more matches nothing.
    private(set) var longestLookup = 0
    /// For each weight, each pair of weights and each longer path under a pair many records
    /// share, that a match may start with, its records in list order: a search reads only
    /// the records of its query's longest such prefix.
    private(set) var postings: StartPostings

    /// An empty index for a collation's sections.
    /// - Parameters:
    ///   - matcher: The matcher of the lookups.
    ///   - splitThreshold: The distinct lookups a start list may hold before it is split by
    ///     one weight more (``StartPostings/splitThreshold``); tests lower it to split
    ///     small lists.
    ///   - pieceSize: The slots a worker takes when the lists are made
    ///     (``StartPostings/pieceSize``); tests lower it to make small lists in pieces.
    init(
        matcher: SearchMatcher, splitThreshold: Int = StartPostings.defaultSplitThreshold,
        pieceSize: Int = StartPostings.defaultPieceSize
    ) {
        self.matcher = matcher
        postings = StartPostings(splitThreshold: splitThreshold, pieceSize: pieceSize)
        sectionSlots = Array(repeating: [], count: matcher.collation.sectionTitles.count)
    }

    /// The number of records indexed.
    public var count: Int { lookupOfSlot.count - freeSlots.count }

    /// The bytes the index holds: the lookups' weights and marks (once for records with
    /// identical texts, which share them), the slot tables and the start lists. Divide by
    /// ``count`` for the memory per record.
    public var memoryFootprint: Int {
        var bytes = store.memoryFootprint + lookupOfSlot.capacity * 4 + freeSlots.capacity * 4
        for section in sectionSlots { bytes += section.capacity * 4 }
        return bytes + postings.memoryFootprint
    }

    /// Fills a new index with the lookups of its records' texts, made piece by piece while
    /// the texts were gathered (``SearchTextPieces``), and builds its start lists on all
    /// cores.
    /// - Parameters:
    ///   - pieces: The lookups of the distinct texts (keys, readings and search fields) of
    ///     the records, in pieces of ``SearchTextPieces/size`` texts.
    ///   - records: Each record's text (its number among the pieces' texts) and section
    ///     title index, in row order. Records with identical texts share one lookup and its
    ///     storage.
    mutating func fill(pieces: consuming [SearchLookupPiece], records: [(text: Int32, titleIndex: Int32)]) {
        precondition(lookupOfSlot.isEmpty, "fill(pieces:records:) makes a new index")
        var made = pieces
        let chunk = SearchTextPieces.size
        let chunks = made.count
        let textCount = made.reduce(0) { $0 + $1.ends.count }
        var shares = [Int32](repeating: 0, count: textCount)
        for record in records { shares[Int(record.text)] += 1 }
        // The weights' codes given once, then each piece packed by a thread as the store
        // keeps it.
        for piece in made { store.addCodes(piece.distinctWeights) }
        var packed: [LookupStore.PackedPiece]
        do {
            // Read-only copies for the threads (the arrays shared, not copied), gone before
            // the pieces are emptied.
            let (codes, pieces) = (store.weightCodes, made)
            packed = parallelMap(chunks, threads: systemProcessorCount()) { piece in
                LookupStore.PackedPiece(
                    weights: pieces[piece].weights, info: pieces[piece].pieceInfo, ends: pieces[piece].ends, codes: codes)
            }
        }
        // Numbers of a new store are given in order: lookup number = distinct text.
        store.reserve(words: packed.reduce(0) { $0 + $1.words.count }, lookups: textCount)
        var keys: [UInt64] = []
        keys.reserveCapacity(made.reduce(0) { $0 + $1.keys.count })
        var keyStarts: [Int32] = [0]
        keyStarts.reserveCapacity(textCount + 1)
        var text = 0
        for piece in made.indices {
            store.append(
                packed[piece], expandsKeypad: made[piece].expandsKeypad, records: shares[text..<text + made[piece].ends.count])
            packed[piece] = LookupStore.PackedPiece()
            longestLookup = max(longestLookup, made[piece].longest)
            text += made[piece].ends.count
            let base = Int32(keys.count)
            keys += made[piece].keys
            for end in made[piece].keyEnds { keyStarts.append(base + end) }
            // The whole lookups stay, read for the start lists' paths.
            made[piece].dropAllButWhole()
        }
        lookupOfSlot.reserveCapacity(records.count)
        // Each section's slots at their size (grown record by record, the arrays held up to
        // twice their slots).
        var sectionSizes = [Int](repeating: 0, count: sectionSlots.count)
        for record in records { sectionSizes[Int(record.titleIndex)] += 1 }
        for (section, size) in sectionSizes.enumerated() { sectionSlots[section].reserveCapacity(size) }
        for record in records {
            sectionSlots[Int(record.titleIndex)].append(Int32(lookupOfSlot.count))
            lookupOfSlot.append(record.text)
        }
        let whole = WholeLookups(made, chunk: chunk)
        made = []
        postings.build(keys: keys, keyStarts: keyStarts, groups: lookupOfSlot, sectionSlots: sectionSlots) { number, body in
            whole.withLookup(number, body)
        }
    }

    /// The whole lookups of a new index (keypad spellings included), read by lookup number
    /// for the start lists' paths where the threads made them, not copied: the pieces of
    /// ``SearchLookupPiece``, `chunk` lookups each.
    private struct WholeLookups: @unchecked Sendable {
        // @unchecked: read-only pointers into the arrays of `pieces`, which it holds and
        // never mutates, so their buffers stay where they are.
        private let pieces: [SearchLookupPiece]
        private let views: [(weights: UnsafePointer<UInt32>?, packed: UnsafePointer<UInt32>?, ends: UnsafePointer<Int32>?)]
        /// The marks of lookups that do not pack, by lookup number.
        private let wide: [Int32: [UInt64]]
        private let chunk: Int

        init(_ pieces: [SearchLookupPiece], chunk: Int) {
            self.pieces = pieces
            self.chunk = chunk
            views = pieces.map { piece in
                (
                    piece.wholeWeights.withUnsafeBufferPointer { $0.baseAddress },
                    piece.wholeInfo.packed.withUnsafeBufferPointer { $0.baseAddress },
                    piece.wholeEnds.withUnsafeBufferPointer { $0.baseAddress }
                )
            }
            var wide: [Int32: [UInt64]] = [:]
            for (piece, made) in pieces.enumerated() {
                for (position, marks) in made.wholeInfo.wide { wide[Int32(piece * chunk + position)] = marks }
            }
            self.wide = wide
        }

        /// Calls `body` with a whole lookup.
        @inline(__always)
        func withLookup(_ number: Int32, _ body: (LookupSpan) -> Void) {
            let piece = Int(number) / chunk
            let position = Int(number) - piece * chunk
            let view = views[piece]
            guard let ends = view.ends else { return }
            let start = position == 0 ? 0 : Int(ends[position - 1])
            let weights = LookupWeights(UnsafeBufferPointer(start: view.weights.map { $0 + start }, count: Int(ends[position]) - start))
            if !wide.isEmpty, let marks = wide[number] {
                marks.withUnsafeBufferPointer { body(LookupSpan(weights: weights, info: $0, startSignature: 0)) }
                return
            }
            let packed = UnsafeBufferPointer(start: view.packed.map { $0 + start }, count: weights.count)
            body(LookupSpan(weights: weights, packedInfo: packed, startSignature: 0))
        }
    }

    /// Adds a record's lookup at its row.
    mutating func insert(keys: [String], readings: [String?], fields: [SearchField] = [], titleIndex: Int, row: Int) {
        let lookup = matcher.lookup(keys: keys, readings: readings, fields: fields)
        longestLookup = max(longestLookup, lookup.count)
        let stripped = matcher.strippingHangulKeypad(lookup)
        let number = store.add(stripped ?? lookup, expandsKeypad: stripped != nil)
        let slot: Int32
        if let free = freeSlots.popLast() {
            slot = free
            lookupOfSlot[Int(free)] = number
        } else {
            slot = Int32(lookupOfSlot.count)
            lookupOfSlot.append(number)
        }
        sectionSlots[titleIndex].insert(slot, at: row)
        postings.insert(slot: slot, lookup: lookup, title: titleIndex, sectionSlots: sectionSlots[titleIndex], row: row)
    }

    /// Drops the lookup of the record at a row.
    mutating func remove(titleIndex: Int, row: Int) {
        guard sectionSlots[titleIndex].indices.contains(row) else { return }
        let slot = sectionSlots[titleIndex][row]
        let number = lookupOfSlot[Int(slot)]
        postings.remove(slot: slot, lookup: lookup(number))
        sectionSlots[titleIndex].remove(at: row)
        postings.renumber(sectionSlots[titleIndex], from: row)
        store.release(number)
        lookupOfSlot[Int(slot)] = -1
        freeSlots.append(slot)
    }

    /// The match of a query in the record at a row of a section.
    /// - Parameters:
    ///   - query: A query from the index's ``matcher``.
    ///   - titleIndex: The section, as a position in the collation's section titles.
    ///   - row: The record's row in that section.
    /// - Returns: The match, or nil when there is no such record or it does not match.
    public func match(_ query: SearchQuery, titleIndex: Int, row: Int) -> SearchMatch? {
        guard sectionSlots.indices.contains(titleIndex), sectionSlots[titleIndex].indices.contains(row) else { return nil }
        return match(query, slot: sectionSlots[titleIndex][row])
    }

    /// The match of a query in the record of a slot, or nil.
    func match(_ query: SearchQuery, slot: Int32) -> SearchMatch? {
        let number = lookupOfSlot[Int(slot)]
        guard number >= 0 else { return nil }
        var scratch = SearchLookup()
        return store.withSpans { spans in
            spans.withLookup(number, matcher: matcher, keypad: matcher.mayMatchKeypad(query), scratch: &scratch) {
                query.firstMatch(in: $0)
            }
        }
    }

    /// A stored lookup as it was made (its keypad spellings made again when it is kept
    /// without them), with arrays of its own.
    func lookup(_ number: Int32) -> SearchLookup {
        let stored = store.lookup(number)
        guard store.expandsKeypad(number) else { return stored }
        var lookup = SearchLookup()
        stored.withSpan { matcher.appendExpandingHangulKeypad($0, to: &lookup) }
        return lookup
    }
}
