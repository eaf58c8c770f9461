internal import TextSupport

extension LocalizedIndexedCollation {
    /// The version of the storage-key layout (``storageKeys(for:by:reading:positionOffset:)``),
    /// part of every stamp.
    public static let storageKeyLayout = "k2"

    /// A stamp for ascending storage keys of whole records: see ``keyStamp(descending:keySelection:)``.
    public var keyStamp: String { keyStamp(descending: false, keySelection: "") }

    /// A stamp that is equal exactly when two runs' storage keys are comparable.
    ///
    /// It digests (SHA-256) everything the key bytes depend on: the key layout, the ICU and
    /// UCA versions, the collator's resolved tailoring rules, attributes, reorder codes and
    /// variable top, the section titles and style, the name mode and its surname table,
    /// the direction, and what the caller says selects each record's key. It names no
    /// locale: `ko` and `ko_KR` make identical keys and get the same stamp, while
    /// `--numeric`, `--strength`, `--ignore-punctuation`, `--case-first`, `--names`,
    /// `--style icu`, filing rules (`--filing locale`, `--ignore-articles`, `--skip-leading-symbols`)
    /// or another key field each change it, and so does reading Chinese words as words
    /// under zh pinyin (``Configuration/hanReadingUnit``, which digests the word table;
    /// `--han-readings characters` keeps the stamps of earlier releases). Readable parts
    /// come first:
    /// `k2-icu72.1-uca15.0-1f0c6e…` (24 hex digits of the digest).
    /// - Parameters:
    ///   - descending: Whether the keys sort in reverse order (`--reverse`).
    ///   - keySelection: Which part of a record is its key and reading, in any canonical
    ///     spelling the caller keeps stable (`collate` uses `field=2;reading=3;delimiter=09`);
    ///     empty for whole records.
    /// - Returns: The stamp.
    public func keyStamp(descending: Bool, keySelection: String) -> String {
        let digest = SHA256.hex(keyStampDescription(descending: descending, keySelection: keySelection))
        return "\(Self.storageKeyLayout)-icu\(ICUVersion.icu)-uca\(ICUVersion.uca)-\(digest.prefix(24))"
    }

    /// The canonical text a stamp digests (see ``keyStamp(descending:keySelection:)``).
    package func keyStampDescription(descending: Bool, keySelection: String) -> String {
        let collatorText = collator.handle.rulesDescription
        var names = "off"
        if personNames {
            switch LanguagePolicy(collator.locale).language {
            case .korean: names = "ko:" + SurnameReadings.koreanTable
            case .chinese where surnameReadings != nil: names = "zh:\(collator.handle.collationType):" + SurnameReadings.chineseTable
            default: names = "none"
            }
        }
        var parts = [
            "layout=\(Self.storageKeyLayout)", "icu=\(ICUVersion.icu)", "collator=\(collatorText)",
            "style=\(style.rawValue)", "titles=\(sectionTitles.joined(separator: "\u{1F}"))",
            "primaryFromSortKey=\(primaryFromSortKey)", "names=\(names)",
            // Guessed Japanese readings depend on the MeCab dictionary (name and version).
            "guesses=\(surnameReadings?.guesses?.provider.identifier ?? "none")",
            "order=\(descending ? "descending" : "ascending")", "keys=\(keySelection)",
        ]
        // Chinese words read as words (长沙 Cháng, not zhǎng) change zh pinyin order: the
        // table is part of the stamp. Added only then, so every other stamp is as before.
        if sortsByChineseWords { parts.append("words=" + ChineseWordReadings.table) }
        // Filing rules only when on: a collation without them keeps the stamp it always had.
        if let filer { parts.append("filing=" + filer.stampDescription) }
        return parts.joined(separator: "\u{1E}")
    }
}
