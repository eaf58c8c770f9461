// Search: primary collation weights of a text, and ICU transliterators (Han-Latin,
// Katakana-Latin, Latin-Bopomofo…) for the lookup spellings of a record.
#include "CCollationShims.h"
#include "MergedTailoring.hpp"
#include "ShimSupport.hpp"

#include <unicode/localpointer.h>
#include <unicode/ucol.h>
#include <unicode/ucoleitr.h>
#include <unicode/uscript.h>
#include <unicode/utf16.h>
#include <unicode/utrans.h>

#include <memory>
#include <mutex>
#include <vector>

struct ccs_primary_reader {
    icu::LocalUCollatorPointer collator;
    /// Primaries at or below this are variable (spaces, punctuation): ignored, as with
    /// alternate=shifted at primary strength.
    uint32_t variableTop;
};

extern "C" ccs_primary_reader *ccs_primary_reader_open(const ccs_collator *source, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    icu::LocalUCollatorPointer collator = ccs::cloneCollator(source, code);
    if (U_SUCCESS(code)) ucol_setStrength(collator.getAlias(), UCOL_PRIMARY);
    uint32_t top = U_SUCCESS(code) ? ucol_getVariableTop(collator.getAlias(), &code) : 0;
    *status = code;
    if (U_FAILURE(code)) return nullptr;
    return new ccs_primary_reader{std::move(collator), top};
}

extern "C" void ccs_primary_reader_close(ccs_primary_reader *reader) { delete reader; }

namespace {

/// A letter's script, with Common and Inherited (digits, marks) as "none".
int32_t letterScript(UChar32 c) {
    UErrorCode code = U_ZERO_ERROR;
    const UScriptCode script = uscript_getScript(c, &code);
    if (U_FAILURE(code) || script == USCRIPT_COMMON || script == USCRIPT_INHERITED) return -1;
    // Hiragana and katakana are one writing system for word starts.
    if (script == USCRIPT_HIRAGANA || script == USCRIPT_KATAKANA) return USCRIPT_KATAKANA_OR_HIRAGANA;
    return script;
}

}  // namespace

extern "C" int32_t ccs_primaries_utf8(const ccs_primary_reader *reader, const char *text, int32_t length,
                                      uint32_t *primaries, int32_t *starts, int32_t *ends,
                                      uint8_t *word_starts, int32_t capacity) {
    if (length <= 0 || text == nullptr) return 0;
    // UTF-16 copy and, for each UTF-16 offset, the UTF-8 offset it starts at.
    // Scratch buffers kept per thread: a search index reads a million short texts.
    thread_local std::vector<UChar> utf16;
    thread_local std::vector<int32_t> utf8Offsets;
    utf16.clear();
    utf8Offsets.clear();
    utf16.reserve(static_cast<size_t>(length) + 1);
    utf8Offsets.reserve(static_cast<size_t>(length) + 1);
    int32_t i = 0;
    while (i < length) {
        const int32_t start = i;
        UChar32 c;
        U8_NEXT(reinterpret_cast<const uint8_t *>(text), i, length, c);
        if (c < 0) c = 0xFFFD;
        if (c > 0xFFFF) {
            utf16.push_back(U16_LEAD(c));
            utf8Offsets.push_back(start);
            utf16.push_back(U16_TRAIL(c));
        } else {
            utf16.push_back(static_cast<UChar>(c));
        }
        utf8Offsets.push_back(start);
    }
    utf8Offsets.push_back(length);
    const int32_t length16 = static_cast<int32_t>(utf16.size());

    UErrorCode code = U_ZERO_ERROR;
    std::unique_ptr<UCollationElements, decltype(&ucol_closeElements)> elements(
        ucol_openElements(reader->collator.getAlias(), utf16.data(), length16, &code), &ucol_closeElements);
    if (U_FAILURE(code)) return 0;
    // Every element with the UTF-16 offset after it; continuation elements (the second
    // half of a long primary) are folded into the element before them.
    struct Element { uint32_t primary; int32_t start; int32_t end; };
    thread_local std::vector<Element> read;
    read.clear();
    int32_t previousEnd = 0;
    for (;;) {
        const int32_t ce = ucol_next(elements.get(), &code);
        if (U_FAILURE(code) || ce == UCOL_NULLORDER) break;
        const int32_t end = ucol_getOffset(elements.get());
        const uint32_t high = static_cast<uint32_t>(ce) & 0xFFFF0000u;
        if ((ce & 0xC0) == 0xC0 && !read.empty()) {
            read.back().primary |= high >> 16;
            read.back().end = end;
        } else {
            read.push_back(Element{high, previousEnd, end});
        }
        if (end > previousEnd) previousEnd = end;
    }
    int32_t count = 0;
    bool gap = true;          // a variable character since the last kept primary
    int32_t lastScript = -1;  // script of the last kept primary's character
    for (const Element &element : read) {
        if (element.primary == 0) continue;
        if (element.primary <= reader->variableTop) {
            gap = true;
            continue;
        }
        // The character this weight comes from: the one that ends where the element ends.
        UChar32 c = 0xFFFD;
        if (element.end > 0 && element.end <= length16) {
            int32_t k = element.end;
            U16_PREV(utf16.data(), 0, k, c);
        }
        const int32_t script = letterScript(c);
        const bool startsWord = count == 0 || gap || (script >= 0 && lastScript >= 0 && script != lastScript);
        if (count < capacity) {
            primaries[count] = element.primary;
            const int32_t end = element.end < length16 ? element.end : length16;
            ends[count] = utf8Offsets[static_cast<size_t>(end)];
            starts[count] = utf8Offsets[static_cast<size_t>(element.start < end ? element.start : end)];
            word_starts[count] = startsWord ? 1 : 0;
        }
        ++count;
        gap = false;
        if (script >= 0) lastScript = script;
    }
    return count;
}

struct ccs_transliterator {
    icu::LocalUTransliteratorPointer transliterator;
    /// ICU transliterators are not safe for concurrent use: one call at a time.
    std::mutex lock;
};

extern "C" ccs_transliterator *ccs_transliterator_open(const char *id, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    icu::UnicodeString name = icu::UnicodeString::fromUTF8(id);
    icu::LocalUTransliteratorPointer opened(
        utrans_openU(name.getBuffer(), name.length(), UTRANS_FORWARD, nullptr, 0, nullptr, &code));
    *status = code;
    if (U_FAILURE(code)) return nullptr;
    auto *result = new ccs_transliterator;
    result->transliterator = std::move(opened);
    return result;
}

extern "C" void ccs_transliterator_close(ccs_transliterator *transliterator) { delete transliterator; }

extern "C" int32_t ccs_transliterate_utf8(ccs_transliterator *transliterator, const char *text, int32_t length,
                                          char *out, int32_t capacity) {
    icu::UnicodeString buffer = ccs::fromUTF8(text, length);
    {
        std::lock_guard<std::mutex> guard(transliterator->lock);
        const int32_t textLength = buffer.length();
        int32_t limit = textLength;
        UErrorCode code = U_ZERO_ERROR;
        // utrans_transUChars works in place on a buffer with room to grow.
        std::vector<UChar> chars(static_cast<size_t>(textLength) * 4 + 16);
        buffer.extract(chars.data(), static_cast<int32_t>(chars.size()), code);
        code = U_ZERO_ERROR;
        int32_t used = textLength;
        utrans_transUChars(transliterator->transliterator.getAlias(), chars.data(), &used,
                           static_cast<int32_t>(chars.size()), 0, &limit, &code);
        if (U_FAILURE(code)) return -1;
        buffer = icu::UnicodeString(chars.data(), used);
    }
    return ccs::copyOut(buffer, out, capacity);
}
