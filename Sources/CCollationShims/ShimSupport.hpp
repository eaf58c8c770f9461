// Private helpers shared by the shim's .cpp files. Includes ICU; never exported.
#pragma once

#include <unicode/unistr.h>
#include <unicode/ustring.h>
#include <unicode/utypes.h>

#include <cstring>
#include <string>

namespace ccs {

/// Copies `s` into `out` (NUL-terminated when it fits) and returns its length.
inline int32_t copyOut(const std::string &s, char *out, int32_t capacity) {
    const int32_t length = static_cast<int32_t>(s.size());
    if (out != nullptr && capacity > length) {
        std::memcpy(out, s.data(), s.size());
        out[length] = '\0';
    }
    return length;
}

inline int32_t copyOut(const icu::UnicodeString &s, char *out, int32_t capacity) {
    std::string utf8;
    s.toUTF8String(utf8);
    return copyOut(utf8, out, capacity);
}

/// UTF-8 bytes (possibly ill-formed: replaced by U+FFFD) as a UnicodeString.
inline icu::UnicodeString fromUTF8(const char *text, int32_t length) {
    return icu::UnicodeString::fromUTF8(icu::StringPiece(text, length));
}

/// Converts UTF-8 to UTF-16 into a small stack buffer, spilling to the heap for long text.
class UTF16Buffer {
public:
    UTF16Buffer(const char *text, int32_t length) {
        UErrorCode status = U_ZERO_ERROR;
        int32_t needed = 0;
        u_strFromUTF8WithSub(stack_, kStackCapacity, &needed, text, length, 0xFFFD, nullptr,
                             &status);
        if (status == U_BUFFER_OVERFLOW_ERROR) {
            heap_.resize(static_cast<size_t>(needed) + 1);
            status = U_ZERO_ERROR;
            u_strFromUTF8WithSub(heap_.data(), needed + 1, &needed, text, length, 0xFFFD,
                                 nullptr, &status);
        }
        length_ = U_SUCCESS(status) ? needed : 0;
    }
    const UChar *data() const { return heap_.empty() ? stack_ : heap_.data(); }
    int32_t length() const { return length_; }

private:
    static constexpr int32_t kStackCapacity = 256;
    UChar stack_[kStackCapacity];
    std::u16string heap_;
    int32_t length_ = 0;
};

}  // namespace ccs
