/// Sorts records locale-correctly and groups them into index sections: the Linux/Swift
/// counterpart of UIKit's `UILocalizedIndexedCollation`, backed by the system ICU.
///
/// ```swift
/// let korean = try LocalizedIndexedCollation(locale: CollationLocale("ko_KR"))
/// korean.sectionTitles        // ["ㄱ", "ㄴ", …, "ㅎ", "A", …, "Z", "#"]
/// korean.section(for: "까치")  // 0: ㄱ (double consonants file under the plain one)
/// let grouped = korean.sections(of: ["박서준", "김민준", "Smith", "123"], by: { $0 })
/// // ㄱ: 김민준 · ㅂ: 박서준 · S: Smith · #: 123
/// ```
///
/// Section titles come from ICU's alphabetic index for the locale (`AlphabeticIndex`);
/// records are compared with the locale's collator (``Collator``). The value is cheap to
/// copy and safe to share between threads.
public struct LocalizedIndexedCollation: Sendable {
    /// The collator that orders records within a section.
    public let collator: Collator
    /// The section style (see ``SectionStyle``).
    public let style: SectionStyle
    /// Languages whose index letters were added to the locale's own.
    public let additionalLocales: [CollationLocale]
    /// Whether keys are read as people's names (see
    /// ``init(locale:options:style:additionalLocales:personNames:guessReadings:)-(CollationLocale,_,_,_,_,_)``).
    public let personNames: Bool
    /// The index's labels: the locales' own (``IndexLabels/locale``), none, or with
    /// labels added (see ``IndexLabels``).
    public let labels: IndexLabels
    /// Whether readings of Japanese text without one are guessed (see
    /// ``init(locale:options:style:additionalLocales:personNames:guessReadings:)-(CollationLocale,_,_,_,_,_)``).
    public let guessesReadings: Bool
    /// The surname table name mode uses for this locale, or the Japanese reading guesser, if any.
    var surnameReadings: SurnameReadings?
    /// Section titles, in order: ㄱ…ㅎ A…Z # for Korean, A…Z Å Ä Ö # for Swedish.
    public let sectionTitles: [String]
    /// A title budget for the side index (``sectionIndexTitles``), or `nil` (the default)
    /// for every title. Sections are unchanged by it; only the index titles are folded
    /// (see ``SectionIndex``), as UIKit folds an index that does not fit.
    public var maximumIndexTitles: Int?

    let index: IndexHandle
    /// Section of each of ICU's visible buckets.
    let sectionOfBucket: [Int32]
    /// Whether a record's sort key starts with the primary key the index compares
    /// (false when options such as `numeric` or `shifted` change primary weights).
    let primaryFromSortKey: Bool

    /// The title of the catch-all section in the default style.
    public static let catchAllTitle = "#"

    /// Builds the collation for a locale.
    /// - Parameters:
    ///   - locale: The locale whose index labels and sort rules to use.
    ///   - options: Collator settings for ordering within sections; sections themselves
    ///     always follow the locale's index (as ICU's `AlphabeticIndex` does).
    ///   - style: ``SectionStyle/default`` or ``SectionStyle/icu``.
    ///   - additionalLocales: More languages whose index letters are added, like a phone's
    ///     language list: `ko_KR` plus `ja`, `ru` gives ㄱ…ㅎ, A–Z, あ…わ, А…Я in collation
    ///     order. Records are still sorted by `locale`'s rules. When an extra language orders
    ///     letters of its own (ja kana, es Ñ), the first collation with those languages
    ///     compiles the merged rules: 0.2–0.5 s of CPU for a `ko` or `ja` primary or a `ja`
    ///     extra, which ``CompiledCollatorCache`` can keep on disk (off unless you name a
    ///     directory) so later processes load it in milliseconds; later collations in the process, with
    ///     any options, reuse it. Extras in root order (ru, el) compile nothing (see the
    ///     Performance article).
    ///   - personNames: Person-name mode: keys are people's names, family name first, and
    ///     a surname with its own reading decides the section and order (zh pinyin and
    ///     zhuyin: 曾国藩 under Z as Zēng; ko: 李 under ㅇ as 이). A record's own reading
    ///     still wins; the rest of the name keeps ICU's order. For `ja` the readings of
    ///     kanji names are guessed with MeCab: 佐藤健 files under さ as さとう けん; the
    ///     family name's reading decides the section, then the given name's orders.
    ///   - guessReadings: Guess the readings of Japanese text written in kanji (東京 as
    ///     とうきょう) for any key without a reading, whatever the locale; with
    ///     `personNames`, keys are read as names. Kana and Latin keys need no guess.
    /// - Throws: ``CollationError`` when ICU cannot build the collator or index, and
    ///   ``CollationError/readingDictionaryUnavailable(_:)`` when reading guesses are
    ///   needed and no MeCab dictionary is installed (Debian: `mecab-naist-jdic`).
    public init(
        locale: CollationLocale, options: CollatorOptions = CollatorOptions(), style: SectionStyle = .default,
        additionalLocales: [CollationLocale] = [], personNames: Bool = false, guessReadings: Bool = false
    ) throws(CollationError) {
        try self.init(
            locale: locale, options: options, style: style, additionalLocales: additionalLocales, labels: .locale,
            personNames: personNames, guessReadings: guessReadings)
    }

    /// Builds the collation for a locale with chosen index labels: none, or labels added
    /// to the locale's own.
    ///
    /// ```swift
    /// let german = try LocalizedIndexedCollation(
    ///     locale: CollationLocale("de"), labels: IndexLabels.locale.adding("[Æ{Sch*}{St*}]"))
    /// german.sectionTitles[german.section(for: "Schiller")]  // "Sch"
    /// let plain = try LocalizedIndexedCollation(locale: CollationLocale("de"), labels: .none)
    /// plain.sectionTitles  // ["#"]: one section, every record in collation order
    /// ```
    ///
    /// - Parameters:
    ///   - locale: The locale whose sort rules (and, unless `labels` is ``IndexLabels/none``,
    ///     index labels) to use.
    ///   - options: Collator settings for ordering within sections.
    ///   - style: ``SectionStyle/default`` or ``SectionStyle/icu``.
    ///   - additionalLocales: More languages, as in
    ///     ``init(locale:options:style:additionalLocales:personNames:guessReadings:)-(CollationLocale,_,_,_,_,_)``.
    ///   - labels: The index's labels (see ``IndexLabels``).
    ///   - personNames: Whether keys are people's names, family name first.
    ///   - guessReadings: Whether readings of Japanese kanji text are guessed (MeCab).
    /// - Throws: ``CollationError`` when ICU cannot build the collator or index.
    public init(
        locale: CollationLocale, options: CollatorOptions = CollatorOptions(), style: SectionStyle = .default,
        additionalLocales: [CollationLocale] = [], labels: IndexLabels, personNames: Bool = false,
        guessReadings: Bool = false
    ) throws(CollationError) {
        // Extra languages contribute their letters to the sort order too (es Ñ), except under
        // a Chinese primary, whose index characters need its own collator.
        let merged = locale.languageCode == "zh" ? [] : additionalLocales.map(\.identifier)
        collator = try Collator(handle: CollatorHandle.shared(locale: locale, options: options, mergedLocales: merged))
        surnameReadings = try SurnameReadings.forCollation(collator.handle, personNames: personNames, guessReadings: guessReadings)
        self.personNames = personNames
        guessesReadings = guessReadings
        index = try IndexHandle.shared(locale: locale, extraLocales: additionalLocales.map(\.identifier), labels: labels)
        self.labels = labels
        self.style = style
        self.additionalLocales = additionalLocales
        // The index compares with the locale's default collator at primary strength. A
        // record's own key starts with the same primary weights unless the options change
        // them (shifted punctuation, numeric digits); then a separate primary key is used.
        // The merged collator takes the primary locale's attributes, so the plain locale's
        // collator has the same defaults; asking the merged one with default options would
        // compile the merged rules a second time (hundreds of ms) just to read them.
        let defaults = try CollatorHandle.shared(locale: locale, options: CollatorOptions()).resolved
        primaryFromSortKey = collator.resolvedOptions.alternate == defaults.alternate && collator.resolvedOptions.numeric == defaults.numeric
        switch style {
        case .icu:
            sectionTitles = index.buckets.map(\.label)
            sectionOfBucket = index.buckets.indices.map { Int32($0) }
        case .default:
            let letters = index.buckets.enumerated().filter { $0.element.kind == .normal }
            sectionTitles = letters.map(\.element.label) + [Self.catchAllTitle]
            var map = [Int32](repeating: Int32(letters.count), count: index.buckets.count)
            for (section, bucket) in letters.enumerated() { map[bucket.offset] = Int32(section) }
            sectionOfBucket = map
        }
    }

    /// Builds the collation for locale spellings such as `ko_KR`, `sv-SE` or
    /// `zh@collation=stroke`.
    ///
    /// ```swift
    /// let phone = try LocalizedIndexedCollation(locale: "ko_KR", additionalLocales: ["ja", "ru"])
    /// // ㄱ…ㅎ, A–Z, А…Я, あ…わ, #
    /// ```
    ///
    /// - Parameters:
    ///   - spelling: The locale, in any spelling ``CollationLocale/init(_:)-(String)`` accepts.
    ///   - options: Collator settings for ordering within sections.
    ///   - style: ``SectionStyle/default`` or ``SectionStyle/icu``.
    ///   - additionalLocales: Spellings of more languages whose index letters are added.
    ///   - personNames: Whether keys are people's names, family name first.
    ///   - guessReadings: Whether readings of Japanese kanji text are guessed (MeCab).
    /// - Throws: ``CollationError`` for malformed or unknown locales (the first one found),
    ///   or when ICU cannot build the collator or index.
    public init(
        locale spelling: String, options: CollatorOptions = CollatorOptions(), style: SectionStyle = .default,
        additionalLocales: [String] = [], personNames: Bool = false, guessReadings: Bool = false
    ) throws(CollationError) {
        var additional: [CollationLocale] = []
        for other in additionalLocales { additional.append(try CollationLocale(other)) }
        try self.init(
            locale: CollationLocale(spelling), options: options, style: style, additionalLocales: additional,
            personNames: personNames, guessReadings: guessReadings)
    }

    /// Builds the collation for locale spellings, with `personNames` written before
    /// `additionalLocales`; the same as
    /// ``init(locale:options:style:additionalLocales:personNames:guessReadings:)-(String,_,_,_,_,_)``.
    ///
    /// ```swift
    /// let phone = try LocalizedIndexedCollation(locale: "ko_KR", personNames: true, additionalLocales: ["ja", "ru"])
    /// ```
    ///
    /// - Parameters:
    ///   - spelling: The locale, in any spelling ``CollationLocale/init(_:)-(String)`` accepts.
    ///   - options: Collator settings for ordering within sections.
    ///   - style: ``SectionStyle/default`` or ``SectionStyle/icu``.
    ///   - personNames: Whether keys are people's names, family name first.
    ///   - additionalLocales: Spellings of more languages whose index letters are added.
    ///   - guessReadings: Whether readings of Japanese kanji text are guessed (MeCab).
    /// - Throws: ``CollationError`` for malformed or unknown locales (the first one found),
    ///   or when ICU cannot build the collator or index.
    public init(
        locale spelling: String, options: CollatorOptions = CollatorOptions(), style: SectionStyle = .default,
        personNames: Bool, additionalLocales: [String], guessReadings: Bool = false
    ) throws(CollationError) {
        try self.init(
            locale: spelling, options: options, style: style, additionalLocales: additionalLocales,
            personNames: personNames, guessReadings: guessReadings)
    }

    /// Whether keys without a reading are read by guessing with a dictionary (MeCab), which
    /// costs far more per text than a sort key: the engine then always groups equal texts.
    var guessesWithDictionary: Bool { surnameReadings?.guessDictionary != nil }

    /// The locale of the collation.
    public var locale: CollationLocale { collator.locale }

    /// The titles for a table's side index: ``sectionTitles`` (every section, empty or
    /// not, keeps its place so the index never shifts), folded to at most
    /// ``maximumIndexTitles`` when that is set (see ``SectionIndex``).
    public var sectionIndexTitles: [String] {
        maximumIndexTitles == nil ? sectionTitles : sectionIndex(maximumTitles: maximumIndexTitles).titles
    }

    /// Whether English A–Z titles were added because the locale's own had no Latin letter.
    public var addsEnglishTitles: Bool { index.addedEnglish }

    /// The section to show for the side-index title at `indexTitleIndex`.
    /// - Parameter indexTitleIndex: A position in ``sectionIndexTitles``.
    /// - Returns: The section position; without a title budget, titles and sections
    ///   correspond one to one; with one, a folded title (`•`) leads to the first section
    ///   it stands for.
    public func section(forSectionIndexTitleAt indexTitleIndex: Int) -> Int {
        if maximumIndexTitles != nil { return sectionIndex(maximumTitles: maximumIndexTitles).section(forTitleAt: indexTitleIndex) }
        return min(max(indexTitleIndex, 0), sectionTitles.count - 1)
    }

    /// The section a string belongs in.
    /// - Parameter key: The record's key, or its reading when it has one.
    /// - Returns: A position in ``sectionTitles``.
    /// - Complexity: O(*k* + log *b*): one ICU sort key, then a binary search over the
    ///   index's *b* boundaries.
    public func section(for key: String) -> Int {
        Int(ordering(key: key, reading: nil, needsKeys: false).section)
    }

    /// The section of a text, given its sort key under ``collator`` (ignored, and may be
    /// empty, when the options change primary weights): the index's primary boundaries
    /// are compared with the sort key's primary part (up to the first byte <= 1), or with
    /// the index's own primary key of the text.
    /// - Complexity: O(log *b*) memcmp calls over *b* boundaries, plus one ICU call when
    ///   the options change primary weights.
    @inline(__always)
    func section(ofText text: UnsafeBufferPointer<UInt8>, sortKey: UnsafeBufferPointer<UInt8>, scratch: inout [UInt8]) -> Int32 {
        let bucket: Int32
        if primaryFromSortKey {
            var end = 0
            while end < sortKey.count && sortKey[end] > 1 { end += 1 }
            bucket = index.bucket(forPrimaryKey: UnsafeBufferPointer(rebasing: sortKey[0..<end]))
        } else {
            scratch.removeAll(keepingCapacity: true)
            index.appendPrimaryKey(of: text, to: &scratch)
            bucket = scratch.withUnsafeBufferPointer { index.bucket(forPrimaryKey: $0) }
        }
        return sectionOfBucket[Int(bucket)]
    }

    /// The section a record belongs in, by a key path to its key (and optional reading).
    /// - Parameters:
    ///   - record: Any value.
    ///   - key: The record's display key, e.g. `\Contact.familyName`.
    ///   - reading: The record's reading (furigana, pinyin, "sort as"); when present and
    ///     non-empty it decides the section instead of the key.
    /// - Returns: A position in ``sectionTitles``.
    public func section<Record>(for record: Record, by key: (Record) -> String, reading: ((Record) -> String?)? = nil) -> Int {
        Int(ordering(key: key(record), reading: reading?(record), needsKeys: false).section)
    }
}

/// How ICU's index buckets become sections.
public enum SectionStyle: String, Sendable, Hashable, CaseIterable {
    /// The toolkit's policy: ICU's letter labels in ICU's order, English A–Z added to
    /// locales whose own labels have no Latin letter, and every record ICU would put in an
    /// underflow, inflow or overflow bucket (digits, symbols, emoji, other scripts) in one
    /// catch-all section titled `#`, always last.
    case `default`
    /// ICU exactly: underflow, inflow and overflow buckets titled "…", in place.
    case icu
}

extension LocalizedIndexedCollation: CustomStringConvertible {
    /// The locale, the options that differ from its defaults, and the section titles:
    /// `LocalizedIndexedCollation(ko_KR, person names, also ja ru; 93 sections: ㄱ ㄴ … #)`.
    public var description: String {
        var parts = [locale.identifier]
        let options = collator.options
        if options != CollatorOptions() { parts.append(options.description) }
        if style == .icu { parts.append("style icu") }
        if personNames { parts.append("person names") }
        if !additionalLocales.isEmpty {
            parts.append("also " + additionalLocales.map(\.identifier).joined(separator: " "))
        }
        let titles =
            sectionTitles.count <= 12
            ? sectionTitles.joined(separator: " ")
            : (sectionTitles.prefix(8) + ["…"] + sectionTitles.suffix(2)).joined(separator: " ")
        return "LocalizedIndexedCollation(\(parts.joined(separator: ", ")); \(sectionTitles.count) sections: \(titles))"
    }
}
