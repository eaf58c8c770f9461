// Collators for multi-language indexes: `ko_KR` with `es` keeps Ñ as its own letter,
// while Han and everything outside the extra languages' own scripts keep the primary's order.
#include "MergedTailoring.hpp"

#include "CCollationShims.h"

#include <unicode/uloc.h>

#include <map>
#include <mutex>
#include <string>

namespace ccs {
namespace {

/// How many times each (primary, extras) merge was built (compiled, or loaded from the
/// cache on disk) in this process: the test that options variants and indexes reuse it.
std::mutex compilationsLock;
std::map<std::string, int32_t> compilations;

std::string mergeKey(const char *primary, const std::vector<const char *> &extras) {
    std::string key(primary);
    for (const char *extra : extras) key.append(1, '\0').append(extra);
    return key;
}

}  // namespace

int32_t mergedCompilations(const char *primary, const std::vector<const char *> &extras) {
    std::lock_guard<std::mutex> guard(compilationsLock);
    auto found = compilations.find(mergeKey(primary, extras));
    return found == compilations.end() ? 0 : found->second;
}

static icu::UnicodeString rulesOf(const char *locale, UErrorCode &code) {
    icu::LocalUCollatorPointer collator(ucol_open(locale, &code));
    if (U_FAILURE(code)) return {};
    int32_t length = 0;
    const UChar *rules = ucol_getRules(collator.getAlias(), &length);
    return icu::UnicodeString(rules, length);
}

/// The extras' own-script rules (nothing the primary's language covers itself), with Han
/// from the first extra that orders it when the primary does not (see hanLanguage).
static icu::UnicodeString extraRules(const char *primary, const std::vector<const char *> &extras, UErrorCode &code) {
    icu::UnicodeString rules;
    const char *han = hanLanguage(primary, extras);
    char primaryLanguage[ULOC_LANG_CAPACITY] = {0};
    uloc_getLanguage(primary, primaryLanguage, sizeof primaryLanguage, &code);
    for (const char *extra : extras) {
        char language[ULOC_LANG_CAPACITY] = {0};
        uloc_getLanguage(extra, language, sizeof language, &code);
        if (std::strcmp(language, primaryLanguage) == 0) continue;  // the primary already covers it
        std::vector<UScriptCode> scripts = nonHanScripts(extra);
        if (extra == han) scripts.push_back(USCRIPT_HAN);
        rules.append(ownScriptRules(rulesOf(extra, code), scripts));
    }
    return rules;
}

icu::UnicodeString mergedRules(const char *primary, const std::vector<const char *> &extras, UErrorCode &code) {
    if (extras.empty()) return {};
    icu::UnicodeString rules = extraRules(primary, extras, code);
    // Extras that order nothing of their own (ru, el: root order; ko under ja: only Hanja
    // readings) leave the primary's collator as it is: no rules to compile (hundreds of ms).
    if (U_FAILURE(code) || rules.isEmpty()) return {};
    rules.append(rulesOf(primary, code));
    return U_SUCCESS(code) ? rules : icu::UnicodeString();
}

icu::LocalUCollatorPointer openMerged(const char *primary, const std::vector<const char *> &extras, UErrorCode &code,
                                      icu::UnicodeString *rules_out, const Compiled *compiled) {
    icu::UnicodeString rules = compiled != nullptr && compiled->rulesLength > 0
                                   ? icu::UnicodeString(compiled->rules, compiled->rulesLength)
                                   : mergedRules(primary, extras, code);
    if (U_FAILURE(code)) return icu::LocalUCollatorPointer();
    if (rules.isEmpty()) return icu::LocalUCollatorPointer(ucol_open(primary, &code));
    {
        std::lock_guard<std::mutex> guard(compilationsLock);
        ++compilations[mergeKey(primary, extras)];
    }
    // A binary that ICU refuses (damaged, another ICU's) is compiled from the rules instead.
    icu::LocalUCollatorPointer merged =
        compiled != nullptr ? openBinary(compiled->binary, compiled->binaryLength) : icu::LocalUCollatorPointer();
    if (merged.isNull()) merged = compileRules(rules, code);
    if (U_SUCCESS(code) && rules_out != nullptr) *rules_out = rules;
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
