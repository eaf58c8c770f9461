// Charsets: ICU's converters (ucnv) to UTF-8 and its charset detector (ucsdet).
#include "CCollationShims.h"
#include "ShimSupport.hpp"

#include <unicode/localpointer.h>
#include <unicode/ucnv.h>
#include <unicode/ucnv_cb.h>
#include <unicode/ucnv_err.h>
#include <unicode/ucsdet.h>

#include <string>

extern "C" int32_t ccs_charset_canonical_name(const char *name, char *out, int32_t capacity,
                                              int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    icu::LocalUConverterPointer converter(ucnv_open(name, &error));
    if (U_FAILURE(error)) {
        *status = error;
        return 0;
    }
    const char *canonical = ucnv_getName(converter.getAlias(), &error);
    *status = error;
    return U_SUCCESS(error) ? ccs::copyOut(std::string(canonical), out, capacity) : 0;
}

namespace {

/// Writes U+FFFD for every illegal, unassigned or truncated sequence (ICU's own
/// substitution writes the charset's substitution character, e.g. U+001A for some).
void writeReplacement(const void *, UConverterToUnicodeArgs *args, const char *, int32_t,
                      UConverterCallbackReason reason, UErrorCode *error) {
    if (reason > UCNV_IRREGULAR) return;  // reset, close, clone: nothing to write
    const UChar replacement = 0xFFFD;
    *error = U_ZERO_ERROR;
    ucnv_cbToUWriteUChars(args, &replacement, 1, 0, error);
}

}  // namespace

namespace {

/// The converters this thread used last, kept open: a vCard file converts one short value
/// at a time, and opening two converters per value would cost more than converting it.
/// Converters are stateful, so each thread has its own; each is reset before use.
struct ConverterCache {
    std::string name;
    icu::LocalUConverterPointer source;
    icu::LocalUConverterPointer target;
};

thread_local ConverterCache cache;

}  // namespace

extern "C" int32_t ccs_charset_to_utf8(const char *name, const uint8_t *bytes, int32_t length,
                                       int32_t mode, uint8_t *out, int32_t capacity,
                                       int32_t *error_offset, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    *error_offset = -1;
    if (cache.target.isNull()) cache.target.adoptInstead(ucnv_open("UTF-8", &error));
    if (cache.source.isNull() || cache.name != name) {
        cache.source.adoptInstead(ucnv_open(name, &error));
        cache.name = U_SUCCESS(error) ? name : "";
    }
    if (U_FAILURE(error) || cache.source.isNull() || cache.target.isNull()) {
        *status = U_FAILURE(error) ? error : U_MEMORY_ALLOCATION_ERROR;
        cache.source.adoptInstead(nullptr);
        cache.name.clear();
        return 0;
    }
    UConverter *source = cache.source.getAlias();
    UConverter *target = cache.target.getAlias();
    ucnv_reset(source);
    ucnv_reset(target);
    if (mode == CCS_CHARSET_STOP) {
        ucnv_setToUCallBack(source, UCNV_TO_U_CALLBACK_STOP, nullptr, nullptr, nullptr, &error);
    } else {
        ucnv_setToUCallBack(source, writeReplacement, nullptr, nullptr, nullptr, &error);
    }
    char *targetStart = reinterpret_cast<char *>(out);
    char *targetCursor = targetStart;
    const char *sourceStart = reinterpret_cast<const char *>(bytes);
    const char *sourceCursor = sourceStart;
    ucnv_convertEx(target, source, &targetCursor, targetStart + capacity,
                   &sourceCursor, sourceStart + length, nullptr, nullptr, nullptr, nullptr, true,
                   true, &error);
    if (U_FAILURE(error) && error != U_BUFFER_OVERFLOW_ERROR) {
        char invalid[32];
        int8_t invalidLength = sizeof invalid;
        UErrorCode ignored = U_ZERO_ERROR;
        ucnv_getInvalidChars(source, invalid, &invalidLength, &ignored);
        *error_offset = static_cast<int32_t>(sourceCursor - sourceStart) -
                        (U_SUCCESS(ignored) ? invalidLength : 0);
        if (*error_offset < 0) *error_offset = 0;
    }
    *status = error;
    return static_cast<int32_t>(targetCursor - targetStart);
}

extern "C" int32_t ccs_charset_detect(const uint8_t *bytes, int32_t length, char *out,
                                      int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    icu::LocalUCharsetDetectorPointer detector(ucsdet_open(&error));
    ucsdet_setText(detector.getAlias(), reinterpret_cast<const char *>(bytes), length, &error);
    int32_t count = 0;
    const UCharsetMatch **matches = ucsdet_detectAll(detector.getAlias(), &count, &error);
    std::string text;
    for (int32_t index = 0; U_SUCCESS(error) && index < count; index++) {
        const char *matchName = ucsdet_getName(matches[index], &error);
        const char *language = ucsdet_getLanguage(matches[index], &error);
        int32_t confidence = ucsdet_getConfidence(matches[index], &error);
        if (U_FAILURE(error)) break;
        text += matchName != nullptr ? matchName : "";
        text += '\t';
        text += language != nullptr ? language : "";
        text += '\t';
        text += std::to_string(confidence);
        text += '\n';
    }
    *status = error;
    return ccs::copyOut(text, out, capacity);
}
