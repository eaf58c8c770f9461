// Locale spelling, which locales ICU knows, and what data each has.
#include "CCollationShims.h"
#include "ShimSupport.hpp"

#include <unicode/ucol.h>
#include <unicode/uloc.h>
#include <unicode/uenum.h>
#include <unicode/ures.h>

extern "C" int32_t ccs_locale_canonicalize(const char *spec, int32_t syntax, char *out,
                                           int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    char buffer[ULOC_FULLNAME_CAPACITY * 2];
    int32_t length;
    if (syntax == CCS_LOCALE_SYNTAX_BCP47) {
        int32_t parsed = 0;
        length = uloc_forLanguageTag(spec, buffer, sizeof buffer, &parsed, &code);
        if (U_SUCCESS(code) && parsed != static_cast<int32_t>(std::strlen(spec))) {
            code = U_ILLEGAL_ARGUMENT_ERROR;  // trailing text that is not a subtag
        }
    } else {
        length = uloc_canonicalize(spec, buffer, sizeof buffer, &code);
    }
    *status = code;
    if (U_FAILURE(code) || code == U_STRING_NOT_TERMINATED_WARNING) {
        if (U_SUCCESS(code)) *status = U_BUFFER_OVERFLOW_ERROR;
        return 0;
    }
    return ccs::copyOut(std::string(buffer, static_cast<size_t>(length)), out, capacity);
}

extern "C" int32_t ccs_locale_language(const char *locale_id, char *out, int32_t capacity,
                                       int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    char buffer[ULOC_LANG_CAPACITY + 1];
    int32_t length = uloc_getLanguage(locale_id, buffer, sizeof buffer, &code);
    *status = code;
    if (U_FAILURE(code)) return 0;
    return ccs::copyOut(std::string(buffer, static_cast<size_t>(length)), out, capacity);
}

extern "C" int32_t ccs_collation_available_count(void) { return ucol_countAvailable(); }

extern "C" const char *ccs_collation_available_at(int32_t index) {
    return ucol_getAvailable(index);
}

extern "C" int32_t ccs_locale_collation_type(const char *locale_id, char *out, int32_t capacity) {
    UErrorCode code = U_ZERO_ERROR;
    char type[ULOC_KEYWORDS_CAPACITY];
    int32_t length = uloc_getKeywordValue(locale_id, "collation", type, sizeof type, &code);
    if (U_FAILURE(code) || code == U_STRING_NOT_TERMINATED_WARNING || length <= 0) return 0;
    return ccs::copyOut(std::string(type, static_cast<size_t>(length)), out, capacity);
}

extern "C" int32_t ccs_collation_types(const char *locale_id, char *out, int32_t capacity) {
    UErrorCode code = U_ZERO_ERROR;
    // For a locale: the types of its own data and its parents' down to root (de: standard,
    // phonebook, search, emoji, eor), as ICU's fallback finds them.
    icu::LocalUEnumerationPointer values(locale_id == nullptr
        ? ucol_getKeywordValues("collation", &code)
        : ucol_getKeywordValuesForLocale("collation", locale_id, false, &code));
    std::string joined;
    if (U_SUCCESS(code)) {
        int32_t length = 0;
        while (const char *value = uenum_next(values.getAlias(), &length, &code)) {
            if (U_FAILURE(code)) break;
            if (!joined.empty()) joined += ' ';
            joined.append(value, static_cast<size_t>(length));
        }
    }
    return ccs::copyOut(joined, out, capacity);
}

// Locale data (not collation data) decides whether a locale is known: `eu`, `vai`, `agq`
// have index characters and use the root collation legitimately.
namespace {

/// The base name (no keywords) of a locale ID.
std::string baseName(const char *locale_id) {
    UErrorCode code = U_ZERO_ERROR;
    char buffer[ULOC_FULLNAME_CAPACITY];
    int32_t length = uloc_getBaseName(locale_id, buffer, sizeof buffer, &code);
    if (U_FAILURE(code) || code == U_STRING_NOT_TERMINATED_WARNING) return std::string();
    return std::string(buffer, static_cast<size_t>(length));
}

/// Whether a locale's valid locale (after fallback) is something other than root.
bool isNonRoot(const char *valid) {
    return valid != nullptr && *valid != '\0' && std::strcmp(valid, "root") != 0;
}

}  // namespace

extern "C" int32_t ccs_locale_has_data(const char *locale_id) {
    std::string base = baseName(locale_id);
    if (base.empty()) return 0;
    UErrorCode code = U_ZERO_ERROR;
    icu::LocalUResourceBundlePointer bundle(ures_open(nullptr, base.c_str(), &code));
    if (U_FAILURE(code)) return 0;
    bool known = code != U_USING_DEFAULT_WARNING && isNonRoot(ures_getLocaleByType(bundle.getAlias(), ULOC_VALID_LOCALE, &code));
    return known ? 1 : 0;
}

extern "C" int32_t ccs_locale_has_index_characters(const char *locale_id) {
    std::string base = baseName(locale_id);
    UErrorCode code = U_ZERO_ERROR;
    icu::LocalUResourceBundlePointer bundle(ures_open(nullptr, base.c_str(), &code));
    if (U_FAILURE(code)) return 0;
    icu::LocalUResourceBundlePointer index(ures_getByKey(bundle.getAlias(), "ExemplarCharactersIndex", nullptr, &code));
    bool found = U_SUCCESS(code) && isNonRoot(ures_getLocaleByType(index.getAlias(), ULOC_ACTUAL_LOCALE, &code));
    return found ? 1 : 0;
}

extern "C" int32_t ccs_locale_has_collation_data(const char *locale_id) {
    UErrorCode code = U_ZERO_ERROR;
    icu::LocalUCollatorPointer collator(ucol_open(locale_id, &code));
    if (U_FAILURE(code)) return 0;
    bool own = isNonRoot(ucol_getLocaleByType(collator.getAlias(), ULOC_VALID_LOCALE, &code));
    int32_t length = 0;
    ucol_getRules(collator.getAlias(), &length);
    return own ? (length > 0 ? 2 : 1) : 0;
}

extern "C" int32_t ccs_locale_available_count(void) { return uloc_countAvailable(); }

extern "C" const char *ccs_locale_available_at(int32_t index) { return uloc_getAvailable(index); }
