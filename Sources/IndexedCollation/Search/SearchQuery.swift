/// A query read for search: the text as typed and its primary weights.
///
/// Made by ``SearchMatcher/query(_:)``. A query may have more than one reading: Korean
/// typed with an input method shows 김 while the user is on the way to 기민, so a query
/// that ends in a syllable with a final consonant is also read with that consonant as the
/// next syllable's initial (김 → 기ㅁ).
public struct SearchQuery: Sendable, Hashable {
    /// The query as typed.
    public let text: String
    /// The weights of each reading of the query; the first is the query as typed.
    let variants: [[UInt32]]
    /// In ``SearchOptions/Mode/words`` and ``SearchOptions/Mode/anywhere`` with more than
    /// one word: each word's readings, every word to match (in any order); else empty.
    let words: [[[UInt32]]]

    /// The readings each of which must match: the query's, or each word's (made once: a
    /// search checks it against many lookups).
    let parts: [[[UInt32]]]

    init(text: String, variants: [[UInt32]], words: [[[UInt32]]] = []) {
        self.text = text
        self.variants = variants
        self.words = words
        parts = words.isEmpty ? [variants] : words
    }

    /// Whether the query has no primary weights (empty, or only spaces and punctuation):
    /// such a query matches every record.
    public var matchesEverything: Bool { variants.allSatisfy(\.isEmpty) }

    /// The number of primary weights of the query as typed.
    public var weightCount: Int { variants.first?.count ?? 0 }

    /// Whether every record this query matches is matched by `other` too, because each
    /// reading of this query extends a reading of `other`: the condition for narrowing
    /// `other`'s results instead of searching everything.
    /// - Parameter other: An earlier query.
    public func narrows(_ other: SearchQuery) -> Bool {
        let (mine, theirs) = (parts, other.parts)
        // Each earlier part is extended by the part of this query at its place.
        guard theirs.count <= mine.count else { return false }
        return zip(mine, theirs).allSatisfy { mine, theirs in
            mine.allSatisfy { variant in theirs.contains { $0.count <= variant.count && variant.starts(with: $0) } }
        }
    }

    /// Whether every part matches the lookup (some reading of it).
    func matches(_ span: LookupSpan) -> Bool {
        parts.allSatisfy { readings in readings.contains { span.matches($0) } }
    }

    /// Whether every part matches a stored lookup kept without the Cheonjiin spellings of
    /// its Hangul spellings, as if they were made again
    /// (``SearchMatcher/matchesExpandingHangulKeypad(_:in:)``).
    func matches(_ span: LookupSpan, expandingKeypadWith matcher: SearchMatcher) -> Bool {
        parts.allSatisfy { readings in readings.contains { matcher.matchesExpandingHangulKeypad($0, in: span) } }
    }

    /// The first match of the query in a lookup (of its first word, when all words match).
    func firstMatch(in span: LookupSpan) -> SearchMatch? {
        var first: SearchMatch? = nil
        for (index, readings) in parts.enumerated() {
            var found: SearchMatch? = nil
            for variant in readings {
                if let match = span.firstMatch(variant) {
                    found = match
                    break
                }
            }
            guard let found else { return nil }
            if index == 0 { first = found }
        }
        return first
    }
}

extension SearchQuery {

    /// The readings of a typed query: itself, and with a final consonant moved on (김 → 기ㅁ).
    static func texts(for text: String) -> [String] {
        guard let last = text.unicodeScalars.last, let split = HangulSyllable.splittingFinal(last) else { return [text] }
        var moved = String(text.unicodeScalars.dropLast())
        moved.unicodeScalars.append(contentsOf: split)
        return [text, moved]
    }
}
