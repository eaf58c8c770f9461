// CByteScan: passes over a whole input's bytes that want the processor's vector
// registers (16 bytes at a time), which Swift's generic SIMD types compile to one lane
// at a time. Plain C with the GCC/Clang vector extension, so the compiler picks the
// instructions (SSE2 on x86-64, NEON on arm64); no library, no system header beyond
// <stddef.h> and <stdint.h>.
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// How many of the `count` bytes at `bytes` equal `byte`.
size_t cbs_count_byte(const uint8_t *bytes, size_t count, uint8_t byte);

/// Whether the 16 bytes at `block` are well-formed UTF-8 without NUL as far as 16 bytes
/// and the 3 before them tell (those 3 must be readable): no NUL, no C0, C1 or F5–FF,
/// each lead byte followed by as many continuation bytes as it says (inside the 16 or
/// past them: the lanes after are not checked) and no continuation byte elsewhere, the
/// second byte of E0, ED, F0 and F4 inside its narrower range (Unicode Table 3-7).
int cbs_utf8_block_is_well_formed(const uint8_t *block);

/// The offset of the first block of 16 bytes, from `start` (at least 3) on in steps of
/// 16, that is not well-formed (`cbs_utf8_block_is_well_formed`); when every whole
/// block is, the offset of the first byte no whole block covers (`count` minus fewer than
/// 16).
size_t cbs_utf8_first_bad_block(const uint8_t *bytes, size_t start, size_t count);

#ifdef __cplusplus
}
#endif
