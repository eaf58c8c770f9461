// The collator: open once, configure in full, then use concurrently (const only).
#include "CCollationShims.h"
#include "MergedTailoring.hpp"
#include "ShimSupport.hpp"
#include "SortKeyTable.hpp"

#include <unicode/localpointer.h>
#include <unicode/ucol.h>
#include <unicode/uenum.h>
#include <unicode/uloc.h>

#include <algorithm>
#include <atomic>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

struct ccs_collator {
    icu::LocalUCollatorPointer collator;
    /// The merged rule text of a multi-language collator (empty otherwise): what the key
    /// stamp describes, the same whether the rules were compiled or loaded from the cache.
    icu::UnicodeString mergedRules;
    /// The table-driven key writer (SortKeyTable.hpp), made on a thread of its own once
    /// asked for (`prepareTable`) or after `kKeysBeforeTable` keys; until it is ready, and
    /// for collators whose attributes it does not model, ICU writes every key. Either way
    /// the bytes are the same.
    mutable std::atomic<int> tableState{0};  // 0 not asked, 1 being made, 2 made (maybe null)
    /// Whether the table's facts came from a cache (`prepareTable(known)`) or were stored
    /// in one (`ccs_collator_sort_key_table_facts_stored`): nothing for a caller to store.
    mutable std::atomic<bool> tableFactsKept{false};
    mutable std::atomic<ccs::SortKeyTable *> table{nullptr};
    mutable std::atomic<int32_t> icuKeys{0};
    mutable std::thread tableMaker{};
    /// Whether `tableMaker` was joined once the table was made: a collator kept for the
    /// whole process (the opened-collator cache) is never destroyed, and a thread left
    /// unjoined at exit is a leak (ThreadSanitizer reports it).
    mutable std::atomic<bool> makerJoined{false};
    mutable std::mutex makerMutex{};

    static constexpr int32_t kKeysBeforeTable = 20000;

    ~ccs_collator() {
        if (tableMaker.joinable()) tableMaker.join();  // (not joined yet: no key since it was made)
        delete table.load();
    }

    /// Starts making the table (once), from `known` facts when given (a copy is kept).
    void prepareTable(const ccs::SortKeyTable::Facts *known = nullptr) const {
        int expected = 0;
        if (!tableState.compare_exchange_strong(expected, 1)) return;
        std::optional<ccs::SortKeyTable::Facts> facts;
        if (known != nullptr) facts = *known;
        tableFactsKept.store(known != nullptr, std::memory_order_relaxed);
        // Held while the thread is stored: it may finish first, and `joinMaker` waits here.
        std::lock_guard<std::mutex> lock(makerMutex);
        tableMaker = std::thread([this, facts = std::move(facts)] {
            table.store(ccs::SortKeyTable::make(collator.getAlias(), facts ? &*facts : nullptr).release(),
                        std::memory_order_release);
            tableState.store(2, std::memory_order_release);
        });
    }

    /// The table when it is ready, else null (and counts the keys ICU wrote meanwhile).
    const ccs::SortKeyTable *readyTable() const {
        if (ccs::SortKeyTable *ready = table.load(std::memory_order_acquire)) {
            if (!makerJoined.load(std::memory_order_relaxed)) joinMaker();
            return ready;
        }
        const int state = tableState.load(std::memory_order_acquire);
        if (state == 0 && icuKeys.fetch_add(1, std::memory_order_relaxed) >= kKeysBeforeTable) {
            prepareTable();
        } else if (state == 2 && !makerJoined.load(std::memory_order_relaxed)) {
            joinMaker();  // made, and null: attributes the table does not model
        }
        return nullptr;
    }

    /// Joins the finished table maker, once (the first caller to see the table made).
    void joinMaker() const {
        std::lock_guard<std::mutex> lock(makerMutex);
        if (makerJoined.load(std::memory_order_relaxed)) return;
        if (tableMaker.joinable()) tableMaker.join();
        makerJoined.store(true, std::memory_order_relaxed);
    }

    /// The table, made now if it is not ready (null when attributes are not modelled).
    const ccs::SortKeyTable *waitForTable() const {
        prepareTable();
        while (tableState.load(std::memory_order_acquire) != 2) std::this_thread::yield();
        return table.load(std::memory_order_acquire);
    }
};

namespace {

UColAttribute icuAttribute(int32_t attribute) {
    switch (attribute) {
    case CCS_ATTR_STRENGTH: return UCOL_STRENGTH;
    case CCS_ATTR_ALTERNATE: return UCOL_ALTERNATE_HANDLING;
    case CCS_ATTR_CASE_FIRST: return UCOL_CASE_FIRST;
    case CCS_ATTR_NUMERIC: return UCOL_NUMERIC_COLLATION;
    case CCS_ATTR_NORMALIZATION: return UCOL_NORMALIZATION_MODE;
    default: return UCOL_CASE_LEVEL;
    }
}

/// One attribute value in the shim's terms and in ICU's.
struct ValuePair {
    int32_t ccs;
    UColAttributeValue icu;
};

/// The values of one attribute; a value not in the list maps to `fallback`. Both
/// directions of the mapping read these tables.
struct ValueTable {
    const ValuePair *pairs;
    size_t count;
    ValuePair fallback;
};

constexpr ValuePair kStrengths[] = {
    {CCS_STRENGTH_PRIMARY, UCOL_PRIMARY},     {CCS_STRENGTH_SECONDARY, UCOL_SECONDARY},
    {CCS_STRENGTH_TERTIARY, UCOL_TERTIARY},   {CCS_STRENGTH_QUATERNARY, UCOL_QUATERNARY},
    {CCS_STRENGTH_IDENTICAL, UCOL_IDENTICAL},
};
constexpr ValuePair kAlternates[] = {
    {CCS_ALTERNATE_NON_IGNORABLE, UCOL_NON_IGNORABLE}, {CCS_ALTERNATE_SHIFTED, UCOL_SHIFTED}};
constexpr ValuePair kCaseFirsts[] = {
    {CCS_CASE_FIRST_OFF, UCOL_OFF}, {CCS_CASE_FIRST_LOWER, UCOL_LOWER_FIRST}, {CCS_CASE_FIRST_UPPER, UCOL_UPPER_FIRST}};
constexpr ValuePair kSwitches[] = {{CCS_OFF, UCOL_OFF}, {CCS_ON, UCOL_ON}};

template <size_t N>
constexpr ValueTable table(const ValuePair (&pairs)[N], ValuePair fallback) {
    return ValueTable{pairs, N, fallback};
}

ValueTable valuesOf(int32_t attribute) {
    switch (attribute) {
    case CCS_ATTR_STRENGTH: return table(kStrengths, kStrengths[4]);
    case CCS_ATTR_ALTERNATE: return table(kAlternates, kAlternates[0]);
    case CCS_ATTR_CASE_FIRST: return table(kCaseFirsts, kCaseFirsts[0]);
    default: return table(kSwitches, kSwitches[0]);
    }
}

UColAttributeValue icuValue(int32_t attribute, int32_t value) {
    const ValueTable values = valuesOf(attribute);
    for (size_t i = 0; i < values.count; ++i) {
        if (values.pairs[i].ccs == value) return values.pairs[i].icu;
    }
    return values.fallback.icu;
}

int32_t ccsValue(int32_t attribute, UColAttributeValue value) {
    const ValueTable values = valuesOf(attribute);
    for (size_t i = 0; i < values.count; ++i) {
        if (values.pairs[i].icu == value) return values.pairs[i].ccs;
    }
    return values.fallback.ccs;
}

/// Sets every attribute of `attributes[CCS_ATTR_COUNT]` (or none, when NULL) that is not
/// CCS_DEFAULT, stopping at the first failure.
void applyAttributes(UCollator *collator, const int32_t *attributes, UErrorCode &code) {
    for (int32_t attribute = 0; attributes != nullptr && attribute < CCS_ATTR_COUNT && U_SUCCESS(code);
         ++attribute) {
        if (attributes[attribute] != CCS_DEFAULT) {
            ucol_setAttribute(collator, icuAttribute(attribute), icuValue(attribute, attributes[attribute]), &code);
        }
    }
}

}  // namespace

extern "C" ccs_collator *ccs_collator_open(const char *locale_id, const char *extra_locales,
                                          const int32_t *attributes, int32_t *status) {
    return ccs_collator_open_compiled(locale_id, extra_locales, attributes, nullptr, 0, nullptr, 0, status);
}

extern "C" ccs_collator *ccs_collator_open_compiled(const char *locale_id, const char *extra_locales,
                                                   const int32_t *attributes, const uint16_t *rules,
                                                   int32_t rules_length, const uint8_t *binary,
                                                   int32_t binary_length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    icu::UnicodeString mergedRules;
    const ccs::Compiled compiled{reinterpret_cast<const UChar *>(rules), rules_length, binary, binary_length};
    icu::LocalUCollatorPointer collator = ccs::openMerged(locale_id, ccs::localeList(extra_locales), code, &mergedRules,
                                                         rules != nullptr ? &compiled : nullptr);
    UErrorCode openWarning = code;
    applyAttributes(collator.getAlias(), attributes, code);
    if (U_FAILURE(code)) {
        *status = code;
        return nullptr;
    }
    *status = openWarning;
    return new ccs_collator{std::move(collator), mergedRules};
}

extern "C" void ccs_collator_close(ccs_collator *collator) { delete collator; }

extern "C" int32_t ccs_collator_attribute(const ccs_collator *collator, int32_t attribute) {
    UErrorCode code = U_ZERO_ERROR;
    UColAttributeValue value = ucol_getAttribute(collator->collator.getAlias(), icuAttribute(attribute), &code);
    return U_SUCCESS(code) ? ccsValue(attribute, value) : -1;
}

extern "C" int32_t ccs_collator_locale(const ccs_collator *collator, int32_t which, char *out,
                                       int32_t capacity, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    const char *name = ucol_getLocaleByType(
        collator->collator.getAlias(), which == CCS_LOCALE_ACTUAL ? ULOC_ACTUAL_LOCALE : ULOC_VALID_LOCALE, &code);
    *status = code;
    if (U_FAILURE(code) || name == nullptr) return 0;
    return ccs::copyOut(std::string(name), out, capacity);
}

extern "C" int32_t ccs_collator_version(const ccs_collator *collator, char *out, int32_t capacity) {
    UVersionInfo info;
    ucol_getVersion(collator->collator.getAlias(), info);
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(info, text);
    return ccs::copyOut(std::string(text), out, capacity);
}

extern "C" int32_t ccs_collator_compare_utf8(const ccs_collator *collator, const char *a,
                                             int32_t a_length, const char *b, int32_t b_length,
                                             int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    UCollationResult result = ucol_strcollUTF8(collator->collator.getAlias(), a, a_length, b, b_length, &code);
    *status = code;
    return static_cast<int32_t>(result);
}

extern "C" int32_t ccs_collator_sort_key_utf8(const ccs_collator *collator, const char *text,
                                              int32_t length, uint8_t *key, int32_t capacity) {
    if (const ccs::SortKeyTable *table = collator->readyTable()) {
        const int32_t written = table->write(reinterpret_cast<const uint8_t *>(text), length, key, capacity);
        if (written >= 0) return written;
    }
    return ccs_collator_sort_key_icu_utf8(collator, text, length, key, capacity);
}

extern "C" void ccs_collator_prepare_sort_keys(const ccs_collator *collator) { collator->prepareTable(); }

extern "C" void ccs_collator_prepare_sort_keys_knowing(const ccs_collator *collator, const uint64_t *refused,
                                                       int32_t hangul_by_jamo) {
    ccs::SortKeyTable::Facts facts;
    facts.refused.assign(refused, refused + ccs::SortKeyTable::kRefusedWords);
    facts.hangulByJamo = hangul_by_jamo != 0;
    collator->prepareTable(&facts);
}

extern "C" int32_t ccs_collator_sort_key_table_facts(const ccs_collator *collator, uint64_t *refused,
                                                     int32_t *hangul_by_jamo) {
    if (collator->tableState.load(std::memory_order_acquire) != 2) return 0;
    const ccs::SortKeyTable *table = collator->table.load(std::memory_order_acquire);
    if (table == nullptr) return -1;
    const ccs::SortKeyTable::Facts facts = table->facts();
    std::copy(facts.refused.begin(), facts.refused.end(), refused);
    *hangul_by_jamo = facts.hangulByJamo ? 1 : 0;
    return collator->tableFactsKept.load(std::memory_order_relaxed) ? 2 : 1;
}

extern "C" void ccs_collator_sort_key_table_facts_stored(const ccs_collator *collator) {
    collator->tableFactsKept.store(true, std::memory_order_relaxed);
}

extern "C" int32_t ccs_collator_sort_key_table_state(const ccs_collator *collator) {
    return collator->tableState.load(std::memory_order_acquire);
}

extern "C" int32_t ccs_collator_sort_key_table_utf8(const ccs_collator *collator, const char *text,
                                                    int32_t length, uint8_t *key, int32_t capacity) {
    const ccs::SortKeyTable *table = collator->waitForTable();
    if (table == nullptr) return -2;
    return table->write(reinterpret_cast<const uint8_t *>(text), length, key, capacity);
}

extern "C" int32_t ccs_collator_sort_key_icu_utf8(const ccs_collator *collator, const char *text,
                                                  int32_t length, uint8_t *key, int32_t capacity) {
    ccs::UTF16Buffer utf16(text, length);
    // ucol_getSortKey counts ICU's trailing NUL in its result; we drop that byte.
    int32_t needed = ucol_getSortKey(collator->collator.getAlias(), utf16.data(), utf16.length(), key,
                                     capacity);
    return needed > 0 ? needed - 1 : 0;
}

extern "C" int32_t ccs_collator_collation_type(const ccs_collator *collator, char *out, int32_t capacity) {
    UErrorCode code = U_ZERO_ERROR;
    const char *actual = ucol_getLocaleByType(collator->collator.getAlias(), ULOC_ACTUAL_LOCALE, &code);
    if (U_FAILURE(code) || actual == nullptr) return ccs::copyOut(std::string("standard"), out, capacity);
    char keyword[64];
    int32_t length = uloc_getKeywordValue(actual, "collation", keyword, sizeof keyword, &code);
    if (U_SUCCESS(code) && length > 0 && length < static_cast<int32_t>(sizeof keyword)) {
        return ccs::copyOut(std::string(keyword, static_cast<size_t>(length)), out, capacity);
    }
    // ICU names the type only when it is not the data locale's default.
    code = U_ZERO_ERROR;
    icu::LocalUEnumerationPointer values(ucol_getKeywordValuesForLocale("collation", actual, true, &code));
    std::string type = "standard";
    if (U_SUCCESS(code)) {
        int32_t valueLength = 0;
        const char *first = uenum_next(values.getAlias(), &valueLength, &code);
        if (U_SUCCESS(code) && first != nullptr) type.assign(first, static_cast<size_t>(valueLength));
    }
    return ccs::copyOut(type, out, capacity);
}

namespace ccs {

icu::LocalUCollatorPointer cloneCollator(const ccs_collator *source, UErrorCode &code) {
#if U_ICU_VERSION_MAJOR_NUM >= 71
    return icu::LocalUCollatorPointer(ucol_clone(source->collator.getAlias(), &code));
#else
    return icu::LocalUCollatorPointer(ucol_safeClone(source->collator.getAlias(), nullptr, nullptr, &code));
#endif
}

}  // namespace ccs

extern "C" int32_t ccs_merged_compilation_count(const char *locale_id, const char *extra_locales) {
    return ccs::mergedCompilations(locale_id, ccs::localeList(extra_locales));
}

extern "C" ccs_collator *ccs_collator_clone_configured(const ccs_collator *source, const int32_t *attributes,
                                                      int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    icu::LocalUCollatorPointer collator = ccs::cloneCollator(source, code);
    applyAttributes(collator.getAlias(), attributes, code);
    if (U_FAILURE(code)) {
        *status = code;
        return nullptr;
    }
    *status = U_ZERO_ERROR;
    return new ccs_collator{std::move(collator), source->mergedRules};
}

namespace {

std::string versionString(const UVersionInfo info) {
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_versionToString(info, text);
    return text;
}

}  // namespace

extern "C" int32_t ccs_uca_version(char *out, int32_t capacity) {
    UErrorCode code = U_ZERO_ERROR;
    icu::LocalUCollatorPointer root(ucol_open("", &code));
    if (U_FAILURE(code)) return ccs::copyOut(std::string("?"), out, capacity);
    UVersionInfo info;
    ucol_getUCAVersion(root.getAlias(), info);
    return ccs::copyOut(versionString(info), out, capacity);
}

extern "C" int32_t ccs_collator_description(const ccs_collator *collator, char *out, int32_t capacity) {
    const UCollator *c = collator->collator.getAlias();
    std::string text = "collator-description-1\n";
    UVersionInfo info;
    ucol_getUCAVersion(c, info);
    text += "uca=" + versionString(info) + "\n";
    ucol_getVersion(c, info);
    text += "version=" + versionString(info) + "\n";
    static const UColAttribute attributes[] = {
        UCOL_FRENCH_COLLATION, UCOL_ALTERNATE_HANDLING, UCOL_CASE_FIRST, UCOL_CASE_LEVEL,
        UCOL_NORMALIZATION_MODE, UCOL_STRENGTH, UCOL_NUMERIC_COLLATION};
    text += "attributes=";
    for (UColAttribute attribute : attributes) {
        UErrorCode code = U_ZERO_ERROR;
        UColAttributeValue value = ucol_getAttribute(c, attribute, &code);
        text += std::to_string(static_cast<int>(attribute)) + ":" +
                (U_SUCCESS(code) ? std::to_string(static_cast<int>(value)) : std::string("?")) + ",";
    }
    text += "\nmaxVariable=" + std::to_string(static_cast<int>(ucol_getMaxVariable(c)));
    UErrorCode code = U_ZERO_ERROR;
    text += "\nvariableTop=" + std::to_string(ucol_getVariableTop(c, &code));
    int32_t codes[64];
    code = U_ZERO_ERROR;
    int32_t count = ucol_getReorderCodes(c, codes, 64, &code);
    text += "\nreorder=";
    for (int32_t index = 0; U_SUCCESS(code) && index < count && index < 64; ++index) {
        text += std::to_string(codes[index]) + ",";
    }
    int32_t length = 0;
    const UChar *rules = ucol_getRules(c, &length);
    text += "\nrules=";
    std::string utf8;
    if (!collator->mergedRules.isEmpty()) {
        collator->mergedRules.toUTF8String(utf8);
    } else {
        icu::UnicodeString(false, rules, length).toUTF8String(utf8);
    }
    text += utf8;
    return ccs::copyOut(text, out, capacity);
}
