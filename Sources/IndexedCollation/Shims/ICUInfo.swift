internal import CCollationShims

/// What ICU knows about locales (uloc, ucol availability), for ``CollationLocale``.
enum ICULocaleData {
    /// The language subtag of an ICU ID, e.g. "ko"; empty for the root locale.
    static func language(of identifier: String) -> String {
        readShimString { buffer, capacity in
            var status: Int32 = 0
            return ccs_locale_language(identifier, buffer, capacity, &status)
        }
    }

    /// The canonical ICU ID of a BCP-47 tag (`isTag`) or an ICU ID, with ICU's status.
    static func canonicalize(_ text: String, isTag: Bool, status: inout Int32) -> String {
        readShimString { buffer, capacity in
            ccs_locale_canonicalize(text, Int32(isTag ? CCS_LOCALE_SYNTAX_BCP47 : CCS_LOCALE_SYNTAX_ICU), buffer, capacity, &status)
        }
    }

    /// Whether ICU has locale data for the ID (its resource bundle is not root).
    static func hasData(_ identifier: String) -> Bool { ccs_locale_has_data(identifier) != 0 }

    /// 0 without collation data, 1 with its language's data but no rules, 2 with rules.
    static func collationData(_ identifier: String) -> Int32 { ccs_locale_has_collation_data(identifier) }

    /// Whether ICU lists index letters for the locale (or a parent).
    static func hasIndexCharacters(_ identifier: String) -> Bool { ccs_locale_has_index_characters(identifier) != 0 }

    /// The `collation` keyword's value of an ICU ID (`zh@collation=stroke` → "stroke"),
    /// "" when it has none.
    static func collationType(of identifier: String) -> String {
        readShimString { buffer, capacity in ccs_locale_collation_type(identifier, buffer, capacity) }
    }

    /// Every collation type ICU knows for some locale (`standard`, `search`, `phonebook`,
    /// `pinyin`, `stroke`, …).
    static let collationTypes: Set<String> = Set(collationTypes(of: nil))

    /// The collation types ICU has for a locale, its parents' included, in ICU's order with
    /// the locale's default first (`de`: standard, phonebook, search, emoji, eor); for nil,
    /// every type ICU knows.
    static func collationTypes(of identifier: String?) -> [String] {
        readShimString { buffer, capacity in ccs_collation_types(identifier, buffer, capacity) }.split(separator: " ").map(String.init)
    }

    /// The locales with collation data (ucol_getAvailable).
    static var collationLocales: [String] {
        (0..<ccs_collation_available_count()).map { String(cString: ccs_collation_available_at($0)) }
    }

    /// The locales with locale data (uloc_getAvailable).
    static var localesWithData: [String] {
        (0..<ccs_locale_available_count()).map { String(cString: ccs_locale_available_at($0)) }
    }
}

/// Character and set properties from ICU (uscript, UnicodeSet), for index labels and
/// index titles.
enum ICUProperties {
    /// ICU's script code of a code point (0 Common, 1 Inherited, 17 Han, …).
    static func script(of scalar: Unicode.Scalar) -> Int32 { ccs_script_code(scalar.value) }

    /// How many code points and strings a UnicodeSet pattern holds, or -1 with ICU's
    /// failure in `status` (e.g. `U_MALFORMED_SET`).
    static func unicodeSetSize(_ pattern: String, status: inout Int32) -> Int32 {
        var utf8 = pattern
        return utf8.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { ccs_unicode_set_size($0.baseAddress, Int32($0.count), &status) }
        }
    }
}

/// Versions of the ICU library and data this toolkit runs on.
///
/// Sort keys and index labels can change between ICU releases; record these next to any
/// stored keys or golden files.
public enum ICUVersion {
    /// The ICU library version, e.g. "72.1".
    public static var icu: String {
        String(cString: ccs_icu_version())
    }
    /// The Unicode version of ICU's character data, e.g. "15.0".
    public static var unicode: String {
        String(cString: ccs_unicode_version())
    }
    /// The version of the Unicode Collation Algorithm data of ICU's root collation, e.g. "15.0".
    public static let uca: String = rootCollationVersion()

    private static func rootCollationVersion() -> String {
        readShimString { ccs_uca_version($0, $1) }
    }
}
