extension JapaneseReadingGuesser {
    /// The reading of a person's name: the family name's reading, a space, the given name's.
    ///
    /// The family name is read as a surname where the dictionary has one: among its
    /// surname entries that begin the name (and end within the family name when a space
    /// marks its end), the longest wins (of equally long ones the best path's, else the most common) — so 鬼頭 is
    /// きとう, not the noun おにがしら, and 小野寺 one surname rather than 小野 + 寺. Without
    /// such an entry the best path's tokens decide (see ``familyNameTokenCount(_:in:)``).
    func nameReading(of text: [UInt8]) -> [UInt8] {
        let text = variants.standardized(Self.trimmingSpaces(Self.withASCIISpaces(text)))
        let (tokens, starts) = dictionary.analysis(of: text, surnamesAtStart: true)
        guard !tokens.isEmpty else { return [] }
        let familyCount = Self.familyNameTokenCount(tokens, in: text)
        let spaced = familyCount < tokens.count && tokens[familyCount].surface.lowerBound > tokens[familyCount - 1].surface.upperBound
        var familyEnd = tokens[familyCount - 1].surface.upperBound
        var output = [UInt8]()
        let limit = spaced ? familyEnd : text.count
        // Longest first; of equally long entries the best path's own, else the cheapest.
        let rank = { (entry: MeCabToken) in (entry.surface.count, entry == tokens[0] ? 1 : 0, -Int(entry.cost)) }
        // An entry shorter than the best path's first word loses to it (神無月 is one word).
        let shortest = tokens[0].unknown ? 0 : tokens[0].surface.count
        let surname = starts.filter {
            $0.kind == .surname && $0.reading != nil && $0.surface.lowerBound == 0 && $0.surface.upperBound <= limit
                && $0.surface.count >= shortest
        }.max { rank($0) < rank($1) }
        if let surname, let reading = surname.reading {
            reading.withUnsafeBufferPointer { JapaneseText.appendHiragana($0, to: &output) }
            if spaced {
                // The rest of a spaced family name the entry does not cover.
                if surname.surface.upperBound < familyEnd {
                    appendReading(ofText: Array(text[surname.surface.upperBound..<familyEnd]), to: &output)
                }
            } else {
                familyEnd = surname.surface.upperBound
            }
        } else {
            appendReading(of: tokens[..<familyCount], in: text, to: &output)
        }
        guard familyEnd < text.count else { return output }
        output.append(0x20)
        // The given name: the best path's tokens when one starts right there, else its own parse.
        if let next = tokens.firstIndex(where: { $0.surface.lowerBound >= familyEnd }), next > 0,
            tokens[next - 1].surface.upperBound == familyEnd
        {
            appendReading(of: tokens[next...], in: text, to: &output)
        } else {
            appendReading(ofText: Self.trimmingSpaces(Array(text[familyEnd...])), to: &output)
        }
        return output
    }

    /// The reading of any text, with one space wherever the text had white space.
    func textReading(of text: [UInt8]) -> [UInt8] {
        var output = [UInt8]()
        appendReading(ofText: variants.standardized(Self.trimmingSpaces(Self.withASCIISpaces(text))), to: &output)
        return output
    }

    private func appendReading(ofText text: [UInt8], to output: inout [UInt8]) {
        appendReading(of: dictionary.tokens(of: text)[...], in: text, to: &output)
    }

    /// How many tokens the family name spans: up to the first white space when there is
    /// one (高橋 翔); else up to the first token the dictionary calls a given name, if
    /// everything before it is written in kanji (東出 | 昌 大, 小野 寺 | 真央); else one.
    static func familyNameTokenCount(_ tokens: [MeCabToken], in text: [UInt8]) -> Int {
        guard tokens.count > 1 else { return tokens.count }
        for index in 1..<tokens.count where tokens[index].surface.lowerBound > tokens[index - 1].surface.upperBound {
            return index
        }
        if let given = tokens.firstIndex(where: { $0.kind == .givenName }), given > 0,
            tokens[..<given].allSatisfy({ token in text[token.surface].withUnsafeBufferPointer { JapaneseText.needsReading($0) } })
        {
            return given
        }
        return 1
    }

    /// Appends the hiragana reading of `tokens`: the dictionary's reading of each token;
    /// for a token it has no reading for, the token itself when it is kana or Latin, else
    /// the reading of each of its kanji on its own (unknown names: 〇〇 of a rare kanji).
    /// White space between tokens becomes one space.
    private func appendReading(of tokens: ArraySlice<MeCabToken>, in text: [UInt8], to output: inout [UInt8]) {
        var previousEnd: Int? = nil
        for token in tokens {
            if let previousEnd, token.surface.lowerBound > previousEnd { output.append(0x20) }
            previousEnd = token.surface.upperBound
            if let reading = token.reading {
                reading.withUnsafeBufferPointer { JapaneseText.appendHiragana($0, to: &output) }
                continue
            }
            let surface = Array(text[token.surface])
            surface.withUnsafeBufferPointer { surface in
                guard JapaneseText.needsReading(surface) else {
                    JapaneseText.appendHiragana(surface, to: &output)
                    return
                }
                appendCharacterReadings(of: surface, to: &output)
            }
        }
    }

    /// Reads each kanji of an unknown word on its own; a kanji the dictionary cannot read
    /// stays as written (ICU then files it under `#`).
    private func appendCharacterReadings(of surface: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var index = 0
        while index < surface.count {
            let (scalar, length) = JapaneseText.decode(surface, at: index)
            let character = Array(surface[index..<index + length])
            index += length
            guard let scalar, JapaneseText.needsReading(scalar) else {
                character.withUnsafeBufferPointer { JapaneseText.appendHiragana($0, to: &output) }
                continue
            }
            if let cached = characterCache.value(for: character) {
                output.append(contentsOf: cached)
                continue
            }
            var reading = [UInt8]()
            if let token = dictionary.tokens(of: character).first, token.surface == 0..<character.count, let katakana = token.reading {
                katakana.withUnsafeBufferPointer { JapaneseText.appendHiragana($0, to: &reading) }
            } else {
                reading = character
            }
            characterCache.store(reading, for: character)
            output.append(contentsOf: reading)
        }
    }

    /// The text without leading and trailing ASCII spaces and tabs.
    static func trimmingSpaces(_ text: [UInt8]) -> [UInt8] {
        let isSpace = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) }) else { return [] }
        return first == 0 && last == text.count - 1 ? text : Array(text[first...last])
    }

    /// The text with each ideographic space (U+3000) replaced by an ASCII space, which
    /// MeCab treats as white space.
    static func withASCIISpaces(_ text: [UInt8]) -> [UInt8] {
        guard text.count >= 3, text.contains(0x80) else { return text }
        var output = [UInt8]()
        output.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            if index + 2 < text.count && text[index] == 0xE3 && text[index + 1] == 0x80 && text[index + 2] == 0x80 {
                output.append(0x20)
                index += 3
            } else {
                output.append(text[index])
                index += 1
            }
        }
        return output
    }
}
