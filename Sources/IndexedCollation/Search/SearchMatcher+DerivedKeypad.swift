// Korean names are stored without their Cheonjiin keypad spellings (about 60 % of their
// weights): those spellings are read back from the jamo spellings kept, made again for a
// query that needs a whole lookup, and matched on the jamo directly when a digit query
// checks candidates.
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
        guard span.info[range.lowerBound] & Mark.syllables != 0 else { return false }
        let layouts = KeypadLayouts.shared
        var index = range.lowerBound
        var first = true
        let (table, starts) = (layouts.hangulDigits, layouts.hangulStarts)
        return digitWeights.withUnsafeBufferPointer { digitWeights in
            while index < range.upperBound {
                guard let (syllable, end) = keyedSyllable(in: span, at: index, before: range.upperBound) else { return false }
                let initialInfo = span.info[index]
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

    /// The Hangul syllable whose jamo weights start at `index` of a syllable spelling, if
    /// it has keys (``KeypadLayouts/hangulDigits``), and where the next syllable starts.
    /// - Parameter upperBound: The end of the spelling.
    /// - Returns: Nil when the weights from `index` are not a syllable's initial, vowel and
    ///   maybe final, or they are no syllable with keys.
    @inline(__always)
    private func keyedSyllable(in span: LookupSpan, at index: Int, before upperBound: Int) -> (syllable: Int, end: Int)? {
        typealias Mark = SearchLookup.Mark
        let (weights, info) = (span.weights, span.info)
        guard info[index] & Mark.syllableStart != 0, index + 1 < upperBound, info[index + 1] & Mark.syllableStart == 0 else {
            return nil
        }
        var end = index + 2
        if end < upperBound && info[end] & Mark.syllableStart == 0 { end += 1 }
        let starts = KeypadLayouts.shared.hangulStarts
        guard end == upperBound || info[end] & Mark.syllableStart != 0,
            let syllable = spellings.syllable(initial: weights[index], vowel: weights[index + 1], final: end == index + 3 ? weights[index + 2] : 0),
            starts[syllable] < starts[syllable + 1]
        else { return nil }
        return (syllable, end)
    }

    /// Whether a query's reading matches a stored lookup as
    /// ``appendExpandingHangulKeypad(_:to:)`` makes it again, without making it: the
    /// stored spellings as they are, and each Hangul spelling's Cheonjiin spelling read
    /// from its jamo as far as a match needs (the digits of the syllables it passes; the
    /// rest of the spelling only to confirm a match found, since a spelling with a syllable
    /// that has no keys gets no Cheonjiin spelling). What a search checks a digit query's
    /// candidates with: the same answer as matching the lookup made again, for a fraction
    /// of its cost.
    func matchesExpandingHangulKeypad(_ query: [UInt32], in span: LookupSpan) -> Bool {
        if span.matches(query) { return true }
        guard let first = query.first, digitWeights.contains(first) else { return false }
        typealias Mark = SearchLookup.Mark
        let (info, count) = (span.info, span.weights.count)
        let layouts = KeypadLayouts.shared
        let (table, starts) = (layouts.hangulDigits, layouts.hangulStarts)
        return digitWeights.withUnsafeBufferPointer { digitWeights -> Bool in
            // Whether query[consumed...] is spelled from `syllable` (its jamo end at `end`)
            // on, each syllable a non-empty prefix of its digits, as `LookupSpan` matches
            // syllables. A next syllable without keys ends it: that spelling has no
            // Cheonjiin spelling, so nothing matches in it.
            func matchFrom(syllable: Int, end: Int, spellingEnd: Int, matched consumed: Int) -> Bool {
                var matched = consumed
                var position = Int(starts[syllable])
                let last = Int(starts[syllable + 1])
                var next: (syllable: Int, end: Int)?? = .none
                while position < last && matched < query.count && digitWeights[Int(table[position])] == query[matched] {
                    matched += 1
                    position += 1
                    if matched == query.count { return true }
                    guard end < spellingEnd else { continue }
                    if next == nil { next = .some(keyedSyllable(in: span, at: end, before: spellingEnd)) }
                    guard case let found?? = next else { return false }
                    if digitWeights[Int(table[Int(starts[found.syllable])])] == query[matched],
                        matchFrom(syllable: found.syllable, end: found.end, spellingEnd: spellingEnd, matched: matched)
                    {
                        return true
                    }
                }
                return false
            }
            var start = 0
            while start < count {
                let spellingEnd = span.spellingEnd(from: start)
                defer { start = spellingEnd }
                guard info[start] & Mark.syllables != 0 else { continue }
                var index = start
                while index < spellingEnd {
                    // The next syllable's start, from the marks alone.
                    var end = index + 1
                    while end < spellingEnd && info[end] & Mark.syllableStart == 0 { end += 1 }
                    defer { index = end }
                    guard info[index] & Mark.matchStart != 0 else { continue }
                    guard let (syllable, syllableEnd) = keyedSyllable(in: span, at: index, before: spellingEnd) else { break }
                    guard digitWeights[Int(table[Int(starts[syllable])])] == first,
                        matchFrom(syllable: syllable, end: syllableEnd, spellingEnd: spellingEnd, matched: 0)
                    else { continue }
                    // A match: the spelling has a Cheonjiin spelling only if every syllable has keys.
                    if forEachDerivedKeypad(of: span, start..<spellingEnd, { _, _ in }) { return true }
                    break
                }
            }
            return false
        }
    }
}
