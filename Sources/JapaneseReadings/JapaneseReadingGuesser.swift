import IndexedCollation

/// Guesses the readings of Japanese text written in kanji, with MeCab and its dictionary,
/// so that names without furigana file under their kana row: 佐藤健 → さとう けん → さ.
///
/// In ``Mode/personName`` a key is a person's name, family name first. The family name
/// ends at the first space (高橋 翔), else where the dictionary's person-name features say
/// (姓 then 名: 佐々木希 → 佐々木 | 希, 東出昌大 → 東出 | 昌大), else after the first word.
/// The guess is the family name's reading, a space, then the given name's reading, all in
/// hiragana: the family name decides the section and (space sorting before every kana)
/// orders first, the given name next. In ``Mode/text`` the guess is the reading of the
/// whole text. Text with no kanji (kana, Latin, digits) gets no guess: ICU already reads it.
///
/// ``MeCabReadings`` holds one guesser per mode over one dictionary; each parse borrows a
/// tagger from the dictionary's pool, so threads never share one. Guesses are cached per distinct text.
/// `@unchecked Sendable`: the dictionary is thread-safe (see ``MeCabDictionary``) and the
/// cache holds its own lock.
final class JapaneseReadingGuesser: @unchecked Sendable {
    /// Whether keys are names (family name first) or any text.
    typealias Mode = ReadingKind

    let mode: Mode
    let dictionary: MeCabDictionary
    private let cache = ReadingCache(capacity: 1 << 16)
    /// Readings of single kanji, for words the dictionary does not know (a few thousand
    /// kanji in practice, so each is parsed once).
    let characterCache = ReadingCache(capacity: 1 << 15)

    /// Variant kanji the dictionary cannot read, read as their standard forms (髙 as 高).
    let variants: KanjiVariants

    init(mode: Mode, dictionary: MeCabDictionary) {
        self.mode = mode
        self.dictionary = dictionary
        variants = KanjiVariants(dictionary: dictionary)
    }

    /// Writes the guessed reading of UTF-8 `text` to `output`; false (and nothing written)
    /// when the text needs no guess (no kanji).
    func guess(_ text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Bool {
        guard JapaneseText.needsReading(text) else { return false }
        let key = Array(text[..<Self.readableLength(text)])
        if let cached = cache.value(for: key) {
            output.append(contentsOf: cached)
            return true
        }
        let reading = mode == .personName ? nameReading(of: key) : textReading(of: key)
        cache.store(reading, for: key)
        output.append(contentsOf: reading)
        return true
    }

    /// Longest text read, in bytes: a name or a title is far shorter, and the beginning
    /// decides the section and nearly all of the order (the display key breaks ties), so a
    /// pathological line (megabytes without a line break) never builds a huge MeCab lattice.
    static let maximumLength = 4096

    /// The length of the prefix of `text` that is read: at most ``maximumLength`` bytes,
    /// cut at a character boundary.
    static func readableLength(_ text: UnsafeBufferPointer<UInt8>) -> Int {
        guard text.count > maximumLength else { return text.count }
        var end = maximumLength
        while end > 0 && text[end] & 0xC0 == 0x80 { end -= 1 }
        return end
    }

    /// The guessed reading of `text`, or nil when it needs none.
    func guess(_ text: String) -> String? {
        text.rewritingUTF8(guess(_:into:))
    }
}
