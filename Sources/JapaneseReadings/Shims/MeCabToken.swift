internal import CReadingShims

/// One token of a text as MeCab's dictionary segments it.
struct MeCabToken: Equatable, Sendable {
    /// What the dictionary says the token is (IPADIC's person-name features).
    enum Kind: Int32, Sendable {
        case other = 0
        /// `名詞,固有名詞,人名,姓`
        case surname = 1
        /// `名詞,固有名詞,人名,名`
        case givenName = 2
        /// `名詞,固有名詞,人名,一般`
        case person = 3
    }

    /// Byte range of the token in the parsed text.
    var surface: Range<Int>
    /// The dictionary's katakana reading (UTF-8), nil when it has none.
    var reading: [UInt8]?
    var kind: Kind
    /// Whether the token is not in the dictionary.
    var unknown: Bool
    /// The entry's word cost: lower is more common.
    var cost: Int32
}

extension MeCabToken {
    /// Copies a token out of the shim (its reading points into MeCab's lattice).
    init(_ token: crs_token) {
        surface = Int(token.start)..<Int(token.start + token.length)
        reading = token.reading.map { pointer in
            Array(UnsafeRawBufferPointer(start: pointer, count: Int(token.reading_length)).bindMemory(to: UInt8.self))
        }
        kind = Kind(rawValue: token.kind) ?? .other
        unknown = token.unknown != 0
        cost = token.cost
    }
}
