/// Supplies the readings of text that a collation cannot read from its letters: Japanese
/// written in kanji (佐藤健 is read さとう けん and files under さ), where only a dictionary
/// knows how a name is pronounced.
///
/// The collation layer defines this seam and ships no dictionary: an app that wants guessed
/// readings adds the `JapaneseReadings` product (MeCab) and sets one value,
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
/// so `IndexedCollation` itself needs ICU and nothing else. A collation asks its provider
/// in person-name mode for a locale of the provider's ``language``, for every key when
/// ``LocalizedIndexedCollation/Configuration/guessesReadings`` is set, and when search
/// spells a key with kanji. A record's own reading always wins over a guess.
///
/// Conforming types must be safe to call from several threads at once (the engine keys
/// records on every core). Implement ``reading(of:as:)``; implement
/// ``appendReading(of:as:to:)`` too when you can read UTF-8 bytes without building a
/// `String` (the engine calls it once per distinct key).
public protocol ReadingProvider: Sendable {
    /// The language whose readings this provider gives, as a language code (`"ja"`): a
    /// reading is only ever guessed or written for a collation whose Han characters follow
    /// this language.
    var language: String { get }

    /// Names the source of the readings (a dictionary's name, with its version when it has
    /// one). It is part of ``LocalizedIndexedCollation/keyStamp``: keys stored with one
    /// dictionary's guesses are not comparable with another's.
    var identifier: String { get }

    /// The reading of `text`, or `nil` when the text needs none (no kanji: kana and Latin
    /// are read as written) or the provider cannot read it.
    /// - Parameters:
    ///   - text: A key: a person's name (family name first) or any text.
    ///   - kind: Whether `text` is a person's name or any text.
    /// - Returns: The reading, in the script the language's collator orders (hiragana for
    ///   Japanese); for a name, the family name's reading, a space, then the given name's.
    func reading(of text: String, as kind: ReadingKind) -> String?

    /// Appends the reading of UTF-8 `text` to `output`, the form the sorting engine calls.
    /// - Parameters:
    ///   - text: The key's UTF-8 bytes.
    ///   - kind: Whether `text` is a person's name or any text.
    ///   - output: Where the reading's UTF-8 bytes go.
    /// - Returns: `true` when a reading was appended; `false`, with nothing appended, when
    ///   the text needs none.
    func appendReading(of text: UnsafeBufferPointer<UInt8>, as kind: ReadingKind, to output: inout [UInt8]) -> Bool
}

extension ReadingProvider {
    /// Appends ``reading(of:as:)`` of the text decoded as UTF-8; providers that read bytes
    /// directly replace it.
    /// - Parameters:
    ///   - text: The key's UTF-8 bytes.
    ///   - kind: Whether `text` is a person's name or any text.
    ///   - output: Where the reading's UTF-8 bytes go.
    /// - Returns: `true` when a reading was appended.
    public func appendReading(of text: UnsafeBufferPointer<UInt8>, as kind: ReadingKind, to output: inout [UInt8]) -> Bool {
        guard let reading = reading(of: String(decoding: text, as: UTF8.self), as: kind) else { return false }
        output.append(contentsOf: reading.utf8)
        return true
    }
}

/// What a key passed to a ``ReadingProvider`` is.
public enum ReadingKind: Sendable, Hashable {
    /// A person's name, family name first (高橋 翔, 佐々木希): read as a surname, then a given name.
    case personName
    /// Any text (a place, a title, a company): read as written.
    case text
}

/// One reference to a reading provider, so that values holding one stay loadable (see
/// ``LocalizedIndexedCollation/Configuration/readingProvider``).
final class ReadingProviderBox: Sendable {
    let provider: any ReadingProvider

    init(_ provider: any ReadingProvider) {
        self.provider = provider
    }
}
