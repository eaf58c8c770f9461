/// How ``HTMLRenderer`` builds a page.
public struct HTMLOptions: Sendable, Hashable {
    /// The page title (shown in the browser's tab), e.g. the input file's name.
    public var title: String
    /// The language of the records as a BCP-47 tag (`ko-KR`, `ja-JP`, `ar`), for the page's
    /// `lang`: it picks fonts (Korean, Japanese or Chinese glyphs for shared Han characters)
    /// and the page direction. See ``languageTag(forLocaleIdentifier:)``.
    public var languageTag: String
    /// Show the number of records after each section title.
    public var showCounts: Bool
    /// Rows per block: the unit the browser lays out only when it scrolls into view; at least 1.
    public var rowsPerBlock: Int
    /// Pages with more rows than this let the browser skip laying out blocks out of view
    /// (`content-visibility: auto`). Smaller pages are laid out whole, so that everything,
    /// `innerText` included, sees every row at once.
    public var lazyLayoutThreshold: Int

    /// Creates options.
    /// - Parameters:
    ///   - title: The page title.
    ///   - languageTag: The records' language as a BCP-47 tag; `und` when unknown.
    ///   - showCounts: Whether section headings show their record counts.
    ///   - rowsPerBlock: Rows per block.
    ///   - lazyLayoutThreshold: The number of rows above which blocks out of view are not laid out.
    public init(
        title: String = "Index", languageTag: String = "und", showCounts: Bool = false, rowsPerBlock: Int = 200,
        lazyLayoutThreshold: Int = 2_000
    ) {
        self.title = title
        self.languageTag = languageTag
        self.showCounts = showCounts
        self.rowsPerBlock = max(1, rowsPerBlock)
        self.lazyLayoutThreshold = lazyLayoutThreshold
    }

    /// Returns the BCP-47 language tag for an ICU locale ID, for an HTML `lang` attribute.
    ///
    /// Keywords (`@collation=…`) are dropped: they choose a sort order, not a language.
    ///
    /// ```swift
    /// HTMLOptions.languageTag(forLocaleIdentifier: "ko_KR")               // "ko-KR"
    /// HTMLOptions.languageTag(forLocaleIdentifier: "zh_Hant_TW")          // "zh-Hant-TW"
    /// HTMLOptions.languageTag(forLocaleIdentifier: "zh@collation=stroke") // "zh"
    /// HTMLOptions.languageTag(forLocaleIdentifier: "root")                // "und"
    /// ```
    /// - Parameter identifier: An ICU locale ID such as `ko_KR` or `sr_Latn_RS`.
    /// - Returns: The tag; `und` (undetermined) for the root locale or anything malformed.
    public static func languageTag(forLocaleIdentifier identifier: String) -> String {
        let base = identifier.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        var subtags = base.split(separator: "_", omittingEmptySubsequences: true).map(String.init)
        if subtags.count > 1 && subtags.last == "POSIX" { subtags.removeLast() }
        guard let language = subtags.first, language != "root", (2...8).contains(language.count),
            subtags.allSatisfy({ subtag in !subtag.isEmpty && subtag.count <= 8 && subtag.utf8.allSatisfy(isAlphanumeric) }),
            language.utf8.allSatisfy(isLetter)
        else { return "und" }
        return subtags.joined(separator: "-")
    }

    /// Whether a language is written right to left, so the page reads right to left.
    /// - Parameter languageTag: A BCP-47 tag.
    /// - Returns: `true` for Arabic, Hebrew, Persian, Urdu and other right-to-left languages
    ///   (unless the tag names a left-to-right script, as in `az-Latn`).
    static func isRightToLeft(_ languageTag: String) -> Bool {
        let subtags = languageTag.lowercased().split(separator: "-").map(String.init)
        guard let language = subtags.first else { return false }
        if subtags.contains(where: { ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"].contains($0) }) { return true }
        if subtags.dropFirst().contains(where: { $0.count == 4 }) { return false }
        return ["ar", "he", "iw", "fa", "ur", "ps", "yi", "dv", "ug", "ckb", "sd", "syr", "ks"].contains(language)
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) }
}

/// What a page's search box needs from a matching rule: each row's lookup, and the table
/// that turns what a user types into the same alphabet.
///
/// The formatter knows how a page filters its rows, not how a language matches. The rule
/// comes in through this seam: IndexedCollation's `SearchPageEncoder` writes both parts
/// for a collation's matching rule (see its `SearchingRecords` article), and a two-method
/// adapter in the program that links both modules passes it on:
///
/// ```swift
/// final class PageLookups: HTMLSearchLookups {
///     let encoder: SearchPageEncoder
///     init(_ encoder: SearchPageEncoder) { self.encoder = encoder }
///     func lookup(cells: [String]) -> String { encoder.encode(keys: cells) }
///     func queryTable() -> String { encoder.queryTable() }
/// }
/// let page = HTMLRenderer.render(source, search: PageLookups(try SearchPageEncoder(collation: korean)))
/// ```
public protocol HTMLSearchLookups: AnyObject {
    /// A row's lookup as the page's script reads it (the `data-q` attribute), from the
    /// row's cells. Called once per row, in page order, before ``queryTable()``.
    func lookup(cells: [String]) -> String
    /// The characters a query may hold, each with its spelling in the lookups' alphabet,
    /// as a JSON object that can sit in a script element (no `<`). Called once, after
    /// every row's lookup.
    func queryTable() -> String
    /// Whether each word of a query is matched on its own, in any order (the `words` and
    /// `anywhere` search modes: "doe john" finds John Doe); false by default.
    var matchesWordsInAnyOrder: Bool { get }
}

extension HTMLSearchLookups {
    /// The whole query is matched as one (the `prefix` search mode).
    public var matchesWordsInAnyOrder: Bool { false }
}
