#!/usr/bin/python3
"""Generate (or --check) Sources/IndexedCollation/Readings/Tables/zh-words.tsv: Chinese
words whose reading differs from the per-character default reading ICU uses.

Source: pypinyin's phrase dictionary (pypinyin.phrases_dict, MIT licence, recorded in
Tables/zh-words.LICENSE.md with the pypinyin version). Install it for the oracle Python:
    /usr/bin/python3 -m pip install --break-system-packages pypinyin

A word is kept when, for some character, its toneless syllable in the word differs from
the toneless reading ICU gives the character alone: Han-Latin's (search, written
readings) or the zh pinyin collation's (its tailoring lists Han in one group per
syllable+tone; see HanReadings in check-name-tables.py). 长沙 (cháng shā; 长 alone is
zhǎng), 银行 (yín háng; 行 alone is xíng), 重庆 (chóng qìng; Han-Latin reads 重 zhòng).
Words whose characters all read as ICU reads them alone are left out: the table only holds
what ICU would get wrong.

Columns:
  word               the word (BMP Han only)
  pinyin             its syllables, tone-marked, one per character, space-separated
  pinyin_substitute  the word with each character that needs it replaced by a
                     representative: a character of the collation group of the word's
                     syllable (Han-Latin reads it the same, pypinyin gives it that one
                     reading), so the word files and sorts among the Han of its reading.

A word is skipped when a syllable has no representative with its tone or any other.

Usage: /usr/bin/python3 scripts/make-zh-words.py [--check]
"""
import importlib.util
import os
import sys
import unicodedata

import icu

try:
    import pypinyin
    from pypinyin import phrases_dict, pinyin_dict
except ImportError:
    sys.exit("make-zh-words: needs pypinyin: /usr/bin/python3 -m pip install --break-system-packages pypinyin==0.55.0")

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLE = os.path.join(REPO, "Sources", "IndexedCollation", "Readings", "Tables", "zh-words.tsv")
HEADER = "#word\tpinyin\tpinyin_substitute"

spec = importlib.util.spec_from_file_location("names", os.path.join(REPO, "scripts", "check-name-tables.py"))
names = importlib.util.module_from_spec(spec)
spec.loader.exec_module(names)


def toneless(syllable):
    return unicodedata.normalize("NFC", "".join(
        c for c in unicodedata.normalize("NFD", syllable) if c not in "\u0300\u0301\u0304\u030c"))


def bmp_han(text):
    return all(0x4E00 <= ord(c) <= 0x9FFF or 0x3400 <= ord(c) <= 0x4DBF for c in text)


def generate():
    han_latin = icu.Transliterator.createInstance("Han-Latin")
    collation = names.HanReadings("zh", names.pinyin_reading)
    alone = lambda c: unicodedata.normalize("NFC", han_latin.transliterate(c).lower())
    monophonic = {chr(cp) for cp, readings in pinyin_dict.pinyin_dict.items() if "," not in readings}
    # One representative per syllable+tone: of the members of its collation group that
    # Han-Latin reads the same and pypinyin knows one reading of, the one most words of
    # the dictionary use (a common character: 常 for cháng, 航 for háng).
    uses = {}
    for word in phrases_dict.phrases_dict:
        for c in word:
            uses[c] = uses.get(c, 0) + 1
    representative = {}
    for reading, chars in collation.groups:
        fitting = [c for c in chars if c not in collation.weak and bmp_han(c) and ord(c) >= 0x4E00
                   and c in monophonic and alone(c) == reading]
        if fitting and reading not in representative:
            representative[reading] = max(fitting, key=lambda c: (uses.get(c, 0), -ord(c)))
    by_toneless = {}
    for reading in sorted(representative):
        by_toneless.setdefault(toneless(reading), representative[reading])
    rows, skipped = [], 0
    for word in sorted(phrases_dict.phrases_dict):
        syllables = [unicodedata.normalize("NFC", s[0].lower()) for s in phrases_dict.phrases_dict[word]]
        if len(word) < 2 or len(syllables) != len(word) or not bmp_han(word):
            continue
        substitute, needed, ok = [], False, True
        for c, s in zip(word, syllables):
            own = collation.reading.get(c)
            if toneless(alone(c)) == toneless(s) and own is not None and c not in collation.weak and toneless(own) == toneless(s):
                substitute.append(c)
                continue
            needed = True
            r = representative.get(s) or by_toneless.get(toneless(s))
            if r is None:
                ok = False
                break
            substitute.append(r)
        if not needed:
            continue
        if not ok:
            skipped += 1
            continue
        rows.append("%s\t%s\t%s" % (word, " ".join(syllables), "".join(substitute)))
    return "\n".join([HEADER] + rows) + "\n", len(rows), skipped


PYPINYIN_VERSION = "0.55.0"  # the version the table and its LICENSE.md name


def main(argv):
    if pypinyin.__version__ != PYPINYIN_VERSION:
        sys.exit("make-zh-words: the table comes from pypinyin %s, this is %s: "
                 "/usr/bin/python3 -m pip install --break-system-packages pypinyin==%s"
                 % (PYPINYIN_VERSION, pypinyin.__version__, PYPINYIN_VERSION))
    text, count, skipped = generate()
    if "--check" in argv:
        with open(TABLE, encoding="utf-8") as f:
            if f.read() != text:
                sys.exit("make-zh-words: %s differs from what pypinyin %s and ICU %s give: run scripts/make-zh-words.py"
                         % (os.path.relpath(TABLE, REPO), pypinyin.__version__, icu.ICU_VERSION))
        print("make-zh-words: %d words, table up to date (pypinyin %s, ICU %s)" % (count, pypinyin.__version__, icu.ICU_VERSION))
        return
    with open(TABLE, "w", encoding="utf-8") as f:
        f.write(text)
    print("make-zh-words: wrote %d words (%d skipped: a syllable without a representative), pypinyin %s, ICU %s"
          % (count, skipped, pypinyin.__version__, icu.ICU_VERSION))


if __name__ == "__main__":
    main(sys.argv[1:])
