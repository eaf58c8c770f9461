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

/// How a search index stores a record's Cheonjiin spellings of Hangul
/// (``SearchMatcher/hangulKeypadStorage(keys:readings:fields:)``).
enum HangulKeypadStorage {
    /// The record has none: no Hangul syllable, or no keypad spellings.
    case none
    /// Every Hangul syllable's is made again exactly from its jamo spelling: the lookup is
    /// made without them, as the index stores it, and they are made again from it.
    case derived
    /// Some syllable's is not (it has no keys, or its jamo weights read back as another
    /// syllable): the lookup is made whole, and stored without them only if
    /// ``SearchMatcher/strip(_:into:)`` finds each made again exactly.
    case checked
}

extension SearchMatcher {
    /// For each Hangul syllable (U+AC00…), whether ``forEachDerivedKeypad(of:_:_:)`` makes
    /// its Cheonjiin spelling again exactly from its jamo spelling: it has keys, and its
    /// jamo weights read back as itself. Empty when the matcher makes no keypad spellings.
    static func derivableHangulKeypad(spellings: SyllableSpellings, options: SearchOptions, digitWeights: [UInt32]) -> [Bool] {
        guard options.keypad, !digitWeights.isEmpty else { return [] }
        let starts = KeypadLayouts.shared.hangulStarts
        return (HangulSyllable.first...HangulSyllable.last).map { value in
            let index = Int(value - HangulSyllable.first)
            guard starts[index] < starts[index + 1], let scalar = Unicode.Scalar(value), let jamo = spellings.hangul(scalar) else {
                return false
            }
            return spellings.syllable(initial: jamo.initial, vowel: jamo.vowel, final: jamo.final) == index
        }
    }

    /// How a search index stores the Cheonjiin spellings of a record's Hangul (every text
    /// ``appendLookup(keys:readings:fields:to:hangulKeypad:)`` spells as Hangul is among
    /// its keys, readings and text fields).
    func hangulKeypadStorage(keys: ArraySlice<String>, readings: ArraySlice<String?>, fields: [SearchField]) -> HangulKeypadStorage {
        guard !derivableHangulKeypad.isEmpty else { return .none }
        var storage = HangulKeypadStorage.none
        func read(_ text: String) -> Bool {
            for scalar in text.unicodeScalars where HangulSyllable.isSyllable(scalar) {
                guard derivableHangulKeypad[Int(scalar.value - HangulSyllable.first)] else {
                    storage = .checked
                    return false
                }
                storage = .derived
            }
            return true
        }
        for key in keys where !read(key) { return storage }
        for case let reading? in readings where !read(reading) { return storage }
        for field in fields where field.kind == .text && !read(field.text) { return storage }
        return storage
    }

    /// Whether a query may match a keypad spelling: some reading of it (of some word, in
    /// words mode) starts with a digit, as every keypad spelling does. Other queries find
    /// the same records in a lookup without its keypad spellings.
    func mayMatchKeypad(_ query: SearchQuery) -> Bool {
        guard !digitWeights.isEmpty else { return false }
        return query.parts.contains { readings in readings.contains { $0.first.map(digitWeights.contains) ?? false } }
    }

    /// A lookup without the Cheonjiin spellings of its Hangul spellings, or nil when it
    /// has none or they are not exactly what ``appendExpandingHangulKeypad(_:to:)`` makes
    /// again: a search index stores Korean names so (about 60 % of their weights), and
    /// makes the spellings again for a query that may match them. Its start signature is
    /// the whole lookup's.
    func strippingHangulKeypad(_ lookup: SearchLookup) -> SearchLookup? {
        var stripped = SearchLookup()
        return strip(lookup, into: &stripped) ? stripped : nil
    }

    /// ``strippingHangulKeypad(_:)`` into a lookup reused between calls (a search index
    /// strips a million in a row).
    ///
    /// Each spelling that reads back as Hangul syllables is kept and the spelling after it
    /// checked against the Cheonjiin spelling made again from it, item by item as it is
    /// made (``forEachDerivedKeypad(of:_:_:)``: nothing is appended), then left out.
    /// - Parameters:
    ///   - lookup: The lookup as made.
    ///   - stripped: Emptied, then the lookup without its Cheonjiin spellings when the
    ///     result is true.
    /// - Returns: Whether the lookup had Cheonjiin spellings and they were stripped.
    func strip(_ lookup: SearchLookup, into stripped: inout SearchLookup) -> Bool {
        stripped.removeAll()
        guard options.keypad, !digitWeights.isEmpty else { return false }
        return lookup.withSpan { span -> Bool in
            let (weights, info, count) = (span.weights, span.info, span.weights.count)
            stripped.reserve(count)
            var removed = false
            var start = 0
            while start < count {
                let end = span.spellingEnd(from: start)
                for index in start..<end { stripped.append(weights[index], info: info[index]) }
                // The next spelling, compared with the one made again as it is made.
                var (matches, position) = (true, end)
                let isHangul = forEachDerivedKeypad(of: span, start..<end) { weight, marks in
                    guard matches else { return }
                    if position < count && weights[position] == weight && info[position] == marks {
                        position += 1
                    } else {
                        matches = false
                    }
                }
                guard isHangul else {
                    start = end
                    continue
                }
                // The spelling after a Hangul spelling must be its keypad spelling, whole (a
                // Hangul spelling last would be made again with a keypad spelling it lacks).
                guard matches, position == span.spellingEnd(from: end) else { return false }
                removed = true
                start = position
            }
            guard removed else { return false }
            stripped.startSignature = lookup.startSignature
            return true
        }
    }

    /// Appends a stored lookup to `lookup` with the Cheonjiin spelling of each of its
    /// Hangul spellings after it (see ``strippingHangulKeypad(_:)``).
    func appendExpandingHangulKeypad(_ span: LookupSpan, to lookup: inout SearchLookup) {
        var start = 0
        while start < span.weights.count {
            let end = span.spellingEnd(from: start)
            for index in start..<end { lookup.append(span.weights[index], info: span.info[index]) }
            _ = appendDerivedKeypad(of: span, start..<end, to: &lookup)
            start = end
        }
    }

    /// Appends the Cheonjiin spelling ``appendHangulKeypad(of:givenName:key:to:)`` makes
    /// of the text of a Hangul spelling (``forEachDerivedKeypad(of:_:_:)``).
    /// - Returns: False, with nothing appended, when `range` is not a Hangul spelling
    ///   whose every syllable has keys.
    private func appendDerivedKeypad(of span: LookupSpan, _ range: Range<Int>, to lookup: inout SearchLookup) -> Bool {
        let (base, signature) = (lookup.count, lookup.startSignature)
        let derived = forEachDerivedKeypad(of: span, range) { weight, marks in lookup.append(weight, info: marks) }
        if !derived {
            lookup.weights.removeSubrange(base...)
            lookup.info.removeSubrange(base...)
            lookup.startSignature = signature
        }
        return derived
    }

    /// The Cheonjiin spelling ``appendHangulKeypad(of:givenName:key:to:)`` makes of the
    /// text of a Hangul spelling, read back from its jamo, item by item: each syllable's
    /// digits with the marks, key and range of its initial.
    /// - Parameter body: Called with each item's weight and info, in order.
    /// - Returns: False when `range` is not a Hangul spelling (syllables of an initial, a
    ///   vowel and maybe a final) whose every syllable has keys; `body` may have been
    ///   called for the syllables before the one that is not.
    @inline(__always)
    func forEachDerivedKeypad(of span: LookupSpan, _ range: Range<Int>, _ body: (UInt32, UInt64) -> Void) -> Bool {
        typealias Mark = SearchLookup.Mark
        let (weights, info) = (span.weights, span.info)
        guard info[range.lowerBound] & Mark.syllables != 0 else { return false }
        let layouts = KeypadLayouts.shared
        var index = range.lowerBound
        var first = true
        let (table, starts) = (layouts.hangulDigits, layouts.hangulStarts)
        return digitWeights.withUnsafeBufferPointer { digitWeights in
            while index < range.upperBound {
                let initialInfo = info[index]
                guard initialInfo & Mark.syllableStart != 0, index + 1 < range.upperBound,
                    info[index + 1] & Mark.syllableStart == 0
                else { return false }
                var end = index + 2
                if end < range.upperBound && info[end] & Mark.syllableStart == 0 { end += 1 }
                guard end == range.upperBound || info[end] & Mark.syllableStart != 0,
                    let syllable = spellings.syllable(
                        initial: weights[index], vowel: weights[index + 1], final: end == index + 3 ? weights[index + 2] : 0),
                    starts[syllable] < starts[syllable + 1]
                else { return false }
                var marks = Mark.syllables | Mark.syllableStart | (initialInfo & Mark.matchStart)
                if first { marks |= Mark.spellingStart }
                first = false
                let rest = initialInfo & ~0xFF
                for position in Int(starts[syllable])..<Int(starts[syllable + 1]) {
                    let digitMarks = position == Int(starts[syllable]) ? marks : Mark.syllables
                    body(digitWeights[Int(table[position])], rest | digitMarks)
                }
                index = end
            }
            return true
        }
    }
}
