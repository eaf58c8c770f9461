// Collators for multi-language indexes: `ko_KR` with `es` keeps Ñ as its own letter,
// while Han and everything outside the extra languages' own scripts keep the primary's order.
#include "MergedTailoring.hpp"

#include "CCollationShims.h"

#include <unicode/uloc.h>

namespace ccs {

static icu::UnicodeString rulesOf(const char *locale, UErrorCode &code) {
    icu::LocalUCollatorPointer collator(ucol_open(locale, &code));
    if (U_FAILURE(code)) return {};
    int32_t length = 0;
    const UChar *rules = ucol_getRules(collator.getAlias(), &length);
    return icu::UnicodeString(rules, length);
}

icu::UnicodeString mergedRules(const char *primary, const std::vector<const char *> &extras, UErrorCode &code) {
    icu::UnicodeString rules;
    char primaryLanguage[ULOC_LANG_CAPACITY] = {0};
    uloc_getLanguage(primary, primaryLanguage, sizeof primaryLanguage, &code);
    for (const char *extra : extras) {
        char language[ULOC_LANG_CAPACITY] = {0};
        uloc_getLanguage(extra, language, sizeof language, &code);
        if (std::strcmp(language, primaryLanguage) == 0) continue;  // the primary already covers it
        rules.append(ownScriptRules(rulesOf(extra, code), nonHanScripts(extra)));
    }
    rules.append(rulesOf(primary, code));
    return rules;
}

icu::LocalUCollatorPointer openMerged(const char *primary, const std::vector<const char *> &extras, UErrorCode &code) {
    if (extras.empty()) return icu::LocalUCollatorPointer(ucol_open(primary, &code));
    icu::UnicodeString rules = mergedRules(primary, extras, code);
    if (U_FAILURE(code)) return icu::LocalUCollatorPointer();
    UParseError parseError;
    icu::LocalUCollatorPointer merged(
        ucol_openRules(rules.getBuffer(), rules.length(), UCOL_DEFAULT, UCOL_DEFAULT_STRENGTH, &parseError, &code));
    if (U_FAILURE(code)) {
        // Filtered rules that ICU refuses contribute nothing: the primary's order stands.
        code = U_ZERO_ERROR;
        return icu::LocalUCollatorPointer(ucol_open(primary, &code));
    }
    // The primary locale's settings, including those its ID carries (ja-u-kr-kana-latn,
    // en-u-kn-true, da's upper case first): its attributes and its script order.
    UErrorCode local = U_ZERO_ERROR;
    icu::LocalUCollatorPointer reference(ucol_open(primary, &local));
    if (U_SUCCESS(local)) {
        const UColAttribute attributes[] = {UCOL_FRENCH_COLLATION, UCOL_ALTERNATE_HANDLING, UCOL_CASE_FIRST, UCOL_CASE_LEVEL,
                                            UCOL_NORMALIZATION_MODE, UCOL_STRENGTH, UCOL_NUMERIC_COLLATION};
        for (UColAttribute attribute : attributes) {
            UColAttributeValue value = ucol_getAttribute(reference.getAlias(), attribute, &local);
            ucol_setAttribute(merged.getAlias(), attribute, value, &local);
        }
        int32_t codes[64];
        int32_t count = ucol_getReorderCodes(reference.getAlias(), codes, 64, &local);
        if (U_SUCCESS(local)) ucol_setReorderCodes(merged.getAlias(), count > 0 ? codes : nullptr, count, &local);
        ucol_setMaxVariable(merged.getAlias(), ucol_getMaxVariable(reference.getAlias()), &local);
    }
    return merged;
}

}  // namespace ccs
