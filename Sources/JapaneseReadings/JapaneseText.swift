/// Script tests and the katakana → hiragana mapping that reading guesses need.
///
/// Katakana become hiragana by code-point offset (U+30A1…U+30F6 → U+3041…U+3096 and the
/// iteration marks ヽヾ → ゝゞ, 0x60 lower), not by ICU's `Katakana-Hiragana`
/// transliterator: the kana blocks are parallel, and the offset needs no ICU call per
/// token. The prolonged sound mark ー and half-width kana are left as they are.
enum JapaneseText {
    /// Whether a scalar is a Han ideograph or a kanji-like mark that needs a reading
    /// (々 repeats a kanji, 〆 is read しめ); kana, Latin and digits need none.
    static func needsReading(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3005, 0x3006, 0x3007: return true  // 々 〆 〇
        case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF: return true
        case 0x20000...0x3134F: return true
        default: return false
        }
    }

    /// Whether any scalar of UTF-8 `text` needs a reading.
    static func needsReading(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        // Every scalar in question is 3 or 4 bytes long: skip ASCII quickly.
        var index = 0
        while index < text.count {
            let lead = text[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let (scalar, length) = decode(text, at: index)
            if let scalar, needsReading(scalar) { return true }
            index += length
        }
        return false
    }

    /// Whether a scalar separates family and given name: a space or an ideographic space.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\u{3000}"
    }

    /// Appends UTF-8 `text` to `output` with katakana mapped to hiragana.
    static func appendHiragana(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var index = 0
        while index < text.count {
            let (scalar, length) = decode(text, at: index)
            if let scalar, let hiragana = hiragana(of: scalar) {
                append(hiragana, to: &output)
            } else {
                output.append(contentsOf: text[index..<index + length])
            }
            index += length
        }
    }

    /// The hiragana for a katakana scalar, or nil for any other scalar.
    static func hiragana(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x30A1...0x30F6, 0x30FD, 0x30FE: return Unicode.Scalar(scalar.value - 0x60)
        default: return nil
        }
    }

    /// Appends the UTF-8 of `scalar`.
    static func append(_ scalar: Unicode.Scalar, to output: inout [UInt8]) {
        if let encoded = UTF8.encode(scalar) { output.append(contentsOf: encoded) }
    }

    /// The scalar at byte `index` of UTF-8 `text` and its length in bytes; nil (length 1)
    /// for a byte that does not start a valid sequence.
    static func decode(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (Unicode.Scalar?, Int) {
        let lead = text[index]
        let length = lead < 0x80 ? 1 : lead < 0xC2 ? 0 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : lead < 0xF5 ? 4 : 0
        guard length > 0, index + length <= text.count else { return (nil, 1) }
        var value = length == 1 ? UInt32(lead) : UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let byte = text[index + offset]
            guard byte & 0xC0 == 0x80 else { return (nil, 1) }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (Unicode.Scalar(value), length)
    }
}
