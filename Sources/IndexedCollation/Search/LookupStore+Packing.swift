// How a ``LookupStore`` packs a weight's 64-bit marks (``SearchLookup``): in 32 bits, or in
// 16, two a word; one home for the layouts its writers and readers (``LookupInfo``,
// ``LookupWeights``) share.
extension LookupStore {
    /// A weight's marks (``SearchLookup``'s 64 bits: marks, key, UTF-8 start and end) in 32
    /// bits: marks (4 bits), key (8), start and end (10 each); nil when they do not fit.
    static func pack(_ marks: UInt64) -> UInt32? {
        let start = (marks >> 16) & 0xFF_FFFF
        let end = (marks >> 40) & 0xFF_FFFF
        guard marks & 0xF0 == 0, start < 1024, end < 1024 else { return nil }
        return UInt32(marks & 0xF) | UInt32((marks >> 8) & 0xFF) << 4 | UInt32(start) << 12 | UInt32(end) << 22
    }

    /// Packed marks (``pack(_:)``) in 16 bits: marks (4 bits), key (2: the first three
    /// keys, or 3 for none, ``SearchLookup/noKey``, a reading's or a spelling's), start and
    /// end (5 each); nil when they do not fit (a fourth key, a range past byte 31).
    @inline(__always)
    static func packNarrow(_ packed: UInt32) -> UInt16? {
        let (key, start, end) = ((packed >> 4) & 0xFF, (packed >> 12) & 0x3FF, packed >> 22)
        guard key < 3 || key == UInt32(SearchLookup.noKey), start < 32, end < 32 else { return nil }
        return UInt16(packed & 0xF | min(key, 3) << 4 | start << 6 | end << 11)
    }

    /// Two 16-bit values (marks, ``packNarrow(_:)``, or weight codes, ``WeightCodes``) in a
    /// word, the first in the low half (as ``half(_:in:)`` reads them).
    @inline(__always)
    static func halvesWord(_ first: UInt16, _ second: UInt16) -> UInt32 { UInt32(first) | UInt32(second) << 16 }

    /// Appends `count` 16-bit values to `words`, two a word (``halvesWord(_:_:)``; the last
    /// word's high half 0 when `count` is odd).
    @inline(__always)
    static func appendHalves(_ count: Int, to words: inout [UInt32], _ value: (Int) -> UInt16) {
        for pair in stride(from: 0, to: count, by: 2) {
            words.append(halvesWord(value(pair), pair + 1 < count ? value(pair + 1) : 0))
        }
    }

    /// The 16-bit value (marks or code) of weight `index` in `word`, the word that holds it
    /// (``halvesWord(_:_:)``: word `index / 2` of a lookup's marks or codes).
    @inline(__always)
    static func half(_ index: Int, in word: UInt32) -> UInt16 { UInt16(truncatingIfNeeded: word >> ((index & 1) << 4)) }

    /// The 64-bit marks of 16-bit ones (``packNarrow(_:)``).
    @inline(__always)
    static func unpackNarrow(_ narrow: UInt16) -> UInt64 {
        let narrow = UInt64(narrow)
        let key = narrow >> 4 & 0x3
        return narrow & 0xF | (key == 3 ? UInt64(SearchLookup.noKey) : key) << 8 | (narrow >> 6 & 0x1F) << 16 | (narrow >> 11) << 40
    }

    /// The 64-bit marks of packed ones (``pack(_:)``).
    @inline(__always)
    static func unpack(_ packed: UInt32) -> UInt64 {
        UInt64(packed & 0xF) | UInt64((packed >> 4) & 0xFF) << 8 | UInt64((packed >> 12) & 0x3FF) << 16
            | UInt64(packed >> 22) << 40
    }
}
