/// The lookups of a ``SearchIndex`` in one contiguous store: every lookup's weights, then
/// their marks, one lookup after another in one array, and each lookup's place, size and
/// sharers side by side in another, so that a search checks a candidate's
/// lookup with about two cache misses (the lookup's entry, then its words, which lie
/// together), without two allocations per record.
///
/// A lookup's weights take 16 bits each, two a word, when each has a code (most do:
/// ``WeightCodes``), else 32. A weight's marks take 16 bits (``packNarrow(_:)``, two a
/// word) when the lookup is of a short text (its weights' UTF-8 ranges inside the first 32
/// bytes, of its first three keys or of none), as most names are; else 32 bits
/// (``pack(_:)``) when every range is inside the first 1,024 bytes; a lookup with a weight
/// beyond keeps 64 bits a weight in a store of its own (``wideInfo``).
///
/// A lookup has a number, kept while the lookup lives; records with identical texts share
/// one (it counts its records), and a lookup whose last record goes is dropped: its number
/// is reused, and its words are reclaimed once dropped weights outnumber the live ones.
struct LookupStore: Sendable {
    /// For each lookup, its weights (codes, two a word, or 32-bit) and then their packed
    /// marks (``packNarrow(_:)`` or ``pack(_:)``; 0 for a wide lookup's), one lookup after
    /// another.
    private var words: [UInt32] = []
    /// The codes of the weights lookups hold.
    private(set) var weightCodes = WeightCodes()
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
    static func wordCount(weights: Int, narrowMarks: Bool, codedWeights: Bool) -> Int {
        (codedWeights ? (weights + 1) / 2 : weights) + (narrowMarks ? (weights + 1) / 2 : weights)
    }

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
        var codes: [UInt16] = []
        codes.reserveCapacity(added.count)
        for weight in added {
            guard let code = weightCodes.add(weight) else { break }
            codes.append(code)
        }
        let coded = codes.count == added.count
        let entry = Entry(first: words.count, count: Int32(added.count), references: records, codedWeights: coded)
        let number: Int32
        if let free = freeNumbers.popLast() {
            number = free
            entries[Int(number)] = entry
        } else {
            number = Int32(entries.count)
            entries.append(entry)
        }
        if coded {
            Self.appendHalves(codes.count, to: &words) { codes[$0] }
        } else {
            words += added
        }
        weightCount += added.count
        if !wideInfo.isEmpty { wideInfo[number] = nil }
        let start = words.count
        let narrow = addedInfo.compactMap { Self.pack($0).flatMap(Self.packNarrow) }
        if narrow.count == addedInfo.count {
            Self.appendHalves(narrow.count, to: &words) { narrow[$0] }
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

    /// Gives codes to `weights` (``WeightCodes``), for pieces packed next
    /// (``PackedPiece/init(weights:info:ends:codes:)``).
    mutating func addCodes(_ weights: [UInt32]) {
        for weight in weights where weightCodes.add(weight) == nil { break }
    }

    /// Appends lookups packed one after another, numbered in order (a new store, with no
    /// number to reuse).
    /// - Parameters:
    ///   - piece: The lookups, packed with this store's codes.
    ///   - expandsKeypad: Whether each lookup is kept without its Hangul keypad spellings.
    ///   - records: How many records share each lookup.
    mutating func append(_ piece: PackedPiece, expandsKeypad: [Bool], records: ArraySlice<Int32>) {
        precondition(freeNumbers.isEmpty, "append(_:expandsKeypad:records:) numbers lookups in order")
        let firstNumber = entries.count
        var begin: Int32 = 0
        for (position, end) in piece.ends.enumerated() {
            entries.append(
                Entry(
                    first: words.count + Int(piece.starts[position]), count: end - begin,
                    references: records[records.startIndex + position], expandsKeypad: expandsKeypad[position],
                    narrowMarks: piece.narrow[position], codedWeights: piece.coded[position]))
            begin = end
        }
        words += piece.words
        weightCount += Int(piece.ends.last ?? 0)
        for (position, marks) in piece.wide { wideInfo[Int32(firstNumber + position)] = marks }
    }

    /// Makes room for `count` more words (``PackedPiece/words``) in `lookups` more
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

    /// Whether a lookup keeps its weights as codes (``WeightCodes``).
    func hasCodedWeights(_ number: Int32) -> Bool { entries[Int(number)].codedWeights }

    /// A lookup again as stored (see ``expandsKeypad(_:)``), with arrays of its own.
    func lookup(_ number: Int32) -> SearchLookup {
        let entry = entries[Int(number)]
        let count = Int(entry.count)
        var lookup = SearchLookup()
        if entry.codedWeights {
            lookup.weights = (0..<count).map { weightCodes.weights[Int(Self.half($0, in: words[entry.start + $0 >> 1]))] }
        } else {
            lookup.weights = Array(words[entry.start..<entry.start + count])
        }
        let marks = entry.marksStart
        if let wide = wideInfo[number] {
            lookup.info = wide
        } else if entry.narrowMarks {
            lookup.info = (0..<count).map { Self.unpackNarrow(Self.half($0, in: words[marks + $0 >> 1])) }
        } else {
            lookup.info = words[marks..<marks + count].map(Self.unpack)
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
            + weightCodes.memoryFootprint
    }

    /// Reads lookups, by number, for the time of `body`.
    func withSpans<Result>(_ body: (Spans) -> Result) -> Result {
        words.withUnsafeBufferPointer { words in
            entries.withUnsafeBufferPointer { entries in
                weightCodes.weights.withUnsafeBufferPointer { table in
                    body(Spans(words: words, wideInfo: wideInfo, entries: entries, table: table))
                }
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
        /// The weight of each code (``WeightCodes/weights``).
        let table: UnsafeBufferPointer<UInt32>

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
            let (first, count, marks) = (entry.start, Int(entry.count), entry.marksStart)
            let weights =
                entry.codedWeights
                ? LookupWeights(codes: words.baseAddress.map { $0 + first }, count: count, table: table)
                : LookupWeights(UnsafeBufferPointer(rebasing: words[first..<first + count]))
            if entry.narrowMarks {
                return LookupSpan(weights: weights, narrowInfo: words.baseAddress.map { $0 + marks }, startSignature: Self.anyStart)
            }
            if !wideInfo.isEmpty, let wide = wideInfo[number] {
                // The store's array lives as long as the store: its buffer stays valid.
                return wide.withUnsafeBufferPointer {
                    LookupSpan(weights: weights, info: $0, startSignature: Self.anyStart)
                }
            }
            return LookupSpan(
                weights: weights, packedInfo: UnsafeBufferPointer(rebasing: words[marks..<marks + count]),
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
