// A table-driven writer of ICU sort keys: the common case without ICU's per-string cost.
//
// The key format written here is ICU's (documented in the ICU User Guide, "Sort Key
// Features", and in ICU's collationkeys.cpp): the primary weights with their lead bytes
// compressed for compressible lead bytes, then (levels separated by 01) the secondary
// and the tertiary weights with runs of common weights compressed into one byte. This
// file is our own code; ICU is only its oracle (every table entry is checked against
// ucol_getSortKey before use, and the tests compare whole strings).
#include "SortKeyTable.hpp"

#include <unicode/tblcoll.h>
#include <unicode/uchar.h>
#include <unicode/uniset.h>
#include <unicode/usetiter.h>
#include <unicode/uset.h>
#include <unicode/utf16.h>

#include <cstring>
#include <unordered_map>

namespace ccs {

namespace {

constexpr uint32_t kRefused = 0xffffffffu;  // an entry the writer does not accept
constexpr uint16_t kCommon = 0x0500;        // the common secondary and tertiary weight
constexpr uint16_t kCompressibleFlag = 0x0080;
constexpr int32_t kLevelCapacity = 1024;    // bytes per level; more goes to ICU

/// Common-weight compression of one level: a run of `count` common weights before a
/// weight below the common one is written as low + (count - 1), before one above it as
/// high - (count - 1), in chunks of `max` as `middle`.
struct Compression {
    uint8_t low, middle, high;
    int32_t max;
};
constexpr Compression kSecondary{0x05, 0x25, 0x45, 0x21};
constexpr Compression kTertiaryOnly{0x05, 0x65, 0xc5, 0x61};
constexpr Compression kTertiaryLowerFirst{0x05, 0x25, 0x45, 0x21};
constexpr Compression kTertiaryUpperFirst{0x85, 0xa5, 0xc5, 0x21};

inline uint8_t *flushCommon(uint8_t *out, int32_t &count, bool below, const Compression &c) {
    if (count == 0) return out;
    int32_t n = count - 1;
    while (n >= c.max) {
        *out++ = c.middle;
        n -= c.max;
    }
    *out++ = static_cast<uint8_t>(below ? c.low + n : c.high - n);
    count = 0;
    return out;
}

inline uint8_t *put16(uint8_t *out, uint32_t weight) {
    *out++ = static_cast<uint8_t>(weight >> 8);
    if ((weight & 0xff) != 0) *out++ = static_cast<uint8_t>(weight);
    return out;
}

/// Whether a code point's own properties keep it out of the table.
bool refusedByProperties(UChar32 c) {
    if (U_IS_SURROGATE(c) || (c & 0xfffe) == 0xfffe || (c >= 0xfdd0 && c <= 0xfdef)) return true;
    if (u_charType(c) == U_UNASSIGNED) return true;
    if (u_getCombiningClass(c) != 0) return true;
    if (u_getIntPropertyValue(c, UCHAR_LEAD_CANONICAL_COMBINING_CLASS) != 0) return true;
    return false;
}

/// Whether `s` (one contraction string) can only match with characters the table refuses.
bool onlyMarksFollow(const UChar *s, int32_t length) {
    int32_t i = 0;
    UChar32 c;
    U16_NEXT(s, i, length, c);
    while (i < length) {
        U16_NEXT(s, i, length, c);
        if (!refusedByProperties(c)) return false;
    }
    return true;
}

}  // namespace

struct SortKeyTable::Block {
    uint32_t entries[256];  // (offset << 5) | count, or kRefused
    std::vector<Element> elements;
    Single singles[256] = {};  // each accepted code point's ``Single`` (length 0: none)
};

namespace {

/// The ``SortKeyTable::Single`` of a code point whose one element is `e` (length 0 when
/// its primary is 0 or compressible, or a lower weight is not common).
SortKeyTable::Single singleOf(const SortKeyTable::Element &e) {
    SortKeyTable::Single x{};
    if (e.primary == 0 || (e.tertiary & kCompressibleFlag) != 0 || e.secondary != kCommon || e.tertiary != kCommon) return x;
    // The primary's bytes as the encoder writes them: the lead, then each byte after it up
    // to the first zero.
    x.bytes[x.length++] = static_cast<uint8_t>(e.primary >> 24);
    for (int32_t k = 0; k < 3 && (e.primary & (0x00ff0000u >> (8 * k))) != 0; ++k) {
        x.bytes[x.length++] = static_cast<uint8_t>(e.primary >> (16 - 8 * k));
    }
    return x;
}

}  // namespace

SortKeyTable::SortKeyTable(const UCollator *collator, int32_t strength, int32_t caseFirst)
    : collator_(collator), levels_(strength), caseFirst_(caseFirst),
      tertiaryMask_(caseFirst == 0 ? 0x3f3f : 0xff3f), refused_(1024, 0) {
    for (auto &b : blocks_) b.store(nullptr, std::memory_order_relaxed);
}

SortKeyTable::~SortKeyTable() {
    for (auto &b : blocks_) delete b.load(std::memory_order_relaxed);
}

namespace {

/// An element iterator of one's own (ICU's iterators are not shareable across threads).
struct Elements {
    UCollationElements *iterator = nullptr;
    explicit Elements(const UCollator *collator) {
        UErrorCode code = U_ZERO_ERROR;
        UChar empty[1] = {0};
        iterator = ucol_openElements(collator, empty, 0, &code);
        if (U_FAILURE(code)) iterator = nullptr;
    }
    ~Elements() {
        if (iterator != nullptr) ucol_closeElements(iterator);
    }
};

}  // namespace

std::unique_ptr<SortKeyTable> SortKeyTable::make(const UCollator *collator, const Facts *known) {
    UErrorCode code = U_ZERO_ERROR;
    auto attribute = [&](UColAttribute a) { return ucol_getAttribute(collator, a, &code); };
    const UColAttributeValue strength = attribute(UCOL_STRENGTH);
    const UColAttributeValue caseFirst = attribute(UCOL_CASE_FIRST);
    const bool modelled = attribute(UCOL_FRENCH_COLLATION) == UCOL_OFF &&
                          attribute(UCOL_ALTERNATE_HANDLING) == UCOL_NON_IGNORABLE &&
                          attribute(UCOL_CASE_LEVEL) == UCOL_OFF &&
                          attribute(UCOL_NUMERIC_COLLATION) == UCOL_OFF &&
                          (strength == UCOL_PRIMARY || strength == UCOL_SECONDARY || strength == UCOL_TERTIARY);
    if (U_FAILURE(code) || !modelled) return nullptr;
    const int32_t levels = strength == UCOL_PRIMARY ? 1 : strength == UCOL_SECONDARY ? 2 : 3;
    const int32_t cf = caseFirst == UCOL_LOWER_FIRST ? 1 : caseFirst == UCOL_UPPER_FIRST ? 2 : 0;
    std::unique_ptr<SortKeyTable> table(new SortKeyTable(collator, levels, cf));

    // Contraction starts and prefix-mapped characters depend on their neighbours.
    if (known != nullptr && known->refused.size() == kRefusedWords) {
        table->refused_ = known->refused;
    } else if (!table->refuseContextual()) {
        return nullptr;
    }
    if (U_FAILURE(code) || Elements(collator).iterator == nullptr) return nullptr;
    if (known != nullptr && known->refused.size() == kRefusedWords) {
        table->hangulByJamo_ = known->hangulByJamo;
        if (table->hangulByJamo_) table->jamo_ = table->block(0x11);
    } else {
        table->hangulByJamo_ = table->checkHangul();
    }
    if (table->hangulByJamo_) table->makeSyllables();
    table->makeASCII();
    return table;
}

/// Marks in `refused_` the code points whose elements depend on their neighbours: every
/// contraction start (unless only marks follow it) and every code point after the first
/// of a prefix mapping. ICU lists contractions and prefix mappings together in one set
/// (`ucol_getContractionsAndExpansions` with prefixes, the costly call: it walks the
/// tailoring and the root); whether a string of it is a contraction is asked of the
/// contractions that start with its first code point (`internalAddContractions`, as ICU's
/// AlphabeticIndex asks), once per first code point. A collator that is not rule-based
/// asks for the contractions alone as well.
bool SortKeyTable::refuseContextual() {
    UErrorCode code = U_ZERO_ERROR;
    icu::UnicodeSet withPrefixes;
    ucol_getContractionsAndExpansions(collator_, withPrefixes.toUSet(), nullptr, true, &code);
    if (U_FAILURE(code)) return false;
    const auto *rules = dynamic_cast<const icu::RuleBasedCollator *>(icu::Collator::fromUCollator(collator_));
    icu::UnicodeSet allContractions;
    if (rules == nullptr) ucol_getContractionsAndExpansions(collator_, allContractions.toUSet(), nullptr, false, &code);
    std::unordered_map<UChar32, icu::UnicodeSet> contractionsOf;
    auto isContraction = [&](const icu::UnicodeString &string) {
        if (rules == nullptr) return allContractions.contains(string) != 0;
        const UChar32 first = string.char32At(0);
        auto found = contractionsOf.find(first);
        if (found == contractionsOf.end()) {
            found = contractionsOf.emplace(first, icu::UnicodeSet()).first;
            rules->internalAddContractions(first, found->second, code);
        }
        return found->second.contains(string) != 0;
    };
    auto refuse = [&](UChar32 c) {
        if (c < 0x10000) refused_[c >> 6] |= uint64_t{1} << (c & 63);
    };
    icu::UnicodeSetIterator item(withPrefixes);
    while (U_SUCCESS(code) && item.next()) {
        if (!item.isString()) {
            for (UChar32 c = item.getCodepoint(); c <= item.getCodepointEnd(); ++c) refuse(c);  // not expected: be safe
            continue;
        }
        const icu::UnicodeString &string = item.getString();
        const UChar *buffer = string.getBuffer();
        const int32_t length = string.length();
        int32_t i = 0;
        UChar32 c;
        U16_NEXT(buffer, i, length, c);
        if (isContraction(string)) {
            if (!onlyMarksFollow(buffer, length)) refuse(c);
        } else {
            // A prefix mapping: prefix + character (+ contraction suffix). Refuse all but
            // the first code point.
            while (i < length) {
                U16_NEXT(buffer, i, length, c);
                refuse(c);
            }
        }
    }
    return U_SUCCESS(code);
}

void SortKeyTable::makeASCII() {
    const Block *b = block(0);
    std::memcpy(ascii_, b->singles, sizeof ascii_);
}

void SortKeyTable::makeSyllables() {
    syllables_.assign(0xd7a4 - 0xac00, Syllable{});
    const Element *base = jamo_->elements.data();
    for (uint32_t s = 0; s < syllables_.size(); ++s) {
        const uint32_t parts[3] = {jamo_->entries[s / 588], jamo_->entries[0x61 + (s % 588) / 28], jamo_->entries[0xa7 + s % 28]};
        Syllable y{};
        bool simple = true;
        for (int32_t k = 0; k < (s % 28 == 0 ? 2 : 3) && simple; ++k) {
            for (uint32_t n = 0; n < (parts[k] & 31) && simple; ++n) {
                const Element &e = base[(parts[k] >> 5) + n];
                const uint32_t lead = e.primary >> 24;
                simple = e.primary != 0 && (e.tertiary & kCompressibleFlag) != 0 && e.secondary == kCommon &&
                         (e.tertiary & ~kCompressibleFlag) == kCommon && (y.count == 0 || lead == y.lead) && y.count < 31;
                if (!simple) break;
                y.lead = static_cast<uint8_t>(lead);
                y.last = e.primary;
                ++y.count;
                // The bytes after the lead, as the encoder writes them.
                const uint8_t more[3] = {static_cast<uint8_t>(e.primary >> 16), static_cast<uint8_t>(e.primary >> 8),
                                         static_cast<uint8_t>(e.primary)};
                for (int32_t b = 0; b < 3 && (e.primary & (0x00ff0000u >> (8 * b))) != 0; ++b) {
                    if (y.length == sizeof y.bytes) {
                        simple = false;
                        break;
                    }
                    y.bytes[y.length++] = more[b];
                }
            }
        }
        if (simple && y.count > 0) syllables_[s] = y;
    }
}

int32_t SortKeyTable::icuKey(const UChar *text, int32_t length, uint8_t *key, int32_t capacity) const {
    int32_t needed = ucol_getSortKey(collator_, text, length, key, capacity);
    return needed > 0 ? needed - 1 : 0;
}

/// The collation elements of `c` alone, as ICU's element iterator gives them (64-bit
/// elements joined back from its two 32-bit halves), or false when one of them is of a
/// kind the writer does not model.
bool SortKeyTable::elementsOf(UCollationElements *elements, UChar32 c, std::vector<Element> &out,
                              std::vector<uint32_t> &raw) const {
    UChar text[2];
    int32_t length = 0;
    U16_APPEND_UNSAFE(text, length, c);
    UErrorCode code = U_ZERO_ERROR;
    ucol_setText(elements, text, length, &code);
    raw.clear();
    for (;;) {
        int32_t half = ucol_next(elements, &code);
        if (U_FAILURE(code)) return false;
        if (half == UCOL_NULLORDER) break;
        raw.push_back(static_cast<uint32_t>(half));
        if (raw.size() > 64) return false;
    }
    out.clear();
    for (size_t i = 0; i < raw.size(); ++i) {
        const uint32_t first = raw[i];
        if ((first & 0xc0) == 0xc0) return false;  // a continuation without its first half
        uint32_t second = 0;
        if (i + 1 < raw.size() && (raw[i + 1] & 0xc0) == 0xc0) second = raw[++i] & ~0xc0u;
        const uint32_t primary = (first & 0xffff0000u) | (second >> 16);
        const uint32_t secondary = (first & 0xff00u) | ((second >> 8) & 0xffu);
        const uint32_t tertiary = ((first & 0xffu) << 8) | (second & 0x3fu);
        if (primary == 0 && secondary == 0 && tertiary == 0) continue;  // completely ignorable
        if (secondary == 0 || tertiary == 0) return false;              // tertiary elements
        if (primary != 0 && (primary >> 24) <= 0x02) return false;      // separators, specials
        if ((tertiary & 0xc000) == 0xc000) return false;
        out.push_back(Element{primary, static_cast<uint16_t>(secondary), static_cast<uint16_t>(tertiary)});
    }
    return true;
}

/// Learns the reordered lead byte and the compressibility of primary lead byte `lead`
/// from a probe character whose single element has that lead.
bool SortKeyTable::probe(UChar32 c, uint32_t lead) const {
    UChar text[2] = {static_cast<UChar>(c), static_cast<UChar>(c)};
    uint8_t one[64], two[64];
    const int32_t oneLength = icuKey(text, 1, one, sizeof one);
    const int32_t twoLength = icuKey(text, 2, two, sizeof two);
    if (oneLength <= 0 || oneLength >= static_cast<int32_t>(sizeof one) || twoLength <= 0 ||
        twoLength >= static_cast<int32_t>(sizeof two)) {
        return false;
    }
    int32_t end = 0;  // the primary part of the single key
    while (end < oneLength && one[end] > 0x01) ++end;
    if (end < 1) return false;
    const uint8_t *rest = one + 1;
    const int32_t restLength = end - 1;
    Lead learned;
    learned.state = 1;
    learned.reordered = one[0];
    // Doubled: lead rest rest when compressible, lead rest lead rest when not.
    auto endsAt = [&](int32_t at) { return twoLength == at || (twoLength > at && two[at] <= 0x01); };
    if (twoLength >= 1 + 2 * restLength && two[0] == one[0] && std::memcmp(two + 1, rest, restLength) == 0 &&
        std::memcmp(two + 1 + restLength, rest, restLength) == 0 && endsAt(1 + 2 * restLength)) {
        learned.compressible = true;
    } else if (twoLength >= 2 * end && std::memcmp(two, one, end) == 0 && std::memcmp(two + end, one, end) == 0 &&
               endsAt(2 * end)) {
        learned.compressible = false;
    } else {
        return false;
    }
    leads_[lead] = learned;
    return true;
}

/// Finds the reordered lead byte and compressibility of `lead`, scanning the BMP for
/// probe characters once (shared by all threads, under leadLock_).
bool SortKeyTable::learnLead(UCollationElements *iterator, uint32_t lead, Lead &learned) const {
    std::lock_guard<std::mutex> guard(leadLock_);
    std::vector<Element> elements;
    std::vector<uint32_t> raw;
    while (probeScan_ < 0x10000 && leads_[lead].state == 0) {
        const UChar32 c = probeScan_++;
        if (refusedByProperties(c) || (refused_[c >> 6] >> (c & 63) & 1) != 0) continue;
        if (!elementsOf(iterator, c, elements, raw) || elements.size() != 1) continue;
        const uint32_t primary = elements[0].primary;
        const uint32_t l = primary >> 24;
        if (l == 0 || leads_[l].state != 0) continue;
        if (!probe(c, l)) leads_[l].state = 2;
    }
    if (leads_[lead].state == 0) leads_[lead].state = 2;
    learned = leads_[lead];
    return learned.state == 1;
}

bool SortKeyTable::checkHangul() {
    constexpr UChar32 kFirst = 0xac00, kLast = 0xd7a3;
    jamo_ = block(0x11);
    Elements iterator(collator_);
    if (iterator.iterator == nullptr) return false;
    std::vector<Element> elements;
    std::vector<uint32_t> raw;
    for (UChar32 c = kFirst; c <= kLast; ++c) {
        if ((refused_[c >> 6] >> (c & 63) & 1) != 0 || refusedByProperties(c)) return false;
        const int32_t s = c - kFirst;
        const UChar32 parts[3] = {0x1100 + s / 588, 0x1161 + (s % 588) / 28, 0x11a7 + s % 28};
        std::vector<Element> expected;
        for (int32_t k = 0; k < (s % 28 == 0 ? 2 : 3); ++k) {
            const uint32_t entry = jamo_->entries[parts[k] & 0xff];
            if (entry == kRefused) return false;
            expected.insert(expected.end(), jamo_->elements.begin() + (entry >> 5),
                            jamo_->elements.begin() + (entry >> 5) + (entry & 31));
        }
        if (!elementsOf(iterator.iterator, c, elements, raw) || elements.size() != expected.size()) return false;
        for (size_t k = 0; k < elements.size(); ++k) {
            // The table holds reordered primaries and the compressible flag: compare the rest.
            if (elements[k].secondary != expected[k].secondary ||
                elements[k].tertiary != (expected[k].tertiary & ~kCompressibleFlag) ||
                (elements[k].primary & 0x00ffffffu) != (expected[k].primary & 0x00ffffffu) ||
                (elements[k].primary == 0) != (expected[k].primary == 0)) {
                return false;
            }
        }
    }
    return true;
}

const SortKeyTable::Block *SortKeyTable::block(uint32_t index) const {
    const Block *b = blocks_[index].load(std::memory_order_acquire);
    return b != nullptr ? b : build(index);
}

const SortKeyTable::Block *SortKeyTable::build(uint32_t index) const {
    Elements iterator(collator_);
    Lead known[256];  // this thread's copy of the lead bytes it has looked up
    std::unique_ptr<Block> b(new Block);
    std::vector<Element> elements;
    std::vector<uint32_t> raw;
    uint8_t ours[256], theirs[256];
    for (uint32_t low = 0; low < 256; ++low) {
        const UChar32 c = static_cast<UChar32>(index << 8 | low);
        b->entries[low] = kRefused;
        if (refusedByProperties(c) || (refused_[c >> 6] >> (c & 63) & 1) != 0) continue;
        if (iterator.iterator == nullptr || !elementsOf(iterator.iterator, c, elements, raw) || elements.size() > 31) continue;
        bool usable = true;
        for (Element &e : elements) {
            if (e.primary == 0) continue;
            const uint32_t lead = e.primary >> 24;
            if (known[lead].state == 0) learnLead(iterator.iterator, lead, known[lead]);
            if (known[lead].state != 1) {
                usable = false;
                break;
            }
            e.primary = (e.primary & 0x00ffffffu) | (uint32_t{known[lead].reordered} << 24);
            if (known[lead].compressible) e.tertiary |= kCompressibleFlag;
        }
        if (!usable) continue;
        // Check the entry against ICU: the character alone and doubled.
        UChar text[2] = {static_cast<UChar>(c), static_cast<UChar>(c)};
        bool same = true;
        for (int32_t n = 1; n <= 2 && same; ++n) {
            const int32_t a = encode(elements.data(), static_cast<uint32_t>(elements.size()), n, ours, sizeof ours);
            const int32_t e = icuKey(text, n, theirs, sizeof theirs);
            same = a >= 0 && a < static_cast<int32_t>(sizeof ours) && a == e && std::memcmp(ours, theirs, a) == 0;
        }
        if (!same) continue;
        b->entries[low] = static_cast<uint32_t>(b->elements.size()) << 5 | static_cast<uint32_t>(elements.size());
        b->elements.insert(b->elements.end(), elements.begin(), elements.end());
        if (elements.size() == 1) b->singles[low] = singleOf(elements[0]);
    }
    Block *expected = nullptr;
    if (blocks_[index].compare_exchange_strong(expected, b.get(), std::memory_order_acq_rel)) return b.release();
    return expected;  // another thread published the block first
}

namespace {

/// ICU's key writer for one string, fed collation elements in order. `Levels` is the
/// strength (1–3) and `CaseFirst` 0 off, 1 lower, 2 upper.
template <int Levels, int CaseFirst>
class Encoder {
public:
    /// Adds the elements of one code point; false when the string is too long for the
    /// level buffers (ICU then writes its key).
    __attribute__((always_inline)) inline bool add(const SortKeyTable::Element *e, uint32_t count) {
        elements_ += count;
        if (elements_ > kMaxElementsPerString) return false;
        for (const SortKeyTable::Element *end = e + count; e != end; ++e) {
            const uint32_t primary = e->primary;
            if (primary != 0) {
                const bool compressible = (e->tertiary & kCompressibleFlag) != 0;
                const uint32_t lead = primary >> 24;
                if (!compressible || lead != (previous_ >> 24)) {
                    if (previous_ != 0) *p_++ = primary < previous_ ? 0x03 : 0xff;
                    *p_++ = static_cast<uint8_t>(lead);
                    previous_ = compressible ? primary : 0;
                }
                if ((primary & 0x00ff0000u) != 0) {
                    *p_++ = static_cast<uint8_t>(primary >> 16);
                    if ((primary & 0x0000ff00u) != 0) {
                        *p_++ = static_cast<uint8_t>(primary >> 8);
                        if ((primary & 0xffu) != 0) *p_++ = static_cast<uint8_t>(primary);
                    }
                }
            }
            if (Levels >= 2) {
                const uint32_t sw = e->secondary;
                if (sw == kCommon) {
                    ++commonSecondaries_;
                } else {
                    s_ = flushCommon(s_, commonSecondaries_, sw < kCommon, kSecondary);
                    s_ = put16(s_, sw);
                }
            }
            if (Levels >= 3) {
                uint32_t tw = e->tertiary & (CaseFirst == 0 ? 0x3f3fu : 0xff3fu);
                if (tw == kCommon) {
                    ++commonTertiaries_;
                    continue;
                }
                if (CaseFirst == 0) {
                    t_ = flushCommon(t_, commonTertiaries_, tw < kCommon, kTertiaryOnly);
                    if (tw > kCommon) tw += 0xc000;
                } else if (CaseFirst == 1) {
                    t_ = flushCommon(t_, commonTertiaries_, tw < kCommon, kTertiaryLowerFirst);
                    if (tw > kCommon) tw += 0x4000;
                } else {
                    tw ^= 0xc000;  // every element here has a secondary weight
                    if (tw < 0xc500) tw -= 0x4000;
                    t_ = flushCommon(t_, commonTertiaries_, tw < 0x8500, kTertiaryUpperFirst);
                }
                t_ = put16(t_, tw);
            }
        }
        return true;
    }

    /// Adds a Hangul syllable of the simple kind (``SortKeyTable::Syllable``) when the key
    /// is in a run of its lead byte; false (nothing added) otherwise.
    __attribute__((always_inline)) inline bool addWithinLead(const SortKeyTable::Syllable &y) {
        if (y.count == 0 || previous_ == 0 || (previous_ >> 24) != y.lead || elements_ + y.count > kMaxElementsPerString) {
            return false;
        }
        elements_ += y.count;
        std::memcpy(p_, y.bytes, sizeof y.bytes);  // the buffers have room past kMaxElementsPerString
        p_ += y.length;
        commonSecondaries_ += y.count;
        commonTertiaries_ += y.count;
        previous_ = y.last;
        return true;
    }

    /// Adds a character of one element whose primary is not compressible and whose lower
    /// weights are common (``SortKeyTable::Single``) outside a run of a compressible lead
    /// byte, as ``add`` would; false (nothing added) otherwise.
    __attribute__((always_inline)) inline bool addSingle(const SortKeyTable::Single &x) {
        if (x.length == 0 || previous_ != 0 || elements_ + 1 > kMaxElementsPerString) return false;
        ++elements_;
        std::memcpy(p_, x.bytes, sizeof x.bytes);  // the buffers have room past kMaxElementsPerString
        p_ += x.length;
        ++commonSecondaries_;
        ++commonTertiaries_;
        return true;
    }

    /// Ends the string (common runs before a level separator are written low) and copies
    /// the levels to `key`; returns the key's length (nothing is written beyond capacity).
    inline int32_t finish(uint8_t *key, int32_t capacity) {
        const Compression &tc = CaseFirst == 0 ? kTertiaryOnly : CaseFirst == 1 ? kTertiaryLowerFirst : kTertiaryUpperFirst;
        if (Levels >= 2) s_ = flushCommon(s_, commonSecondaries_, true, kSecondary);
        if (Levels >= 3) t_ = flushCommon(t_, commonTertiaries_, true, tc);
        const int32_t pl = static_cast<int32_t>(p_ - primaries_);
        const int32_t sl = static_cast<int32_t>(s_ - secondaries_);
        const int32_t tl = static_cast<int32_t>(t_ - tertiaries_);
        const int32_t length = pl + (Levels >= 2 ? 1 + sl : 0) + (Levels >= 3 ? 1 + tl : 0);
        if (length > capacity) return length;
        std::memcpy(key, primaries_, pl);
        key += pl;
        if (Levels >= 2) {
            *key++ = 0x01;
            std::memcpy(key, secondaries_, sl);
            key += sl;
        }
        if (Levels >= 3) {
            *key++ = 0x01;
            std::memcpy(key, tertiaries_, tl);
        }
        return length;
    }

private:
    // Each element adds at most 5 primary bytes and 3 secondary or tertiary bytes (common
    // runs only shrink), so this many elements always fit the buffers.
    static constexpr uint32_t kMaxElementsPerString = (kLevelCapacity - 8) / 6;
    uint8_t primaries_[kLevelCapacity];
    uint8_t secondaries_[Levels >= 2 ? kLevelCapacity : 1];
    uint8_t tertiaries_[Levels >= 3 ? kLevelCapacity : 1];
    uint8_t *p_ = primaries_, *s_ = secondaries_, *t_ = tertiaries_;
    uint32_t previous_ = 0;  // the previous compressible primary, 0 after one that is not
    uint32_t elements_ = 0;
    int32_t commonSecondaries_ = 0, commonTertiaries_ = 0;
};

}  // namespace

template <int Levels, int CaseFirst>
int32_t SortKeyTable::writeWith(const uint8_t *text, int32_t length, uint8_t *key, int32_t capacity) const {
    Encoder<Levels, CaseFirst> encoder;
    int32_t i = 0;
    while (i < length) {
        uint32_t c = text[i];
        if (c < 0x80) {
            ++i;
            if (encoder.addSingle(ascii_[c])) continue;  // a lowercase letter, a digit
        } else if (c >= 0xc2 && c < 0xe0 && i + 1 < length && (text[i + 1] & 0xc0) == 0x80) {
            c = (c & 0x1f) << 6 | (text[i + 1] & 0x3f);
            i += 2;
        } else if (c >= 0xe0 && c < 0xf0 && i + 2 < length && (text[i + 1] & 0xc0) == 0x80 &&
                   (text[i + 2] & 0xc0) == 0x80) {
            c = (c & 0x0f) << 12 | (text[i + 1] & 0x3f) << 6 | (text[i + 2] & 0x3f);
            if (c < 0x800) return -1;  // overlong (surrogates are refused by the table)
            i += 3;
        } else {
            return -1;  // supplementary or ill-formed
        }
        if (hangulByJamo_ && c - 0xac00u <= 0xd7a3u - 0xac00u) {
            const uint32_t s = c - 0xac00u;
            if (encoder.addWithinLead(syllables_[s])) continue;
            const Element *base = jamo_->elements.data();
            const uint32_t l = jamo_->entries[s / 588], v = jamo_->entries[0x61 + (s % 588) / 28];
            if (!encoder.add(base + (l >> 5), l & 31) || !encoder.add(base + (v >> 5), v & 31)) return -1;
            if (s % 28 != 0) {
                const uint32_t t = jamo_->entries[0xa7 + s % 28];
                if (!encoder.add(base + (t >> 5), t & 31)) return -1;
            }
            continue;
        }
        const Block *b = block(c >> 8);
        if (encoder.addSingle(b->singles[c & 0xff])) continue;
        const uint32_t entry = b->entries[c & 0xff];
        if (entry == kRefused || !encoder.add(b->elements.data() + (entry >> 5), entry & 31)) return -1;
    }
    return encoder.finish(key, capacity);
}

template <int Levels, int CaseFirst>
int32_t SortKeyTable::encodeWith(const Element *elements, uint32_t count, int32_t times, uint8_t *key,
                                 int32_t capacity) const {
    Encoder<Levels, CaseFirst> encoder;
    for (int32_t n = 0; n < times; ++n) {
        if (!encoder.add(elements, count)) return -1;
    }
    return encoder.finish(key, capacity);
}

int32_t SortKeyTable::write(const uint8_t *text, int32_t length, uint8_t *key, int32_t capacity) const {
#define CCS_WRITE(L, C) writeWith<L, C>(text, length, key, capacity)
    switch (levels_ * 3 + caseFirst_) {
    case 3: return CCS_WRITE(1, 0);
    case 4: return CCS_WRITE(1, 1);
    case 5: return CCS_WRITE(1, 2);
    case 6: return CCS_WRITE(2, 0);
    case 7: return CCS_WRITE(2, 1);
    case 8: return CCS_WRITE(2, 2);
    case 9: return CCS_WRITE(3, 0);
    case 10: return CCS_WRITE(3, 1);
    default: return CCS_WRITE(3, 2);
    }
#undef CCS_WRITE
}

int32_t SortKeyTable::encode(const Element *elements, uint32_t count, int32_t times, uint8_t *key,
                             int32_t capacity) const {
#define CCS_ENCODE(L, C) encodeWith<L, C>(elements, count, times, key, capacity)
    switch (levels_ * 3 + caseFirst_) {
    case 3: return CCS_ENCODE(1, 0);
    case 4: return CCS_ENCODE(1, 1);
    case 5: return CCS_ENCODE(1, 2);
    case 6: return CCS_ENCODE(2, 0);
    case 7: return CCS_ENCODE(2, 1);
    case 8: return CCS_ENCODE(2, 2);
    case 9: return CCS_ENCODE(3, 0);
    case 10: return CCS_ENCODE(3, 1);
    default: return CCS_ENCODE(3, 2);
    }
#undef CCS_ENCODE
}

}  // namespace ccs
