// Merging the collation tailorings of several languages (private to the shim).
#pragma once

#include <unicode/localpointer.h>
#include <unicode/ucol.h>
#include <unicode/unistr.h>
#include <unicode/uscript.h>

#include <cstring>
#include <vector>

struct ccs_collator;

namespace ccs {

/// The locales of a NUL-separated, double-NUL-terminated list.
inline std::vector<const char *> localeList(const char *list) {
    std::vector<const char *> locales;
    for (const char *item = list; item != nullptr && *item != '\0'; item += std::strlen(item) + 1) {
        locales.push_back(item);
    }
    return locales;
}

/// The scripts of a locale's language other than Han (ja: Hiragana, Katakana; ko: Hangul;
/// zh: none), which an additional language may order.
std::vector<UScriptCode> nonHanScripts(const char *locale);

/// The relations of a tailoring among letters of `scripts` only, without settings
/// ([reorder …], [caseFirst …], …) and with [import …] expanded (TailoringFilter.cpp):
/// an extra language contributes the order of its own letters, nothing else.
icu::UnicodeString ownScriptRules(const icu::UnicodeString &rules, const std::vector<UScriptCode> &scripts);

/// Whether a locale's collation orders Han ideographs itself (its tailored set holds Han:
/// zh pinyin, stroke and zhuyin, ja, ko Hanja readings); en, de, ru, es have no Han rule.
bool hasHanRule(const char *locale);

/// The language that orders Han in a multi-language index: none (NULL) when the primary
/// has a Han rule of its own, else the first extra language, other than the primary's,
/// that has one (en with zh_CN, ja: zh_CN's pinyin).
const char *hanLanguage(const char *primary, const std::vector<const char *> &extras);

/// Whether a string contains a Han character (ideographs, radicals, 劃 of stroke labels).
bool hasHan(const icu::UnicodeString &text);

/// The merged rules: each extra's own-script letters, then the primary's full tailoring.
icu::UnicodeString mergedRules(const char *primary, const std::vector<const char *> &extras, UErrorCode &code);

/// A collator from merged rules, with the primary's attributes and script order (the
/// primary's own collator when the extras contribute no rules).
/// `rules_out`, when given, receives the merged rule text when rules were compiled or
/// loaded from the cache (a collator opened from a cached binary cannot report its rules).
icu::LocalUCollatorPointer openMerged(const char *primary, const std::vector<const char *> &extras, UErrorCode &code,
                                      icu::UnicodeString *rules_out = nullptr);

/// The compiled collator of `rules` from the cache on disk (CompiledRulesCache.cpp), or
/// null when it is not there, is damaged or the cache is off.
icu::LocalUCollatorPointer loadCompiled(const icu::UnicodeString &rules);

/// Stores a collator compiled from `rules` in the cache on disk; failures are ignored.
void storeCompiled(const icu::UnicodeString &rules, const UCollator *collator);

/// A copy of a shim collator (Collator.cpp), for an index built over it.
icu::LocalUCollatorPointer cloneCollator(const ccs_collator *source, UErrorCode &code);

/// How many times the merged rules of `primary` and `extras` were compiled in this process.
int32_t mergedCompilations(const char *primary, const std::vector<const char *> &extras);

}  // namespace ccs
