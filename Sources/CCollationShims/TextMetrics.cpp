// Display width and grapheme clusters, for printing tables in any script.
#include "CCollationShims.h"
#include "ShimSupport.hpp"

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <unicode/utf8.h>

#include <memory>

namespace {

/// One character break iterator per thread: opening one costs far more than using it.
UBreakIterator *characterBreaks() {
    struct Closer {
        void operator()(UBreakIterator *it) const { ubrk_close(it); }
    };
    thread_local std::unique_ptr<UBreakIterator, Closer> iterator;
    if (!iterator) {
        UErrorCode code = U_ZERO_ERROR;
        iterator.reset(ubrk_open(UBRK_CHARACTER, "", nullptr, 0, &code));
        if (U_FAILURE(code)) iterator.reset();
    }
    return iterator.get();
}

bool isZeroWidth(UChar32 c) {
    if (c == 0x200B || c == 0x2060 || (c >= 0x1160 && c <= 0x11FF) || (c >= 0xD7B0 && c <= 0xD7FF)) {
        return true;
    }
    switch (u_charType(c)) {
    case U_NON_SPACING_MARK:
    case U_ENCLOSING_MARK:
    case U_FORMAT_CHAR:
    case U_CONTROL_CHAR:
        return true;
    default:
        return false;
    }
}

int32_t codePointWidth(UChar32 c, bool ambiguousWide) {
    if (isZeroWidth(c)) return 0;
    int32_t eaw = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    if (eaw == U_EA_WIDE || eaw == U_EA_FULLWIDTH) return 2;
    if (eaw == U_EA_AMBIGUOUS && ambiguousWide) return 2;
    return 1;
}

/// Width of one grapheme cluster, as terminals and Python's wcwidth (0.7) measure it:
/// an emoji sequence (ZWJ sequences, VS16 presentation, skin tones, flags) is 2 columns;
/// anything else is the sum of its code points (so a Devanagari spacing vowel sign adds
/// a column, while combining marks and Hangul medial/final jamo add none).
int32_t clusterWidth(const char *text, int32_t start, int32_t end, bool ambiguousWide) {
    bool pictographic = false;
    bool emojiSequence = false;
    int32_t regionalIndicators = 0;
    int32_t sum = 0;
    bool first = true;
    for (int32_t i = start; i < end;) {
        UChar32 c;
        U8_NEXT(text, i, end, c);
        if (c < 0) c = 0xFFFD;
        if (u_hasBinaryProperty(c, UCHAR_EXTENDED_PICTOGRAPHIC)) {
            pictographic = true;
            if (first && u_hasBinaryProperty(c, UCHAR_EMOJI_PRESENTATION)) emojiSequence = true;
        }
        if (u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR)) ++regionalIndicators;
        if (c == 0x200D || c == 0xFE0F || u_hasBinaryProperty(c, UCHAR_EMOJI_MODIFIER)) emojiSequence = true;
        sum += codePointWidth(c, ambiguousWide);
        first = false;
    }
    if ((pictographic && emojiSequence) || regionalIndicators == 2) return 2;
    return sum;
}

template <typename Visit>
bool forEachCluster(const char *text, int32_t length, Visit visit) {
    UBreakIterator *breaks = characterBreaks();
    if (breaks == nullptr) return false;
    UErrorCode code = U_ZERO_ERROR;
    UText *utext = utext_openUTF8(nullptr, text, length, &code);
    ubrk_setUText(breaks, utext, &code);
    if (U_FAILURE(code)) {
        utext_close(utext);
        return false;
    }
    int32_t start = ubrk_first(breaks);
    for (int32_t end = ubrk_next(breaks); end != UBRK_DONE; start = end, end = ubrk_next(breaks)) {
        visit(start, end);
    }
    // Detach the iterator from the text before the text goes away.
    UErrorCode ignored = U_ZERO_ERROR;
    ubrk_setText(breaks, u"", 0, &ignored);
    utext_close(utext);
    return true;
}

}  // namespace

extern "C" int32_t ccs_display_width_utf8(const char *text, int32_t length, int32_t ambiguous_wide) {
    int32_t width = 0;
    bool ok = forEachCluster(text, length, [&](int32_t start, int32_t end) {
        width += clusterWidth(text, start, end, ambiguous_wide != 0);
    });
    return ok ? width : length;
}

extern "C" int32_t ccs_grapheme_boundaries_utf8(const char *text, int32_t length, int32_t *offsets,
                                                int32_t capacity) {
    int32_t count = 0;
    if (capacity > 0) offsets[0] = 0;
    count = 1;
    forEachCluster(text, length, [&](int32_t, int32_t end) {
        if (count < capacity) offsets[count] = end;
        ++count;
    });
    return count;
}

extern "C" int32_t ccs_is_strong_rtl(uint32_t code_point) {
    switch (u_charDirection(static_cast<UChar32>(code_point))) {
    case U_RIGHT_TO_LEFT:
    case U_RIGHT_TO_LEFT_ARABIC:
    case U_RIGHT_TO_LEFT_EMBEDDING:
    case U_RIGHT_TO_LEFT_OVERRIDE:
    case U_RIGHT_TO_LEFT_ISOLATE:
        return 1;
    default:
        return 0;
    }
}

extern "C" int32_t ccs_is_printable(uint32_t code_point) {
    UChar32 c = static_cast<UChar32>(code_point);
    switch (u_charType(c)) {
    case U_CONTROL_CHAR:
    case U_SURROGATE:
    case U_PRIVATE_USE_CHAR:
    case U_UNASSIGNED:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
        return 0;
    case U_FORMAT_CHAR:
        // Joiners and variation-like format characters belong to the text they join;
        // bidi controls and invisible operators could reorder or hide output.
        return c == 0x200C || c == 0x200D || c == 0x00AD || (c >= 0x0600 && c <= 0x0605) ||
               c == 0x06DD || c == 0x070F || c == 0x110BD || (c >= 0xE0020 && c <= 0xE007F);
    default:
        return 1;
    }
}
