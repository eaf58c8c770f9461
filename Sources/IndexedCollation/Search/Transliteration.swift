internal import CCollationShims
import SystemSupport

/// Owns one ICU transliterator ("Han-Latin", "Katakana-Hiragana; Hiragana-Latin") and
/// remembers what it made of each text.
///
/// `@unchecked Sendable`: the shim serializes calls on the transliterator, and the cache
/// holds its own lock.
final class Transliteration: @unchecked Sendable {
    private let pointer: OpaquePointer
    private let lock = systemMutexCreate()
    private var cache: [String: String] = [:]

    /// Opens the transliterator `id` (an ICU transliterator ID or compound ID).
    /// - Throws: ``CollationError/icuFailure(operation:status:)`` for an unknown ID.
    init(_ id: String) throws(CollationError) {
        var status: Int32 = 0
        let opened = ccs_transliterator_open(id, &status)
        try ICUStatus.check(status, "open the transliterator '\(id)'")
        guard let opened else { throw .icuFailure(operation: "open the transliterator '\(id)'", status: "NULL") }
        pointer = opened
    }

    deinit {
        ccs_transliterator_close(pointer)
        systemMutexDestroy(lock)
    }

    /// The transliteration of `text` (the text itself if ICU fails).
    func callAsFunction(_ text: String) -> String {
        systemMutexLock(lock)
        let cached = cache[text]
        systemMutexUnlock(lock)
        if let cached { return cached }
        var input = text
        let result = input.withUTF8 { bytes in
            readShimString { buffer, capacity in
                bytes.withMemoryRebound(to: CChar.self) {
                    ccs_transliterate_utf8(pointer, $0.baseAddress, Int32($0.count), buffer, capacity)
                }
            }
        }
        systemMutexLock(lock)
        if cache.count > 1 << 16 { cache.removeAll(keepingCapacity: true) }
        cache[text] = result
        systemMutexUnlock(lock)
        return result
    }

    /// Han characters as pinyin, tone marks kept ("张" → "zhāng").
    static let hanToPinyin = Result { () throws(CollationError) in try Transliteration("Han-Latin") }
    /// Kana in either script as Hepburn-style romaji ("ヤマダ" → "yamada").
    static let kanaToRomaji = Result { () throws(CollationError) in try Transliteration("Katakana-Hiragana; Hiragana-Latin") }
    /// Latin letters without diacritics, lower case ("Zhāng" → "zhang").
    static let plainLatin = Result { () throws(CollationError) in try Transliteration("Latin-ASCII; Lower") }
    /// Simplified Chinese characters as Traditional ("张" → "張"); ICU's `Hans-Hant`, in ICU
    /// since 3.x, so search needs no other library (OpenCC).
    static let simplifiedToTraditional = Result { () throws(CollationError) in try Transliteration("Hans-Hant") }
    /// Traditional Chinese characters as Simplified ("張" → "张"); ICU's `Hant-Hans`.
    static let traditionalToSimplified = Result { () throws(CollationError) in try Transliteration("Hant-Hans") }
    /// Toneless pinyin as zhuyin ("zhang" → "ㄓㄤ˙").
    static let pinyinToZhuyin = Result { () throws(CollationError) in try Transliteration("Latin-Bopomofo") }
}
