/// Variant kanji (異体字) common in family names, with the standard form a dictionary
/// knows: 髙橋 is read as 高橋, 𠮷田 as 吉田, 山﨑 as 山崎. Only the variants the loaded
/// dictionary cannot read itself are replaced, and only for reading: the record keeps
/// its spelling.
struct KanjiVariants: Sendable {
    /// Variant → standard form, for the variants a name's reading needs.
    static let nameVariants: [(variant: Unicode.Scalar, standard: Unicode.Scalar)] = [
        ("\u{9AD9}", "\u{9AD8}"),  // 髙 → 高
        ("\u{FA11}", "\u{5D0E}"),  // 﨑 → 崎
        ("\u{5D5C}", "\u{5D0E}"),  // 嵜 → 崎
        ("\u{FA10}", "\u{585A}"),  // 塚 (compatibility) → 塚
        ("\u{20BB7}", "\u{5409}"),  // 𠮷 → 吉
        ("\u{5FB7}", "\u{5FB3}"),  // 德 → 徳
        ("\u{6852}", "\u{6851}"),  // 桒 → 桑
        ("\u{7028}", "\u{702C}"),  // 瀨 → 瀬
        ("\u{6FF5}", "\u{6D5C}"),  // 濵 → 浜
        ("\u{6FF1}", "\u{6D5C}"),  // 濱 → 浜
        ("\u{908A}", "\u{8FBA}"),  // 邊 → 辺
        ("\u{9089}", "\u{8FBA}"),  // 邉 → 辺
        ("\u{9F4B}", "\u{658E}"),  // 齋 → 斎
        ("\u{9F4A}", "\u{6589}"),  // 齊 → 斉
        ("\u{6FA4}", "\u{6CA2}"),  // 澤 → 沢
        ("\u{5EE3}", "\u{5E83}"),  // 廣 → 広
        ("\u{6AFB}", "\u{685C}"),  // 櫻 → 桜
        ("\u{570B}", "\u{56FD}"),  // 國 → 国
        ("\u{771E}", "\u{771F}"),  // 眞 → 真
        ("\u{60E0}", "\u{6075}"),  // 惠 → 恵
        ("\u{5D8B}", "\u{5CF6}"),  // 嶋 → 島
        ("\u{51A8}", "\u{5BCC}"),  // 冨 → 富
        ("\u{69C7}", "\u{69D9}"),  // 槇 → 槙
    ]

    private let standards: [Unicode.Scalar: Unicode.Scalar]

    /// The variants `dictionary` cannot read (unknown to it, or no reading).
    init(dictionary: MeCabDictionary) {
        var standards = [Unicode.Scalar: Unicode.Scalar]()
        for (variant, standard) in Self.nameVariants {
            let text = Array(String(variant).utf8)
            let token = dictionary.tokens(of: text).first
            if token == nil || token?.reading == nil || token?.surface != 0..<text.count { standards[variant] = standard }
        }
        self.standards = standards
    }

    /// The number of variants replaced.
    var count: Int { standards.count }

    /// UTF-8 `text` with each variant replaced, or the text itself when it has none.
    func standardized(_ text: [UInt8]) -> [UInt8] {
        guard !standards.isEmpty else { return text }
        var output = [UInt8]()
        var changed = false
        text.withUnsafeBufferPointer { bytes in
            var index = 0
            while index < bytes.count {
                let (scalar, length) = JapaneseText.decode(bytes, at: index)
                if let scalar, scalar.value >= 0x4E00, let standard = standards[scalar] {
                    if !changed { output.append(contentsOf: bytes[..<index]) }
                    changed = true
                    JapaneseText.append(standard, to: &output)
                } else if changed {
                    output.append(contentsOf: bytes[index..<index + length])
                }
                index += length
            }
        }
        return changed ? output : text
    }
}
