// Locale spelling and the list of locales with collation data.
#include "CCollationShims.h"
#include "ShimSupport.hpp"

#include <unicode/ucol.h>
#include <unicode/uloc.h>

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
