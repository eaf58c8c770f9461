/// Decides whether a query finds a record, by the collation's own rules: the query is a
/// prefix, at primary strength, of the record's text from one of its words on, of a
/// reading, or of one of its script's lookup spellings.
///
/// Primary strength ignores accents, case, width and kana type (José = jose = ＪＯＳＥ,
/// ヤマダ = やまだ) but keeps letters the locale sorts apart (Swedish å ≠ a, Spanish ñ ≠ n).
/// Spaces and punctuation are ignored, so "renee o" finds Renée O'Connor and "john"
/// finds "Smith, John". Korean names are found by their initial consonants (ㄱㅁㅈ, and ㅁㅈ
/// for the given name), by syllables and consonants mixed (김ㅁ) and by the given name
/// (민준); Chinese by toneless pinyin, its initials and mixtures (zhang, zw, zhangw, zxm);
/// Japanese by the reading in hiragana, katakana or romaji. The full rule and each
/// language's table are in <doc:SearchingRecords>.
///
/// ```swift
/// let matcher = try SearchMatcher(collation: LocalizedIndexedCollation(locale: "ko_KR"))
/// matcher.matches("ㄱㅁㅈ", key: "김민준")  // true
/// matcher.matches("ㅁㅈ", key: "김민준")    // true: the given name's initials
/// ```
public struct SearchMatcher: Sendable {
    /// The collation whose primary weights decide what is equal.
    public let collation: LocalizedIndexedCollation
    /// How queries match (mode, keypad and script spellings).
    public let options: SearchOptions
    let reader: PrimaryReader
    let spellings: SyllableSpellings
    /// Whether Han characters are also spelled in zhuyin (Traditional Chinese locales).
    let spellsZhuyin: Bool
    /// Chinese surname readings (pinyin), read before the per-character pinyin.
    let chineseSurnames = SurnameReadings(table: SurnameReadings.chineseTable, key: "surname", value: "pinyin")
    /// The primary weight of each digit 0…9, or empty when the collation reads digits as
    /// anything but one weight each (numeric ordering): keypad and phone spellings are
    /// then left out.
    let digitWeights: [UInt32]
    /// The primary weight of "+", or nil: a phone number's international form starts with it.
    let plusWeight: UInt32?
    /// Whether the collation's language is Chinese (Simplified ↔ Traditional spellings).
    let isChinese: Bool
    /// The calling code and trunk prefix of the locale's region, for phone numbers.
    let callingCode: CallingCodes.Entry?
    /// For each Hangul syllable, whether its Cheonjiin spelling is made again exactly from
    /// its jamo spelling (``derivableHangulKeypad(spellings:options:digitWeights:)``).
    let derivableHangulKeypad: [Bool]

    /// Makes the matcher of a collation.
    /// - Parameters:
    ///   - collation: The collation of the list searched.
    ///   - options: How queries match; the defaults match as ``SearchOptions/init()`` says.
    /// - Throws: ``CollationError/icuFailure(operation:status:)`` if ICU cannot copy the
    ///   collator.
    public init(collation: LocalizedIndexedCollation, options: SearchOptions = SearchOptions()) throws(CollationError) {
        self.collation = collation
        self.options = options
        reader = try PrimaryReader(collator: collation.collator.handle)
        let reader = self.reader
        let digits = (0...9).map { reader.read(String($0)).weights }
        digitWeights = digits.allSatisfy { $0.count == 1 } && Set(digits.map { $0[0] }).count == 10 ? digits.map { $0[0] } : []
        plusWeight = reader.read("+").weights.first
        isChinese = LanguagePolicy(collation.locale).isChinese
        callingCode = CallingCodes.shared.entry(forLocale: collation.locale.identifier)
        spellings = SyllableSpellings(reader: reader)
        derivableHangulKeypad = Self.derivableHangulKeypad(spellings: spellings, options: options, digitWeights: digitWeights)
        // Transliterators open on first use (Han-Latin takes a good part of a second): a
        // list without Han or kana never pays for them.
        let identifier = collation.locale.identifier
        spellsZhuyin =
            LanguagePolicy(collation.locale).isChinese
            && ["_TW", "_HK", "_MO", "_Hant", "zhuyin"].contains { identifier.contains($0) }
    }

    /// Reads a query.
    /// - Parameter text: The query as typed.
    /// - Returns: The query's weights (and its other reading when it ends in a Korean
    ///   final consonant).
    /// - Complexity: One pass of ICU's collation element iterator.
    public func query(_ text: String) -> SearchQuery {
        let variants = SearchQuery.texts(for: text).map { reader.read($0).weights }
        guard options.mode != .prefix else { return SearchQuery(text: text, variants: variants) }
        // Words in any order: each word is a query of its own, and all must match.
        let words = text.split(whereSeparator: { $0.isWhitespace }).map { word in
            SearchQuery.texts(for: String(word)).map { reader.read($0).weights }
        }.filter { !$0.allSatisfy(\.isEmpty) }
        guard words.count > 1 else { return SearchQuery(text: text, variants: words.first ?? variants) }
        return SearchQuery(text: text, variants: variants, words: words)
    }

    /// Finds where a query matches a record.
    /// - Parameters:
    ///   - query: A query from ``query(_:)``.
    ///   - lookup: The record's lookup from ``lookup(keys:readings:)``.
    /// - Returns: The match (in the display text when it is there), or nil.
    /// - Complexity: O(*w*) for a lookup of *w* weights, as a rule.
    public func firstMatch(of query: SearchQuery, in lookup: SearchLookup) -> SearchMatch? {
        lookup.withSpan { query.firstMatch(in: $0) }
    }

    /// Whether `query` finds a record with one key.
    /// - Parameters:
    ///   - query: The query as typed.
    ///   - key: The record's text.
    ///   - reading: Its reading, if any.
    /// - Returns: Whether the query matches.
    public func matches(_ query: String, key: String, reading: String? = nil) -> Bool {
        firstMatch(of: self.query(query), in: lookup(keys: [key], readings: [reading])) != nil
    }
}
