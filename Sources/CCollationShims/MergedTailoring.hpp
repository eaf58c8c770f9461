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

/// The merged rules: each extra's own-script letters, then the primary's full tailoring;
/// empty when there are no extras or they contribute no rules of their own.
icu::UnicodeString mergedRules(const char *primary, const std::vector<const char *> &extras, UErrorCode &code);

/// Merged rules compiled earlier (the caller's cache): the rule text and ICU's binary of
/// the collator compiled from it (ucol_cloneBinary).
struct Compiled {
    const UChar *rules;
    int32_t rulesLength;
    const uint8_t *binary;
    int32_t binaryLength;
};

/// A collator from merged rules, with the primary's attributes and script order (the
/// primary's own collator when the extras contribute no rules). With `compiled`, its rules
/// stand for the merged rules and its binary, when ICU accepts it, for compiling them.
/// `rules_out`, when given, receives the merged rule text when rules were compiled or
/// opened from a binary (a collator opened from a binary cannot report its rules).
icu::LocalUCollatorPointer openMerged(const char *primary, const std::vector<const char *> &extras, UErrorCode &code,
                                      icu::UnicodeString *rules_out = nullptr, const Compiled *compiled = nullptr);

/// Compiles rules with the default strength (ucol_openRules; CompiledRules.cpp).
icu::LocalUCollatorPointer compileRules(const icu::UnicodeString &rules, UErrorCode &code);

/// A collator over a binary of compiled rules (ucol_openBinary over the root collation),
/// or null when ICU refuses it. ICU reads the binary in place for the collator's life, so
/// the shim keeps a copy for the life of the process.
icu::LocalUCollatorPointer openBinary(const uint8_t *binary, int32_t length);

/// A copy of a shim collator (Collator.cpp), for an index built over it.
icu::LocalUCollatorPointer cloneCollator(const ccs_collator *source, UErrorCode &code);

/// How many times the merged rules of `primary` and `extras` were compiled in this process.
int32_t mergedCompilations(const char *primary, const std::vector<const char *> &extras);

}  // namespace ccs
