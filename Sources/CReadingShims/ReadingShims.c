// The only file that includes <mecab.h>: every MeCab call of the package is here.
#include "CReadingShims.h"

#include <mecab.h>
#include <stdlib.h>
#include <string.h>

struct crs_dictionary {
    mecab_model_t *model;
};

struct crs_tagger {
    mecab_t *tagger;
    mecab_lattice_t *lattice;
};

static void copy_message(char *message, size_t capacity, const char *text) {
    if (message == NULL || capacity == 0) return;
    if (text == NULL) text = "unknown MeCab error";
    size_t length = strlen(text);
    if (length >= capacity) length = capacity - 1;
    memcpy(message, text, length);
    message[length] = '\0';
}

crs_dictionary *crs_dictionary_open(const char *directory, char *message, size_t capacity) {
    if (directory == NULL || *directory == '\0') {
        copy_message(message, capacity, "no dictionary directory given");
        return NULL;
    }
    // The dictionary's own dicrc doubles as the resource file, so MeCab needs no
    // /etc/mecabrc (and ignores a user's ~/.mecabrc): the dictionary is exactly `directory`.
    size_t length = strlen(directory);
    char *rcfile = malloc(length + sizeof("/dicrc"));
    if (rcfile == NULL) {
        copy_message(message, capacity, "out of memory");
        return NULL;
    }
    memcpy(rcfile, directory, length);
    memcpy(rcfile + length, "/dicrc", sizeof("/dicrc"));
    char *argv[] = {"mecab", "-r", rcfile, "-d", (char *)directory, NULL};
    mecab_model_t *model = mecab_model_new(5, argv);
    free(rcfile);
    if (model == NULL) {
        copy_message(message, capacity, mecab_strerror(NULL));
        return NULL;
    }
    crs_dictionary *dictionary = malloc(sizeof *dictionary);
    if (dictionary == NULL) {
        mecab_model_destroy(model);
        copy_message(message, capacity, "out of memory");
        return NULL;
    }
    dictionary->model = model;
    return dictionary;
}

void crs_dictionary_close(crs_dictionary *dictionary) {
    if (dictionary == NULL) return;
    mecab_model_destroy(dictionary->model);
    free(dictionary);
}

const char *crs_dictionary_charset(const crs_dictionary *dictionary) {
    const mecab_dictionary_info_t *info = mecab_model_dictionary_info(dictionary->model);
    return info != NULL && info->charset != NULL ? info->charset : "";
}

int32_t crs_dictionary_version(const crs_dictionary *dictionary) {
    const mecab_dictionary_info_t *info = mecab_model_dictionary_info(dictionary->model);
    return info != NULL ? (int32_t)info->version : 0;
}

size_t crs_dictionary_size(const crs_dictionary *dictionary) {
    const mecab_dictionary_info_t *info = mecab_model_dictionary_info(dictionary->model);
    return info != NULL ? info->size : 0;
}

crs_tagger *crs_tagger_open(crs_dictionary *dictionary) {
    crs_tagger *tagger = malloc(sizeof *tagger);
    if (tagger == NULL) return NULL;
    tagger->tagger = mecab_model_new_tagger(dictionary->model);
    tagger->lattice = mecab_model_new_lattice(dictionary->model);
    if (tagger->tagger == NULL || tagger->lattice == NULL) {
        crs_tagger_close(tagger);
        return NULL;
    }
    return tagger;
}

void crs_tagger_close(crs_tagger *tagger) {
    if (tagger == NULL) return;
    if (tagger->lattice != NULL) mecab_lattice_destroy(tagger->lattice);
    if (tagger->tagger != NULL) mecab_destroy(tagger->tagger);
    free(tagger);
}

/// Splits the first `count` comma-separated fields of `feature` in one pass: `starts[i]`
/// and `lengths[i]` for each; returns how many fields there are (up to `count`).
static int split_feature(const char *feature, int count, const char **starts, size_t *lengths) {
    int fields = 0;
    const char *field = feature;
    while (fields < count) {
        const char *end = field;
        while (*end != '\0' && *end != ',') end++;
        starts[fields] = field;
        lengths[fields] = (size_t)(end - field);
        fields++;
        if (*end == '\0') break;
        field = end + 1;
    }
    return fields;
}

static int field_is(const char *start, size_t length, const char *value) {
    return length == strlen(value) && memcmp(start, value, length) == 0;
}

/// The start of an IPADIC surname's features.
#define SURNAME_PREFIX "名詞,固有名詞,人名,姓,"

static void fill_token(crs_token *token, const mecab_node_t *node, const char *sentence) {
    token->start = (int32_t)(node->surface - sentence);
    token->length = (int32_t)node->length;
    token->unknown = node->stat == MECAB_UNK_NODE;
    token->cost = node->wcost;
    token->kind = CRS_TOKEN_OTHER;
    token->reading = NULL;
    token->reading_length = 0;
    if (node->feature == NULL) return;
    const char *starts[8];
    size_t lengths[8];
    int fields = split_feature(node->feature, 8, starts, lengths);
    // IPADIC: 名詞,固有名詞,人名,{姓|名|一般}
    if (fields >= 4 && field_is(starts[0], lengths[0], "名詞") && field_is(starts[1], lengths[1], "固有名詞") &&
        field_is(starts[2], lengths[2], "人名")) {
        token->kind = field_is(starts[3], lengths[3], "姓")   ? CRS_TOKEN_SURNAME
                      : field_is(starts[3], lengths[3], "名") ? CRS_TOKEN_GIVEN_NAME
                                                              : CRS_TOKEN_PERSON;
    }
    // Field 7 is the reading; "*" (or a missing field, as for unknown words, which have
    // 7 fields) means none.
    if (fields == 8 && lengths[7] > 0 && !(lengths[7] == 1 && starts[7][0] == '*')) {
        token->reading = starts[7];
        token->reading_length = (int32_t)lengths[7];
    }
}

int32_t crs_tagger_parse(crs_tagger *tagger, const uint8_t *text, size_t length, crs_token *tokens,
                         int32_t capacity) {
    mecab_lattice_set_sentence2(tagger->lattice, (const char *)text, length);
    if (!mecab_parse_lattice(tagger->tagger, tagger->lattice)) return -1;
    const char *sentence = mecab_lattice_get_sentence(tagger->lattice);
    int32_t count = 0;
    for (const mecab_node_t *node = mecab_lattice_get_bos_node(tagger->lattice); node != NULL; node = node->next) {
        if (node->stat == MECAB_BOS_NODE || node->stat == MECAB_EOS_NODE || node->length == 0) continue;
        if (count < capacity) fill_token(&tokens[count], node, sentence);
        count++;
    }
    return count;
}

int32_t crs_tagger_entries(crs_tagger *tagger, size_t position, int32_t kind, crs_token *tokens, int32_t capacity) {
    if (position >= mecab_lattice_get_size(tagger->lattice)) return -1;
    const char *sentence = mecab_lattice_get_sentence(tagger->lattice);
    int32_t count = 0;
    for (const mecab_node_t *node = mecab_lattice_get_begin_nodes(tagger->lattice, position); node != NULL;
         node = node->bnext) {
        if (node->length == 0) continue;
        // Most candidates are no surname: skip them before parsing their features.
        if (kind == CRS_TOKEN_SURNAME &&
            (node->feature == NULL || strncmp(node->feature, SURNAME_PREFIX, sizeof(SURNAME_PREFIX) - 1) != 0)) {
            continue;
        }
        crs_token token;
        fill_token(&token, node, sentence);
        if (kind >= 0 && token.kind != kind) continue;
        if (count < capacity) tokens[count] = token;
        count++;
    }
    return count;
}
