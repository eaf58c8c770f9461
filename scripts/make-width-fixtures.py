#!/usr/bin/env python3
"""Records display widths measured by Python's `wcwidth` package (the reference the
table formatter is held to) for strings from many scripts.

    python3 scripts/make-width-fixtures.py > Tests/IndexedTableFormattingTests/Fixtures/widths.tsv

Each line: the string's code points in hex (space-separated), TAB, wcwidth.wcswidth.
Needs `pip install wcwidth` (0.7 or later: grapheme-aware emoji sequences).
"""
import random
import sys
import unicodedata

import wcwidth

SAMPLES = [
    "김민준", "까치", "한국어", "\u1112\u1161\u11ab\u1100\u1173\u11af", "\u1100\u1161", "ㄱㄴㄷ",
    "あいうえお", "カタカナ", "ｶﾀｶﾅ", "山田太郎", "東海林", "漢字かな交じり",
    "王小明", "欧阳修", "𠀋𡈽", "ｆｕｌｌｗｉｄｔｈ", "\u3000",
    "ก่า", "เกษม", "น้ำ", "สวัสดีครับ", "กำ",
    "नमस्ते", "नि", "क्षत्रिय", "हिन्दी",
    "مرحبا", "مُحَمَّد", "عَبْدُ ٱللَّٰه", "שָׁלוֹם", "אברהם", "ﷺ",
    "👨‍👩‍👧", "👍🏽", "❤️", "☺", "☺️", "🇰🇷", "🇯🇵🇰🇷", "🏳️‍🌈", "1️⃣", "#️⃣", "😀", "🙂x",
    "é", "e\u0301", "a\u0301\u0302\u0303", "Ångström", "Zoë", "ﬁ", "Ǆ",
    "Ⅻ", "①", "…", "—", "·", "•", "°", "±", "×", "α", "Ω", "Ж", "ё",
    "\u200b", "\u200d", "\u2060", "\ufeff", "\u00ad", "a\u200bb", "x\u034fy",
    "Smith", "O'Brien", "123", "7-Eleven", "tab", "",
]


def code_points(text):
    return " ".join("%04X" % ord(c) for c in text)


def main():
    rng = random.Random(4)
    pool = [s for s in SAMPLES if s]
    rows = list(SAMPLES)
    for _ in range(400):  # mixes of wide and narrow in one string
        rows.append("".join(rng.choice(pool) for _ in range(rng.randint(2, 5))))
    out = sys.stdout
    out.write("# wcwidth %s, Python unicodedata %s\n" % (wcwidth.__version__, unicodedata.unidata_version))
    for text in rows:
        width = wcwidth.wcswidth(text)
        if width < 0:
            continue  # strings with control characters are escaped before measuring
        out.write("%s\t%d\n" % (code_points(text), width))


if __name__ == "__main__":
    main()
