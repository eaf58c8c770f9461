#!/usr/bin/python3
"""Verify the person-name tables in Sources/IndexedCollation/Names/Tables/ against ICU (PyICU).

  zh-surnames.tsv        Chinese surname readings + substitutes
  ko-hanja-surnames.tsv  Korean Hanja surname readings

The library embeds both at build time (SwiftPM `.embedInCode` in Package.swift), so an
edited table takes effect at the next `swift build`.

Name mode (`collate --names`, scripts/make-goldens.py) replaces a surname at the
start of a name by a substitute string before bucketing and sorting. These
checks make sure every substitute does what the table claims under the ICU in
use, and that the reading columns are consistent with themselves and with ICU.

zh (every row):
  * format: header, 6 columns, Han surname, no duplicate surname, polyphonic
    is yes/no, substitutes as long as the surname;
  * pinyin: splits into one valid tone-marked syllable per character; the
    zhuyin column is exactly the Bopomofo transcription of the pinyin;
  * pinyin index: icu.AlphabeticIndex(zh) files pinyin_substitute under the
    ASCII-folded upper-case first letter of pinyin;
  * pinyin reading: every character of pinyin_substitute sits in the group of
    ICU's zh (pinyin) collation whose reading is the surname's syllable;
  * zhuyin index: icu.AlphabeticIndex(zh@collation=zhuyin) files
    zhuyin_substitute under the first Bopomofo letter of zhuyin;
  * zhuyin reading: the same reading check in ICU's zhuyin collation;
  * polyphonic: "yes" exactly when ICU's default (pinyin-collation) reading of
    the surname differs from the surname reading. A "no" row must also file
    under the same letter without name mode. "yes" rows whose default letter
    is still right (盖 gài/gě) are listed as information.

ko (every row):
  * format: header, 4 columns, Han hanja, Hangul reading of the same length;
  * name_section is the initial consonant of hangul, and the ko index files
    hangul there; the ko index files the bare hanja under icu_section ("#"
    meaning ICU's underflow/inflow/overflow bucket);
  * reading: where ICU's ko collation tailors the hanja to a Hangul reading,
    hangul must be that reading after the South Korean initial-sound rule
    (두음법칙: 리→이, 류→유, 로→노 …) unless listed in KO_READING_EXCEPTIONS.

How ICU's readings are found: the zh collators' tailoring rules
(Collator.getRules()) list the Han characters in reading order, one group per
syllable+tone (`<*…` runs between the `\\uFDD0` index boundaries). Each group's
reading is the majority Han-Latin transliteration of its members. The parse is
itself checked against the collator (the groups must sort in the listed order).

Usage: /usr/bin/python3 scripts/check-name-tables.py [-v]
Prints every failure and exits 1 if there is any.
"""

import collections
import os
import re
import sys
import unicodedata

import icu

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(REPO, "Sources", "IndexedCollation", "Names", "Tables")
ZH_TABLE = os.path.join(DATA, "zh-surnames.tsv")
KO_TABLE = os.path.join(DATA, "ko-hanja-surnames.tsv")
ZH_HEADER = ["#surname", "pinyin", "zhuyin", "pinyin_substitute", "zhuyin_substitute", "polyphonic"]
KO_HEADER = ["#hanja", "hangul", "icu_section", "name_section"]

NORMAL = icu.UAlphabeticIndexLabelType.NORMAL
HAN = icu.UnicodeSet("[:Script=Han:]")
HANGUL_SYLLABLES = icu.UnicodeSet("[\uAC00-\uD7A3]")

# Substitutes that cannot carry the exact reading because ICU has no character
# with it. The row is still checked for the right index letter; the reading
# mismatch is reported as a warning, not a failure.
APPROXIMATE = {
    "那": "no character has the reading nā (ㄋㄚ) in ICU's pinyin or zhuyin "
          "collation; 拿 (ná), the first na- group, is the nearest",
}

# Korean surnames whose reading is not ICU's collation reading of the Hanja
# (after the initial-sound rule).
KO_READING_EXCEPTIONS = {
    "沈": "the surname is read 심; ICU's ko collation files 沈 under 침",
}


# --------------------------------------------------------------------------
# pinyin -> zhuyin

TONE_MARKS = {"\u0304": 1, "\u0301": 2, "\u030c": 3, "\u0300": 4}
ZHUYIN_TONE = {1: "", 2: "ˊ", 3: "ˇ", 4: "ˋ"}
INITIALS = [("zh", "ㄓ"), ("ch", "ㄔ"), ("sh", "ㄕ"), ("b", "ㄅ"), ("p", "ㄆ"), ("m", "ㄇ"),
            ("f", "ㄈ"), ("d", "ㄉ"), ("t", "ㄊ"), ("n", "ㄋ"), ("l", "ㄌ"), ("g", "ㄍ"),
            ("k", "ㄎ"), ("h", "ㄏ"), ("j", "ㄐ"), ("q", "ㄑ"), ("x", "ㄒ"), ("r", "ㄖ"),
            ("z", "ㄗ"), ("c", "ㄘ"), ("s", "ㄙ")]
FINALS = {"a": "ㄚ", "o": "ㄛ", "e": "ㄜ", "ê": "ㄝ", "ai": "ㄞ", "ei": "ㄟ", "ao": "ㄠ",
          "ou": "ㄡ", "an": "ㄢ", "en": "ㄣ", "ang": "ㄤ", "eng": "ㄥ", "ong": "ㄨㄥ",
          "er": "ㄦ", "i": "ㄧ", "ia": "ㄧㄚ", "io": "ㄧㄛ", "ie": "ㄧㄝ", "iao": "ㄧㄠ",
          "iu": "ㄧㄡ", "ian": "ㄧㄢ", "in": "ㄧㄣ", "iang": "ㄧㄤ", "ing": "ㄧㄥ",
          "iong": "ㄩㄥ", "u": "ㄨ", "ua": "ㄨㄚ", "uo": "ㄨㄛ", "uai": "ㄨㄞ", "ui": "ㄨㄟ",
          "uan": "ㄨㄢ", "un": "ㄨㄣ", "uang": "ㄨㄤ", "ueng": "ㄨㄥ", "ü": "ㄩ", "üe": "ㄩㄝ",
          "üan": "ㄩㄢ", "ün": "ㄩㄣ"}
ZERO_INITIAL = {"yi": "i", "ya": "ia", "yo": "io", "ye": "ie", "yao": "iao", "you": "iu",
                "yan": "ian", "yin": "in", "yang": "iang", "ying": "ing", "yong": "iong",
                "yu": "ü", "yue": "üe", "yuan": "üan", "yun": "ün", "wu": "u", "wa": "ua",
                "wo": "uo", "wai": "uai", "wei": "ui", "wan": "uan", "wen": "un",
                "wang": "uang", "weng": "ueng"}
FINALS_OK_WITHOUT_INITIAL = {"a", "o", "e", "ê", "ai", "ei", "ao", "ou", "an", "en", "ang",
                             "eng", "er"}


def split_tone(syllable):
    """'Zēng' -> ('zeng', 1); 'lǚ' -> ('lü', 3); no mark -> tone 5 (neutral)."""
    tone, letters = 5, []
    for ch in unicodedata.normalize("NFD", syllable.lower()):
        if ch in TONE_MARKS:
            if tone != 5:
                raise ValueError("two tone marks in %r" % syllable)
            tone = TONE_MARKS[ch]
        else:
            letters.append(ch)
    return unicodedata.normalize("NFC", "".join(letters)), tone


def zhuyin_of(syllable):
    """Bopomofo for one tone-marked pinyin syllable; ValueError if it is none."""
    base, tone = split_tone(syllable)
    if base in ("zhi", "chi", "shi", "ri", "zi", "ci", "si"):
        body = dict(INITIALS)[base[:-1]]
    else:
        initial, final = "", base
        for latin, bopo in INITIALS:
            if base.startswith(latin):
                initial, final = bopo, base[len(latin):]
                break
        if not initial:
            if final in ZERO_INITIAL:
                final = ZERO_INITIAL[final]
            elif final not in FINALS_OK_WITHOUT_INITIAL:
                raise ValueError("not a pinyin syllable: %r" % syllable)
        elif initial in "ㄐㄑㄒ":
            if final.startswith("u"):
                final = "ü" + final[1:]
            if not (final.startswith("i") or final.startswith("ü")):
                raise ValueError("not a pinyin syllable: %r" % syllable)
        if final not in FINALS or (initial and final in ("ueng", "io")):
            raise ValueError("not a pinyin syllable: %r" % syllable)
        body = initial + FINALS[final]
    return "˙" + body if tone == 5 else body + ZHUYIN_TONE[tone]


def pinyin_syllables(pinyin, count):
    """Split e.g. 'Ōuyáng' into exactly `count` valid syllables (toned ones first)."""
    text = pinyin.lower()

    def split(rest, n):
        if n == 0:
            return [[]] if rest == "" else []
        found = []
        for i in range(1, min(7, len(rest)) + 1):
            head = rest[:i]
            try:
                zhuyin_of(head)
            except ValueError:
                continue
            found.extend([head] + tail for tail in split(rest[i:], n - 1))
        return found

    options = split(text, count)
    options.sort(key=lambda syls: -sum(split_tone(s)[1] != 5 for s in syls))
    return options[0] if options else None


def ascii_initial(pinyin):
    return unicodedata.normalize("NFD", pinyin)[0].upper()


# --------------------------------------------------------------------------
# ICU's readings, from the zh tailorings

class HanReadings:
    """Reading of every Han character listed in a zh collation's tailoring."""

    def __init__(self, locale_id, to_reading):
        self.locale_id = locale_id
        collator = icu.Collator.createInstance(icu.Locale(locale_id))
        rules = collator.getRules()
        start = rules.index("[last regular]") + len("[last regular]")
        end = rules.find("&", start)
        groups = []
        for part in rules[start:end].split("<"):
            if not part or part.startswith("'\ufdd0"):
                continue               # index boundary such as <'\uFDD0A'
            if not part.startswith("*"):
                raise RuntimeError("%s: unexpected rule syntax %r" % (locale_id, part[:20]))
            groups.append(part[1:])
        han_latin = icu.Transliterator.createInstance("Han-Latin")
        self.reading = {}
        self.weak = set()
        self.groups = []
        for chars in groups:
            votes = collections.Counter()
            for ch in chars:
                try:
                    votes[to_reading(han_latin.transliterate(ch))] += 1
                except ValueError:
                    votes["?"] += 1
            reading, count = votes.most_common(1)[0]
            self.groups.append((reading, chars))
            for ch in chars:
                self.reading[ch] = reading
                if count * 2 <= len(chars):
                    self.weak.add(ch)
        self._check_parse(collator)

    def _check_parse(self, collator):
        """The groups must sort in the order the rules list them.

        A character listed twice (the zhuyin rules list 略 twice) takes the
        position of its last occurrence, as in any ICU tailoring."""
        listed = [ch for _, chars in self.groups for ch in chars]
        last = {ch: i for i, ch in enumerate(listed)}
        flat = [ch for i, ch in enumerate(listed) if last[ch] == i]
        keys = [collator.getSortKey(ch) for ch in flat]
        bad = sum(1 for a, b in zip(keys, keys[1:]) if not a < b)
        if bad:
            raise RuntimeError("%s: rule parse disagrees with the collator at %d places"
                               % (self.locale_id, bad))
        self.size = len(flat)

    def of(self, text):
        """Per-character readings, None for a character the tailoring lacks."""
        return [None if ch in self.weak else self.reading.get(ch) for ch in text]


def pinyin_reading(latin):
    split_tone(latin)          # validates the tone marks
    zhuyin_of(latin)           # validates the syllable
    return unicodedata.normalize("NFC", latin.lower())


def new_index(locale_id):
    index = icu.AlphabeticIndex(icu.Locale(locale_id))
    index.maxLabelCount = 10000
    return index.buildImmutableIndex()


def section(index, text):
    label, kind = index.getBucket(index.getBucketIndex(text))
    return label if kind == NORMAL else "#"


# --------------------------------------------------------------------------
# tables

def read_table(path, header):
    with open(path, encoding="utf-8") as f:
        lines = f.read().split("\n")
    failures = []
    if lines and lines[-1] == "":
        lines.pop()
    else:
        failures.append("%s: no final newline" % path)
    if not lines or lines[0].split("\t") != header:
        failures.append("%s:1: header must be %s" % (path, "<TAB>".join(header)))
        return [], failures
    rows = []
    for number, line in enumerate(lines[1:], 2):
        cols = line.split("\t")
        if len(cols) != len(header):
            failures.append("%s:%d: %d columns, expected %d" % (path, number, len(cols), len(header)))
            continue
        if any(c != c.strip() or c == "" for c in cols):
            failures.append("%s:%d: empty column or stray whitespace" % (path, number))
            continue
        rows.append((number, cols))
    return rows, failures


def check_zh(verbose):
    rows, failures = read_table(ZH_TABLE, ZH_HEADER)
    warnings, info = [], []
    where = lambda n: "zh-surnames.tsv:%d" % n
    pin = HanReadings("zh", pinyin_reading)
    zhu = HanReadings("zh@collation=zhuyin", zhuyin_of)
    pin_index = new_index("zh")
    zhu_index = new_index("zh@collation=zhuyin")
    seen = {}
    counts = collections.Counter()
    for n, (surname, pinyin, zhuyin, psub, zsub, poly) in rows:
        def fail(msg):
            failures.append("%s: %s: %s" % (where(n), surname, msg))
        if surname in seen:
            fail("duplicate of line %d" % seen[surname])
        seen[surname] = n
        if not HAN.containsAll(surname) or not HAN.containsAll(psub) or not HAN.containsAll(zsub):
            fail("surname and substitutes must be Han characters")
            continue
        if not (len(psub) == len(zsub) == len(surname)):
            fail("substitutes must have one character per surname character")
            continue
        if poly not in ("yes", "no"):
            fail("polyphonic must be yes or no, not %r" % poly)
        if pinyin[0] != pinyin[0].upper() or pinyin[1:] != pinyin[1:].lower():
            fail("pinyin %r: capitalise the first letter only" % pinyin)
        syllables = pinyin_syllables(pinyin, len(surname))
        if syllables is None:
            fail("pinyin %r is not %d syllable(s)" % (pinyin, len(surname)))
            continue
        if any(split_tone(s)[1] == 5 for s in syllables):
            fail("pinyin %r: every syllable needs a tone mark" % pinyin)
        want_zhuyin = " ".join(zhuyin_of(s) for s in syllables)
        if zhuyin != want_zhuyin:
            fail("zhuyin %r, the pinyin %r gives %r" % (zhuyin, pinyin, want_zhuyin))
        want_pin = [pinyin_reading(s) for s in syllables]
        want_zhu = want_zhuyin.split(" ")
        counts["rows"] += 1
        counts["compound" if len(surname) > 1 else "single"] += 1

        # pinyin collation: letter, then reading
        letter = ascii_initial(pinyin)
        got = section(pin_index, psub)
        if got != letter:
            fail("zh index files pinyin_substitute %s under %s, not %s" % (psub, got, letter))
        readings = pin.of(psub)
        if readings != want_pin:
            msg = "ICU zh reads pinyin_substitute %s as %s, not %s" % (
                psub, "".join(r or "?" for r in readings), "".join(want_pin))
            if surname in APPROXIMATE:
                warnings.append("%s: %s: %s (%s)" % (where(n), surname, msg, APPROXIMATE[surname]))
            else:
                fail(msg)

        # zhuyin collation: letter, then reading
        first = want_zhu[0].lstrip("˙")[0]
        got = section(zhu_index, zsub)
        if got != first:
            fail("zhuyin index files zhuyin_substitute %s under %s, not %s" % (zsub, got, first))
        readings = zhu.of(zsub)
        if readings != want_zhu:
            msg = "ICU zhuyin reads zhuyin_substitute %s as %s, not %s" % (
                zsub, " ".join(r or "?" for r in readings), want_zhuyin)
            if surname in APPROXIMATE:
                warnings.append("%s: %s: %s (%s)" % (where(n), surname, msg, APPROXIMATE[surname]))
            else:
                fail(msg)

        # polyphonic: ICU's default reading of the surname itself
        default = pin.of(surname)
        differs = default != want_pin
        default_letter = section(pin_index, surname)
        if differs and poly != "yes":
            fail("ICU zh reads %s as %s, not %s: polyphonic must be yes" % (
                surname, "".join(r or "?" for r in default), "".join(want_pin)))
        if not differs and poly != "no":
            fail("ICU zh already reads %s as %s: polyphonic must be no" % (surname, "".join(want_pin)))
        if poly == "no" and default_letter != letter:
            fail("polyphonic is no, but ICU files %s under %s, not %s" % (surname, default_letter, letter))
        if poly == "yes":
            counts["polyphonic"] += 1
            if default_letter == letter:
                counts["polyphonic, same letter"] += 1
                info.append("%s %s: ICU %s, surname %s (both %s)" % (
                    surname, psub, "".join(r or "?" for r in default), pinyin, letter))
            else:
                counts["polyphonic, other letter"] += 1
        if zhu.of(surname) != want_zhu:
            counts["zhuyin collation reads the surname differently"] += 1
        if psub != surname:
            counts["pinyin_substitute differs from surname"] += 1
        if zsub != psub:
            counts["zhuyin_substitute differs from pinyin_substitute"] += 1
            if verbose:
                info.append("%s: zhuyin_substitute %s, pinyin_substitute %s" % (surname, zsub, psub))

    print("zh-surnames.tsv: %d rows; ICU pinyin tailoring %d characters, zhuyin %d"
          % (counts["rows"], pin.size, zhu.size))
    for k in ("single", "compound", "polyphonic", "polyphonic, other letter",
              "polyphonic, same letter", "pinyin_substitute differs from surname",
              "zhuyin_substitute differs from pinyin_substitute",
              "zhuyin collation reads the surname differently"):
        print("  %-52s %d" % (k, counts[k]))
    if verbose:
        for line in info:
            print("  info: " + line)
    return failures, warnings


HANGUL_INITIALS = "ㄱㄲㄴㄷㄸㄹㅁㅂㅃㅅㅆㅇㅈㅉㅊㅋㅌㅍㅎ"


def initial_consonant(syllable):
    return HANGUL_INITIALS[(ord(syllable) - 0xAC00) // 588]


def initial_sound_rule(syllable):
    """South Korean 두음법칙 for a word-initial syllable (리→이, 로→노, 녀→여)."""
    code = ord(syllable) - 0xAC00
    lead, vowel, tail = code // 588, (code % 588) // 28, code % 28
    y_or_i = vowel in (2, 3, 6, 7, 12, 17, 20)      # ㅑ ㅒ ㅕ ㅖ ㅛ ㅠ ㅣ
    if lead == 5:                                    # ㄹ
        lead = 11 if y_or_i else 2                   # → ㅇ / ㄴ
    elif lead == 2 and y_or_i:                       # ㄴ
        lead = 11
    return chr(0xAC00 + lead * 588 + vowel * 28 + tail)


def ko_collation_readings():
    """Hangul reading of every Hanja the ko tailoring lists (&가<<*伽佳…)."""
    rules = icu.Collator.createInstance(icu.Locale("ko")).getRules()
    reading = {}
    for m in re.finditer(r"&([\uAC00-\uD7A3])<<(\*?)([^&]*)", rules):
        hangul, star, rest = m.groups()
        chars = rest if star else "".join(part.strip("<") for part in rest.split("<<"))
        for ch in chars:
            reading.setdefault(ch, hangul)
    return reading


def check_ko(verbose):
    rows, failures = read_table(KO_TABLE, KO_HEADER)
    warnings = []
    index = new_index("ko")
    icu_reading = ko_collation_readings()
    seen = {}
    counts = collections.Counter()
    for n, (hanja, hangul, icu_section, name_section) in rows:
        def fail(msg):
            failures.append("ko-hanja-surnames.tsv:%d: %s: %s" % (n, hanja, msg))
        if hanja in seen:
            fail("duplicate of line %d" % seen[hanja])
        seen[hanja] = n
        if not HAN.containsAll(hanja):
            fail("hanja must be Han characters")
            continue
        if not HANGUL_SYLLABLES.containsAll(hangul) or len(hangul) != len(hanja):
            fail("hangul must be one precomposed syllable per Hanja")
            continue
        counts["rows"] += 1
        counts["compound" if len(hanja) > 1 else "single"] += 1
        if name_section != initial_consonant(hangul[0]):
            fail("name_section %s, but %s starts with %s" % (
                name_section, hangul, initial_consonant(hangul[0])))
        got = section(index, hangul)
        if got != name_section:
            fail("ko index files %s under %s, not %s" % (hangul, got, name_section))
        got = section(index, hanja)
        if got != icu_section:
            fail("ko index files %s under %s, not icu_section %s" % (hanja, got, icu_section))
        if got != name_section:
            counts["name mode changes the section"] += 1
        if got == "#":
            counts["hanja not in ICU's ko tailoring (ICU: #)"] += 1
        # reading: ICU's collation reading after the initial-sound rule
        listed = [icu_reading.get(ch) for ch in hanja]
        if None not in listed:
            expected = initial_sound_rule(listed[0]) + "".join(listed[1:])
            if expected != "".join(listed):
                counts["initial-sound rule applied"] += 1
            if hangul != expected and hanja not in KO_READING_EXCEPTIONS:
                fail("ICU's ko collation reads %s as %s, i.e. %s with the initial-sound rule, not %s"
                     % (hanja, "".join(listed), expected, hangul))
            if hangul == expected and hanja in KO_READING_EXCEPTIONS:
                fail("listed in KO_READING_EXCEPTIONS but agrees with ICU")
    print("ko-hanja-surnames.tsv: %d rows" % counts["rows"])
    for k in ("single", "compound", "name mode changes the section", "initial-sound rule applied",
              "hanja not in ICU's ko tailoring (ICU: #)"):
        print("  %-52s %d" % (k, counts[k]))
    return failures, warnings


def main(argv):
    verbose = "-v" in argv
    print("check-name-tables: ICU %s, Unicode %s (PyICU %s)" % (
        icu.ICU_VERSION, icu.UNICODE_VERSION, icu.VERSION))
    failures, warnings = [], []
    for check in (check_zh, check_ko):
        f, w = check(verbose)
        failures += f
        warnings += w
    for w in warnings:
        print("warning: " + w)
    if failures:
        print("\n".join(failures), file=sys.stderr)
        print("check-name-tables: %d failure(s)" % len(failures), file=sys.stderr)
        return 1
    print("check-name-tables: all rows verified")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
