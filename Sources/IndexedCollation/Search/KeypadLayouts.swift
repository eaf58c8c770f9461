import SystemSupport

/// The phone keypad letter groups search spells records with (`Search/Tables/keypad-layouts.tsv`,
/// its sources cited there): each letter's digits, the ITU E.161 Latin groups, the
/// Cyrillic, Greek and Hebrew national groups, the kana rows and Cheonjiin for Hangul.
///
/// `@unchecked Sendable`: the table is read once in `init`; the cache of folded letters
/// holds its own lock.
final class KeypadLayouts: @unchecked Sendable {
    /// Each letter's digits (lower case; hiragana for kana; compatibility jamo for Hangul).
    private let digits: [Unicode.Scalar: [UInt8]]
    private let lock = systemMutexCreate()
    /// Letters not in the table, folded (accents removed, lower case, Latin-ASCII): their
    /// digits, or empty for none.
    private var folded: [Unicode.Scalar: [UInt8]] = [:]
    /// Every precomposed Hangul syllable's Cheonjiin digits (``hangul(_:)`` joined), one
    /// after another: syllable `s`'s are `hangulDigits[hangulStarts[s]..<hangulStarts[s + 1]]`,
    /// none when its initial has no key. Read per syllable while indexing, without a
    /// dictionary lookup or an array made each time, and in memory of their own, not
    /// arrays: the threads that index read them at once, and an array's retain for each
    /// read contended for its reference count between them.
    let hangulDigits: UnsafeBufferPointer<UInt8>
    let hangulStarts: UnsafeBufferPointer<Int32>

    /// The shipped table.
    static let shared = KeypadLayouts(table: String(decoding: PackageResources.keypad_layouts_tsv, as: UTF8.self))

    /// Parses a table: `layout<TAB>keys<TAB>letters`, `#` lines are comments.
    init(table: String) {
        var digits: [Unicode.Scalar: [UInt8]] = [:]
        for line in table.split(separator: "\n") where !line.hasPrefix("#") {
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard columns.count == 3 else { continue }
            let keys = columns[1].utf8.compactMap { $0 >= 0x30 && $0 <= 0x39 ? $0 - 0x30 : nil }
            guard keys.count == columns[1].utf8.count, !keys.isEmpty else { continue }
            for letter in columns[2].unicodeScalars { digits[letter] = keys }
        }
        self.digits = digits
        let syllables = Int(HangulSyllable.last - HangulSyllable.first) + 1
        var (hangulDigits, hangulStarts) = ([UInt8](), [Int32]())
        hangulStarts.reserveCapacity(syllables + 1)
        hangulStarts.append(0)
        for value in HangulSyllable.first...HangulSyllable.last {
            if let scalar = Unicode.Scalar(value), let found = Self.hangul(scalar, digits: digits), !found.initial.isEmpty {
                hangulDigits += found.initial + found.vowel + found.final
            }
            hangulStarts.append(Int32(hangulDigits.count))
        }
        self.hangulDigits = UnsafeBufferPointer(Self.copy(hangulDigits))
        self.hangulStarts = UnsafeBufferPointer(Self.copy(hangulStarts))
    }

    deinit {
        systemMutexDestroy(lock)
        hangulDigits.deallocate()
        hangulStarts.deallocate()
    }

    private static func copy<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        let copy = UnsafeMutableBufferPointer<Element>.allocate(capacity: array.count)
        _ = copy.initialize(from: array)
        return copy
    }

    /// The number of letters the table places.
    var count: Int { digits.count }

    /// The digits that type `scalar` (a digit is itself), or empty when no layout has it.
    func digits(of scalar: Unicode.Scalar) -> [UInt8] {
        let value = scalar.value
        if value >= 0x30 && value <= 0x39 { return [UInt8(value - 0x30)] }
        if value >= 0xFF10 && value <= 0xFF19 { return [UInt8(value - 0xFF10)] }
        if let known = digits[scalar] { return known }
        // Katakana as hiragana.
        if value >= 0x30A1 && value <= 0x30F6, let hiragana = Unicode.Scalar(value - 0x60), let known = digits[hiragana] { return known }
        if value < 0x41 || !scalar.properties.isAlphabetic { return [] }
        systemMutexLock(lock)
        let cached = folded[scalar]
        systemMutexUnlock(lock)
        if let cached { return cached }
        var found: [UInt8] = []
        if let fold = try? Self.folding.get() {
            for letter in fold(String(Character(scalar))).unicodeScalars {
                guard let known = digits[letter] else { continue }
                found += known
            }
        }
        systemMutexLock(lock)
        folded[scalar] = found
        systemMutexUnlock(lock)
        return found
    }

    /// The Cheonjiin digits of a precomposed Hangul syllable: its initial's key, its
    /// vowel's strokes and its final's key (김 → 4, 1, 0), or nil for another scalar.
    func hangul(_ scalar: Unicode.Scalar) -> (initial: [UInt8], vowel: [UInt8], final: [UInt8])? {
        Self.hangul(scalar, digits: digits)
    }

    /// ``hangul(_:)`` with the table's letters' digits.
    private static func hangul(
        _ scalar: Unicode.Scalar, digits: [Unicode.Scalar: [UInt8]]
    ) -> (initial: [UInt8], vowel: [UInt8], final: [UInt8])? {
        guard HangulSyllable.isSyllable(scalar) else { return nil }
        let index = Int(scalar.value - HangulSyllable.first)
        let perInitial = Int(HangulSyllable.vowelCount * HangulSyllable.finalCount)
        let final = index % Int(HangulSyllable.finalCount)
        func jamo(_ value: UInt32) -> [UInt8] { Unicode.Scalar(value).flatMap { digits[$0] } ?? [] }
        return (
            jamo(initials[index / perInitial]), jamo(0x314F + UInt32((index % perInitial) / Int(HangulSyllable.finalCount))),
            final == 0 ? [] : jamo(finals[final])
        )
    }

    /// The 19 initial consonants as compatibility jamo, in syllable order.
    private static let initials: [UInt32] = [
        0x3131, 0x3132, 0x3134, 0x3137, 0x3138, 0x3139, 0x3141, 0x3142, 0x3143, 0x3145, 0x3146, 0x3147, 0x3148, 0x3149,
        0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
    ]
    /// The 27 final consonants (index 1…27) as compatibility jamo.
    private static let finals: [UInt32] = [
        0, 0x3131, 0x3132, 0x3133, 0x3134, 0x3135, 0x3136, 0x3137, 0x3139, 0x313A, 0x313B, 0x313C, 0x313D, 0x313E, 0x313F,
        0x3140, 0x3141, 0x3142, 0x3144, 0x3145, 0x3146, 0x3147, 0x3148, 0x314A, 0x314B, 0x314C, 0x314D, 0x314E,
    ]

    /// Letters as the table writes them: lower case, accents and marks removed, Latin
    /// letters as ASCII (ß → ss, ø → o).
    static let folding = Result { () throws(CollationError) in
        try Transliteration("Any-Lower; NFD; [:Nonspacing Mark:] Remove; NFC; Latin-ASCII")
    }
}
