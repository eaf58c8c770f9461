extension LocalizedIndexedCollation {
    /// The guessed readings of a person's name written in kanji, split into its family and
    /// given parts: what an address book's phonetic fields hold (vCard
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
    /// A reading is only guessed in the language that decides Han for this collation: a
    /// Chinese or Korean collation gets no Japanese reading, whatever its provider.
    /// - Parameters:
    ///   - familyName: The family name (may be empty).
    ///   - givenName: The given name (may be empty).
    /// - Returns: The readings of the non-empty parts, or nil when this collation guesses no
    ///   readings (neither ``personNames`` nor ``guessesReadings``, or no
    ///   ``readingProvider`` of its language) or the name needs none (no kanji: kana and
    ///   Latin are read as written).
    public func guessedReadings(familyName: String, givenName: String) -> (familyName: String, givenName: String)? {
        guard personNames || guessesReadings, let provider = readingProvider, configuration.hanLanguage == provider.language else {
            return nil
        }
        let text = familyName.isEmpty ? givenName : givenName.isEmpty ? familyName : familyName + " " + givenName
        guard let reading = provider.reading(of: text, as: .personName) else { return nil }
        if familyName.isEmpty { return ("", reading) }
        if givenName.isEmpty { return (reading, "") }
        guard let space = reading.firstIndex(of: " ") else { return (reading, "") }
        return (String(reading[..<space]), String(reading[reading.index(after: space)...]))
    }
}
