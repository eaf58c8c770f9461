/// Hangul syllables and jamo, by Unicode's arithmetic (The Unicode Standard, §3.12).
enum HangulSyllable {
    static let first: UInt32 = 0xAC00
    static let last: UInt32 = 0xD7A3
    static let vowelCount: UInt32 = 21
    static let finalCount: UInt32 = 28

    /// Whether a scalar is a precomposed Hangul syllable.
    static func isSyllable(_ scalar: Unicode.Scalar) -> Bool { (first...last).contains(scalar.value) }

    /// Final consonants (T index 1…27) that are also initials, as compatibility jamo;
    /// compound finals (ㄳ, ㄺ…) have none.
    private static let finalAsInitial: [UInt32?] = [
        nil, 0x3131, 0x3132, nil, 0x3134, nil, nil, 0x3137, 0x3139, nil, nil, nil, nil, nil, nil, nil,
        0x3141, 0x3142, nil, 0x3145, 0x3146, 0x3147, 0x3148, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
    ]

    /// A syllable with a final consonant as the syllable without it and the consonant as a
    /// compatibility jamo (김 → 기, ㅁ), or nil.
    static func splittingFinal(_ scalar: Unicode.Scalar) -> [Unicode.Scalar]? {
        guard isSyllable(scalar) else { return nil }
        let index = scalar.value - first
        let final = index % finalCount
        guard final != 0, let consonant = finalAsInitial[Int(final)],
            let open = Unicode.Scalar(scalar.value - final), let initial = Unicode.Scalar(consonant)
        else { return nil }
        return [open, initial]
    }

    /// Korean family names of two syllables (as Android's NameLookupBuilder lists them), each
    /// as its two scalars in one number: in a name of three or more syllables, the given
    /// name starts after them.
    static let twoSyllableSurnames: Set<UInt64> = Set(
        ["강전", "남궁", "독고", "동방", "망절", "사공", "서문", "선우", "소봉", "어금", "장곡", "제갈", "황목", "황보"].map { name in
            name.unicodeScalars.reduce(UInt64(0)) { $0 << 32 | UInt64($1.value) }
        })
}
