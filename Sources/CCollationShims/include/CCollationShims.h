// CCollationShims: the single choke point between Swift and the system ICU.
//
// This header is deliberately ICU-free: it includes only <stdint.h> and <stddef.h>.
// ICU's own headers clash with the copy of ICU inside Foundation when a Swift module
// sees both, and ICU's C functions are version-renamed macros (ucol_open -> ucol_open_72)
// that Swift cannot import. Every ICU call therefore goes through one `ccs_` function
// below, implemented in a .cpp file that includes ICU (one file per block below).
//
// Conventions:
// - `status` parameters receive an ICU UErrorCode value: 0 = success, < 0 = warning
//   (e.g. "using default"), > 0 = failure. `ccs_status_name` names any value.
// - Strings in are UTF-8 with an explicit byte length; strings out are UTF-8 written to
//   a caller buffer; the return value is the full length needed (excluding a NUL), so a
//   caller retries with a bigger buffer when the result exceeds its capacity.
// - Opaque objects are created fully configured and never mutated afterwards; every
//   `const` function is safe to call from many threads at once on the same object.
// - Every flag and attribute value has a named constant; no bare integers at call sites.
#pragma once

#include <stddef.h>
#include <stdint.h>

// Each concern below is one extern "C" block (as ICU's U_CDECL_BEGIN / U_CDECL_END).
#ifdef __cplusplus
#define CCS_EXTERN_C_BEGIN extern "C" {
#define CCS_EXTERN_C_END }
#else
#define CCS_EXTERN_C_BEGIN
#define CCS_EXTERN_C_END
#endif

// MARK: - Library information (Info.cpp)

CCS_EXTERN_C_BEGIN

/// The ICU version, e.g. "72.1".
const char *ccs_icu_version(void);
/// The Unicode version of ICU's character data, e.g. "15.0".
const char *ccs_unicode_version(void);
/// The symbolic name of an ICU status value, e.g. "U_ILLEGAL_ARGUMENT_ERROR".
const char *ccs_status_name(int32_t status);

CCS_EXTERN_C_END

// MARK: - Locales (Locale.cpp)

CCS_EXTERN_C_BEGIN

/// How `ccs_locale_canonicalize` parses a spelling.
enum {
    CCS_LOCALE_SYNTAX_ICU = 0,    // ICU locale ID: zh@collation=pinyin, ko_KR
    CCS_LOCALE_SYNTAX_BCP47 = 1,  // BCP-47 language tag: zh-u-co-pinyin, ko-KR
};

/// Canonicalizes a locale spelling (`syntax`: CCS_LOCALE_SYNTAX_*) to an ICU locale ID.
int32_t ccs_locale_canonicalize(const char *spec, int32_t syntax, char *out, int32_t capacity,
                                int32_t *status);
/// The language subtag of an ICU locale ID ("" for root).
int32_t ccs_locale_language(const char *locale_id, char *out, int32_t capacity, int32_t *status);
/// Number of locales ICU has collation data for.
int32_t ccs_collation_available_count(void);
/// The ICU ID of the i-th locale with collation data (static storage).
const char *ccs_collation_available_at(int32_t index);
/// The `collation` keyword's value of a locale ID (`zh@collation=stroke` → "stroke"),
/// "" when it has none.
int32_t ccs_locale_collation_type(const char *locale_id, char *out, int32_t capacity);
/// The collation types ICU has for a locale (ucol_getKeywordValuesForLocale, its parents'
/// included), or every type ICU knows when locale_id is NULL (ucol_getKeywordValues),
/// separated by spaces.
int32_t ccs_collation_types(const char *locale_id, char *out, int32_t capacity);
/// Whether ICU has locale data for the locale's language (its resource bundle resolves to
/// something other than root): `eu`, `vai`, `de_AT` yes; `xx_YY`, `klingon` no.
int32_t ccs_locale_has_data(const char *locale_id);
/// Whether the locale (or a parent other than root) lists index characters.
int32_t ccs_locale_has_index_characters(const char *locale_id);
/// 0 when the locale uses the root collation, 1 when ICU has collation data for its
/// language without rules of its own (de, en), 2 when it has tailoring rules (sv, ko).
int32_t ccs_locale_has_collation_data(const char *locale_id);
/// Number of locales ICU has locale data for (uloc_getAvailable).
int32_t ccs_locale_available_count(void);
/// The ICU ID of the i-th locale with locale data (static storage).
const char *ccs_locale_available_at(int32_t index);

CCS_EXTERN_C_END

// MARK: - Collator (Collator.cpp, MergedTailoring.cpp, TailoringFilter.cpp, CompiledRules.cpp)

CCS_EXTERN_C_BEGIN

typedef struct ccs_collator ccs_collator;

/// Attribute selectors: indexes into the `attributes` array of `ccs_collator_open`, and
/// the argument of `ccs_collator_attribute`.
enum {
    CCS_ATTR_STRENGTH = 0,       // CCS_STRENGTH_*
    CCS_ATTR_ALTERNATE = 1,      // CCS_ALTERNATE_*
    CCS_ATTR_CASE_FIRST = 2,     // CCS_CASE_FIRST_*
    CCS_ATTR_NUMERIC = 3,        // CCS_OFF / CCS_ON
    CCS_ATTR_NORMALIZATION = 4,  // CCS_OFF / CCS_ON
    CCS_ATTR_CASE_LEVEL = 5,     // CCS_OFF / CCS_ON
    CCS_ATTR_COUNT = 6
};
/// An attribute value meaning "the locale's default" (in `ccs_collator_open`'s array).
enum { CCS_DEFAULT = -1 };
enum { CCS_OFF = 0, CCS_ON = 1 };
enum {
    CCS_STRENGTH_PRIMARY = 0,
    CCS_STRENGTH_SECONDARY = 1,
    CCS_STRENGTH_TERTIARY = 2,
    CCS_STRENGTH_QUATERNARY = 3,
    CCS_STRENGTH_IDENTICAL = 15
};
enum { CCS_ALTERNATE_NON_IGNORABLE = 0, CCS_ALTERNATE_SHIFTED = 1 };
enum { CCS_CASE_FIRST_OFF = 0, CCS_CASE_FIRST_LOWER = 1, CCS_CASE_FIRST_UPPER = 2 };
/// Which locale `ccs_collator_locale` reports.
enum {
    CCS_LOCALE_VALID = 0,   // the most specific locale with data (ICU's ULOC_VALID_LOCALE)
    CCS_LOCALE_ACTUAL = 1,  // where the data came from (ICU's ULOC_ACTUAL_LOCALE)
};

/// Opens a collator for `locale_id`, optionally merged with the tailorings of more
/// languages (`extra_locales`: NUL-separated, double-NUL-terminated, or NULL): the
/// extras' rules without their global options, then the primary's own rules (so the
/// primary wins conflicts), with the primary's attributes and script order. Han is ordered
/// by the primary, or, when the primary has no Han rule (en, de, ru), by the first extra
/// language that has one (zh_CN pinyin, zh_TW stroke, ja, ko Hanja). Then applies
/// `attributes[CCS_ATTR_COUNT]` (or NULL), where CCS_DEFAULT keeps the locale's value.
/// Returns NULL on failure.
ccs_collator *ccs_collator_open(const char *locale_id, const char *extra_locales,
                                const int32_t *attributes, int32_t *status);
/// `ccs_collator_open` for a multi-language collator whose merged rules were compiled
/// before: `rules` (UTF-16, from `ccs_merged_rules`) stand for the merged rules, and
/// `binary` (from `ccs_rules_compile_binary`, e.g. kept on disk) for compiling them. A
/// binary ICU refuses (damaged, from another ICU) is ignored: the rules are compiled. The
/// shim copies the binary. With `rules` NULL this is `ccs_collator_open`.
ccs_collator *ccs_collator_open_compiled(const char *locale_id, const char *extra_locales,
                                         const int32_t *attributes, const uint16_t *rules,
                                         int32_t rules_length, const uint8_t *binary,
                                         int32_t binary_length, int32_t *status);
/// The merged rule text `ccs_collator_open` compiles for `locale_id` and `extra_locales`
/// (UTF-16, in `*rules`, from malloc: release it with `ccs_free`) and its length in code
/// units; 0 (and NULL) when there are no extras or they contribute no rules.
int32_t ccs_merged_rules(const char *locale_id, const char *extra_locales, uint16_t **rules,
                         int32_t *status);
/// Compiles rules (UTF-16) as `ccs_collator_open` does and writes ICU's binary of the
/// compiled collator (ucol_cloneBinary) to `*binary` (from malloc: release it with
/// `ccs_free`); returns its length, or 0 with the failure in `status`.
int32_t ccs_rules_compile_binary(const uint16_t *rules, int32_t length, uint8_t **binary,
                                 int32_t *status);
/// Releases a buffer the shim allocated (`ccs_merged_rules`, `ccs_rules_compile_binary`).
void ccs_free(void *buffer);
void ccs_collator_close(ccs_collator *collator);
/// Copies a configured collator and sets `attributes` (as ccs_collator_open) on the copy:
/// the cheap way to get another options variant of a collator that was expensive to
/// open (a merged multi-language collator compiles its rules). The source is unchanged.
ccs_collator *ccs_collator_clone_configured(const ccs_collator *source, const int32_t *attributes,
                                            int32_t *status);
/// The resolved value of one attribute (CCS_ATTR_*), or -1 on failure.
int32_t ccs_collator_attribute(const ccs_collator *collator, int32_t attribute);
/// The locale of the collator's data (`which`: CCS_LOCALE_VALID or CCS_LOCALE_ACTUAL).
int32_t ccs_collator_locale(const ccs_collator *collator, int32_t which, char *out,
                            int32_t capacity, int32_t *status);
/// The collator's rule version as "a.b.c.d".
int32_t ccs_collator_version(const ccs_collator *collator, char *out, int32_t capacity);
/// The collation type a collator actually uses ("pinyin", "stroke", "zhuyin", "standard"…):
/// the `collation` keyword of its actual locale, else that locale's default type.
int32_t ccs_collator_collation_type(const ccs_collator *collator, char *out, int32_t capacity);
/// A canonical description of everything the collator's sort keys depend on besides the
/// ICU version: the UCA version, the tailoring rules (merged rules for merged
/// collators), every resolved attribute, the reorder codes and the variable top. Two
/// collators with equal descriptions produce identical sort keys (`ko` and `ko_KR` do).
int32_t ccs_collator_description(const ccs_collator *collator, char *out, int32_t capacity);
/// The UCA version of ICU's root collation, e.g. "15.0".
int32_t ccs_uca_version(char *out, int32_t capacity);
/// Compares two UTF-8 strings: -1, 0 or 1.
int32_t ccs_collator_compare_utf8(const ccs_collator *collator, const char *a, int32_t a_length,
                                  const char *b, int32_t b_length, int32_t *status);
/// Writes the sort key of a UTF-8 string (without ICU's trailing NUL byte) and returns its
/// length; when the result exceeds `capacity`, nothing useful is written: retry bigger.
/// Ill-formed UTF-8 sorts as U+FFFD.
int32_t ccs_collator_sort_key_utf8(const ccs_collator *collator, const char *text, int32_t length,
                                   uint8_t *key, int32_t capacity);
/// Starts making the collator's table-driven key writer on a thread of its own (once;
/// later calls return at once). Until it is ready `ccs_collator_sort_key_utf8` asks ICU,
/// with identical bytes; it also starts by itself after 20,000 keys.
void ccs_collator_prepare_sort_keys(const ccs_collator *collator);
/// The words of the table-driven writer's set of code points that depend on their
/// neighbours (a bit a BMP code point).
#define CCS_KEY_TABLE_REFUSED_WORDS 1024
/// `ccs_collator_prepare_sort_keys` with what the writer learns from ICU at its slowest
/// given (`refused`: CCS_KEY_TABLE_REFUSED_WORDS words; whether Hangul syllables are their
/// jamo's elements), as `ccs_collator_sort_key_table_facts` read them from a collator of
/// the same `ccs_collator_description` and ICU version: a cache between processes.
void ccs_collator_prepare_sort_keys_knowing(const ccs_collator *collator, const uint64_t *refused,
                                            int32_t hangul_by_jamo);
/// Those facts of the collator's table-driven writer, once made (`refused`,
/// CCS_KEY_TABLE_REFUSED_WORDS words, and `hangul_by_jamo` written): 1 when the writer
/// learned them from ICU, 2 when they were given (`ccs_collator_prepare_sort_keys_knowing`)
/// or said stored (`ccs_collator_sort_key_table_facts_stored`); 0 while it is not made,
/// -1 when the collator's attributes are not modelled (no writer).
int32_t ccs_collator_sort_key_table_facts(const ccs_collator *collator, uint64_t *refused,
                                          int32_t *hangul_by_jamo);
/// Records that the caller stored the writer's facts: they read as given (2) from now on.
void ccs_collator_sort_key_table_facts_stored(const ccs_collator *collator);
/// Whether the table-driven writer was asked for: 0 not yet, 1 being made, 2 made.
int32_t ccs_collator_sort_key_table_state(const ccs_collator *collator);
/// `ccs_collator_sort_key_utf8` through ICU alone (the oracle of the table-driven writer).
int32_t ccs_collator_sort_key_icu_utf8(const ccs_collator *collator, const char *text, int32_t length,
                                       uint8_t *key, int32_t capacity);
/// `ccs_collator_sort_key_utf8` through the table-driven writer alone: -1 when the writer
/// does not accept the string, -2 when the collator's attributes are not modelled.
int32_t ccs_collator_sort_key_table_utf8(const ccs_collator *collator, const char *text, int32_t length,
                                         uint8_t *key, int32_t capacity);
/// How many times this process built the merged collator of `locale_id` and `extra_locales`
/// (as ccs_collator_open takes them) by compiling its rules or opening them from a binary
/// (`ccs_collator_open_compiled`): 0 when the extras contribute no rules. For tests that a
/// merged collator is built once and then copied.
int32_t ccs_merged_compilation_count(const char *locale_id, const char *extra_locales);

CCS_EXTERN_C_END

// MARK: - Alphabetic index (AlphabeticIndex.cpp)

CCS_EXTERN_C_BEGIN

typedef struct ccs_index ccs_index;

enum {
    CCS_BUCKET_NORMAL = 0,
    CCS_BUCKET_UNDERFLOW = 1,
    CCS_BUCKET_INFLOW = 2,
    CCS_BUCKET_OVERFLOW = 3
};
/// Options of `ccs_index_open`, combined with `|`.
enum {
    CCS_INDEX_OPTIONS_NONE = 0,
    /// Add English A-Z labels when none of the locale's own labels is a Latin letter.
    CCS_INDEX_ADD_ENGLISH_WITHOUT_LATIN = 1 << 0,
    /// With extra locales, build the index over the merged collator of
    /// `ccs_collator_open`, so letters an extra language tailors (es Ñ) get sections.
    CCS_INDEX_MERGE_TAILORINGS = 1 << 1,
    /// No labels from any locale (the primary's, English, the extra languages'): only
    /// `added_labels`. Without those, one underflow bucket holds everything (ICU's
    /// TestNoLabels: an index over the root collator).
    CCS_INDEX_NO_LOCALE_LABELS = 1 << 2,
};
/// `max_labels` value that keeps ICU's default label limit (99).
enum { CCS_INDEX_DEFAULT_MAX_LABELS = 0 };

/// Builds ICU's alphabetic index for `locale_id` (its labels and bucket boundaries).
/// `extra_locales` is a NUL-separated, double-NUL-terminated list of locales whose labels
/// are added (may be NULL); `options` combines CCS_INDEX_* flags. With
/// CCS_INDEX_MERGE_TAILORINGS, `merged` (or NULL) is the collator `ccs_collator_open`
/// gave for the same locale and extras with default attributes: the index works on a copy
/// of it instead of compiling the merged rules again. `added_labels` (UTF-8, NUL-terminated,
/// or NULL) is a UnicodeSet pattern of more labels, as AlphabeticIndex::addLabels takes
/// them: `[Æ{Sch*}{St*}]` (a trailing `*` keeps a label that sorts like its letters).
/// Returns NULL on failure.
ccs_index *ccs_index_open(const char *locale_id, const char *extra_locales, int32_t options,
                          int32_t max_labels, const ccs_collator *merged, const char *added_labels,
                          int32_t *status);
/// Checks a UnicodeSet pattern (UTF-8): returns how many code points and strings it holds,
/// or -1 with the ICU failure in `status` (e.g. U_MALFORMED_SET).
int32_t ccs_unicode_set_size(const char *pattern, int32_t length, int32_t *status);
void ccs_index_close(ccs_index *index);
/// Whether English labels were added because the locale's own labels had no Latin letter.
int32_t ccs_index_added_english(const ccs_index *index);
/// Visible buckets, in ICU's order.
int32_t ccs_index_bucket_count(const ccs_index *index);
/// The bucket's kind: CCS_BUCKET_*.
int32_t ccs_index_bucket_type(const ccs_index *index, int32_t bucket);
int32_t ccs_index_bucket_label(const ccs_index *index, int32_t bucket, char *out, int32_t capacity);
/// ICU's own answer (ImmutableIndex::getBucketIndex): slow, kept as the test oracle.
int32_t ccs_index_bucket_for_utf8(const ccs_index *index, const char *text, int32_t length,
                                  int32_t *status);
/// The index's boundaries, including ICU's invisible redirect buckets, sorted by primary
/// key: a string belongs to the bucket of the last boundary whose primary key is <= its
/// own primary key. Keys are primary-strength sort keys without the trailing NUL.
int32_t ccs_index_boundary_count(const ccs_index *index);
int32_t ccs_index_boundary_bucket(const ccs_index *index, int32_t boundary);
int32_t ccs_index_boundary_key(const ccs_index *index, int32_t boundary, const uint8_t **key);
/// The primary-strength sort key of a UTF-8 string under the index's own collator
/// (for records whose collator options change primary weights).
int32_t ccs_index_primary_key_utf8(const ccs_index *index, const char *text, int32_t length,
                                   uint8_t *key, int32_t capacity);

CCS_EXTERN_C_END

// MARK: - Text metrics, for the table formatter (TextMetrics.cpp)

CCS_EXTERN_C_BEGIN

/// How `ccs_display_width_utf8` counts East Asian Ambiguous characters.
enum { CCS_AMBIGUOUS_NARROW = 0, CCS_AMBIGUOUS_WIDE = 1 };

/// Display width in terminal columns of UTF-8 text, summed over grapheme clusters: 2 for
/// a cluster with an East Asian Wide/Fullwidth character or an emoji presentation, 0 for
/// clusters of only combining marks, format and other zero-width characters, else 1.
/// East Asian Ambiguous characters count 2 with CCS_AMBIGUOUS_WIDE.
int32_t ccs_display_width_utf8(const char *text, int32_t length, int32_t ambiguous);
/// Writes the UTF-8 byte offsets of grapheme cluster boundaries (0 and `length` included)
/// to `offsets` and returns how many there are (retry bigger when > capacity).
int32_t ccs_grapheme_boundaries_utf8(const char *text, int32_t length, int32_t *offsets,
                                     int32_t capacity);
/// The bidi class of a code point is right-to-left (R, AL) or an explicit RTL control.
int32_t ccs_is_strong_rtl(uint32_t code_point);
/// Whether a code point is printable: not a control, format-only, surrogate, private-use
/// or unassigned character, nor a line/paragraph separator.
int32_t ccs_is_printable(uint32_t code_point);
/// The script of a code point (an ICU UScriptCode value): 0 for Common, 1 for Inherited.
int32_t ccs_script_code(uint32_t code_point);

CCS_EXTERN_C_END

// MARK: - Charsets: converters and the charset detector (Charsets.cpp)

CCS_EXTERN_C_BEGIN

/// How `ccs_charset_to_utf8` treats bytes that are not valid in the charset.
enum {
    CCS_CHARSET_STOP = 0,     // stop at the first one (status > 0, `error_offset` set)
    CCS_CHARSET_REPLACE = 1,  // replace each with U+FFFD and go on
};

/// The canonical converter name of a charset spelling ("shift_jis" -> "ibm-943_P15A-2003"),
/// or status > 0 when ICU has no converter of that name.
int32_t ccs_charset_canonical_name(const char *name, char *out, int32_t capacity, int32_t *status);

/// Converts `length` bytes in the charset `name` to UTF-8 into `out` (whole input, flushed).
/// Returns the length written; when `capacity` is too small, status is
/// U_BUFFER_OVERFLOW_ERROR and the caller retries with more. With CCS_CHARSET_STOP an
/// invalid or unmapped sequence stops the conversion: status > 0 and `*error_offset` is
/// the input offset of the sequence's first byte.
int32_t ccs_charset_to_utf8(const char *name, const uint8_t *bytes, int32_t length, int32_t mode,
                            uint8_t *out, int32_t capacity, int32_t *error_offset,
                            int32_t *status);

/// Runs ICU's charset detector over `length` bytes: every match, best first, one per line
/// as `NAME<TAB>LANGUAGE<TAB>CONFIDENCE\n` (confidence 0-100; language may be empty).
/// Returns the full length needed.
int32_t ccs_charset_detect(const uint8_t *bytes, int32_t length, char *out, int32_t capacity,
                           int32_t *status);

CCS_EXTERN_C_END

// MARK: - Search: primary weights and transliteration (Search.cpp)

CCS_EXTERN_C_BEGIN

typedef struct ccs_primary_reader ccs_primary_reader;
typedef struct ccs_transliterator ccs_transliterator;

/// A copy of a collator at primary strength that reads texts as primary weights.
ccs_primary_reader *ccs_primary_reader_open(const ccs_collator *source, int32_t *status);
void ccs_primary_reader_close(ccs_primary_reader *reader);
/// Writes the text's primary collation weights (32-bit, from the collation element
/// iterator, continuations joined), skipping ignorable and variable ones (spaces and
/// punctuation, as alternate=shifted does); for each, the UTF-8 range of its source text
/// and whether it starts a word (the first, after a variable character, or at a
/// change of script). Returns the count (retry bigger when > capacity).
int32_t ccs_primaries_utf8(const ccs_primary_reader *reader, const char *text, int32_t length,
                           uint32_t *primaries, int32_t *starts, int32_t *ends, uint8_t *word_starts,
                           int32_t capacity);
/// Opens an ICU transliterator by ID ("Han-Latin", "Katakana-Latin; Latin-ASCII").
ccs_transliterator *ccs_transliterator_open(const char *id, int32_t *status);
void ccs_transliterator_close(ccs_transliterator *transliterator);
/// Transliterates UTF-8 text into `out`; returns the full length (retry bigger when
/// >= capacity), or -1 on failure. Calls on one transliterator are serialized.
int32_t ccs_transliterate_utf8(ccs_transliterator *transliterator, const char *text, int32_t length,
                               char *out, int32_t capacity);

CCS_EXTERN_C_END
