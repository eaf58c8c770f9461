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

    /// Empties the lookup, keeping its room: one lookup reused for many records.
    mutating func removeAll() {
        weights.removeAll(keepingCapacity: true)
        info.removeAll(keepingCapacity: true)
        startSignature = 0
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

    /// Appends one weight with its marks, key and range as ``info`` holds them.
    mutating func append(_ weight: UInt32, info marks: UInt64) {
        weights.append(weight)
        if marks & Mark.matchStart != 0 { startSignature |= Self.signatureBit(weight) }
        info.append(marks)
    }

    /// The signature bit of a weight.
    @inline(__always)
    static func signatureBit(_ weight: UInt32) -> UInt64 { 1 << ((weight &* 0x9E37_79B1) >> 26) }

    func marks(_ index: Int) -> UInt64 { info[index] & 0xFF }
    func key(_ index: Int) -> Int { Int((info[index] >> 8) & 0xFF) }
    func start(_ index: Int) -> Int { Int((info[index] >> 16) & 0xFF_FFFF) }
    func end(_ index: Int) -> Int { Int((info[index] >> 40) & 0xFF_FFFF) }

    /// The lookup's weights and marks as a ``LookupSpan``, for the time of `body`.
    func withSpan<Result>(_ body: (LookupSpan) -> Result) -> Result {
        weights.withUnsafeBufferPointer { weights in
            info.withUnsafeBufferPointer { body(LookupSpan(weights: LookupWeights(weights), info: $0, startSignature: startSignature)) }
        }
    }

    /// Whether `query`'s weights match, found as soon as one match is.
    func matches(_ query: [UInt32]) -> Bool { withSpan { $0.matches(query) } }

    /// The first match of `query`'s weights, or nil.
    /// - Complexity: O(*w* · *m*) for *w* weights and a query of *m*, usually far less.
    func firstMatch(_ query: [UInt32]) -> SearchMatch? { withSpan { $0.firstMatch(query) } }
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
