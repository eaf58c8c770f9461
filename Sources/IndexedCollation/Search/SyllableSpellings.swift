import SystemSupport

/// The weights of the syllables search spells: Han characters as pinyin and zhuyin,
/// Hangul syllables as jamo. Shared by every lookup a matcher makes, filled as characters
/// are met (a few thousand Han characters, 67 jamo).
///
/// `@unchecked Sendable`: the tables are guarded by one lock.
final class SyllableSpellings: @unchecked Sendable {
    private let reader: PrimaryReader
    private let lock = systemMutexCreate()
    private var han: [Unicode.Scalar: (pinyin: [UInt32], zhuyin: [UInt32])] = [:]
    private var syllables: [String: [UInt32]] = [:]
    /// Each Han character's pinyin on a phone keypad, as digits.
    private var hanDigits: [Unicode.Scalar: [UInt8]] = [:]
    /// Each Han character's other script (Simplified ↔ Traditional), or itself.
    private var otherScript: [Unicode.Scalar: Unicode.Scalar] = [:]
    /// The primary weight of each conjoining jamo U+1100…U+11FF (0 for ignorable ones):
    /// one weight each, in every collation.
    let jamo: [UInt32]
    /// The place of each modern initial, vowel and final jamo weight in a syllable (0–18,
    /// 0–20, 1–27), by role and weight (`role << 32 | weight`, roles 0, 1, 2): a Hangul
    /// spelling read back into syllables (``syllable(initial:vowel:final:)``).
    private let jamoPlaces: StartKeyTable

    init(reader: PrimaryReader) {
        self.reader = reader
        let jamo = (0x1100...0x11FF).map { value in
            Unicode.Scalar(value).flatMap { reader.read(String(Character($0))).weights.first } ?? 0
        }
        self.jamo = jamo
        var places = StartKeyTable()
        // The first jamo of a weight keeps it: a syllable whose jamo share weights with
        // another's reads back as that one, so a matcher derives keypad spellings only for
        // syllables that read back as themselves (SearchMatcher.derivableHangulKeypad) and
        // checks the others' (SearchMatcher.strippingHangulKeypad).
        for (role, base, range) in [(0, 0x00, 0..<19), (1, 0x61, 0..<21), (2, 0xA7, 1..<28)] {
            for place in range where jamo[base + place] != 0 {
                let key = UInt64(role) << 32 | UInt64(jamo[base + place])
                if places[key] == nil { places.insert(key, Int32(place)) }
            }
        }
        jamoPlaces = places
    }

    /// The precomposed syllable whose jamo have these weights (final 0 for none), or nil.
    @inline(__always)
    func syllable(initial: UInt32, vowel: UInt32, final: UInt32) -> Int? {
        guard let lead = jamoPlaces[UInt64(initial)], let medial = jamoPlaces[1 << 32 | UInt64(vowel)] else { return nil }
        var trail: Int32 = 0
        if final != 0 {
            guard let place = jamoPlaces[2 << 32 | UInt64(final)] else { return nil }
            trail = place
        }
        return (Int(lead) * Int(HangulSyllable.vowelCount) + Int(medial)) * Int(HangulSyllable.finalCount) + Int(trail)
    }

    deinit { systemMutexDestroy(lock) }

    /// The jamo weights of a precomposed Hangul syllable (김 → ᄀ ᅵ ᆷ; 0 for no final), or nil.
    @inline(__always)
    func hangul(_ scalar: Unicode.Scalar) -> (initial: UInt32, vowel: UInt32, final: UInt32)? {
        guard HangulSyllable.isSyllable(scalar) else { return nil }
        let index = Int(scalar.value - HangulSyllable.first)
        let perInitial = Int(HangulSyllable.vowelCount * HangulSyllable.finalCount)
        let final = index % Int(HangulSyllable.finalCount)
        return (
            jamo[index / perInitial], jamo[0x61 + (index % perInitial) / Int(HangulSyllable.finalCount)],
            final == 0 ? 0 : jamo[0xA7 + final]
        )
    }

    /// The weights of a Han character read as toneless pinyin and as zhuyin.
    func han(_ scalar: Unicode.Scalar) -> (pinyin: [UInt32], zhuyin: [UInt32]) {
        systemMutexLock(lock)
        let known = han[scalar]
        systemMutexUnlock(lock)
        if let known { return known }
        let pinyin = (try? Transliteration.hanToPinyin.get()).map { $0(String(Character(scalar))) } ?? ""
        let weights = (self.syllable(pinyin), self.syllable(pinyin, zhuyin: true))
        systemMutexLock(lock)
        han[scalar] = weights
        systemMutexUnlock(lock)
        return weights
    }

    /// The keypad digits of a Han character's toneless pinyin (张 → 9, 4, 2, 6, 4).
    func hanDigits(_ scalar: Unicode.Scalar) -> [UInt8] {
        systemMutexLock(lock)
        let known = hanDigits[scalar]
        systemMutexUnlock(lock)
        if let known { return known }
        let pinyin = (try? Transliteration.hanToPinyin.get()).map { $0(String(Character(scalar))) } ?? ""
        let digits = pinyinDigits(pinyin)
        systemMutexLock(lock)
        hanDigits[scalar] = digits
        systemMutexUnlock(lock)
        return digits
    }

    /// The keypad digits of a pinyin syllable (tones and ü folded), or empty when it is
    /// not plain pinyin.
    func pinyinDigits(_ pinyin: String) -> [UInt8] {
        let text = (try? Transliteration.plainLatin.get()).map { $0(pinyin) } ?? pinyin
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else { return [] }
        return text.unicodeScalars.flatMap { KeypadLayouts.shared.digits(of: $0) }
    }

    /// A Han character in the other Chinese script (张 → 張, 張 → 张), or nil when ICU's
    /// `Hans-Hant` and `Hant-Hans` give it no other single character.
    func otherScript(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        systemMutexLock(lock)
        let known = otherScript[scalar]
        systemMutexUnlock(lock)
        if let known { return known == scalar ? nil : known }
        let text = String(Character(scalar))
        var found = scalar
        for transliteration in [Transliteration.simplifiedToTraditional, Transliteration.traditionalToSimplified] {
            guard let convert = try? transliteration.get() else { continue }
            let other = convert(text).unicodeScalars
            if other.count == 1, let first = other.first, first != scalar, UTF8.width(first) == UTF8.width(scalar) {
                found = first
                break
            }
        }
        systemMutexLock(lock)
        otherScript[scalar] = found
        systemMutexUnlock(lock)
        return found == scalar ? nil : found
    }

    /// The weights of a pinyin syllable ("Shěn", "zhāng"), or of its zhuyin.
    func syllable(_ pinyin: String, zhuyin: Bool = false) -> [UInt32] {
        let key = zhuyin ? "z:" + pinyin : pinyin
        systemMutexLock(lock)
        let known = syllables[key]
        systemMutexUnlock(lock)
        if let known { return known }
        var text = (try? Transliteration.plainLatin.get()).map { $0(pinyin) } ?? pinyin
        // Only a plain pinyin syllable is a syllable: a character ICU leaves as it is has none.
        guard !text.isEmpty, text.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else { return [] }
        if zhuyin {
            text = (try? Transliteration.pinyinToZhuyin.get()).map { $0(text) } ?? ""
            text.unicodeScalars.removeAll { "ˊˇˋ˙".unicodeScalars.contains($0) }
        }
        let weights = text.isEmpty ? [] : reader.read(text).weights
        systemMutexLock(lock)
        syllables[key] = weights
        systemMutexUnlock(lock)
        return weights
    }
}
