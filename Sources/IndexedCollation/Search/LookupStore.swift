/// The lookups of a ``SearchIndex`` in one contiguous store: every lookup's weights, then
/// their marks, one lookup after another in one array, and each lookup's place, size and
/// sharers side by side in another, so that a search checks a candidate's
/// lookup with about two cache misses (the lookup's entry, then its words, which lie
/// together), without two allocations per record.
///
/// A weight's marks take 16 bits (``packNarrow(_:)``, two a word) when the lookup is of a
/// short text (its weights' UTF-8 ranges inside the first 32 bytes, of its first three
/// keys or of none), as most names are; else 32 bits (``pack(_:)``) when every range is inside the
/// first 1,024 bytes; a lookup with a weight beyond keeps 64 bits a weight in a store of
/// its own (``wideInfo``).
///
/// A lookup has a number, kept while the lookup lives; records with identical texts share
/// one (it counts its records), and a lookup whose last record goes is dropped: its number
/// is reused, and its words are reclaimed once dropped weights outnumber the live ones.
struct LookupStore: Sendable {
    /// For each lookup, its weights and then their packed marks (``packNarrow(_:)`` or
    /// ``pack(_:)``; 0 for a wide lookup's), one lookup after another.
    private var words: [UInt32] = []
    /// The weights the words hold, dropped lookups' included until they are reclaimed.
    private(set) var weightCount = 0
    /// The marks of wide lookups (a weight beyond 1,024 bytes), by lookup number.
    private var wideInfo: [Int32: [UInt64]] = [:]
    /// Each lookup number's entry.
    private var entries: [Entry] = []
    private var freeNumbers: [Int32] = []
    /// Weights of dropped lookups still in the words.
    private var dropped = 0

    /// The words a lookup of `weights` weights takes.
    static func wordCount(weights: Int, narrowMarks: Bool) -> Int { weights + (narrowMarks ? (weights + 1) / 2 : weights) }

    /// Adds a lookup, shared by `records` records.
    /// - Returns: Its number.
    /// - Parameter expandsKeypad: Whether `lookup` is kept without the keypad spellings
    ///   of its Hangul spellings (see ``Entry``).
    mutating func add(_ lookup: SearchLookup, records: Int32 = 1, expandsKeypad: Bool = false) -> Int32 {
        let number = add(weights: lookup.weights[...], info: lookup.info[...], records: records)
        entries[Int(number)].expandsKeypad = expandsKeypad
        return number
    }

    /// Adds a lookup given by its weights and their marks, shared by `records` records.
    /// - Returns: Its number.
    @discardableResult
    mutating func add(weights added: ArraySlice<UInt32>, info addedInfo: ArraySlice<UInt64>, records: Int32) -> Int32 {
        let entry = Entry(first: words.count, count: Int32(added.count), references: records)
        let number: Int32
        if let free = freeNumbers.popLast() {
            number = free
            entries[Int(number)] = entry
        } else {
            number = Int32(entries.count)
            entries.append(entry)
        }
        words += added
        weightCount += added.count
        if !wideInfo.isEmpty { wideInfo[number] = nil }
        let start = words.count
        let narrow = addedInfo.compactMap { Self.pack($0).flatMap(Self.packNarrow) }
        if narrow.count == addedInfo.count {
            for pair in stride(from: 0, to: narrow.count, by: 2) {
                words.append(Self.narrowWord(narrow[pair], pair + 1 < narrow.count ? narrow[pair + 1] : 0))
            }
            entries[Int(number)].narrowMarks = true
            return number
        }
        for marks in addedInfo {
            guard let packed = Self.pack(marks) else {
                words.removeSubrange(start...)
                words += repeatElement(0, count: added.count)
                wideInfo[number] = Array(addedInfo)
                return number
            }
            words.append(packed)
        }
        return number
    }

    /// The marks of lookups made one after another, packed as a store keeps them
    /// (``LookupStore/pack(_:)``), with the wide ones apart: made by the threads that
    /// make a new index's lookups, so that the store only copies them.
    struct PieceInfo {
        /// Each weight's packed marks (0 for a wide lookup's weights).
        private(set) var packed: [UInt32] = []
        /// The marks of the lookups that do not pack, by their position among the piece's.
        private(set) var wide: [(lookup: Int, info: [UInt64])] = []
        /// Whether each lookup's marks take 16 bits a weight in a store (``packNarrow(_:)``).
        private(set) var narrow: [Bool] = []
        /// The words the lookups take in a store, weights and marks.
        private(set) var wordCount = 0

        /// Appends the marks of the lookup at `position` among the piece's.
        mutating func append(lookupInfo info: [UInt64], at position: Int) {
            let start = packed.count
            var fitsNarrow = true
            for marks in info {
                guard let value = LookupStore.pack(marks) else {
                    packed.removeSubrange(start...)
                    packed += repeatElement(0, count: info.count)
                    wide.append((position, info))
                    narrow.append(false)
                    wordCount += LookupStore.wordCount(weights: info.count, narrowMarks: false)
                    return
                }
                fitsNarrow = fitsNarrow && LookupStore.packNarrow(value) != nil
                packed.append(value)
            }
            narrow.append(fitsNarrow)
            wordCount += LookupStore.wordCount(weights: info.count, narrowMarks: fitsNarrow)
        }
    }

    /// Appends lookups made one after another, numbered in order (a new store, with no
    /// number to reuse).
    /// - Parameters:
    ///   - weights: Their weights, one lookup after another.
    ///   - info: Their marks.
    ///   - ends: Where each lookup's weights end in `weights`.
    ///   - expandsKeypad: Whether each lookup is kept without its Hangul keypad spellings.
    ///   - records: How many records share each lookup.
    mutating func append(
        weights newWeights: [UInt32], info newInfo: PieceInfo, ends: [Int32], expandsKeypad: [Bool],
        records: ArraySlice<Int32>
    ) {
        precondition(freeNumbers.isEmpty, "append(weights:info:ends:expandsKeypad:records:) numbers lookups in order")
        let firstNumber = entries.count
        // Where each lookup's words start among the piece's.
        let narrow = newInfo.narrow
        var starts = [Int](repeating: 0, count: ends.count + 1)
        var begin = 0
        for (position, end) in ends.enumerated() {
            starts[position + 1] = starts[position] + Self.wordCount(weights: Int(end) - begin, narrowMarks: narrow[position])
            begin = Int(end)
        }
        // The piece's words, each lookup's weights then its marks, written into one array
        // and appended at once.
        let pieceWords = [UInt32](unsafeUninitializedCapacity: starts[ends.count]) { buffer, initialized in
            newWeights.withUnsafeBufferPointer { weights in
                newInfo.packed.withUnsafeBufferPointer { packed in
                    guard let target = buffer.baseAddress, let weights = weights.baseAddress, let packed = packed.baseAddress
                    else { return }
                    var begin = 0
                    for (position, end) in ends.enumerated() {
                        let (end, count, first) = (Int(end), Int(end) - begin, starts[position])
                        (target + first).initialize(from: weights + begin, count: count)
                        if narrow[position] {
                            for pair in 0..<(count + 1) / 2 {
                                let narrowed = { Self.packNarrow(packed[begin + $0]).unsafelyUnwrapped }
                                let second = 2 * pair + 1 < count ? narrowed(2 * pair + 1) : 0
                                (target + first + count + pair).initialize(to: Self.narrowWord(narrowed(2 * pair), second))
                            }
                        } else {
                            (target + first + count).initialize(from: packed + begin, count: count)
                        }
                        begin = end
                    }
                }
            }
            initialized = starts[ends.count]
        }
        begin = 0
        for (position, end) in ends.enumerated() {
            let end = Int(end)
            let sharers = records[records.startIndex + position]
            entries.append(
                Entry(
                    first: words.count + starts[position], count: Int32(end - begin), references: sharers,
                    expandsKeypad: expandsKeypad[position], narrowMarks: narrow[position]))
            begin = end
        }
        words += pieceWords
        weightCount += newWeights.count
        for (position, marks) in newInfo.wide { wideInfo[Int32(firstNumber + position)] = marks }
    }

    /// Makes room for `count` more words (``PieceInfo/wordCount``) in `lookups` more
    /// lookups, exactly: a new index's store is filled once, at its size.
    mutating func reserve(words count: Int, lookups: Int) {
        words.reserveCapacity(words.count + count)
        entries.reserveCapacity(entries.count + lookups)
    }

    /// One record fewer shares a lookup; the lookup is dropped with its last record.
    mutating func release(_ number: Int32) {
        entries[Int(number)].references -= 1
        guard entries[Int(number)].references == 0 else { return }
        dropped += Int(entries[Int(number)].count)
        entries[Int(number)].count = 0
        wideInfo[number] = nil
        freeNumbers.append(number)
        if dropped > 4096 && dropped > weightCount / 2 { compact() }
    }

    /// Whether a lookup is kept without the keypad spellings of its Hangul spellings.
    func expandsKeypad(_ number: Int32) -> Bool { entries[Int(number)].expandsKeypad }

    /// A lookup again as stored (see ``expandsKeypad(_:)``), with arrays of its own.
    func lookup(_ number: Int32) -> SearchLookup {
        let entry = entries[Int(number)]
        let count = Int(entry.count)
        var lookup = SearchLookup()
        lookup.weights = Array(words[entry.start..<entry.start + count])
        if let wide = wideInfo[number] {
            lookup.info = wide
        } else if entry.narrowMarks {
            lookup.info = (0..<count).map {
                Self.unpackNarrow(Self.narrowMark($0, in: words[entry.start + count + $0 >> 1]))
            }
        } else {
            lookup.info = words[entry.start + count..<entry.start + 2 * count].map(Self.unpack)
        }
        for (weight, marks) in zip(lookup.weights, lookup.info) where marks & SearchLookup.Mark.matchStart != 0 {
            lookup.startSignature |= SearchLookup.signatureBit(weight)
        }
        return lookup
    }

    /// The bytes the store holds.
    var memoryFootprint: Int {
        let wide = wideInfo.values.reduce(wideInfo.capacity * 16) { $0 + $1.capacity * 8 }
        return words.capacity * 4 + wide + entries.capacity * MemoryLayout<Entry>.stride + freeNumbers.capacity * 4
    }

    /// Reads lookups, by number, for the time of `body`.
    func withSpans<Result>(_ body: (Spans) -> Result) -> Result {
        words.withUnsafeBufferPointer { words in
            entries.withUnsafeBufferPointer { entries in
                body(Spans(words: words, wideInfo: wideInfo, entries: entries))
            }
        }
    }

    /// The lookups of a store, read by number without copying; valid inside
    /// ``LookupStore/withSpans(_:)`` only.
    struct Spans: @unchecked Sendable {
        // @unchecked: read-only pointers into arrays that outlive every use (withSpans).
        let words: UnsafeBufferPointer<UInt32>
        /// Wide lookups' marks: arrays held by the store, which outlives every use.
        let wideInfo: [Int32: [UInt64]]
        let entries: UnsafeBufferPointer<Entry>

        /// Whether a lookup is kept without the keypad spellings of its Hangul spellings.
        func expandsKeypad(_ number: Int32) -> Bool { entries[Int(number)].expandsKeypad }

        /// Calls `body` with a lookup as it was made: as stored, or with the keypad
        /// spellings of its Hangul spellings made again in `scratch` when it is kept
        /// without them and `keypad` says they may be needed.
        /// - Parameters:
        ///   - number: The lookup.
        ///   - matcher: The matcher that made it.
        ///   - keypad: Whether the keypad spellings matter (a query that may match them,
        ///     ``SearchMatcher/mayMatchKeypad(_:)``; the start lists' paths).
        ///   - scratch: A lookup reused between calls.
        @inline(__always)
        func withLookup<Result>(
            _ number: Int32, matcher: SearchMatcher, keypad: Bool, scratch: inout SearchLookup, _ body: (LookupSpan) -> Result
        ) -> Result {
            guard keypad && entries[Int(number)].expandsKeypad else { return body(self[number]) }
            scratch.removeAll()
            matcher.appendExpandingHangulKeypad(self[number], to: &scratch)
            return scratch.withSpan(body)
        }

        /// The signature of a stored lookup's span: every weight may start a match (see
        /// ``Entry``).
        static let anyStart = UInt64.max

        subscript(number: Int32) -> LookupSpan {
            let entry = entries[Int(number)]
            let (first, count) = (entry.start, Int(entry.count))
            let weights = UnsafeBufferPointer(rebasing: words[first..<first + count])
            if entry.narrowMarks {
                return LookupSpan(weights: weights, narrowInfo: words.baseAddress.map { $0 + first + count }, startSignature: Self.anyStart)
            }
            if !wideInfo.isEmpty, let wide = wideInfo[number] {
                // The store's array lives as long as the store: its buffer stays valid.
                return wide.withUnsafeBufferPointer {
                    LookupSpan(weights: weights, info: $0, startSignature: Self.anyStart)
                }
            }
            return LookupSpan(
                weights: weights, packedInfo: UnsafeBufferPointer(rebasing: words[first + count..<first + 2 * count]),
                startSignature: Self.anyStart)
        }
    }

    /// Moves the live lookups' words together, numbers unchanged.
    private mutating func compact() {
        var newWords = [UInt32]()
        newWords.reserveCapacity(words.count - dropped)
        for number in entries.indices {
            guard entries[number].references > 0 else {
                entries[number].first = 0
                continue
            }
            let range = entries[number].start..<entries[number].start + entries[number].wordCount
            entries[number].first = UInt32(newWords.count)
            newWords += words[range]
        }
        (words, weightCount, dropped) = (newWords, weightCount - dropped, 0)
    }
}
