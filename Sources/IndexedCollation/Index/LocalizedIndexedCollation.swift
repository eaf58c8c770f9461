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
    /// The configuration this collation was built from (its title budget can change:
    /// ``maximumIndexTitles``).
    public private(set) var configuration: Configuration
    /// The section style (see ``SectionStyle``).
    public var style: SectionStyle { configuration.style }
    /// Languages whose index letters were added to the locale's own.
    public var additionalLocales: [CollationLocale] { configuration.additionalLocales }
    /// Whether keys are read as people's names (see ``Configuration/personNames``).
    public var personNames: Bool { configuration.personNames }
    /// The index's labels: the locales' own (``IndexLabels/locale``), none, or with
    /// labels added (see ``IndexLabels``).
    public var labels: IndexLabels { configuration.labels }
    /// Whether readings of kanji text without one are guessed (see ``Configuration/guessesReadings``).
    public var guessesReadings: Bool { configuration.guessesReadings }
    /// Where readings of kanji come from, if anywhere (see ``Configuration/readingProvider``).
    public var readingProvider: (any ReadingProvider)? { configuration.readingProvider }
    /// The surname table name mode uses for this locale, or the reading guesses, if any.
    var surnameReadings: SurnameReadings?
    /// Chinese words read otherwise than their characters, under a Chinese collation
    /// reading by words (search and written readings use them).
    var chineseWords: ChineseWordReadings?
    /// Whether ``chineseWords`` also decide sections and order (the pinyin collation).
    var sortsByChineseWords: Bool
    /// The filing rules of ``Configuration/filing``, or nil when they change nothing.
    let filer: KeyFiler?
    /// How keys are filed beyond the collator (see ``Configuration/filing``).
    public var filing: FilingRules { configuration.filing }
    /// Section titles, in order: ㄱ…ㅎ A…Z # for Korean, A…Z Å Ä Ö # for Swedish.
    public let sectionTitles: [String]
    /// A title budget for the side index (``sectionIndexTitles``), or `nil` (the default)
    /// for every title. Sections are unchanged by it; only the index titles are folded
    /// (see ``SectionIndex``), as UIKit folds an index that does not fit.
    public var maximumIndexTitles: Int? {
        get { configuration.maximumIndexTitles }
        set { configuration.maximumIndexTitles = newValue }
    }

    let index: IndexHandle
    /// Section of each of ICU's visible buckets.
    let sectionOfBucket: [Int32]
    /// Whether a record's sort key starts with the primary key the index compares
    /// (false when options such as `numeric` or `shifted` change primary weights).
    let primaryFromSortKey: Bool

    /// The title of the catch-all section in the default style.
    public static let catchAllTitle = "#"

    /// Builds the collation a configuration describes.
    ///
    /// ```swift
    /// var configuration = LocalizedIndexedCollation.Configuration(locale: CollationLocale("zh_CN"))
    /// configuration.personNames = true
    /// let chinese = try LocalizedIndexedCollation(configuration)
    /// chinese.sectionTitles[chinese.section(for: "曾国藩")]  // "Z": the surname is read Zēng
    /// ```
    ///
    /// Collators and indexes are opened once per process for each (locale, options,
    /// languages) and shared, so building a second collation with the same configuration
    /// costs microseconds.
    /// - Parameter configuration: The locale, languages, options, style, labels, name
    ///   mode, reading provider and title budget (see ``Configuration``).
    /// - Throws: ``CollationError`` when ICU cannot build the collator or index, and
    ///   ``CollationError/readingDictionaryUnavailable(_:)`` when
    ///   ``Configuration/guessesReadings`` is set without a
    ///   ``Configuration/readingProvider``, or the provider's dictionary cannot be loaded;
    ///   ``CollationError/invalidSectionTitle(_:reason:)`` when
    ///   ``Configuration/pinnedSectionTitle`` is empty or another section's title.
    public init(_ configuration: Configuration) throws(CollationError) {
        let locale = configuration.locale
        let additionalLocales = configuration.additionalLocales
        let options = configuration.options
        let labels = configuration.labels
        let style = configuration.style
        // Extra languages contribute their letters to the sort order too (es Ñ), except under
        // a Chinese primary, whose index characters need its own collator.
        let languages = LanguagePolicy(locale)
        let merged = languages.isChinese ? [] : additionalLocales.map(\.identifier)
        collator = try Collator(
            handle: CollatorHandle.shared(
                locale: locale, options: options, mergedLocales: merged, compiledRulesDirectory: configuration.compiledRulesDirectory))
        surnameReadings = try SurnameReadings.forCollation(
            collator.handle, personNames: configuration.personNames, guessReadings: configuration.guessesReadings,
            provider: configuration.readingProvider, hanLanguage: configuration.hanLanguage)
        chineseWords = languages.isChinese && configuration.hanReadingUnit == .words ? ChineseWordReadings.shared : nil
        sortsByChineseWords = chineseWords != nil && collator.handle.collationType == "pinyin"
        self.configuration = configuration
        filer = KeyFiler(rules: configuration.filing, policy: languages)
        index = try IndexHandle.shared(locale: locale, extraLocales: additionalLocales.map(\.identifier), labels: labels)
        // The index compares with the locale's default collator at primary strength. A
        // record's own key starts with the same primary weights unless the options change
        // them (shifted punctuation, numeric digits); then a separate primary key is used.
        // The merged collator takes the primary locale's attributes, so the plain locale's
        // collator has the same defaults; asking the merged one with default options would
        // compile the merged rules a second time (hundreds of ms) just to read them.
        let defaults = try CollatorHandle.shared(locale: locale, options: CollatorOptions()).resolved
        primaryFromSortKey = collator.resolvedOptions.alternate == defaults.alternate && collator.resolvedOptions.numeric == defaults.numeric
        // A pinned section comes first and no bucket maps to it.
        let pinned = configuration.pinnedSectionTitle.map { [$0] } ?? []
        switch style {
        case .icu:
            sectionTitles = pinned + index.buckets.map(\.label)
            sectionOfBucket = index.buckets.indices.map { Int32(pinned.count + $0) }
        case .default:
            let letters = index.buckets.enumerated().filter { $0.element.kind == .normal }
            let otherFirst = configuration.otherSection == .first
            let first = pinned.count + (otherFirst ? 1 : 0)
            sectionTitles =
                otherFirst
                ? pinned + [Self.catchAllTitle] + letters.map(\.element.label)
                : pinned + letters.map(\.element.label) + [Self.catchAllTitle]
            var map = [Int32](repeating: Int32(otherFirst ? pinned.count : first + letters.count), count: index.buckets.count)
            for (section, bucket) in letters.enumerated() { map[bucket.offset] = Int32(first + section) }
            sectionOfBucket = map
        }
        // A pinned title that another section has would make titles ambiguous (an index
        // title that jumps to two sections, two anchors of one name on a page); so would
        // the marks a side index draws itself: the `•` of left-out titles, UIKit's search
        // entry.
        if let title = configuration.pinnedSectionTitle {
            if title.isEmpty { throw .invalidSectionTitle(title, reason: "it is empty") }
            if title == SectionIndex.bullet || title == IndexedDataSource<String, Int, String>.searchIndexTitle {
                throw .invalidSectionTitle(title, reason: "a side index draws '\(title)' itself (for left-out titles or the search entry)")
            }
            if sectionTitles.dropFirst().contains(title) {
                throw .invalidSectionTitle(title, reason: "the index of \(locale.identifier) has a section '\(title)' already")
            }
        }
    }

    /// Builds the collation for a locale with its defaults: the same as
    /// ``init(_:)`` with `Configuration(locale: locale)`.
    ///
    /// ```swift
    /// let swedish = try LocalizedIndexedCollation(locale: CollationLocale("sv_SE"))
    /// swedish.sectionTitles.suffix(4)  // ["Å", "Ä", "Ö", "#"]
    /// ```
    /// - Parameter locale: The locale whose index labels and sort rules to use.
    /// - Throws: ``CollationError`` when ICU cannot build the collator or index.
    public init(locale: CollationLocale) throws(CollationError) {
        try self.init(Configuration(locale: locale))
    }

    /// Builds the collation for a locale spelling such as `ko_KR`, `sv-SE` or
    /// `zh@collation=stroke`, with the locale's defaults.
    /// - Parameter spelling: The locale, in any spelling ``CollationLocale/init(_:)-(String)`` accepts.
    /// - Throws: ``CollationError`` for malformed or unknown locales, or when ICU cannot
    ///   build the collator or index.
    public init(locale spelling: String) throws(CollationError) {
        try self.init(Configuration(locale: CollationLocale(spelling)))
    }

    /// Whether keys without a reading are read by guessing with a dictionary (MeCab), which
    /// costs far more per text than a sort key: the engine then always groups equal texts.
    var guessesWithDictionary: Bool { surnameReadings?.guesses != nil }

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
            // Two or three primary bytes decide most sections through the index's prefix
            // tables (a third byte that is a level separator (01) looks up as a key of two).
            if sortKey.count >= 3 && sortKey[0] > 1 && sortKey[1] > 1 {
                let prefixBucket = index.bucket(forPrefix: sortKey[0], sortKey[1], sortKey[2])
                if prefixBucket >= 0 { return sectionOfBucket[Int(prefixBucket)] }
            }
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
        if configuration.otherSection == .first { parts.append("# first") }
        if let pinned = configuration.pinnedSectionTitle { parts.append("pinned \(pinned)") }
        if filing.names == .locale { parts.append("filing names") }
        if filing.ignoresArticles { parts.append("ignoring articles") }
        if filing.skipsLeadingSymbols { parts.append("skipping leading symbols") }
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
