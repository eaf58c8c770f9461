// CReadingShims: the single choke point between Swift and MeCab, the morphological
// analyser that guesses readings of Japanese text written in kanji.
//
// Like CCollationShims (ICU), this header includes only <stdint.h> and <stddef.h>, so no
// Swift module ever sees <mecab.h>; every MeCab call goes through one `crs_` function
// below, implemented in ReadingShims.c.
//
// Conventions:
// - Text in is UTF-8 with an explicit byte length.
// - A dictionary is opened fully configured and never changed afterwards; MeCab documents
//   its model as shareable between threads. A tagger (MeCab tagger + lattice) is used by
//   one thread at a time.
// - The dictionary must use the IPADIC feature layout (mecab-ipadic-utf8,
//   mecab-naist-jdic): part of speech in fields 0–3, katakana reading in field 7.
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A loaded MeCab dictionary (a MeCab model).
typedef struct crs_dictionary crs_dictionary;
/// A MeCab tagger and its lattice: parses one text at a time, on one thread at a time.
typedef struct crs_tagger crs_tagger;

/// What the dictionary says a token is.
enum {
    /// Anything else (common nouns, particles, symbols …).
    CRS_TOKEN_OTHER = 0,
    /// A family name (IPADIC `名詞,固有名詞,人名,姓`).
    CRS_TOKEN_SURNAME = 1,
    /// A given name (IPADIC `名詞,固有名詞,人名,名`).
    CRS_TOKEN_GIVEN_NAME = 2,
    /// Another person-name entry (IPADIC `名詞,固有名詞,人名,一般`).
    CRS_TOKEN_PERSON = 3,
};

/// One token of a parsed text.
typedef struct crs_token {
    /// Byte offset of the token's surface in the parsed text.
    int32_t start;
    /// Byte length of the surface.
    int32_t length;
    /// The dictionary's katakana reading (UTF-8, not NUL-terminated), or NULL when the
    /// token has none (unknown words). Valid until the tagger's next parse.
    const char *reading;
    /// Byte length of `reading`.
    int32_t reading_length;
    /// One of the CRS_TOKEN_ values.
    int32_t kind;
    /// 1 when MeCab did not find the token in its dictionary (an unknown word).
    int32_t unknown;
    /// The entry's word cost in the dictionary: lower is more common.
    int32_t cost;
} crs_token;

/// Opens the dictionary in `directory` (holding sys.dic, dicrc …). On failure returns NULL
/// and writes MeCab's message (NUL-terminated, truncated to `capacity`) to `message`.
crs_dictionary *crs_dictionary_open(const char *directory, char *message, size_t capacity);
/// Closes a dictionary; every tagger made from it must be closed first.
void crs_dictionary_close(crs_dictionary *dictionary);
/// The dictionary's character set as it names it ("UTF-8", "utf8", "EUC-JP" …).
const char *crs_dictionary_charset(const crs_dictionary *dictionary);
/// The dictionary's version number (from its sys.dic header).
int32_t crs_dictionary_version(const crs_dictionary *dictionary);
/// The number of entries in the dictionary's system lexicon.
size_t crs_dictionary_size(const crs_dictionary *dictionary);

/// A new tagger over `dictionary`, or NULL when MeCab cannot make one.
crs_tagger *crs_tagger_open(crs_dictionary *dictionary);
/// Closes a tagger.
void crs_tagger_close(crs_tagger *tagger);
/// Parses `text` and writes up to `capacity` tokens to `tokens` (whitespace is not a
/// token). Returns the number of tokens in the text — more than `capacity` means the call
/// must be repeated with a larger array — or -1 when MeCab fails.
int32_t crs_tagger_parse(crs_tagger *tagger, const uint8_t *text, size_t length, crs_token *tokens,
                         int32_t capacity);

/// After a parse: writes up to `capacity` of the dictionary entries (and unknown-word
/// candidates) that begin at byte `position` of the parsed text — the alternatives MeCab
/// weighed there, not only the best path's token — keeping only those of `kind` (a
/// CRS_TOKEN_ value; -1 keeps all). Returns their number, or -1 when `position` is
/// outside the text.
int32_t crs_tagger_entries(crs_tagger *tagger, size_t position, int32_t kind, crs_token *tokens,
                           int32_t capacity);

#ifdef __cplusplus
}
#endif
