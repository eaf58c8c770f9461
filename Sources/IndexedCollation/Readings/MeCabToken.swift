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
}
