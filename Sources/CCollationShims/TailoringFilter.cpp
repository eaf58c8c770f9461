// The part of a language's tailoring that an additional language of a multi-language
// index may contribute: relations among letters of its own scripts other than Han.
//
// A tailoring is a list of chains "&reset rel item rel item …" (rel is <, <<, <<<, <<<<,
// = or one of them with *, item is [prefix|]string[/extension]) and settings in brackets.
// We keep each chain's reset and those relations whose characters all belong to the
// language's non-Han scripts (Common and Inherited characters are allowed next to at
// least one such letter; a starred list keeps its allowed characters), drop every setting
// and expand [import …] (ja imports its kana rules). Han readings (ko Hanja, ja and zh
// ideograph orders), pinyin tone letters and era-name symbols are thus left out, so the
// primary language alone orders Han and everything else it files in its catch-all --
// unless the primary has no Han rule (en, de, ru): then the first extra language with one
// keeps its Han relations and Chinese index characters too (Han in its `scripts`).
#include "MergedTailoring.hpp"

#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uniset.h>
#include <unicode/ures.h>
#include <unicode/uscript.h>

#include <algorithm>
#include <cstdio>
#include <string>

namespace ccs {
namespace {

bool isWhiteSpace(UChar32 c) { return u_hasBinaryProperty(c, UCHAR_PATTERN_WHITE_SPACE); }

/// ICU's rule syntax characters: ASCII punctuation (CollationRuleParser::isSyntaxChar).
bool isSyntaxChar(UChar32 c) {
    return 0x21 <= c && c <= 0x7e && (c <= 0x2f || (0x3a <= c && c <= 0x40) || (0x5b <= c && c <= 0x60) || 0x7b <= c);
}

/// Whether `scripts` lists Han: the language decides the order of Han ideographs.
bool ordersHan(const std::vector<UScriptCode> &scripts) {
    return std::find(scripts.begin(), scripts.end(), USCRIPT_HAN) != scripts.end();
}

/// Whether every character of `text` may be ordered by a language of `scripts`. Han is
/// allowed only when `scripts` lists it; then so are Chinese index characters (U+FDD0
/// followed by a pinyin letter, a stroke count or a Bopomofo letter), which open the
/// groups of the Han order.
bool allowed(const icu::UnicodeString &text, const std::vector<UScriptCode> &scripts) {
    const bool han = ordersHan(scripts);
    if (han && text.length() > 1 && text.charAt(0) == 0xFDD0) return true;
    bool own = false;
    for (int32_t i = 0; i < text.length();) {
        UChar32 c = text.char32At(i);
        i += U16_LENGTH(c);
        if (uscript_hasScript(c, USCRIPT_HAN)) {
            if (!han) return false;
            own = true;
            continue;
        }
        bool inScripts = false;
        for (UScriptCode script : scripts) inScripts = inScripts || uscript_hasScript(c, script);
        if (inScripts) {
            own = true;
            continue;
        }
        UErrorCode code = U_ZERO_ERROR;
        UScriptCode script = uscript_getScript(c, &code);
        if (script != USCRIPT_COMMON && script != USCRIPT_INHERITED) return false;
    }
    return own;
}

/// The collation rules of a BCP 47 import tag such as `ja-u-co-private-kana`.
icu::UnicodeString importedRules(const icu::UnicodeString &tag) {
    std::string utf8;
    tag.toUTF8String(utf8);
    UErrorCode code = U_ZERO_ERROR;
    char id[ULOC_FULLNAME_CAPACITY] = {0};
    char language[ULOC_LANG_CAPACITY] = {0};
    char type[64] = {0};
    uloc_forLanguageTag(utf8.c_str(), id, sizeof id, nullptr, &code);
    uloc_getLanguage(id, language, sizeof language, &code);
    int32_t typeLength = uloc_getKeywordValue(id, "collation", type, sizeof type, &code);
    if (U_FAILURE(code)) return {};
    // The collation data package ("icudt72l-coll"): collations/<type>/Sequence.
    UResourceBundle *bundle = ures_open(U_ICUDATA_NAME "-coll", language, &code);
    UResourceBundle *collations = ures_getByKey(bundle, "collations", nullptr, &code);
    UResourceBundle *tailoring = ures_getByKey(collations, typeLength > 0 ? type : "standard", nullptr, &code);
    int32_t length = 0;
    const UChar *rules = ures_getStringByKey(tailoring, "Sequence", &length, &code);
    icu::UnicodeString text = U_SUCCESS(code) ? icu::UnicodeString(rules, length) : icu::UnicodeString();
    ures_close(tailoring);
    ures_close(collations);
    ures_close(bundle);
    return text;
}

class RuleFilter {
public:
    RuleFilter(const icu::UnicodeString &rules, const std::vector<UScriptCode> &scripts, int depth)
        : rules_(rules), scripts_(scripts), depth_(depth) {}

    /// The filtered rules; false when the rules use syntax this filter does not know.
    bool run(icu::UnicodeString &out) {
        icu::UnicodeString reset;
        icu::UnicodeString kept;
        for (skipSpace(); i_ < rules_.length(); skipSpace()) {
            UChar c = rules_.charAt(i_);
            if (c == u'&') {
                flush(reset, kept, out);
                int32_t start = i_++;
                skipSpace();
                if (at(u'[')) {
                    icu::UnicodeString option = bracket();
                    if (option.startsWith(u"[before")) {
                        skipSpace();
                        if (at(u'[')) bracket(); else string();
                    }
                } else {
                    string();
                }
                reset = rules_.tempSubStringBetween(start, i_);
            } else if (c == u'[') {
                icu::UnicodeString option = bracket();
                if (option.startsWith(u"[import") && depth_ < 3) {
                    icu::UnicodeString tag = option.tempSubStringBetween(7, option.length() - 1).trim();
                    icu::UnicodeString imported = importedRules(tag);
                    RuleFilter inner(imported, scripts_, depth_ + 1);
                    flush(reset, kept, out);
                    reset.remove();
                    if (!inner.run(out)) return false;
                }
            } else if (c == u'<' || c == u';' || c == u',' || c == u'=') {
                if (reset.isEmpty() || !relation(kept)) return false;
            } else if (c == u'@') {
                ++i_;  // the old "French secondary" switch: a setting
            } else {
                return false;
            }
        }
        flush(reset, kept, out);
        return true;
    }

private:
    const icu::UnicodeString &rules_;
    const std::vector<UScriptCode> &scripts_;
    int depth_;
    int32_t i_ = 0;

    bool at(UChar c) const { return i_ < rules_.length() && rules_.charAt(i_) == c; }

    void skipSpace() {
        while (i_ < rules_.length()) {
            UChar32 c = rules_.char32At(i_);
            if (isWhiteSpace(c)) {
                i_ += U16_LENGTH(c);
            } else if (c == u'#') {
                while (i_ < rules_.length() && rules_.charAt(i_) != u'\n' && rules_.charAt(i_) != u'\r') ++i_;
            } else {
                break;
            }
        }
    }

    static void flush(const icu::UnicodeString &reset, icu::UnicodeString &kept, icu::UnicodeString &out) {
        if (!kept.isEmpty()) out.append(reset).append(kept).append(u' ');
        kept.remove();
    }

    /// A bracketed option or set, nested brackets and escapes included.
    icu::UnicodeString bracket() {
        int32_t start = i_;
        int depth = 0;
        while (i_ < rules_.length()) {
            UChar c = rules_.charAt(i_++);
            if (c == u'\\') {
                ++i_;
            } else if (c == u'[') {
                ++depth;
            } else if (c == u']' && --depth == 0) {
                break;
            }
        }
        return rules_.tempSubStringBetween(start, i_);
    }

    /// One string as ICU's rule parser reads it (quotes and escapes), decoded.
    icu::UnicodeString string() {
        icu::UnicodeString text;
        skipSpace();
        while (i_ < rules_.length()) {
            UChar32 c = rules_.char32At(i_);
            if (c == u'\'') {
                ++i_;
                if (at(u'\'')) {
                    text.append(u'\'');
                    ++i_;
                    continue;
                }
                while (i_ < rules_.length()) {
                    UChar q = rules_.charAt(i_++);
                    if (q != u'\'') {
                        text.append(q);
                    } else if (at(u'\'')) {
                        text.append(u'\'');
                        ++i_;
                    } else {
                        break;
                    }
                }
            } else if (c == u'\\') {
                ++i_;
                int32_t before = i_;
                UChar32 escaped = rules_.unescapeAt(i_);
                if (escaped < 0) {
                    i_ = before + 1;
                    escaped = rules_.charAt(before);
                }
                text.append(escaped);
            } else if (isSyntaxChar(c) || isWhiteSpace(c)) {
                break;
            } else {
                text.append(c);
                i_ += U16_LENGTH(c);
            }
        }
        return text;
    }

    /// One relation; appended to `kept` (its source, or its allowed starred characters).
    bool relation(icu::UnicodeString &kept) {
        int32_t start = i_;
        UChar first = rules_.charAt(i_);
        if (first == u'<') {
            while (at(u'<') && i_ - start < 4) ++i_;
        } else {
            ++i_;
        }
        icu::UnicodeString op = rules_.tempSubStringBetween(start, i_);
        if (at(u'*')) {
            ++i_;
            icu::UnicodeString chars;
            icu::UnicodeString piece = string();
            if (piece.isEmpty()) return false;
            UChar32 last = -1;
            for (;;) {
                for (int32_t j = 0; j < piece.length();) {
                    UChar32 c = last = piece.char32At(j);
                    j += U16_LENGTH(c);
                    if (allowed(icu::UnicodeString(c), scripts_)) escape(c, chars);
                }
                if (!at(u'-')) break;
                ++i_;
                UChar32 low = last;
                icu::UnicodeString end = string();
                if (end.isEmpty()) return false;
                UChar32 high = end.char32At(0);
                for (UChar32 c = low + 1; c <= high; ++c) {
                    if (allowed(icu::UnicodeString(c), scripts_)) escape(c, chars);
                }
                last = high;
                piece = icu::UnicodeString(end, U16_LENGTH(high));
            }
            if (!chars.isEmpty()) kept.append(op).append(u'*').append(chars).append(u' ');
            return true;
        }
        icu::UnicodeString text = string();
        skipSpace();
        if (at(u'|')) {
            ++i_;
            text.append(string());
            skipSpace();
        }
        if (at(u'/')) {
            ++i_;
            text.append(string());
        }
        if (text.isEmpty()) return false;
        if (allowed(text, scripts_)) kept.append(rules_.tempSubStringBetween(start, i_)).append(u' ');
        return true;
    }

    /// A starred character as rule text: Han ideographs as they are (no Han character is
    /// rule syntax; ICU refuses the escaped form of a whole pinyin order with
    /// U_BUFFER_OVERFLOW_ERROR), anything else as \\UXXXXXXXX.
    static void escape(UChar32 c, icu::UnicodeString &out) {
        if (uscript_hasScript(c, USCRIPT_HAN)) {
            out.append(c);
            return;
        }
        char buffer[16];
        std::snprintf(buffer, sizeof buffer, "\\U%08X", static_cast<unsigned>(c));
        out.append(icu::UnicodeString(buffer, -1, US_INV));
    }
};

}  // namespace

std::vector<UScriptCode> nonHanScripts(const char *locale) {
    UScriptCode codes[16];
    UErrorCode code = U_ZERO_ERROR;
    int32_t count = uscript_getCode(locale, codes, 16, &code);
    std::vector<UScriptCode> scripts;
    for (int32_t i = 0; U_SUCCESS(code) && i < count; ++i) {
        switch (codes[i]) {
        case USCRIPT_HAN:
        case USCRIPT_SIMPLIFIED_HAN:
        case USCRIPT_TRADITIONAL_HAN: break;
        case USCRIPT_JAPANESE: scripts.insert(scripts.end(), {USCRIPT_HIRAGANA, USCRIPT_KATAKANA}); break;
        case USCRIPT_KOREAN: scripts.push_back(USCRIPT_HANGUL); break;
        case USCRIPT_HAN_WITH_BOPOMOFO: scripts.push_back(USCRIPT_BOPOMOFO); break;
        default: scripts.push_back(codes[i]);
        }
    }
    return scripts;
}

icu::UnicodeString ownScriptRules(const icu::UnicodeString &rules, const std::vector<UScriptCode> &scripts) {
    icu::UnicodeString out;
    if (scripts.empty()) return out;
    RuleFilter filter(rules, scripts, 0);
    if (!filter.run(out)) out.remove();  // unknown syntax: contribute nothing
    return out;
}

bool hasHanRule(const char *locale) {
    UErrorCode code = U_ZERO_ERROR;
    icu::LocalUCollatorPointer collator(ucol_open(locale, &code));
    if (U_FAILURE(code)) return false;
    icu::LocalUSetPointer tailored(ucol_getTailoredSet(collator.getAlias(), &code));
    if (U_FAILURE(code)) return false;
    icu::UnicodeSet han;
    han.applyIntPropertyValue(UCHAR_SCRIPT, USCRIPT_HAN, code);
    return U_SUCCESS(code) && icu::UnicodeSet::fromUSet(tailored.getAlias())->containsSome(han);
}

const char *hanLanguage(const char *primary, const std::vector<const char *> &extras) {
    if (hasHanRule(primary)) return nullptr;
    char primaryLanguage[ULOC_LANG_CAPACITY] = {0};
    UErrorCode code = U_ZERO_ERROR;
    uloc_getLanguage(primary, primaryLanguage, sizeof primaryLanguage, &code);
    for (const char *extra : extras) {
        char language[ULOC_LANG_CAPACITY] = {0};
        uloc_getLanguage(extra, language, sizeof language, &code);
        if (std::strcmp(language, primaryLanguage) != 0 && hasHanRule(extra)) return extra;
    }
    return nullptr;
}

bool hasHan(const icu::UnicodeString &text) {
    for (int32_t i = 0; i < text.length();) {
        UChar32 c = text.char32At(i);
        if (uscript_hasScript(c, USCRIPT_HAN)) return true;
        i += U16_LENGTH(c);
    }
    return false;
}

}  // namespace ccs
