// Display width and grapheme clusters, for printing tables in any script.
#include "CCollationShims.h"
#include "ShimSupport.hpp"

#include <unicode/localpointer.h>
#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/utext.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>


namespace {

/// One character break iterator per thread: opening one costs far more than using it.
UBreakIterator *characterBreaks() {
    thread_local icu::LocalUBreakIteratorPointer iterator;
    if (iterator.isNull()) {
        UErrorCode code = U_ZERO_ERROR;
        iterator.adoptInstead(ubrk_open(UBRK_CHARACTER, "", nullptr, 0, &code));
        if (U_FAILURE(code)) iterator.adoptInstead(nullptr);
    }
    return iterator.getAlias();
}

/// Zero-width code points: combining marks (also spacing ones, which the caller adds back
/// after a base), format characters, Hangul medial/final jamo, zero-width space.
bool isZeroWidth(UChar32 c) {
    if (c == 0x00AD) return false;  // soft hyphen shows as a hyphen in terminals
    if (c == 0x200B || (c >= 0x1160 && c <= 0x11FF) || (c >= 0xD7B0 && c <= 0xD7FF)) return true;
    switch (u_charType(c)) {
    case U_NON_SPACING_MARK:
    case U_ENCLOSING_MARK:
    case U_COMBINING_SPACING_MARK:
    case U_FORMAT_CHAR:
    case U_CONTROL_CHAR:
        return true;
    default:
        return false;
    }
}

/// Width of one code point on its own: 0, 1 or 2.
int32_t codePointWidth(UChar32 c, bool ambiguousWide) {
    if (isZeroWidth(c)) return 0;
    if (u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR)) return 2;
    int32_t eaw = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    if (eaw == U_EA_WIDE || eaw == U_EA_FULLWIDTH) return 2;
    if (eaw == U_EA_AMBIGUOUS && ambiguousWide) return 2;
    return 1;
}

bool isIndicConsonant(UChar32 c) {
    if (u_charType(c) != U_OTHER_LETTER) return false;
    UErrorCode code = U_ZERO_ERROR;
    switch (uscript_getScript(c, &code)) {
    case USCRIPT_DEVANAGARI: case USCRIPT_BENGALI: case USCRIPT_GURMUKHI: case USCRIPT_GUJARATI:
    case USCRIPT_ORIYA: case USCRIPT_TAMIL: case USCRIPT_TELUGU: case USCRIPT_KANNADA:
    case USCRIPT_MALAYALAM: case USCRIPT_SINHALA: case USCRIPT_KHMER: case USCRIPT_MYANMAR:
    case USCRIPT_TIBETAN: case USCRIPT_BALINESE: case USCRIPT_JAVANESE: case USCRIPT_LANNA:
        return true;
    default:
        return false;
    }
}

/// Display width of a string, by the rules of Python's wcwidth.wcswidth (0.7), which
/// terminals and this project's acceptance checks follow:
/// - East Asian Wide/Fullwidth and regional indicators are 2; marks, format characters
///   and Hangul medial/final jamo are 0; everything else 1 (ambiguous: option);
/// - a spacing combining mark (Mc) after a base adds 1 (once per base);
/// - a consonant after a virama forms a conjunct: it adds 1 only once the conjunct ends
///   (dropped if a spacing mark follows);
/// - an emoji ZWJ sequence counts its first emoji only; VS16 widens a narrow emoji
///   (keycaps, ☺️) to 2; skin-tone modifiers and the second regional indicator add 0.
int32_t stringWidth(const char *text, int32_t length, bool ambiguousWide) {
    int32_t total = 0;
    UChar32 lastMeasured = -1;  // the last base character, or -1 after a mark consumed it
    bool lastWasVirama = false;
    bool conjunctPending = false;
    int32_t regionalRun = 0;
    for (int32_t i = 0; i < length;) {
        UChar32 c;
        U8_NEXT(text, i, length, c);
        if (c < 0) c = 0xFFFD;
        bool regional = u_hasBinaryProperty(c, UCHAR_REGIONAL_INDICATOR);
        int32_t regionalBefore = regionalRun;
        regionalRun = regional ? regionalRun + 1 : 0;
        if (c == 0x200D) {  // ZWJ: joins the next character into the emoji before it
            if (!lastWasVirama && i < length) {
                UChar32 skipped;
                U8_NEXT(text, i, length, skipped);
                (void)skipped;
                regionalRun = 0;
            }
            continue;
        }
        if (c == 0xFE0F && lastMeasured >= 0) {  // VS16: emoji presentation
            if (u_hasBinaryProperty(lastMeasured, UCHAR_EMOJI) && codePointWidth(lastMeasured, ambiguousWide) == 1) {
                total += 1;
            }
            lastMeasured = -1;
            continue;
        }
        if (regional && regionalBefore % 2 == 1) {  // second half of a flag
            lastMeasured = c;
            continue;
        }
        if (c >= 0x1F3FB && c <= 0x1F3FF && lastMeasured >= 0 &&
            u_hasBinaryProperty(lastMeasured, UCHAR_EXTENDED_PICTOGRAPHIC)) {
            continue;  // skin tone on an emoji
        }
        if (lastWasVirama && isIndicConsonant(c)) {
            lastMeasured = c;
            lastWasVirama = false;
            conjunctPending = true;
            continue;
        }
        int32_t width = codePointWidth(c, ambiguousWide);
        if (width > 0) {
            if (conjunctPending) {
                total += 1;
                conjunctPending = false;
            }
            total += width;
            lastMeasured = c;
            lastWasVirama = false;
        } else if (lastMeasured >= 0 && u_charType(c) == U_COMBINING_SPACING_MARK) {
            total += 1;
            lastMeasured = -1;
            lastWasVirama = false;
            conjunctPending = false;
        } else {
            lastWasVirama = u_getCombiningClass(c) == 9;
        }
    }
    if (conjunctPending) total += 1;
    return total;
}

template <typename Visit>
bool forEachCluster(const char *text, int32_t length, Visit visit) {
    UBreakIterator *breaks = characterBreaks();
    if (breaks == nullptr) return false;
    UErrorCode code = U_ZERO_ERROR;
    icu::LocalUTextPointer utext(utext_openUTF8(nullptr, text, length, &code));
    ubrk_setUText(breaks, utext.getAlias(), &code);
    if (U_FAILURE(code)) return false;
    int32_t start = ubrk_first(breaks);
    for (int32_t end = ubrk_next(breaks); end != UBRK_DONE; start = end, end = ubrk_next(breaks)) {
        visit(start, end);
    }
    // Detach the iterator from the text before the text goes away.
    UErrorCode ignored = U_ZERO_ERROR;
    ubrk_setText(breaks, u"", 0, &ignored);
    return true;
}

}  // namespace

extern "C" int32_t ccs_display_width_utf8(const char *text, int32_t length, int32_t ambiguous) {
    return stringWidth(text, length, ambiguous == CCS_AMBIGUOUS_WIDE);
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

extern "C" int32_t ccs_script_code(uint32_t code_point) {
    UErrorCode code = U_ZERO_ERROR;
    UScriptCode script = uscript_getScript(static_cast<UChar32>(code_point), &code);
    return U_SUCCESS(code) ? static_cast<int32_t>(script) : 0;
}
