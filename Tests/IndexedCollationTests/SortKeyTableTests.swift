import Testing
@testable import IndexedCollation

/// The table-driven sort-key writer (CCollationShims/SortKeyTable.cpp) against its oracle,
/// ICU's `ucol_getSortKey`: every string the table accepts must get ICU's bytes exactly,
/// and every other string must still get ICU's key through the fallback.
@Suite("Table-driven sort keys")
struct SortKeyTableTests {
    /// A locale and the options the library exposes, as the engine opens them.
    struct Case: CustomTestStringConvertible, Sendable {
        var locale: String
        var options = CollatorOptions()
        var testDescription: String { options == CollatorOptions() ? locale : "\(locale) \(options)" }
    }

    static let cases: [Case] = [
        Case(locale: "ko_KR"), Case(locale: "ja_JP"), Case(locale: "zh_CN"), Case(locale: "zh_Hant_TW"),
        Case(locale: "en_US"), Case(locale: "ru_RU"), Case(locale: "el_GR"), Case(locale: "sv_SE"),
        Case(locale: "de_DE"), Case(locale: "fr_CA"), Case(locale: "ar"), Case(locale: "th_TH"),
        Case(locale: "da_DK"), Case(locale: "cs_CZ"), Case(locale: "es_ES"), Case(locale: "vi_VN"),
        Case(locale: "ko_KR", options: CollatorOptions(strength: .primary)),
        Case(locale: "en_US", options: CollatorOptions(strength: .secondary)),
        Case(locale: "en_US", options: CollatorOptions(caseFirst: .upper)),
        Case(locale: "sv_SE", options: CollatorOptions(caseFirst: .lower)),
        Case(locale: "ja_JP", options: CollatorOptions(normalization: true)),
        Case(locale: "en_US", options: CollatorOptions(alternate: .shifted)),
        Case(locale: "en_US", options: CollatorOptions(numeric: true)),
        Case(locale: "en_US", options: CollatorOptions(caseLevel: true)),
        Case(locale: "ru_RU", options: CollatorOptions(strength: .quaternary)),
        Case(locale: "ko_KR", options: CollatorOptions(strength: .identical)),
    ]

    /// Every BMP code point alone, then each accepted one with its neighbours (pairs both
    /// ways and a triple: same lead bytes, common secondaries and tertiaries), then random
    /// strings mixing accepted and refused characters; also long runs of one character
    /// (the common-weight chunks). Returns how many strings the table accepted.
    @Test(arguments: cases)
    func tableKeysAreICUKeys(_ testCase: Case) throws {
        let collator = try Collator(locale: CollationLocale(testCase.locale), options: testCase.options).handle
        var accepted = [UnicodeScalar]()
        var mismatches = [String]()
        func check(_ text: String) {
            var utf8 = text
            let same = utf8.withUTF8 { bytes in
                let icu = collator.icuSortKey(of: bytes)
                var used = [UInt8]()
                collator.appendSortKey(of: bytes, to: &used)
                return used == icu && (collator.tableSortKey(of: bytes) ?? icu) == icu
            }
            if !same { mismatches.append(text) }
        }
        for value in UInt32(0)...0xFFFF {
            guard let scalar = UnicodeScalar(value) else { continue }
            var text = String(Character(scalar))
            let isAccepted = text.withUTF8 { collator.tableSortKey(of: $0) != nil }
            if isAccepted { accepted.append(scalar) }
            check(text)
        }
        if collator.hasSortKeyTable {
            #expect(accepted.count > 50_000, "the table should accept most of the BMP")
        } else {
            #expect(accepted.isEmpty)
        }
        for (index, scalar) in accepted.enumerated() where index + 2 < accepted.count {
            let next = accepted[index + 1]
            let other = accepted[(index * 7919) % accepted.count]
            check("\(scalar)\(next)")
            check("\(next)\(scalar)")
            check("\(scalar)\(next)\(accepted[index + 2])")
            check("\(other)\(scalar)")
        }
        var random = SplitMix(seed: 38)
        let pool = accepted.isEmpty ? Array("가나다abcАБВ".unicodeScalars) : accepted
        let extras: [UnicodeScalar] = ["\u{301}", "\u{3099}", "ー", "ゝ", "\u{1F600}", "\u{FFFD}", " ", "-", "1", "9"]
        for _ in 0..<20_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<random.next(below: 12) {
                switch random.next(below: 5) {
                case 0: text.append(extras[random.next(below: extras.count)])
                case 1: text.append(UnicodeScalar(0xAC00 + UInt32(random.next(below: 11_172))) ?? "가")
                case 2: text.append(UnicodeScalar(0x61 + UInt32(random.next(below: 26))) ?? "a")
                default: text.append(pool[random.next(below: pool.count)])
                }
            }
            check(String(text))
        }
        // ASCII words (the writer adds a letter inside a word as its bytes after the lead
        // and two common weights): names, mixed case, digits, punctuation.
        for _ in 0..<5_000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<(1 + random.next(below: 24)) {
                switch random.next(below: 8) {
                case 0: text.append(UnicodeScalar(0x20 + UInt32(random.next(below: 95))) ?? " ")
                case 1: text.append(UnicodeScalar(0x41 + UInt32(random.next(below: 26))) ?? "A")
                case 2: text.append(" ")
                default: text.append(UnicodeScalar(0x61 + UInt32(random.next(below: 26))) ?? "a")
                }
            }
            check(String(text))
        }
        for scalar in ["a", "A", "가", "あ", "一", "я"] as [UnicodeScalar] {
            for count in [1, 2, 33, 34, 97, 98, 99, 150, 400] {
                check(String(repeating: String(Character(scalar)), count: count))
            }
        }
        check("")
        #expect(mismatches.isEmpty, "keys differ from ICU's for \(mismatches.prefix(5).map { Array($0.unicodeScalars) })")
    }

    /// Hangul syllables after syllables (the writer adds a syllable whose jamo share the
    /// lead byte of the key so far as one run of bytes): every syllable after a few
    /// others and before one, and random names of two to six syllables, at the strengths
    /// and case settings the table models.
    @Test(arguments: [
        Case(locale: "ko_KR"), Case(locale: "ko_KR", options: CollatorOptions(strength: .primary)),
        Case(locale: "ko_KR", options: CollatorOptions(strength: .secondary)),
        Case(locale: "ko_KR", options: CollatorOptions(caseFirst: .upper)), Case(locale: "en_US"),
    ])
    func hangulRunsAreICUKeys(_ testCase: Case) throws {
        let collator = try Collator(locale: CollationLocale(testCase.locale), options: testCase.options).handle
        var mismatches = [String]()
        var tableWrote = 0
        func check(_ scalars: [UInt32]) {
            var text = String(String.UnicodeScalarView(scalars.compactMap(UnicodeScalar.init)))
            text.withUTF8 { bytes in
                var used = [UInt8]()
                collator.appendSortKey(of: bytes, to: &used)
                if collator.tableSortKey(of: bytes) != nil { tableWrote += 1 }
                if used != collator.icuSortKey(of: bytes) { mismatches.append(String(decoding: bytes, as: UTF8.self)) }
            }
        }
        for syllable in UInt32(0xAC00)...0xD7A3 {
            check([0xAC00, syllable, 0xD7A3])
            check([0xB9C8 + syllable % 7, 0x11A8, syllable, 0x61])  // a final jamo, then Latin
        }
        var random = SplitMix(seed: 0xAC00)
        for _ in 0..<50_000 {
            check((0..<(2 + random.next(below: 5))).map { _ in 0xAC00 + UInt32(random.next(below: 11_172)) })
        }
        #expect(mismatches.isEmpty, "keys differ from ICU's for \(mismatches.prefix(5))")
        #expect(!collator.hasSortKeyTable || tableWrote > 50_000)
    }

    /// What the table must refuse (so ICU writes the key): combining marks, a prefix
    /// mapping (Japanese ー after kana), a contraction start (Czech ch), ill-formed UTF-8,
    /// supplementary characters; and collators whose attributes it does not model.
    @Test func refusesContextAndUnmodelledAttributes() throws {
        func accepted(_ locale: String, _ options: CollatorOptions = CollatorOptions(), bytes: [UInt8]) throws -> Bool {
            let collator = try Collator(locale: CollationLocale(locale), options: options).handle
            return bytes.withUnsafeBufferPointer { collator.tableSortKey(of: $0) != nil }
        }
        #expect(try accepted("ja_JP", bytes: Array("カタカナ".utf8)))
        #expect(try !accepted("ja_JP", bytes: Array("カー".utf8)))
        #expect(try !accepted("en_US", bytes: Array("e\u{301}".utf8)))
        #expect(try accepted("en_US", bytes: Array("é".utf8)))
        #expect(try !accepted("cs_CZ", bytes: Array("chata".utf8)))
        #expect(try accepted("cs_CZ", bytes: Array("hata".utf8)))
        #expect(try !accepted("en_US", bytes: [0x61, 0xFF, 0x62]))
        #expect(try !accepted("en_US", bytes: [0xC0, 0x80]))
        #expect(try !accepted("en_US", bytes: Array("a😀".utf8)))
        #expect(try !accepted("fr_CA", bytes: Array("cote".utf8)))
        #expect(try !accepted("th_TH", bytes: Array("abc".utf8)))
        #expect(try !accepted("en_US", CollatorOptions(numeric: true), bytes: Array("abc".utf8)))
        #expect(try accepted("en_US", CollatorOptions(caseFirst: .upper), bytes: Array("Abc".utf8)))
    }
}

/// A small deterministic generator (SplitMix64) for reproducible random strings.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func next(below bound: Int) -> Int { Int(next() % UInt64(bound)) }
}
