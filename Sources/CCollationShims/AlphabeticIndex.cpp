// ICU's alphabetic index, flattened into a sorted list of primary-key boundaries.
//
// ICU's ImmutableIndex finds a bucket by binary search with a primary-strength collator
// over its bucket list: bucket i holds the strings from its lower boundary up to the next
// one. The boundaries are not public API, but each one is a string of a known shape
// (alphaindex.cpp, createBucketList):
//   - the underflow bucket starts at "";
//   - a letter bucket starts at its index character, which is its label, or for Chinese
//     a contraction U+FDD0+X (pinyin letter X, or U+2800+n for n strokes);
//   - inflow and overflow buckets start at a script boundary, a U+FDD1+X contraction;
//   - invisible redirect buckets start at label+U+FFFF (after a multi-primary label) or
//     at a U+FDD0 pinyin contraction (redirected to the ASCII letter bucket).
// So we collect every string of those shapes, ask ICU itself which bucket each belongs
// to, and sort them by primary key. The real boundaries are a subset of ours, so the
// bucket is constant between two consecutive entries and "last entry <= primary key"
// gives exactly ICU's answer, with a memcmp per binary-search step instead of a
// collator call. ccs_index_bucket_for_utf8 keeps ICU's own answer as the test oracle.
#include "CCollationShims.h"
#include "MergedTailoring.hpp"
#include "ShimSupport.hpp"

#include <unicode/alphaindex.h>
#include <unicode/coll.h>
#include <unicode/localpointer.h>
#include <unicode/locid.h>
#include <unicode/tblcoll.h>
#include <unicode/ucol.h>
#include <unicode/uniset.h>
#include <unicode/uscript.h>
#include <unicode/usetiter.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace {

/// No label of an extra language is dropped for count (ICU's default keeps 99).
constexpr int32_t IndexLabelLimit = 100000;

struct Boundary {
    std::string key;  // primary sort key bytes, no trailing NUL
    int32_t bucket;
    int32_t order;  // tie-break: insertion order
};

std::string primaryKey(const icu::Collator &collator, const icu::UnicodeString &text) {
    uint8_t stack[128];
    int32_t needed = collator.getSortKey(text, stack, sizeof stack);
    if (needed <= static_cast<int32_t>(sizeof stack)) {
        return std::string(reinterpret_cast<char *>(stack), needed > 0 ? needed - 1 : 0);
    }
    std::string heap(static_cast<size_t>(needed), '\0');
    collator.getSortKey(text, reinterpret_cast<uint8_t *>(heap.data()), needed);
    heap.resize(static_cast<size_t>(needed - 1));
    return heap;
}

bool hasLatinLetter(const icu::UnicodeString &label) {
    for (int32_t i = 0; i < label.length();) {
        UChar32 c = label.char32At(i);
        UErrorCode code = U_ZERO_ERROR;
        if (uscript_getScript(c, &code) == USCRIPT_LATIN) return true;
        i += U16_LENGTH(c);
    }
    return false;
}

}  // namespace

struct ccs_index {
    std::unique_ptr<icu::AlphabeticIndex> builder;
    std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> index;
    std::unique_ptr<icu::Collator> primary;
    std::vector<Boundary> boundaries;
    bool addedEnglish = false;
};

namespace {

bool anyLatinLabel(const icu::AlphabeticIndex::ImmutableIndex &index) {
    for (int32_t i = 0; i < index.getBucketCount(); ++i) {
        const icu::AlphabeticIndex::Bucket *bucket = index.getBucket(i);
        if (bucket->getLabelType() == U_ALPHAINDEX_NORMAL && hasLatinLetter(bucket->getLabel())) {
            return true;
        }
    }
    return false;
}

/// The labels an additional language contributes: its own index's letters (as its
/// collator keeps them: es Ñ) without Han ones (stroke counts 1劃…, radicals, ideographs),
/// so Han stays filed by the primary language alone.
icu::UnicodeSet extraLabels(const char *extra, UErrorCode &code) {
    icu::UnicodeSet labels;
    icu::AlphabeticIndex own(icu::Locale(extra), code);
    own.setMaxLabelCount(IndexLabelLimit, code);
    std::unique_ptr<icu::AlphabeticIndex::ImmutableIndex> index(own.buildImmutableIndex(code));
    if (U_FAILURE(code)) return labels;
    for (int32_t i = 0; i < index->getBucketCount(); ++i) {
        const icu::AlphabeticIndex::Bucket *bucket = index->getBucket(i);
        if (bucket->getLabelType() == U_ALPHAINDEX_NORMAL && !ccs::hasHan(bucket->getLabel())) labels.add(bucket->getLabel());
    }
    return labels;
}

void buildBoundaries(ccs_index &self, const icu::Collator &collator, UErrorCode &code) {
    const icu::AlphabeticIndex::ImmutableIndex &index = *self.index;
    std::vector<icu::UnicodeString> candidates{icu::UnicodeString()};
    for (int32_t i = 0; i < index.getBucketCount(); ++i) {
        const icu::AlphabeticIndex::Bucket *bucket = index.getBucket(i);
        if (bucket->getLabelType() == U_ALPHAINDEX_NORMAL) {
            candidates.push_back(bucket->getLabel());
            candidates.push_back(icu::UnicodeString(bucket->getLabel()).append((UChar)0xFFFF));
        }
    }
    // Index characters of Chinese (U+FDD0) and script boundaries (U+FDD1) are contractions:
    // those two starts only, as ICU's own AlphabeticIndex asks (all of the collator's
    // contractions, when it is not rule-based, take milliseconds more).
    icu::UnicodeSet starting;
    if (const auto *rules = dynamic_cast<const icu::RuleBasedCollator *>(&collator); rules != nullptr && U_SUCCESS(code)) {
        rules->internalAddContractions(0xFDD0, starting, code);
        rules->internalAddContractions(0xFDD1, starting, code);
    } else if (U_SUCCESS(code)) {
        icu::LocalUSetPointer contractions(uset_openEmpty());
        ucol_getContractionsAndExpansions(collator.toUCollator(), contractions.getAlias(), nullptr, false, &code);
        starting.addAll(*icu::UnicodeSet::fromUSet(contractions.getAlias()));
    }
    if (U_SUCCESS(code)) {
        icu::UnicodeSetIterator it(starting);
        while (it.next()) {
            if (it.isString() && (it.getString().charAt(0) == 0xFDD0 || it.getString().charAt(0) == 0xFDD1)) {
                candidates.push_back(it.getString());
            }
        }
    }
    if (U_FAILURE(code)) return;
    int32_t order = 0;
    for (const icu::UnicodeString &candidate : candidates) {
        int32_t bucket = index.getBucketIndex(candidate, code);
        if (U_FAILURE(code)) return;
        self.boundaries.push_back(Boundary{primaryKey(*self.primary, candidate), bucket, order++});
    }
    std::sort(self.boundaries.begin(), self.boundaries.end(), [](const Boundary &a, const Boundary &b) {
        return a.key != b.key ? a.key < b.key : a.order < b.order;
    });
    // Equal keys are the same boundary; ICU's answer for that string is in each entry.
    self.boundaries.erase(std::unique(self.boundaries.begin(), self.boundaries.end(),
                                      [](const Boundary &a, const Boundary &b) { return a.key == b.key; }),
                          self.boundaries.end());
}

/// The merged collator for an index: a copy of `merged` when given, else compiled.
icu::LocalUCollatorPointer mergedCollator(const char *locale_id, const std::vector<const char *> &extras,
                                          const ccs_collator *merged, UErrorCode &code) {
    return merged != nullptr ? ccs::cloneCollator(merged, code) : ccs::openMerged(locale_id, extras, code);
}

/// An index with no locale's labels: over the merged collator, else the locale's own, with
/// only `added` as labels; with nothing added, over the root collator (whose only bucket
/// is the underflow bucket; a Chinese collator would bring its index characters).
void openWithoutLocaleLabels(ccs_index &self, const char *locale_id, const std::vector<const char *> &extras, bool merge,
                             const ccs_collator *merged_collator, const icu::UnicodeSet &added, int32_t max_labels,
                             UErrorCode &code) {
    icu::LocalUCollatorPointer collator;
    if (added.isEmpty()) {
        collator.adoptInstead(ucol_open("", &code));
    } else if (merge) {
        collator = mergedCollator(locale_id, extras, merged_collator, code);
    } else {
        collator.adoptInstead(ucol_open(locale_id, &code));
    }
    if (U_FAILURE(code)) return;
    self.builder = std::make_unique<icu::AlphabeticIndex>(icu::RuleBasedCollator::rbcFromUCollator(collator.orphan()), code);
    if (max_labels != CCS_INDEX_DEFAULT_MAX_LABELS) self.builder->setMaxLabelCount(max_labels, code);
    if (!added.isEmpty()) self.builder->addLabels(added, code);
    if (U_SUCCESS(code)) self.index.reset(self.builder->buildImmutableIndex(code));
}

/// The primary-strength collator and the boundaries of a built index; the index, or NULL
/// with the failure in `status`.
ccs_index *finish(std::unique_ptr<ccs_index> self, UErrorCode code, int32_t *status) {
    if (U_SUCCESS(code)) {
        self->primary.reset(self->builder->getCollator().clone());
        if (self->primary == nullptr) code = U_MEMORY_ALLOCATION_ERROR;
    }
    if (U_SUCCESS(code)) self->primary->setStrength(icu::Collator::PRIMARY);
    // Contractions (U+FDD0, U+FDD1) are the index collator's (merged or the locale's own).
    if (U_SUCCESS(code)) buildBoundaries(*self, self->builder->getCollator(), code);
    *status = code;
    if (U_FAILURE(code)) return nullptr;
    return self.release();
}

}  // namespace

extern "C" ccs_index *ccs_index_open(const char *locale_id, const char *extra_locales, int32_t options,
                                     int32_t max_labels, const ccs_collator *merged_collator, const char *added_labels,
                                     int32_t *status) {
    const bool addEnglishWithoutLatin = (options & CCS_INDEX_ADD_ENGLISH_WITHOUT_LATIN) != 0;
    const bool mergeTailorings = (options & CCS_INDEX_MERGE_TAILORINGS) != 0;
    UErrorCode code = U_ZERO_ERROR;
    auto self = std::make_unique<ccs_index>();
    icu::Locale locale(locale_id);
    std::vector<const char *> extras = ccs::localeList(extra_locales);
    icu::UnicodeSet added;
    if (added_labels != nullptr) added.applyPattern(icu::UnicodeString::fromUTF8(added_labels), code);
    // Chinese index characters come only with the locale constructor, so a Chinese
    // primary keeps its own collator and just gains the extra labels.
    bool merge = mergeTailorings && !extras.empty() && std::strcmp(locale.getLanguage(), "zh") != 0;
    if (U_SUCCESS(code) && (options & CCS_INDEX_NO_LOCALE_LABELS) != 0) {
        openWithoutLocaleLabels(*self, locale_id, extras, merge, merged_collator, added, max_labels, code);
        return finish(std::move(self), code, status);
    }
    if (U_SUCCESS(code)) self->builder = std::make_unique<icu::AlphabeticIndex>(locale, code);
    if (U_SUCCESS(code) && max_labels != CCS_INDEX_DEFAULT_MAX_LABELS) self->builder->setMaxLabelCount(max_labels, code);
    // The policy looks at the locale's OWN labels: without a Latin letter among them,
    // English A-Z is added (whatever the extra languages bring).
    if (U_SUCCESS(code)) self->index.reset(self->builder->buildImmutableIndex(code));
    bool addEnglish = U_SUCCESS(code) && addEnglishWithoutLatin && !anyLatinLabel(*self->index);
    if (U_SUCCESS(code) && merge) {
        icu::LocalUCollatorPointer collator = mergedCollator(locale_id, extras, merged_collator, code);
        if (U_SUCCESS(code)) {
            // The index adopts the collator.
            self->builder = std::make_unique<icu::AlphabeticIndex>(icu::RuleBasedCollator::rbcFromUCollator(collator.orphan()), code);
            if (max_labels != CCS_INDEX_DEFAULT_MAX_LABELS) self->builder->setMaxLabelCount(max_labels, code);
            self->builder->addLabels(locale, code);
        }
    }
    bool changed = merge;
    for (const char *extra : extras) {
        if (U_FAILURE(code)) break;
        self->builder->addLabels(extraLabels(extra, code), code);
        changed = true;
    }
    if (U_SUCCESS(code) && addEnglish) {
        self->builder->addLabels(icu::Locale::getEnglish(), code);
        self->addedEnglish = true;
        changed = true;
    }
    if (U_SUCCESS(code) && !added.isEmpty()) {
        self->builder->addLabels(added, code);
        changed = true;
    }
    if (U_SUCCESS(code) && changed) self->index.reset(self->builder->buildImmutableIndex(code));
    return finish(std::move(self), code, status);
}

extern "C" int32_t ccs_unicode_set_size(const char *pattern, int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    icu::UnicodeSet set(ccs::fromUTF8(pattern, length), code);
    *status = code;
    return U_SUCCESS(code) ? set.size() : -1;
}

extern "C" void ccs_index_close(ccs_index *index) { delete index; }

extern "C" int32_t ccs_index_added_english(const ccs_index *index) { return index->addedEnglish; }

extern "C" int32_t ccs_index_bucket_count(const ccs_index *index) {
    return index->index->getBucketCount();
}

extern "C" int32_t ccs_index_bucket_type(const ccs_index *index, int32_t bucket) {
    switch (index->index->getBucket(bucket)->getLabelType()) {
    case U_ALPHAINDEX_UNDERFLOW: return CCS_BUCKET_UNDERFLOW;
    case U_ALPHAINDEX_INFLOW: return CCS_BUCKET_INFLOW;
    case U_ALPHAINDEX_OVERFLOW: return CCS_BUCKET_OVERFLOW;
    default: return CCS_BUCKET_NORMAL;
    }
}

extern "C" int32_t ccs_index_bucket_label(const ccs_index *index, int32_t bucket, char *out,
                                          int32_t capacity) {
    return ccs::copyOut(index->index->getBucket(bucket)->getLabel(), out, capacity);
}

extern "C" int32_t ccs_index_bucket_for_utf8(const ccs_index *index, const char *text,
                                             int32_t length, int32_t *status) {
    UErrorCode code = U_ZERO_ERROR;
    int32_t bucket = index->index->getBucketIndex(ccs::fromUTF8(text, length), code);
    *status = code;
    return bucket;
}

extern "C" int32_t ccs_index_boundary_count(const ccs_index *index) {
    return static_cast<int32_t>(index->boundaries.size());
}

extern "C" int32_t ccs_index_boundary_bucket(const ccs_index *index, int32_t boundary) {
    return index->boundaries[static_cast<size_t>(boundary)].bucket;
}

extern "C" int32_t ccs_index_boundary_key(const ccs_index *index, int32_t boundary,
                                          const uint8_t **key) {
    const std::string &bytes = index->boundaries[static_cast<size_t>(boundary)].key;
    *key = reinterpret_cast<const uint8_t *>(bytes.data());
    return static_cast<int32_t>(bytes.size());
}

extern "C" int32_t ccs_index_primary_key_utf8(const ccs_index *index, const char *text,
                                              int32_t length, uint8_t *key, int32_t capacity) {
    ccs::UTF16Buffer utf16(text, length);
    int32_t needed = index->primary->getSortKey(utf16.data(), utf16.length(), key, capacity);
    return needed > 0 ? needed - 1 : 0;
}
