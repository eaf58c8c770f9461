/// How a ``SearchMatcher`` matches: where in a record a query may match, and which extra
/// spellings a record is found by. The defaults keep every query that is not all digits
/// matching exactly as before these options existed.
///
/// ```swift
/// var options = SearchOptions()
/// options.mode = .words        // "doe john" finds "John David Doe"
/// let matcher = try SearchMatcher(collation: LocalizedIndexedCollation(locale: "en_US"), options: options)
/// matcher.matches("5646", key: "John")  // true: J-O-H-N on a phone keypad
/// ```
public struct SearchOptions: Sendable, Hashable {
    /// Where a query may match a record.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// The query is a prefix of the record from the start of one of its words (across
        /// later words): "jo d" finds John Doe, "doe" finds it too, "ohn" does not. The
        /// default.
        case prefix
        /// Each word of the query (split at spaces) is a prefix from the start of some word
        /// of the record, in any order: "doe john" finds John David Doe.
        case words
        /// Each word of the query matches anywhere in the record, inside words too, in any
        /// order: "ohn" finds John.
        case anywhere
    }

    /// Where a query may match; ``Mode/prefix`` by default.
    public var mode: Mode = .prefix
    /// Whether records are also spelled as phone keypad digits, so that a query of digits
    /// finds "John" by 5646, 张伟 by 94 (zhang wei), 김민준 by 409 (ㄱㅁㅈ on Cheonjiin) and
    /// やまだ by 874 (the kana rows): on by default. Only queries that start with a digit
    /// can match a keypad spelling, so other queries are unaffected; digits in the record
    /// itself and its phone numbers match as well, with or without it. The layouts are in
    /// <doc:SearchingRecords>.
    public var keypad = true
    /// Whether Chinese records are also spelled in the other script (Simplified ↔
    /// Traditional, by ICU's `Hans-Hant` and `Hant-Hans` transliterators), so that 张 finds
    /// 張偉 and 張 finds 张伟: on by default, for Chinese locales only.
    public var chineseVariants = true
    /// Whether Japanese readings are also spelled in Kunrei and Nihon-shiki romaji and with
    /// long vowels as "oo" and "oh" and ん as "nn" (si, ti, tu, hu, zi, di, du, sya; satoo,
    /// satoh; sinniti): on by default. Hepburn, and long vowels written once (sato), always
    /// match.
    public var romajiVariants = true

    /// The default options.
    public init() {}

    /// Options with a mode, the others at their defaults.
    /// - Parameter mode: Where a query may match.
    public init(mode: Mode) { self.mode = mode }
}
