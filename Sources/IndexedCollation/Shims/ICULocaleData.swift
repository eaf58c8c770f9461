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

    /// The locales with collation data (ucol_getAvailable).
    static var collationLocales: [String] {
        (0..<ccs_collation_available_count()).map { String(cString: ccs_collation_available_at($0)) }
    }

    /// The locales with locale data (uloc_getAvailable).
    static var localesWithData: [String] {
        (0..<ccs_locale_available_count()).map { String(cString: ccs_locale_available_at($0)) }
    }
}
