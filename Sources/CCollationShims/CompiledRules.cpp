// Compiled merged rules as bytes and back (ucol_cloneBinary, ucol_openBinary), so a caller
// can keep a compiled multi-language collator between processes: compiling merged rules
// (ucol_openRules) costs 0.2–0.4 s for ko or ja with extras; opening a binary costs
// milliseconds. Where the bytes are kept is the caller's business (IndexedCollation's
// `CompiledCollatorCache`, in Swift): the shim only calls ICU.
#include "CCollationShims.h"
#include "MergedTailoring.hpp"

#include <cstdlib>
#include <memory>
#include <mutex>
#include <vector>

namespace ccs {
namespace {

/// Binaries that opened collators (and their clones) read in place: kept for the life of
/// the process, one per merged rule text a process opens.
std::mutex keptLock;
std::vector<std::unique_ptr<uint8_t[]>> kept;

/// Copies `length` bytes into memory from malloc, or returns NULL.
template <typename T>
T *mallocCopy(const T *source, int32_t count) {
    T *copy = static_cast<T *>(std::malloc(static_cast<size_t>(count) * sizeof(T)));
    if (copy != nullptr) std::memcpy(copy, source, static_cast<size_t>(count) * sizeof(T));
    return copy;
}

}  // namespace

icu::LocalUCollatorPointer compileRules(const icu::UnicodeString &rules, UErrorCode &code) {
    UParseError parseError;
    return icu::LocalUCollatorPointer(
        ucol_openRules(rules.getBuffer(), rules.length(), UCOL_DEFAULT, UCOL_DEFAULT_STRENGTH, &parseError, &code));
}

icu::LocalUCollatorPointer openBinary(const uint8_t *binary, int32_t length) {
    if (binary == nullptr || length <= 0) return icu::LocalUCollatorPointer();
    UErrorCode code = U_ZERO_ERROR;
    static UCollator *root = ucol_open("", &code);  // the base of every tailoring, never closed
    if (U_FAILURE(code) || root == nullptr) return icu::LocalUCollatorPointer();
    std::unique_ptr<uint8_t[]> copy(new uint8_t[static_cast<size_t>(length)]);
    std::memcpy(copy.get(), binary, static_cast<size_t>(length));
    icu::LocalUCollatorPointer collator(ucol_openBinary(copy.get(), length, root, &code));
    if (U_FAILURE(code)) return icu::LocalUCollatorPointer();
    std::lock_guard<std::mutex> guard(keptLock);
    kept.push_back(std::move(copy));
    return collator;
}

}  // namespace ccs

extern "C" int32_t ccs_merged_rules(const char *locale_id, const char *extra_locales, uint16_t **rules,
                                    int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    icu::UnicodeString merged = ccs::mergedRules(locale_id, ccs::localeList(extra_locales), code);
    *status = code;
    *rules = nullptr;
    if (U_FAILURE(code) || merged.isEmpty()) return 0;
    *rules = ccs::mallocCopy(reinterpret_cast<const uint16_t *>(merged.getBuffer()), merged.length());
    if (*rules == nullptr) *status = U_MEMORY_ALLOCATION_ERROR;
    return *rules == nullptr ? 0 : merged.length();
}

extern "C" int32_t ccs_rules_compile_binary(const uint16_t *rules, int32_t length, uint8_t **binary, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    *binary = nullptr;
    icu::LocalUCollatorPointer collator =
        ccs::compileRules(icu::UnicodeString(reinterpret_cast<const UChar *>(rules), length), code);
    int32_t size = U_SUCCESS(code) ? ucol_cloneBinary(collator.getAlias(), nullptr, 0, &code) : 0;
    if (code == U_BUFFER_OVERFLOW_ERROR) code = U_ZERO_ERROR;
    if (U_SUCCESS(code) && size > 0) {
        *binary = static_cast<uint8_t *>(std::malloc(static_cast<size_t>(size)));
        if (*binary == nullptr) code = U_MEMORY_ALLOCATION_ERROR;
    }
    if (*binary != nullptr) ucol_cloneBinary(collator.getAlias(), *binary, size, &code);
    *status = code;
    if (U_FAILURE(code)) {
        std::free(*binary);
        *binary = nullptr;
        return 0;
    }
    return size;
}

extern "C" void ccs_free(void *buffer) { std::free(buffer); }
