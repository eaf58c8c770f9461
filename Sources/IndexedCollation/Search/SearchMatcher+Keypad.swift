extension SearchMatcher {
    /// A text's phone keypad spelling (``SearchOptions/keypad``): each letter as the digits
    /// of its key (``KeypadLayouts``), a match starting at each word (or anywhere, in
    /// ``SearchOptions/Mode/anywhere``). Han and Hangul have syllable spellings of their
    /// own; a text without letters has none (its digits are in its text spelling).
    func appendKeypad(of text: String, key: Int, to lookup: inout SearchLookup) {
        let layouts = KeypadLayouts.shared
        let anywhere = options.mode == .anywhere
        var offset: Int32 = 0
        var wordStart = true
        var first = true
        var hasLetter = false
        var spelled: [(weight: UInt32, marks: UInt64, range: Range<Int32>)] = []
        for scalar in text.unicodeScalars {
            let width = Int32(UTF8.width(scalar))
            defer { offset += width }
            let digits = HangulSyllable.isSyllable(scalar) || Self.isHan(scalar) ? [] : layouts.digits(of: scalar)
            guard !digits.isEmpty else {
                wordStart = true
                continue
            }
            if !(scalar.value >= 0x30 && scalar.value <= 0x39) { hasLetter = true }
            for (index, digit) in digits.enumerated() {
                var marks: UInt64 = (index == 0 && wordStart) || anywhere ? SearchLookup.Mark.matchStart : 0
                if first { marks |= SearchLookup.Mark.spellingStart }
                first = false
                spelled.append((digitWeights[Int(digit)], marks, offset..<offset + width))
            }
            wordStart = false
        }
        guard hasLetter else { return }
        for item in spelled { lookup.append(item.weight, marks: item.marks, key: key, range: item.range) }
    }

    /// Hangul syllables on the Cheonjiin keypad, as syllables: each syllable's initial's key,
    /// its vowel's strokes and its final's key, so that a query of the initials' keys
    /// (김민준 → 409) or of whole syllables finds it, from each word and the given name.
    func appendHangulKeypad(of text: String, givenName: Int, key: Int, to lookup: inout SearchLookup) {
        let layouts = KeypadLayouts.shared
        var offset: Int32 = 0
        var wordStart = true
        var syllable = 0
        var first = true
        let anywhere = options.mode == .anywhere
        let (table, starts) = (layouts.hangulDigits, layouts.hangulStarts)
        digitWeights.withUnsafeBufferPointer { digitWeights in
            for scalar in text.unicodeScalars {
                let width = Int32(UTF8.width(scalar))
                defer { offset += width }
                let index = Int(scalar.value &- HangulSyllable.first)
                guard HangulSyllable.isSyllable(scalar), starts[index] < starts[index + 1] else {
                    wordStart = true
                    continue
                }
                let range = offset..<offset + width
                var marks = SearchLookup.Mark.syllables | SearchLookup.Mark.syllableStart
                if wordStart || syllable == givenName || anywhere { marks |= SearchLookup.Mark.matchStart }
                if first { marks |= SearchLookup.Mark.spellingStart }
                first = false
                for position in Int(starts[index])..<Int(starts[index + 1]) {
                    let digit = table[position]
                    let weightMarks = position == Int(starts[index]) ? marks : SearchLookup.Mark.syllables
                    lookup.append(digitWeights[Int(digit)], marks: weightMarks, key: key, range: range)
                }
                wordStart = false
                syllable += 1
            }
        }
    }

    /// A Chinese key in the other script (``SearchOptions/chineseVariants``): 张伟 also as
    /// 張偉, 張偉 also as 张伟, character by character, as a text spelling with the key's
    /// own ranges (nothing when no character changes).
    func appendOtherScript(of text: String, key: Int, to lookup: inout SearchLookup) {
        guard Scripts(of: text).contains(.han) else { return }
        var changed = false
        var other = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if Self.isHan(scalar), let converted = spellings.otherScript(scalar) {
                other.append(converted)
                changed = true
            } else {
                other.append(scalar)
            }
        }
        guard changed else { return }
        // Same UTF-8 widths: the other text's ranges are the key's.
        appendOtherText(String(other), key: key, to: &lookup)
    }

    /// A phone field's digit spellings (``SearchField/Kind/phone``): a match may start at
    /// any digit, so digits from the start or the middle of the number find it.
    func appendPhone(_ number: String, key: Int, to lookup: inout SearchLookup) {
        guard !digitWeights.isEmpty else { return }
        let (spellings, international) = CallingCodes.spellings(of: number, in: callingCode)
        for spelling in spellings {
            for (index, item) in spelling.enumerated() {
                var marks = SearchLookup.Mark.matchStart
                if index == 0 { marks |= SearchLookup.Mark.spellingStart }
                lookup.append(digitWeights[Int(item.digit)], marks: marks, key: key, range: item.range)
            }
        }
        // The international form with its "+", found from the "+" only ("+82 10").
        if let international, let plusWeight, let first = spellings[international].first {
            lookup.append(plusWeight, marks: SearchLookup.Mark.matchStart | SearchLookup.Mark.spellingStart, key: key, range: first.range)
            for item in spellings[international] {
                lookup.append(digitWeights[Int(item.digit)], marks: 0, key: key, range: item.range)
            }
        }
    }
}
