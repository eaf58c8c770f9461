/// The weights and marks of one ``SearchLookup``, wherever they are stored (the lookup's
/// own arrays, or a ``LookupStore``): where a query's match is found.
struct LookupSpan {
    let weights: LookupWeights
    /// For each weight: its marks, key and UTF-8 range (see ``SearchLookup``).
    let info: LookupInfo
    let startSignature: UInt64

    init(weights: LookupWeights, info: UnsafeBufferPointer<UInt64>, startSignature: UInt64) {
        self.weights = weights
        self.info = LookupInfo(wide: info.baseAddress, packed: nil)
        self.startSignature = startSignature
    }

    init(weights: LookupWeights, packedInfo: UnsafeBufferPointer<UInt32>, startSignature: UInt64) {
        self.weights = weights
        self.info = LookupInfo(wide: nil, packed: packedInfo.baseAddress)
        self.startSignature = startSignature
    }

    /// A lookup whose marks take 16 bits a weight, two a word (``LookupStore/packNarrow(_:)``).
    init(weights: LookupWeights, narrowInfo: UnsafePointer<UInt32>?, startSignature: UInt64) {
        self.weights = weights
        self.info = LookupInfo(wide: nil, packed: nil, narrow: narrowInfo)
        self.startSignature = startSignature
    }

    typealias Mark = SearchLookup.Mark

    /// The end of the spelling that starts at `start` (the next spelling start, or the
    /// lookup's end; one past the end for `start` at the end).
    func spellingEnd(from start: Int) -> Int {
        var end = start + 1
        while end < weights.count && info[end] & Mark.spellingStart == 0 { end += 1 }
        return end
    }

    func key(_ index: Int) -> Int { Int((info[index] >> 8) & 0xFF) }
    func start(_ index: Int) -> Int { Int((info[index] >> 16) & 0xFF_FFFF) }
    func end(_ index: Int) -> Int { Int((info[index] >> 40) & 0xFF_FFFF) }

    /// Whether `query`'s weights match, found as soon as one match is.
    func matches(_ query: [UInt32]) -> Bool {
        if query.isEmpty { return true }
        let first = query[0]
        guard startSignature & SearchLookup.signatureBit(first) != 0, query.count <= weights.count else { return false }
        for index in weights.indices where weights[index] == first && info[index] & Mark.matchStart != 0 {
            if matchEnd(query, at: index) != nil { return true }
        }
        return false
    }

    /// The first match of `query`'s weights, or nil: the first in the display text, else
    /// the first in a reading.
    func firstMatch(_ query: [UInt32]) -> SearchMatch? {
        if query.isEmpty { return SearchMatch(key: nil, utf8Range: 0..<0) }
        let first = query[0]
        guard startSignature & SearchLookup.signatureBit(first) != 0, query.count <= weights.count else { return nil }
        var best: SearchMatch? = nil
        for index in weights.indices where weights[index] == first && info[index] & Mark.matchStart != 0 {
            guard let last = matchEnd(query, at: index) else { continue }
            let match = matchRange(from: index, to: last)
            // A match in the display text is better than one in a reading: it can be shown.
            if match.key != nil { return match }
            if best == nil { best = match }
        }
        return best
    }

    /// The index of the last weight matched by `query` from a match start, or nil.
    private func matchEnd(_ query: [UInt32], at index: Int) -> Int? {
        info[index] & Mark.syllables != 0 ? matchSyllables(query, from: 0, at: index) : matchText(query, at: index)
    }

    /// The index of the last weight matched when `query` is a prefix of the weights from
    /// `start` on, inside one spelling.
    private func matchText(_ query: [UInt32], at start: Int) -> Int? {
        guard start + query.count <= weights.count else { return nil }
        for offset in 1..<max(query.count, 1) {
            let index = start + offset
            if info[index] & Mark.spellingStart != 0 || weights[index] != query[offset] { return nil }
        }
        return start + query.count - 1
    }

    /// The index of the last weight matched when `query[consumed...]` is spelled by the
    /// syllables from the one starting at `start`: each gives a non-empty prefix.
    private func matchSyllables(_ query: [UInt32], from consumed: Int, at start: Int) -> Int? {
        var end = start + 1
        while end < weights.count && info[end] & (Mark.syllableStart | Mark.spellingStart) == 0 { end += 1 }
        var matched = consumed
        var index = start
        while index < end && matched < query.count && weights[index] == query[matched] {
            matched += 1
            index += 1
            if matched == query.count { return index - 1 }
            // This syllable's prefix so far, then the rest from the next syllable.
            if end < weights.count, info[end] & Mark.spellingStart == 0, weights[end] == query[matched],
                let last = matchSyllables(query, from: matched, at: end)
            {
                return last
            }
        }
        return nil
    }

    private func matchRange(from first: Int, to last: Int) -> SearchMatch {
        let key = key(first)
        guard key != SearchLookup.noKey else { return SearchMatch(key: nil, utf8Range: 0..<0) }
        return SearchMatch(key: key, utf8Range: start(first)..<max(start(first), end(last)))
    }
}

/// The marks of a lookup's weights as ``SearchLookup`` keeps them (64 bits each), or packed
/// as a ``LookupStore`` keeps lookups: in 16 bits, two a word, as it keeps most (short texts
/// of up to three keys: ``LookupStore/packNarrow(_:)``), else in 32 (``LookupStore/pack(_:)``);
/// read the same every way.
struct LookupInfo {
    let wide: UnsafePointer<UInt64>?
    let packed: UnsafePointer<UInt32>?
    /// Two 16-bit marks a word (``LookupStore/halvesWord(_:_:)``).
    var narrow: UnsafePointer<UInt32>? = nil

    @inline(__always)
    subscript(index: Int) -> UInt64 {
        if let narrow { return LookupStore.unpackNarrow(LookupStore.half(index, in: narrow[index >> 1])) }
        if let wide { return wide[index] }
        return LookupStore.unpack(packed.unsafelyUnwrapped[index])
    }
}

/// The weights of a lookup's span, wherever they are stored: 32 bits each (a
/// ``SearchLookup``'s own array, or a store's lookup with a weight beyond its codes), or a
/// store's 16-bit codes, two a word (``LookupStore/WeightCodes``), read through the store's
/// table; read the same every way.
struct LookupWeights: RandomAccessCollection {
    typealias Indices = Range<Int>
    let startIndex = 0
    let endIndex: Int
    private let plain: UnsafePointer<UInt32>?
    /// Two codes a word, the first in the low half (``LookupStore/halvesWord(_:_:)``).
    private let coded: UnsafePointer<UInt32>?
    /// The weight of each code.
    private let table: UnsafePointer<UInt32>?

    /// Weights of 32 bits each.
    init(_ weights: UnsafeBufferPointer<UInt32>) {
        (plain, coded, table, endIndex) = (weights.baseAddress, nil, nil, weights.count)
    }

    /// `count` weights as codes, two a word from `words`, of the weights in `table`.
    init(codes words: UnsafePointer<UInt32>?, count: Int, table: UnsafeBufferPointer<UInt32>) {
        (plain, coded, self.table, endIndex) = (nil, words, table.baseAddress, count)
    }

    var indices: Range<Int> { startIndex..<endIndex }

    @inline(__always)
    subscript(index: Int) -> UInt32 {
        if let coded { return table.unsafelyUnwrapped[Int(LookupStore.half(index, in: coded[index >> 1]))] }
        return plain.unsafelyUnwrapped[index]
    }
}
