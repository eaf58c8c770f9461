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
        variants.allSatisfy { mine in
            other.variants.contains { theirs in theirs.count <= mine.count && mine.starts(with: theirs) }
        }
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
