/// What search compares a query with for one record: its lookup spellings, each a
/// sequence of primary weights with the places a match may start.
///
/// Made by ``SearchMatcher/lookup(keys:readings:)``; see <doc:SearchingRecords> for the spellings.
/// A spelling is either *text* (the query must be a prefix of the weights from a word
/// start on, across later words) or *syllables* (Chinese pinyin or zhuyin, Korean jamo:
/// from a starting syllable on, each syllable gives a non-empty prefix of itself — its
/// initial, more, or all of it — and the query is those prefixes one after another).
public struct SearchLookup: Sendable, Hashable {
    /// The primary weights of every spelling, one after another.
    var weights: [UInt32] = []
    /// For each weight: its marks (``Mark``), the key it comes from (8 bits, 255 for
    /// none), and the UTF-8 range in that key's display text (24 bits each).
    var info: [UInt64] = []
    /// One bit (of 64, by a hash) for each weight a match may start with: a query whose
    /// first weight's bit is not set is rejected without reading the weights.
    var startSignature: UInt64 = 0

    /// Marks of a weight.
    enum Mark {
        /// A match may start here.
        static let matchStart: UInt64 = 1
        /// The first weight of a syllable.
        static let syllableStart: UInt64 = 2
        /// The first weight of a spelling.
        static let spellingStart: UInt64 = 4
        /// The spelling is of syllables.
        static let syllables: UInt64 = 8
    }

    /// No key: a reading's spelling, whose ranges are not in the display text.
    static let noKey = 255

    /// The number of weights: the lookup's size.
    var count: Int { weights.count }

    /// Makes room for `count` weights.
    mutating func reserve(_ count: Int) {
        weights.reserveCapacity(count)
        info.reserveCapacity(count)
    }

    /// Gives back room reserved and not used, when that is much.
    mutating func compact() {
        guard weights.capacity > weights.count + weights.count / 2 + 4 else { return }
        weights = Array(weights)
        info = Array(info)
    }

    /// Appends one weight.
    mutating func append(_ weight: UInt32, marks: UInt64, key: Int, range: Range<Int32>) {
        weights.append(weight)
        if marks & Mark.matchStart != 0 { startSignature |= Self.signatureBit(weight) }
        let start = UInt64(UInt32(clamping: range.lowerBound)) & 0xFF_FFFF
        let end = UInt64(UInt32(clamping: range.upperBound)) & 0xFF_FFFF
        info.append(marks | UInt64(UInt8(clamping: key)) << 8 | start << 16 | end << 40)
    }

    /// The signature bit of a weight.
    @inline(__always)
    static func signatureBit(_ weight: UInt32) -> UInt64 { 1 << ((weight &* 0x9E37_79B1) >> 26) }

    func marks(_ index: Int) -> UInt64 { info[index] & 0xFF }
    func key(_ index: Int) -> Int { Int((info[index] >> 8) & 0xFF) }
    func start(_ index: Int) -> Int { Int((info[index] >> 16) & 0xFF_FFFF) }
    func end(_ index: Int) -> Int { Int((info[index] >> 40) & 0xFF_FFFF) }

    /// The address of the weights' storage, shared by the lookups of identical texts: two
    /// lookups with the same (non-nil) storage are the same lookup.
    var storage: UnsafeRawPointer? {
        weights.withUnsafeBufferPointer { $0.baseAddress.map(UnsafeRawPointer.init) }
    }

    /// Whether `query`'s weights match, found as soon as one match is.
    func matches(_ query: [UInt32]) -> Bool {
        if query.isEmpty { return true }
        let first = query[0]
        guard startSignature & Self.signatureBit(first) != 0, query.count <= weights.count else { return false }
        for index in weights.indices where weights[index] == first && info[index] & Mark.matchStart != 0 {
            if matchEnd(query, at: index) != nil { return true }
        }
        return false
    }

    /// The index of the last weight matched by `query` from a match start, or nil.
    private func matchEnd(_ query: [UInt32], at index: Int) -> Int? {
        info[index] & Mark.syllables != 0 ? matchSyllables(query, from: 0, at: index) : matchText(query, at: index)
    }

    /// The first match of `query`'s weights, or nil.
    /// - Complexity: O(*w* · *m*) for *w* weights and a query of *m*, usually far less.
    func firstMatch(_ query: [UInt32]) -> SearchMatch? {
        if query.isEmpty { return SearchMatch(key: nil, utf8Range: 0..<0) }
        let first = query[0]
        guard startSignature & Self.signatureBit(first) != 0, query.count <= weights.count else { return nil }
        var best: SearchMatch? = nil
        var index = 0
        let count = weights.count
        while index < count {
            defer { index += 1 }
            guard weights[index] == first, info[index] & Mark.matchStart != 0 else { continue }
            guard let last = matchEnd(query, at: index) else { continue }
            let match = matchRange(from: index, to: last)
            // A match in the display text is better than one in a reading: it can be shown.
            if match.key != nil { return match }
            if best == nil { best = match }
        }
        return best
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
        guard key != Self.noKey else { return SearchMatch(key: nil, utf8Range: 0..<0) }
        return SearchMatch(key: key, utf8Range: start(first)..<max(start(first), end(last)))
    }
}

/// Where a query matched a record.
public struct SearchMatch: Sendable, Hashable {
    /// Which of the record's keys the match is in (0 for the first), or nil when it matched
    /// a reading or another spelling that is not in the displayed text.
    public let key: Int?
    /// The matched UTF-8 bytes of that key (empty when `key` is nil).
    public let utf8Range: Range<Int>

    /// The matched characters of the key's text, for highlighting.
    /// - Parameter text: The key's text, as given to the lookup.
    /// - Returns: The range, or nil when the match is not in the displayed text.
    public func range(in text: String) -> Range<String.Index>? {
        guard key != nil, !utf8Range.isEmpty, utf8Range.upperBound <= text.utf8.count else { return nil }
        let lower = text.utf8.index(text.startIndex, offsetBy: utf8Range.lowerBound)
        let upper = text.utf8.index(text.startIndex, offsetBy: utf8Range.upperBound)
        return lower..<upper
    }
}
