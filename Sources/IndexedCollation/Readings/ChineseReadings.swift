/// Pinyin readings of Chinese names, written into contacts' phonetic fields
/// (``LocalizedIndexedCollation/nameReading(familyName:givenName:)``): ICU's Han-Latin
/// transliterator per character, the surname table's reading for the family name
/// (单 → Shàn, 欧阳 → Ōuyáng), in the Latin letters Apple Contacts' and Android's phonetic
/// fields hold.
///
/// The spelling is that of Chinese names in Latin letters (GB/T 28039-2011, passports):
/// family name and given name apart, the syllables of each joined, the first letter
/// capitalized, tone marks left out (`单田芳` → `Shan` `Tianfang`). Apple's and Android's
/// phonetic name fields and sort keys carry no tone marks (Android's contacts provider
/// files Chinese names by toneless pinyin); `ü` is a letter, not a tone, and is kept (吕 →
/// `Lü`).
struct ChineseReadings: Sendable {
    /// The surname table's `pinyin` column (with tone marks).
    let surnames = SurnameReadings(table: SurnameReadings.chineseTable, key: "surname", value: "pinyin")

    /// The process-wide instance.
    static let shared = ChineseReadings()

    /// The syllables of `text`, one per Unicode scalar: the pinyin (with tone marks) of
    /// each Han character, its word's reading inside a word of `words` (长江 Chángjiāng),
    /// nil for every other scalar.
    /// - Parameters:
    ///   - text: Any text.
    ///   - words: The word table, or nil to read every character alone.
    /// - Returns: One entry per scalar of `text`.
    func syllables(of text: String, words: ChineseWordReadings?) -> [String?] {
        guard let transliteration = try? Transliteration.hanToPinyin.get() else { return text.unicodeScalars.map { _ in nil } }
        let inWords = words?.syllables(of: text)
        return text.unicodeScalars.enumerated().map { index, scalar in
            guard Self.isHan(scalar) else { return nil }
            return inWords?[index] ?? transliteration(String(Character(scalar)))
        }
    }

    /// The reading of one part of a name: its pinyin in Latin letters, `""` for a part
    /// without Han (read as written), or nil when it cannot be decided: a character ICU has
    /// no pinyin for, or kana or Hangul in the name (not a Chinese name).
    /// - Parameters:
    ///   - part: The family name or the given name, trimmed.
    ///   - isFamilyName: Whether the surname table reads it.
    ///   - words: The word table, or nil to read every character alone.
    /// - Returns: The reading (`Shan`, `Tianfang`), `""`, or nil.
    func reading(of part: String, isFamilyName: Bool, words: ChineseWordReadings?) -> String? {
        guard part.unicodeScalars.contains(where: Self.isHan) else { return "" }
        if part.unicodeScalars.contains(where: Self.isKanaOrHangul) { return nil }
        var pieces = syllables(of: part, words: words)
        if isFamilyName, let surname = surnames.surname(startingWith: part) {
            // A surname of one character reads as the table says; longer ones (欧阳) too.
            pieces[0] = surname.value
            for index in 1..<max(1, surname.length) { pieces[index] = "" }
        }
        var text = ""
        for (scalar, syllable) in zip(part.unicodeScalars, pieces) {
            if let syllable { text += syllable } else if !scalar.properties.isWhitespace { text.unicodeScalars.append(scalar) }
        }
        let plain = (try? Self.toneless.get()).map { $0(text) } ?? text
        // A Han character ICU cannot read is left as it is: undecided.
        guard !plain.unicodeScalars.contains(where: Self.isHan) else { return nil }
        return plain.prefix(1).uppercased() + plain.dropFirst().lowercased()
    }

    /// Removes pinyin's tone marks (ā á ǎ à), keeping ü.
    static let toneless = Result { () throws(CollationError) in
        try Transliteration("NFD; [\\u0300\\u0301\\u0304\\u030C] Remove; NFC")
    }

    static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: return true
        default: return false
        }
    }

    static func isKanaOrHangul(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0xFF66...0xFF9F, 0x1100...0x11FF, 0x3130...0x318F, 0xAC00...0xD7AF: return true
        default: return false
        }
    }
}
