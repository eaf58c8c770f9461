#include "CByteScan.h"

#include <string.h>

typedef uint8_t bytes16 __attribute__((vector_size(16)));
typedef int8_t mask16 __attribute__((vector_size(16)));

static inline bytes16 load16(const uint8_t *pointer) {
    bytes16 value;
    memcpy(&value, pointer, sizeof value);
    return value;
}

static inline int any16(mask16 mask) {
    uint64_t words[2];
    memcpy(words, &mask, sizeof words);
    return (words[0] | words[1]) != 0;
}

size_t cbs_count_byte(const uint8_t *bytes, size_t count, uint8_t byte) {
    size_t total = 0;
    size_t index = 0;
    // Matches are subtracted into byte lanes (a match is -1), at most 255 blocks before
    // the lanes are added up.
    while (index + 16 <= count) {
        bytes16 lanes = {0};
        size_t stop = count - index >= 255 * 16 ? index + 255 * 16 : count;
        for (; index + 16 <= stop; index += 16) lanes -= (bytes16)(load16(bytes + index) == byte);
        for (int lane = 0; lane < 16; lane++) total += lanes[lane];
    }
    for (; index < count; index++) total += bytes[index] == byte;
    return total;
}

int cbs_utf8_block_is_well_formed(const uint8_t *block) {
    bytes16 bytes = load16(block);
    bytes16 previous = load16(block - 1);
    bytes16 second = load16(block - 2);
    bytes16 third = load16(block - 3);
    mask16 continuation = (bytes & 0xC0) == 0x80;
    mask16 required = (previous >= 0xC0) | (second >= 0xE0) | (third >= 0xF0);
    mask16 bad = continuation ^ required;
    bad |= (bytes == 0) | ((bytes & 0xFE) == 0xC0) | (bytes >= 0xF5);
    bad |= ((previous == 0xE0) & (bytes < 0xA0)) | ((previous == 0xED) & (bytes >= 0xA0));
    bad |= ((previous == 0xF0) & (bytes < 0x90)) | ((previous == 0xF4) & (bytes >= 0x90));
    return !any16(bad);
}

size_t cbs_utf8_first_bad_block(const uint8_t *bytes, size_t start, size_t count) {
    size_t index = start;
    for (; index + 16 <= count; index += 16) {
        if (!cbs_utf8_block_is_well_formed(bytes + index)) return index;
    }
    return index;
}
