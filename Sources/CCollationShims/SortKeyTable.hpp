// A table-driven writer of ICU sort keys for the common case (see SortKeyTable.cpp).
#pragma once

#include <unicode/ucol.h>
#include <unicode/ucoleitr.h>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace ccs {

/// Sort keys written from a per-collator table of collation elements, byte-identical to
/// `ucol_getSortKey` for every string it accepts.
///
/// A string is accepted when it is well-formed UTF-8 of BMP code points, each of which
/// maps to a fixed sequence of collation elements under the collator whatever its
/// neighbours (no contraction start, no prefix mapping, no combining mark or character
/// whose decomposition starts with one, nothing unassigned, no surrogate or noncharacter),
/// and the collator's attributes are ones the writer models (strength primary to
/// tertiary, case first off/lower/upper, alternate non-ignorable, no case level, no
/// backwards secondary, no numeric ordering; any reordering and normalization setting).
/// Everything else goes to ICU.
///
/// The table is learned from ICU itself, lazily per block of 256 code points: each code
/// point's collation elements come from ICU's element iterator; the reordered lead byte
/// and the compressibility of every primary lead byte are learned from ICU's keys of a
/// probe character; and every entry is checked against ICU's keys of the character alone
/// and doubled before it is used (an entry that differs is refused, so its strings go to
/// ICU). Thread-safe: blocks are published with release stores, lead bytes learned
/// under a lock.
class SortKeyTable {
public:
    /// What making a table learns from ICU at its slowest (the contraction and prefix walk,
    /// every Hangul syllable's elements), kept between processes by the caller's cache.
    struct Facts {
        /// `refused_` as `refuseContextual` leaves it: 1,024 words, a bit a BMP code point.
        std::vector<uint64_t> refused;
        bool hangulByJamo = false;
    };
    static constexpr size_t kRefusedWords = 1024;

    /// The table of `collator`, or null when the collator's attributes are not modelled;
    /// with `known` (the `facts()` of a table of a collator with the same description),
    /// ICU's contractions and the Hangul syllables are not walked again. The collator must
    /// outlive the table and must not be reconfigured.
    static std::unique_ptr<SortKeyTable> make(const UCollator *collator, const Facts *known = nullptr);
    /// What `make` learned (see `Facts`).
    Facts facts() const { return Facts{refused_, hangulByJamo_}; }
    ~SortKeyTable();

    /// Writes the key of UTF-8 `text` (without ICU's trailing NUL byte) and returns its
    /// length (when it exceeds `capacity` nothing useful is written: call again bigger),
    /// or -1 when the string is not accepted.
    int32_t write(const uint8_t *text, int32_t length, uint8_t *key, int32_t capacity) const;

    /// One collation element as the writer reads it: the reordered primary, the secondary
    /// and the tertiary (case bits included) weight; bit 0x80 of the tertiary marks a
    /// compressible primary lead byte (the writer masks it off).
    struct Element {
        uint32_t primary;
        uint16_t secondary;
        uint16_t tertiary;
    };

    /// A Hangul syllable whose jamo all have primaries under one compressible lead byte and
    /// common secondary and tertiary weights: within a run of that lead byte, its key adds
    /// only the primary bytes after the lead (`bytes`, `length` of them) and `count` common
    /// weights on the lower levels, and it ends with primary `last`. `count` 0: not so.
    struct Syllable {
        uint8_t bytes[8];
        uint8_t length;
        uint8_t lead;
        uint8_t count;
        uint32_t last;
    };

    /// A character of one element whose primary lead byte is not compressible and whose
    /// secondary and tertiary weights are common (Latin, Cyrillic and Greek lowercase
    /// letters, digits, most punctuation): outside a run of a compressible lead byte, its
    /// key adds the primary's bytes (`bytes`, `length` of them: 0 when not so) and a common
    /// weight on each lower level.
    struct Single {
        uint8_t bytes[4];
        uint8_t length;
    };

private:
    struct Block;
    struct Lead {
        uint8_t state = 0;  // 0 unknown, 1 learned, 2 unusable
        uint8_t reordered = 0;
        bool compressible = false;
    };

    SortKeyTable(const UCollator *collator, int32_t strength, int32_t caseFirst);

    const Block *block(uint32_t index) const;
    const Block *build(uint32_t index) const;
    bool elementsOf(UCollationElements *iterator, UChar32 c, std::vector<Element> &out, std::vector<uint32_t> &raw) const;
    bool learnLead(UCollationElements *iterator, uint32_t lead, Lead &learned) const;
    bool probe(UChar32 c, uint32_t lead) const;
    int32_t icuKey(const UChar *text, int32_t length, uint8_t *key, int32_t capacity) const;
    /// The key of `count` elements repeated `times` times (to check a table entry).
    int32_t encode(const Element *elements, uint32_t count, int32_t times, uint8_t *key, int32_t capacity) const;
    template <int Levels, int CaseFirst>
    int32_t writeWith(const uint8_t *text, int32_t length, uint8_t *key, int32_t capacity) const;
    template <int Levels, int CaseFirst>
    int32_t encodeWith(const Element *elements, uint32_t count, int32_t times, uint8_t *key, int32_t capacity) const;

    const UCollator *collator_;
    int32_t levels_;       // 1 primary, 2 secondary, 3 tertiary
    int32_t caseFirst_;    // 0 off, 1 lower, 2 upper
    uint16_t tertiaryMask_;
    /// Code points never accepted (bit set): marks, contraction starts, prefix-mapped.
    std::vector<uint64_t> refused_;

    // Blocks are built by whichever thread first needs them (two may race: the first
    // published wins); lead bytes are learned under leadLock_.
    mutable std::atomic<Block *> blocks_[256];
    /// Whether every Hangul syllable's elements are those of its conjoining jamo (as in
    /// ICU's data, unless a tailoring says otherwise): then syllables are decomposed
    /// arithmetically and read from the small jamo block, not from 44 blocks of entries.
    bool hangulByJamo_ = false;
    const Block *jamo_ = nullptr;
    bool checkHangul();
    bool refuseContextual();
    /// Every Hangul syllable's ``Syllable`` (empty unless `hangulByJamo_`).
    std::vector<Syllable> syllables_;
    void makeSyllables();
    /// Each ASCII character's ``Single`` (block 0's, read without the block's pointer).
    Single ascii_[128] = {};
    void makeASCII();
    mutable std::mutex leadLock_;
    mutable Lead leads_[256];
    mutable UChar32 probeScan_ = 0;  // how far the probe scan got (under leadLock_)
};

}  // namespace ccs
