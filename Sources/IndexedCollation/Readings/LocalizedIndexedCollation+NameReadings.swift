extension LocalizedIndexedCollation {
    /// The guessed readings of a Japanese name written in kanji, in hiragana, split into its
    /// family and given parts (for writing readings back into address books).
    ///
    /// Guessed as name mode guesses a key (``JapaneseReadingGuesser``): the family name's
    /// reading, then the given name's.
    /// - Parameters:
    ///   - family: The family name (may be empty).
    ///   - given: The given name (may be empty).
    /// - Returns: The readings of the non-empty parts, or nil when this collation guesses
    ///   no readings (neither `personNames` nor `guessReadings`) or the name needs none (no
    ///   kanji: kana and Latin are read as written).
    package func guessedNameReadings(family: String, given: String) -> (family: String, given: String)? {
        guard personNames || guessesReadings, let guesser = try? JapaneseReadingGuesser.shared(.personName) else { return nil }
        let text = family.isEmpty ? given : given.isEmpty ? family : family + " " + given
        guard let reading = guesser.guess(text) else { return nil }
        if family.isEmpty { return ("", reading) }
        if given.isEmpty { return (reading, "") }
        guard let space = reading.firstIndex(of: " ") else { return (reading, "") }
        return (String(reading[..<space]), String(reading[reading.index(after: space)...]))
    }
}
