extension JapaneseReadingGuesser {
    /// The reading of a person's name: the family name's reading, a space, the given name's.
    func nameReading(of text: [UInt8]) -> [UInt8] {
        let text = Self.withASCIISpaces(text)
        let tokens = dictionary.tokens(of: text)
        var output = [UInt8]()
        let familyCount = Self.familyNameTokenCount(tokens, in: text)
        appendReading(of: tokens[..<familyCount], in: text, to: &output)
        if familyCount < tokens.count {
            output.append(0x20)
            appendReading(of: tokens[familyCount...], in: text, to: &output)
        }
        return output
    }

    /// The reading of any text, with one space wherever the text had white space.
    func textReading(of text: [UInt8]) -> [UInt8] {
        let text = Self.withASCIISpaces(text)
        var output = [UInt8]()
        appendReading(of: dictionary.tokens(of: text)[...], in: text, to: &output)
        return output
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
            if let scalar, JapaneseText.needsReading(scalar), let token = dictionary.tokens(of: character).first,
                token.surface == 0..<character.count, let reading = token.reading
            {
                reading.withUnsafeBufferPointer { JapaneseText.appendHiragana($0, to: &output) }
            } else {
                character.withUnsafeBufferPointer { JapaneseText.appendHiragana($0, to: &output) }
            }
        }
    }

    /// The text with each ideographic space (U+3000) replaced by an ASCII space, which
    /// MeCab treats as white space.
    static func withASCIISpaces(_ text: [UInt8]) -> [UInt8] {
        guard text.count >= 3 else { return text }
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
