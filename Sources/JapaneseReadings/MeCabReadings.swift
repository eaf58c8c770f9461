import IndexedCollation
import SystemSupport

/// Guessed readings of Japanese written in kanji, from MeCab and an IPADIC-layout
/// dictionary: the `ReadingProvider` (IndexedCollation's seam) an app adds so that names without furigana file
/// under their kana row (佐藤健 → さとう けん → さ).
///
/// ```swift
/// import IndexedCollation
/// import JapaneseReadings
///
/// var configuration = LocalizedIndexedCollation.Configuration(locale: CollationLocale("ja_JP"))
/// configuration.personNames = true
/// configuration.readingProvider = try MeCabReadings.installed()
/// let japanese = try LocalizedIndexedCollation(configuration)
/// japanese.sectionTitles[japanese.section(for: "佐藤健")]  // "さ"
/// ```
///
/// This product is the only one that links MeCab (`libmecab-dev`, with a dictionary such as
/// Debian's `mecab-naist-jdic`); `IndexedCollation` needs ICU alone. A name's reading is its
/// family name's, read as a surname where the dictionary knows one (鬼頭 きとう, not
/// おにがしら), a space, then the given name's; variant kanji the dictionary cannot read are
/// read as their standard forms (髙橋 as 高橋). Readings are cached per distinct text, so a
/// list that repeats names parses each once. The value is cheap to copy and safe to use from
/// every thread: the dictionary is loaded once per process and each parse borrows a tagger.
public struct MeCabReadings: ReadingProvider {
    private let names: JapaneseReadingGuesser
    private let texts: JapaneseReadingGuesser

    /// Readings in Japanese: `"ja"`.
    public var language: String { "ja" }

    /// The dictionary's own name (`naist-jdic`, `ipadic-utf8`): guesses depend on it, so
    /// stored keys carry it in their stamp.
    public var identifier: String { names.dictionary.name }

    /// The directory the dictionary was loaded from, e.g. `/var/lib/mecab/dic/naist-jdic`.
    public var dictionaryDirectory: String { names.dictionary.directory }

    private init(dictionary: MeCabDictionary) {
        names = JapaneseReadingGuesser(mode: .personName, dictionary: dictionary)
        texts = JapaneseReadingGuesser(mode: .text, dictionary: dictionary)
    }

    /// The readings of the installed dictionary, loaded on first use and shared by the
    /// process: `dictionaryDirectory` alone when given; else the `dicdir` of MeCab's
    /// resource file (`resourceFile`, else `/etc/mecabrc` or `/usr/local/etc/mecabrc`, as
    /// `mecab` finds it), then the directories Debian, source and Homebrew packages install to.
    /// - Parameters:
    ///   - dictionaryDirectory: A dictionary directory to use alone, or nil to search.
    ///   - resourceFile: A MeCab resource file (`mecabrc`) to read `dicdir` from, or nil
    ///     for the usual ones. The library reads no environment variable: `collate` passes
    ///     `COLLATE_MECAB_DICDIR` and `MECABRC` here.
    /// - Returns: The provider over the first usable dictionary.
    /// - Throws: `CollationError.readingDictionaryUnavailable` naming every directory
    ///   tried and the package to install (Debian: `mecab-naist-jdic`).
    public static func installed(dictionaryDirectory: String? = nil, resourceFile: String? = nil) throws(CollationError) -> MeCabReadings {
        let key = (dictionaryDirectory ?? "") + "\u{0}" + (resourceFile ?? "")
        systemMutexLock(lock)
        defer { systemMutexUnlock(lock) }
        if let loaded = loaded[key] { return try loaded.get() }
        let result = MeCabDictionary.load(directory: dictionaryDirectory, resourceFile: resourceFile).map(MeCabReadings.init(dictionary:))
        loaded[key] = result
        return try result.get()
    }

    nonisolated(unsafe) private static var loaded: [String: Result<MeCabReadings, CollationError>] = [:]
    nonisolated(unsafe) private static let lock = systemMutexCreate()

    /// The guessed reading of `text`, in hiragana.
    /// - Parameters:
    ///   - text: A key: a person's name (family name first) or any text.
    ///   - kind: Whether `text` is a person's name or any text.
    /// - Returns: The reading; for a name, the family name's reading, a space, then the
    ///   given name's; nil when the text has no kanji (kana and Latin need no guess).
    public func reading(of text: String, as kind: ReadingKind) -> String? {
        guesser(kind).guess(text)
    }

    /// Appends the guessed reading of UTF-8 `text` to `output`.
    /// - Parameters:
    ///   - text: The key's UTF-8 bytes.
    ///   - kind: Whether `text` is a person's name or any text.
    ///   - output: Where the reading's UTF-8 bytes go.
    /// - Returns: `true` when a reading was appended; `false` when the text has no kanji.
    public func appendReading(of text: UnsafeBufferPointer<UInt8>, as kind: ReadingKind, to output: inout [UInt8]) -> Bool {
        guesser(kind).guess(text, into: &output)
    }

    /// The guesser for names or for any text.
    func guesser(_ kind: ReadingKind) -> JapaneseReadingGuesser {
        kind == .personName ? names : texts
    }
}

extension JapaneseReadingGuesser {
    /// The guesser for `mode` over the installed dictionary (as ``MeCabReadings/installed(dictionaryDirectory:resourceFile:)`` finds it).
    /// - Throws: ``CollationError/readingDictionaryUnavailable(_:)`` when no dictionary is installed.
    static func shared(_ mode: Mode) throws(CollationError) -> JapaneseReadingGuesser {
        try MeCabReadings.installed().guesser(mode)
    }
}
