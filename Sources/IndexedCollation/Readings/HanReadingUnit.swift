/// How a Chinese collation reads Han characters (``LocalizedIndexedCollation/Configuration/hanReadingUnit``).
public enum HanReadingUnit: String, Sendable, Hashable, CaseIterable, Codable {
    /// A word read otherwise than its characters files, sorts and is searched by the word's
    /// reading: 长沙银行 (Chángshā) under C, found by `changsha`; 银行 (yínháng) among the
    /// háng characters. The words come from a table generated from pypinyin's phrase
    /// dictionary (`Readings/Tables/zh-words.tsv`). The default.
    case words
    /// Every Han character by its own default reading, as ICU reads it (长沙银行 under Z,
    /// 长 alone being zhǎng): the order and search of collations before this setting.
    case characters
}
