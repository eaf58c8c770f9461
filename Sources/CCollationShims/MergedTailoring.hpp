// Merging the collation tailorings of several languages (private to the shim).
#pragma once

#include <unicode/localpointer.h>
#include <unicode/ucol.h>
#include <unicode/unistr.h>

#include <cstring>
#include <vector>

namespace ccs {

/// The locales of a NUL-separated, double-NUL-terminated list.
inline std::vector<const char *> localeList(const char *list) {
    std::vector<const char *> locales;
    for (const char *item = list; item != nullptr && *item != '\0'; item += std::strlen(item) + 1) {
        locales.push_back(item);
    }
    return locales;
}

/// A tailoring without its global settings ([reorder …], [caseFirst …], …): an extra
/// language contributes its letters, not its script order or case handling.
icu::UnicodeString withoutSettings(const icu::UnicodeString &rules);

/// The merged rules: each extra's letters, then the primary's full tailoring.
icu::UnicodeString mergedRules(const char *primary, const std::vector<const char *> &extras, UErrorCode &code);

/// A collator from merged rules, with the primary's attributes and script order (the
/// primary's own collator when there are no extras).
icu::LocalUCollatorPointer openMerged(const char *primary, const std::vector<const char *> &extras, UErrorCode &code);

}  // namespace ccs
