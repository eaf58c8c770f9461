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

/// Field `wanted` (0-based) of a comma-separated feature string; false when absent.
static int feature_field(const char *feature, int wanted, const char **start, size_t *length) {
    const char *field = feature;
    for (int index = 0; index < wanted; index++) {
        field = strchr(field, ',');
        if (field == NULL) return 0;
        field++;
    }
    const char *end = strchr(field, ',');
    *start = field;
    *length = end != NULL ? (size_t)(end - field) : strlen(field);
    return 1;
}

static int field_is(const char *feature, int index, const char *value) {
    const char *start;
    size_t length;
    return feature_field(feature, index, &start, &length) && length == strlen(value) &&
           memcmp(start, value, length) == 0;
}

static int32_t token_kind(const char *feature) {
    // IPADIC: 名詞,固有名詞,人名,{姓|名|一般}
    if (!field_is(feature, 0, "名詞") || !field_is(feature, 1, "固有名詞") || !field_is(feature, 2, "人名")) {
        return CRS_TOKEN_OTHER;
    }
    if (field_is(feature, 3, "姓")) return CRS_TOKEN_SURNAME;
    if (field_is(feature, 3, "名")) return CRS_TOKEN_GIVEN_NAME;
    return CRS_TOKEN_PERSON;
}

static void fill_token(crs_token *token, const mecab_node_t *node, const char *sentence) {
    token->start = (int32_t)(node->surface - sentence);
    token->length = (int32_t)node->length;
    token->unknown = node->stat == MECAB_UNK_NODE;
    token->cost = node->wcost;
    token->kind = node->feature != NULL ? token_kind(node->feature) : CRS_TOKEN_OTHER;
    const char *reading = NULL;
    size_t reading_length = 0;
    // IPADIC: field 7 is the reading; "*" (or a missing field, as for unknown words,
    // which have 7 fields) means none.
    if (node->feature != NULL && feature_field(node->feature, 7, &reading, &reading_length) &&
        !(reading_length == 1 && reading[0] == '*') && reading_length > 0) {
        token->reading = reading;
        token->reading_length = (int32_t)reading_length;
    } else {
        token->reading = NULL;
        token->reading_length = 0;
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

int32_t crs_tagger_entries(crs_tagger *tagger, size_t position, crs_token *tokens, int32_t capacity) {
    if (position >= mecab_lattice_get_size(tagger->lattice)) return -1;
    const char *sentence = mecab_lattice_get_sentence(tagger->lattice);
    int32_t count = 0;
    for (const mecab_node_t *node = mecab_lattice_get_begin_nodes(tagger->lattice, position); node != NULL;
         node = node->bnext) {
        if (node->length == 0) continue;
        if (count < capacity) fill_token(&tokens[count], node, sentence);
        count++;
    }
    return count;
}
