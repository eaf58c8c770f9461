extension SearchMatcher {
    /// The lookup spellings of a record (see <doc:SearchingRecords>).
    ///
    /// - Parameters:
    ///   - keys: The record's display keys (a name, or family and given name).
    ///   - readings: Each key's reading, or nil (furigana, pinyin, "sort as").
    /// - Returns: The record's lookup.
    /// - Complexity: One ICU element iteration per key and reading that is not Hangul only;
    ///   Han characters and romaji are transliterated once per distinct text.
    public func lookup(keys: [String], readings: [String?]) -> SearchLookup {
        lookup(keys: keys, readings: readings, fields: [])
    }

    /// The lookup spellings of a record with fields searched besides its keys.
    ///
    /// - Parameters:
    ///   - keys: The record's display keys (a name, or family and given name).
    ///   - readings: Each key's reading, or nil (furigana, pinyin, "sort as").
    ///   - fields: Other fields to search (phone numbers, nickname, e-mail); a match in
    ///     one has ``SearchMatch/key`` `keys.count` plus its position.
    /// - Returns: The record's lookup.
    /// - Complexity: One ICU element iteration per key, reading and text field that is not
    ///   Hangul only; phone fields need none.
    public func lookup(keys: [String], readings: [String?], fields: [SearchField]) -> SearchLookup {
        var lookup = SearchLookup()
        lookup.reserve(
            2
                * (keys.reduce(0) { $0 + $1.utf8.count } + readings.reduce(0) { $0 + ($1?.utf8.count ?? 0) }
                    + fields.reduce(0) { $0 + $1.text.utf8.count }) + 4)
        appendLookup(keys: keys[...], readings: readings[...], fields: fields, to: &lookup)
        lookup.compact()
        return lookup
    }

    /// Appends the spellings of a record to a lookup (``lookup(keys:readings:fields:)``
    /// into a lookup that may be reused: ``SearchIndex`` fills one per thread).
    /// - Parameter hangulKeypad: Whether Hangul spellings are followed by their Cheonjiin
    ///   spellings (when ``SearchOptions/keypad`` is on); false makes the lookup a search
    ///   index stores (see ``hangulKeypadStorage(keys:readings:fields:)``).
    func appendLookup(
        keys: ArraySlice<String>, readings: ArraySlice<String?>, fields: [SearchField], to lookup: inout SearchLookup,
        hangulKeypad: Bool = true
    ) {
        for (index, key) in keys.enumerated() {
            var reading = index < readings.count ? readings[readings.startIndex + index] : nil
            if reading?.isEmpty ?? false { reading = nil }
            if reading == nil, index == 0, let guessed = guessedJapaneseReading(key) { reading = guessed }
            appendSpellings(of: key, key: index, to: &lookup, hangulKeypad: hangulKeypad)
            if let reading {
                appendSpellings(of: reading, key: SearchLookup.noKey, to: &lookup, hangulKeypad: hangulKeypad)
            }
            let hasKana = reading.map { Scripts(of: $0).contains(.kana) } ?? false
            if reading == nil || !hasKana { appendHan(of: key, key: index, firstKey: index == 0, to: &lookup) }
            if options.chineseVariants && isChinese { appendOtherScript(of: key, key: index, to: &lookup) }
        }
        for (position, field) in fields.enumerated() {
            let key = min(keys.count + position, SearchLookup.noKey - 1)
            switch field.kind {
            case .phone: appendPhone(field.text, key: key, to: &lookup)
            case .text: appendSpellings(of: field.text, key: key, to: &lookup, hangulKeypad: hangulKeypad)
            }
        }
    }

    /// The text, its romaji when it has kana, and its Hangul syllables.
    private func appendSpellings(of text: String, key: Int, to lookup: inout SearchLookup, hangulKeypad: Bool) {
        let scripts = Scripts(of: text)
        // Hangul syllables (and spaces) alone: the jamo spelling holds everything the text
        // spelling would, so no ICU call is needed.
        if !scripts.isSubset(of: [.hangul, .space]) { appendText(text, key: key, to: &lookup) }
        if scripts.contains(.kana), let romaji = try? Transliteration.kanaToRomaji.get()(text) {
            appendText(romaji, key: SearchLookup.noKey, to: &lookup)
            // Hepburn writes long vowels with macrons that people type as one vowel.
            let short = romaji.replacing("ou", with: "o").replacing("uu", with: "u")
            if short != romaji { appendText(short, key: SearchLookup.noKey, to: &lookup) }
            if options.romajiVariants {
                var seen: Set<String> = [romaji, short]
                for variant in RomajiVariants.spellings(ofHepburn: romaji) where seen.insert(variant).inserted {
                    appendText(variant, key: SearchLookup.noKey, to: &lookup)
                }
            }
        }
        if scripts.contains(.hangul) { appendHangul(of: text, key: key, to: &lookup, keypad: hangulKeypad) }
        if options.keypad && !digitWeights.isEmpty && !scripts.isSubset(of: [.hangul, .space]) {
            appendKeypad(of: text, key: key, to: &lookup)
        }
    }

    /// Another text of a key as a text spelling (its other Chinese script).
    func appendOtherText(_ text: String, key: Int, to lookup: inout SearchLookup) { appendText(text, key: key, to: &lookup) }

    /// A text spelling: a match starts at any word.
    private func appendText(_ text: String, key: Int, to lookup: inout SearchLookup) {
        let anywhere = options.mode == .anywhere
        reader.read(text) { weights, starts, ends, wordStarts in
            for index in weights.indices {
                var marks: UInt64 = wordStarts[index] != 0 || anywhere ? SearchLookup.Mark.matchStart : 0
                if index == 0 { marks |= SearchLookup.Mark.spellingStart }
                lookup.append(weights[index], marks: marks, key: key, range: starts[index]..<ends[index])
            }
        }
    }

    /// One syllable of a syllable spelling: its weights and its characters in the key.
    typealias Syllable = (weights: [UInt32], range: Range<Int32>, canStart: Bool)

    /// A syllable spelling: each syllable gives a non-empty prefix of itself.
    func appendSyllables(_ syllables: [Syllable], key: Int, to lookup: inout SearchLookup) {
        var first = true
        for syllable in syllables where !syllable.weights.isEmpty {
            for (offset, weight) in syllable.weights.enumerated() {
                var marks = SearchLookup.Mark.syllables
                if offset == 0 {
                    marks |= SearchLookup.Mark.syllableStart
                    if syllable.canStart { marks |= SearchLookup.Mark.matchStart }
                    if first { marks |= SearchLookup.Mark.spellingStart }
                    first = false
                }
                lookup.append(weight, marks: marks, key: key, range: syllable.range)
            }
        }
    }

    /// Hangul syllables as jamo, matched from the start of each word and of the given name,
    /// followed by their Cheonjiin spelling when `keypad` is true.
    private func appendHangul(of text: String, key: Int, to lookup: inout SearchLookup, keypad: Bool) {
        // The given name starts after a one-syllable family name, or a two-syllable one
        // (남궁, 황보) in a name of three syllables or more: found in a first pass.
        var firstWord = 0
        var head: UInt64 = 0
        for scalar in text.unicodeScalars {
            if HangulSyllable.isSyllable(scalar) {
                firstWord += 1
                if firstWord <= 2 { head = head << 32 | UInt64(scalar.value) }
            } else if firstWord > 0 {
                break
            }
        }
        guard firstWord > 0 else { return }
        let givenName = firstWord < 2 ? -1 : firstWord >= 3 && HangulSyllable.twoSyllableSurnames.contains(head) ? 2 : 1
        var offset: Int32 = 0
        var wordStart = true
        var syllable = 0
        for scalar in text.unicodeScalars {
            let width = Int32(UTF8.width(scalar))
            defer { offset += width }
            guard let jamo = spellings.hangul(scalar) else {
                wordStart = true
                continue
            }
            let range = offset..<offset + width
            var marks = SearchLookup.Mark.syllables | SearchLookup.Mark.syllableStart
            if wordStart || syllable == givenName || options.mode == .anywhere { marks |= SearchLookup.Mark.matchStart }
            if syllable == 0 { marks |= SearchLookup.Mark.spellingStart }
            lookup.append(jamo.initial, marks: marks, key: key, range: range)
            lookup.append(jamo.vowel, marks: SearchLookup.Mark.syllables, key: key, range: range)
            if jamo.final != 0 { lookup.append(jamo.final, marks: SearchLookup.Mark.syllables, key: key, range: range) }
            wordStart = false
            syllable += 1
        }
        if keypad && options.keypad && !digitWeights.isEmpty {
            appendHangulKeypad(of: text, givenName: givenName, key: key, to: &lookup)
        }
    }

    /// Han characters as pinyin (and zhuyin in Traditional Chinese locales), words of
    /// ``ChineseWordReadings`` by the word's reading, the family name read from the surname
    /// table: a match starts at any syllable.
    private func appendHan(of text: String, key: Int, firstKey: Bool, to lookup: inout SearchLookup) {
        guard Scripts(of: text).contains(.han) else { return }
        var pinyin: [Syllable] = []
        var zhuyin: [Syllable] = []
        var keypad: [Syllable] = []
        var offset: Int32 = 0
        var surname = firstKey ? chineseSurnames.surname(startingWith: text) : nil
        // Words read otherwise than their characters (长沙 chángshā), as the collation files them.
        let words = collation.chineseWords?.syllables(of: text)
        for (index, scalar) in text.unicodeScalars.enumerated() {
            let width = Int32(UTF8.width(scalar))
            defer { offset += width }
            guard Self.isHan(scalar) else { continue }
            var weights = spellings.han(scalar)
            var keypadPinyin: [UInt8]? = nil
            if let syllable = words?[index] {
                weights = (spellings.syllable(syllable), spellings.syllable(syllable, zhuyin: true))
                keypadPinyin = spellings.pinyinDigits(syllable)
            }
            if let known = surname, index < known.length {
                // A family name of one character reads as the table says; longer ones too,
                // syllable by syllable ("Sīmǎ" is not split: it is read per character).
                if known.length == 1 {
                    weights = (spellings.syllable(known.value), spellings.syllable(known.value, zhuyin: true))
                    keypadPinyin = spellings.pinyinDigits(known.value)
                }
                if index == known.length - 1 { surname = nil }
            }
            if options.keypad && !digitWeights.isEmpty {
                let digits = keypadPinyin ?? spellings.hanDigits(scalar)
                keypad.append((digits.map { digitWeights[Int($0)] }, offset..<offset + width, true))
            }
            pinyin.append((weights.pinyin, offset..<offset + width, true))
            zhuyin.append((weights.zhuyin, offset..<offset + width, true))
        }
        appendSyllables(pinyin, key: key, to: &lookup)
        if spellsZhuyin { appendSyllables(zhuyin, key: key, to: &lookup) }
        if options.keypad && !digitWeights.isEmpty { appendSyllables(keypad, key: key, to: &lookup) }
    }

    /// The guessed reading of a key with kanji: the collation's own guesses when it makes
    /// them (`--names` under `ja`, `--guess-readings`), else its reading provider's when
    /// the list is in the provider's language or the key mixes kanji and kana (山田たろう);
    /// nil without kanji or without a provider.
    private func guessedJapaneseReading(_ key: String) -> String? {
        if let readings = collation.surnameReadings, readings.guesses != nil { return readings.substitute(key) }
        let scripts = Scripts(of: key)
        guard scripts.contains(.han), let provider = collation.readingProvider,
            LanguagePolicy(collation.locale).reads(with: provider) || scripts.contains(.kana)
        else { return nil }
        return provider.reading(of: key, as: collation.personNames ? .personName : .text)
    }

    static func isHan(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: return true
        default: return false
        }
    }
}

/// The scripts of a text that decide its spellings, found in one pass.
struct Scripts: OptionSet {
    let rawValue: UInt8
    static let hangul = Scripts(rawValue: 1)
    static let kana = Scripts(rawValue: 2)
    static let han = Scripts(rawValue: 4)
    static let space = Scripts(rawValue: 8)
    static let other = Scripts(rawValue: 16)

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init(of text: String) {
        var found: Scripts = []
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0xAC00...0xD7A3: found.insert(.hangul)
            case 0x3041...0x30FF, 0xFF66...0xFF9D: found.insert(.kana)
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x3134F: found.insert(.han)
            case 0x20, 0x09, 0x3000: found.insert(.space)
            default: found.insert(.other)
            }
        }
        self = found
    }
}
