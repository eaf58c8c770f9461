extension LocalizedIndexedCollation {
    /// The guessed readings of a person's name written in Han characters, split into its
    /// family and given parts: what an address book's phonetic fields hold (vCard
    /// `X-PHONETIC-LAST-NAME`, `SORT-AS`).
    ///
    /// ```swift
    /// var configuration = LocalizedIndexedCollation.Configuration(locale: CollationLocale("ja_JP"))
    /// configuration.personNames = true
    /// configuration.readingProvider = try MeCabReadings.installed()
    /// let japanese = try LocalizedIndexedCollation(configuration)
    /// japanese.guessedReadings(familyName: "佐藤", givenName: "健")  // ("さとう", "けん")
    /// ```
    ///
    /// The same as ``nameReading(familyName:givenName:)`` when it reads the name, nil
    /// otherwise.
    /// - Parameters:
    ///   - familyName: The family name (may be empty).
    ///   - givenName: The given name (may be empty).
    /// - Returns: The readings of the non-empty parts, or nil when this collation guesses no
    ///   readings, the name needs none (no Han: kana and Latin are read as written) or its
    ///   reading cannot be decided.
    public func guessedReadings(familyName: String, givenName: String) -> (familyName: String, givenName: String)? {
        guard case .read(let family, let given) = nameReading(familyName: familyName, givenName: givenName) else { return nil }
        return (family, given)
    }

    /// The reading of a person's name in the language that decides Han for this collation
    /// (``Configuration/hanLanguage``), never in another:
    ///
    /// - Chinese (in person-name mode): pinyin in Latin letters, without tone marks, as
    ///   Apple's and Android's phonetic fields hold it; the family name from the surname
    ///   table (单田芳 → `Shan`, `Tianfang`; 欧阳修 → `Ouyang`, `Xiu`).
    /// - Japanese (in person-name mode, or with ``guessesReadings``): the
    ///   ``readingProvider``'s guess in hiragana (佐藤 健 → `さとう`, `けん`).
    /// - Korean and any other language: none.
    ///
    /// ```swift
    /// var configuration = LocalizedIndexedCollation.Configuration(locale: CollationLocale("zh_CN"))
    /// configuration.personNames = true
    /// let chinese = try LocalizedIndexedCollation(configuration)
    /// chinese.nameReading(familyName: "单", givenName: "田芳")  // .read(familyName: "Shan", givenName: "Tianfang")
    /// ```
    /// - Parameters:
    ///   - familyName: The family name (may be empty).
    ///   - givenName: The given name (may be empty).
    /// - Returns: The reading, ``NameReading/needsNone`` (no Han, or this collation reads no
    ///   names), or ``NameReading/undecided`` (Han characters it cannot read).
    public func nameReading(familyName: String, givenName: String) -> NameReading {
        let family = familyName.trimmingSpacesAndTabs
        let given = givenName.trimmingSpacesAndTabs
        guard !family.isEmpty || !given.isEmpty else { return .needsNone }
        switch LanguagePolicy(languageCode: configuration.hanLanguage ?? "").language {
        case .chinese:
            guard personNames else { return .needsNone }
            let scalars = (family + given).unicodeScalars
            guard scalars.contains(where: ChineseReadings.isHan) else { return .needsNone }
            // Han with kana or Hangul: not a Chinese name.
            if scalars.contains(where: ChineseReadings.isKanaOrHangul) { return .undecided }
            let readings = ChineseReadings.shared
            guard let familyReading = readings.reading(of: family, isFamilyName: true, words: chineseWords),
                let givenReading = readings.reading(of: given, isFamilyName: false, words: chineseWords)
            else { return .undecided }
            if familyReading.isEmpty && givenReading.isEmpty { return .needsNone }
            return .read(familyName: familyReading, givenName: givenReading)
        case .japanese:
            guard personNames || guessesReadings, let provider = readingProvider, configuration.hanLanguage == provider.language else {
                return .needsNone
            }
            let text = family.isEmpty ? given : given.isEmpty ? family : family + " " + given
            guard let reading = provider.reading(of: text, as: .personName) else {
                return text.unicodeScalars.contains(where: ChineseReadings.isHan) ? .undecided : .needsNone
            }
            if family.isEmpty { return .read(familyName: "", givenName: reading) }
            if given.isEmpty { return .read(familyName: reading, givenName: "") }
            guard let space = reading.firstIndex(of: " ") else { return .read(familyName: reading, givenName: "") }
            return .read(familyName: String(reading[..<space]), givenName: String(reading[reading.index(after: space)...]))
        case .korean, .other:
            return .needsNone
        }
    }
}

/// The reading of a person's name, as ``LocalizedIndexedCollation/nameReading(familyName:givenName:)``
/// decides it.
public enum NameReading: Sendable, Hashable {
    /// The readings of the family and given names (either may be empty: that part needs
    /// none).
    case read(familyName: String, givenName: String)
    /// The name needs no reading (no Han characters), or this collation reads none.
    case needsNone
    /// The name has Han characters whose reading cannot be decided (a character ICU has no
    /// pinyin for, a name mixing kana or Hangul into a Chinese index, or a kanji name the
    /// dictionary cannot read): nothing is written.
    case undecided
}

extension String {
    fileprivate var trimmingSpacesAndTabs: String {
        String(drop(while: { $0 == " " || $0 == "\t" }).reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
