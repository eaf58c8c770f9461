// The keys of the lists a lookup is in: its match starts (a weight, or a pair of weights)
// and its longer paths under split lists, following the path rule of `forEachNext`.
extension StartPostings {
    /// The distinct keys (start weights and start pairs) of a lookup's match starts.
    static func startKeys(of lookup: SearchLookup) -> [UInt64] {
        var found: [UInt64] = []
        lookup.withSpan { appendStartKeys(of: $0, to: &found) }
        return found
    }

    /// Appends the distinct keys of a lookup's match starts to `found`, after what it
    /// holds already.
    static func appendStartKeys(of span: LookupSpan, to found: inout [UInt64]) {
        let (weights, info) = (span.weights, span.info)
        var distinct = DistinctKeys(base: found.count)
        for index in weights.indices where info[index] & SearchLookup.Mark.matchStart != 0 {
            let first = UInt64(weights[index]) << 32
            distinct.append(first, to: &found)
            forEachNext(in: span, after: index, syllables: info[index] & SearchLookup.Mark.syllables != 0) { next in
                distinct.append(first | UInt64(weights[next]), to: &found)
            }
        }
    }

    /// Appends the distinct keys (``children``) of a lookup's paths of `depth` weights
    /// (three or more) whose path one weight shorter has a split list, after what `found`
    /// holds already: the lists of that depth the lookup's records are in.
    func appendPathKeys(of span: LookupSpan, depth: Int, to found: inout [UInt64]) {
        let (weights, info) = (span.weights, span.info)
        var distinct = DistinctKeys(base: found.count)
        // Follows a path on from `index`, the end of a path of `length` weights with list
        // `list` (split).
        func walk(from index: Int, length: Int, list: Int32, syllables: Bool) {
            Self.forEachNext(in: span, after: index, syllables: syllables) { next in
                let key = UInt64(list) << 32 | UInt64(weights[next])
                if length + 1 == depth {
                    distinct.append(key, to: &found)
                } else if let child = children[key], split[Int(child)] {
                    walk(from: next, length: length + 1, list: child, syllables: syllables)
                }
            }
        }
        for index in weights.indices where info[index] & SearchLookup.Mark.matchStart != 0 {
            let syllables = info[index] & SearchLookup.Mark.syllables != 0
            let first = UInt64(weights[index]) << 32
            Self.forEachNext(in: span, after: index, syllables: syllables) { next in
                if let pair = numbers[first | UInt64(weights[next])], split[Int(pair)] {
                    walk(from: next, length: 2, list: pair, syllables: syllables)
                }
            }
        }
    }

    /// Calls `body` with the index of each weight a match may take after the one at
    /// `index`: in text, the next weight of the spelling; in syllables, the syllable's next
    /// weight and the next syllable's first (see ``LookupSpan``'s syllable match).
    /// - Parameter syllables: Whether the match is in a syllable spelling.
    @inline(__always)
    static func forEachNext(in span: LookupSpan, after index: Int, syllables: Bool, _ body: (Int) -> Void) {
        let (weights, info) = (span.weights, span.info)
        let next = index + 1
        if !syllables {
            if next < weights.count, info[next] & SearchLookup.Mark.spellingStart == 0 { body(next) }
            return
        }
        var end = next
        while end < weights.count && info[end] & (SearchLookup.Mark.syllableStart | SearchLookup.Mark.spellingStart) == 0 {
            end += 1
        }
        if next < end { body(next) }
        if end < weights.count, info[end] & SearchLookup.Mark.spellingStart == 0 { body(end) }
    }
}

/// Appends keys to an array after its first `base` elements, each once: a filter of 256
/// bits, one a key, is read first, so a key not met yet (most are: a lookup's 10–30 start
/// keys are mostly distinct) is appended without a search of the keys before it.
struct DistinctKeys {
    private let base: Int
    private var seen: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)

    init(base: Int) { self.base = base }

    /// Appends `key` to `found` unless it holds it after `base`.
    @inline(__always)
    mutating func append(_ key: UInt64, to found: inout [UInt64]) {
        let bit = (key &* 0x9E37_79B9_7F4A_7C15) >> 56
        let mask: UInt64 = 1 << (bit & 63)
        let isSet: Bool
        switch bit >> 6 {
        case 0: isSet = seen.0 & mask != 0; seen.0 |= mask
        case 1: isSet = seen.1 & mask != 0; seen.1 |= mask
        case 2: isSet = seen.2 & mask != 0; seen.2 |= mask
        default: isSet = seen.3 & mask != 0; seen.3 |= mask
        }
        if isSet && found[base...].contains(key) { return }
        found.append(key)
    }
}
