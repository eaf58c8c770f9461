#!/usr/bin/python3
"""Record (or check) the golden outputs in Locales/ with PyICU.

This is the independent oracle for the Swift `collate` tool: it implements the
sectioning policy of /work/shared/DESIGN.md ("Behaviour contracts") directly on
PyICU, without sharing any code with the Swift package.

For every case in a locale folder (`Locales/<id>/<case>.txt` or `<case>.tsv`,
optional `<case>.args` with one command-line argument per line) it writes
`<case>.expected.tsv` and `<case>.expected.json`.

Policy, in short:
  * Index: icu.AlphabeticIndex(locale) with maxLabelCount 10000 (no label is
    ever dropped). If none of its NORMAL labels contains a Latin letter, the
    English labels are added (addLabels(en)), so ko/ja/ru/el/zh-stroke also get
    A-Z. Buckets come from the ImmutableIndex.
  * Titles: NORMAL labels in ICU order, then "#" (always present, always last).
    Underflow, inflow and overflow buckets all map to "#".
  * Records: the input split on "\\n" (one trailing "\\r" stripped per line, a
    UTF-8 BOM at the start of the file dropped, a last line without newline
    still counts, an empty line is a record with an empty key). The key is the
    whole line or, with --field N [--delimiter C], the N-th field (missing field =
    empty key). A non-empty --reading-field value replaces the key for bucketing
    and sorting; the display key then breaks ties.
  * Index labels: `--labels none` (no locale's labels: an index over the root
    collator, one catch-all section) and `--add-labels SET` (ICU's addLabels of a
    UnicodeSet; over the records' collator with `--labels none`).
  * Side index: `--max-titles N`, `--index-titles nonempty` (see fold_index).
  * Order inside a section: (sort key of key, sort key of display key, input
    position) with icu.Collator.createInstance(locale) at its default strength.
  * Person-name mode (`--names` in the .args file): the key is a person's
    name, surname first. A non-empty --reading-field value still wins. Else,
    if the name starts with a surname from Sources/IndexedCollation/Names/Tables/ (longest match first,
    so 欧阳/尉迟/长孙 before 欧/尉/长), that surname is replaced by its
    substitute for bucketing and sorting (the record and the display key are
    unchanged, and the display key still breaks ties):
      - zh (the requested locale's language), when the collation ICU actually
        uses is the pinyin or zhuyin tailoring: `pinyin_substitute` or
        `zhuyin_substitute` of zh-surnames.tsv (曾 -> 增, 单 -> 善, 尉迟 -> 玉迟).
        The type is the "collation" keyword of the collator's ACTUAL_LOCALE,
        or that locale's default type when it has none: zh, zh_CN, zh_SG,
        zh_TW@collation=pinyin -> pinyin; zh@collation=zhuyin -> zhuyin;
        zh_TW, zh_HK, zh_MO, zh_Hant, zh@collation=stroke -> stroke, and
        unihan/big5han/gb2312han/... -> no substitution.
      - ko (any collation): `hangul` of ko-hanja-surnames.tsv (李 -> 이,
        盧 -> 노, 南宮 -> 남궁).
      - ja: readings are guessed (MeCab), which PyICU cannot do; see below.
      - any other language: nothing changes.
    The tables are checked against ICU by scripts/check-name-tables.py.
  * Chinese words (`--han-readings words`, the default; `characters` turns it off): under
    the zh pinyin collation, after the surname rule, each word of
    Sources/IndexedCollation/Readings/Tables/zh-words.tsv (longest first, left to right) is
    replaced by its `pinyin_substitute` (长沙 -> 肠沙: cháng, not zhǎng) for bucketing and
    sorting; a non-empty reading still wins. The table is made by scripts/make-zh-words.py.
  * Filing rules (`--filing locale`, `--ignore-articles`, `--skip-leading-symbols`): a
    key without a reading is filed by scripts/filing_rules.py (the tables of
    Sources/IndexedCollation/Names/Filing/, read again in Python): surname particles
    and honorifics, title articles, leading symbols; the display key breaks ties.
  * Guessed Japanese readings (`--guess-readings`, or `--names` under ja): a key
    with kanji and an empty reading is read as the hand-reviewed guess in
    `<case>.readings` (TSV: name, reading, set, and the dictionary's own guess where
    it differs); keys without kanji are left alone. This oracle checks the
    ordering and sectioning of those readings, not the guessing itself (the Swift
    tests compare the guesses with the same file).

The goldens in this repository were recorded with ICU 72.1 / CLDR 42 /
Unicode 15.0; the versions actually in use are read from PyICU at run time and
printed. Re-record only on purpose, and review the diff.

Usage:
  /usr/bin/python3 scripts/make-goldens.py [--check] [Locales/<id> ...]

  --check   regenerate in memory, write nothing, exit 1 listing every expected
            file that differs, is missing, or has no input any more.
"""

import argparse
import re
import json
import os
import shutil
import sys

import icu

import filing_rules

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOCALES_DIR = os.path.join(REPO, "Locales")
DATA_DIR = os.path.join(REPO, "Sources", "IndexedCollation", "Names", "Tables")  # the library embeds them
ZH_SURNAMES = os.path.join(DATA_DIR, "zh-surnames.tsv")
ZH_WORDS = os.path.join(REPO, "Sources", "IndexedCollation", "Readings", "Tables", "zh-words.tsv")
KO_SURNAMES = os.path.join(DATA_DIR, "ko-hanja-surnames.tsv")

CATCH_ALL = "#"
NORMAL = icu.UAlphabeticIndexLabelType.NORMAL
LATIN_LETTERS = icu.UnicodeSet("[[:Script=Latin:]&[:Letter:]]")
EXPECTED_SUFFIXES = (".expected.tsv", ".expected.json")
INPUT_EXTENSIONS = (".txt", ".tsv")


class CaseError(Exception):
    pass


# --------------------------------------------------------------------------
# versions

def cldr_version():
    try:
        # root's "Version" resource carries the CLDR version in ICU >= 64
        return icu.ResourceBundle().getWithFallback("Version").getString()
    except Exception:  # pragma: no cover - depends on the PyICU build
        return "unknown"


def version_line():
    return "ICU %s, CLDR %s, Unicode %s (PyICU %s)" % (
        icu.ICU_VERSION, cldr_version(), icu.UNICODE_VERSION, icu.VERSION)


# --------------------------------------------------------------------------
# locale, index, collator

def make_locale(locale_id):
    if "-" in locale_id:
        return icu.Locale.forLanguageTag(locale_id)
    return icu.Locale(locale_id)


def resolved_name(locale_id):
    if "-" in locale_id:
        return icu.Locale.forLanguageTag(locale_id).getName()
    return icu.Locale.createCanonical(locale_id).getName()


# --------------------------------------------------------------------------
# multi-language policy (--also)
#
# Han ideographs, and everything the primary locale files in its catch-all, are filed
# and ordered by the primary locale alone. An extra language contributes its index
# labels in scripts other than Han, and only those rules of its tailoring that order
# letters of its own non-Han scripts (es keeps N-tilde; ko's Hanja readings, ja's and
# zh's ideograph orders and pinyin tone letters are left out).
#
# Except: when the primary has no Han rule (its collator's tailored set holds no Han
# character: en, de, ru ...), the first extra language (not of the primary's language)
# that has one orders Han: its relations among Han characters and its Chinese index
# characters (U+FDD0 + pinyin letter / stroke count / Bopomofo) are kept too, so
# `en --also zh_CN` files 杜鵑 under D (as Android's contacts do).

HAN = icu.UnicodeSet("[:scx=Hani:]")
NEUTRAL = icu.UnicodeSet("[[:sc=Zyyy:][:sc=Zinh:]]")
HAN_CODES = {"Hani", "Hans", "Hant"}
EXPANDED_CODES = {"Jpan": ["Hira", "Kana"], "Kore": ["Hang"], "Hanb": ["Bopo"]}


def own_scripts(locale_id):
    """The language's scripts other than Han, as one UnicodeSet of their letters."""
    names = []
    for code in icu.Script.getCode(locale_id):
        name = icu.Script(code).getShortName()
        if name not in HAN_CODES:
            names.extend(EXPANDED_CODES.get(name, [name]))
    if not names:
        return None
    return icu.UnicodeSet("[%s]" % "".join("[:scx=%s:]" % n for n in names))


HAN_ORDER = "han"  # marker in an `own` tuple: this language orders Han as well


def has_han_rule(locale):
    """The tailoring (imports expanded) relates Han characters or Chinese index characters."""
    return bool(filter_rules(icu.Collator.createInstance(locale).getRules(), (None, HAN_ORDER)))


def han_language(locale, also):
    """The extra language id that orders Han, or None (the primary does, or nobody)."""
    if has_han_rule(locale):
        return None
    for extra in also:
        extra_locale = make_locale(extra)
        if extra_locale.getLanguage() != locale.getLanguage() and has_han_rule(extra_locale):
            return extra
    return None


def may_order(text, own):
    """All characters of `text` are the language's own letters (or Common/Inherited
    characters next to at least one of them), and none is Han -- unless `own` is
    (letters, HAN_ORDER): then Han counts as own, and so does a Chinese index character
    (a string starting with U+FDD0)."""
    orders_han = isinstance(own, tuple)
    if orders_han:
        own = own[0]
        if len(text) > 1 and text[0] == "\ufdd0":
            return True
    has_own = False
    for ch in text:
        if HAN.contains(ch):
            if not orders_han:
                return False
            has_own = True
            continue
        if own is not None and own.contains(ch):
            has_own = True
        elif not NEUTRAL.contains(ch):
            return False
    return has_own


def collation_sequence(tag):
    """The rules an [import tag] statement names, e.g. ja-u-co-private-kana."""
    loc = icu.Locale.forLanguageTag(tag)
    kind = loc.getKeywordValue("collation") or "standard"
    bundle = icu.ResourceBundle("icudt%sl-coll" % icu.ICU_VERSION.split(".")[0], icu.Locale(loc.getLanguage()))
    return bundle.get("collations").get(kind).get("Sequence").getString()


SYNTAX = set(chr(c) for c in range(0x21, 0x7F)
             if c <= 0x2F or 0x3A <= c <= 0x40 or 0x5B <= c <= 0x60 or c >= 0x7B)
TOKEN = re.compile(r"""
    (?P<space>\s+|\#[^\n\r]*)
  | (?P<option>\[(?:[^\[\]\\]|\\.|\[(?:[^\[\]\\]|\\.|\[[^\]]*\])*\])*\])
  | (?P<reset>&)
  | (?P<relation><{1,4}\*?|=\*?|;|,)
  | (?P<link>[|/-])
  | (?P<text>(?:'(?:[^']|'')*'|\\u[0-9A-Fa-f]{4}|\\U[0-9A-Fa-f]{8}|\\.|[^\s&<=;,|/\-\[\]'\\\#!-/:-@\[-`{-~])+)
    """, re.X | re.S)


def decode(text):
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "'":
            j = i + 1
            if j < len(text) and text[j] == "'":
                out.append("'"); i += 2; continue
            while j < len(text):
                if text[j] == "'" and j + 1 < len(text) and text[j + 1] == "'":
                    out.append("'"); j += 2
                elif text[j] == "'":
                    break
                else:
                    out.append(text[j]); j += 1
            i = j + 1
        elif c == "\\" and text[i + 1:i + 2] == "u":
            out.append(chr(int(text[i + 2:i + 6], 16))); i += 6
        elif c == "\\" and text[i + 1:i + 2] == "U":
            out.append(chr(int(text[i + 2:i + 10], 16))); i += 10
        elif c == "\\":
            out.append(text[i + 1]); i += 2
        else:
            out.append(c); i += 1
    return "".join(out)


def filter_rules(rules, own, depth=0):
    """The chains of `rules` restricted to relations `may_order` allows; settings dropped,
    imports expanded. None when the rules use syntax this reader does not know."""
    tokens = []
    pos = 0
    while pos < len(rules):
        m = TOKEN.match(rules, pos)
        if not m:
            return None
        if m.lastgroup != "space":
            tokens.append((m.lastgroup, m.group()))
        pos = m.end()
    out = []
    reset, kept = None, []
    i = 0

    def flush():
        if reset is not None and kept:
            out.append(reset + " " + " ".join(kept))

    while i < len(tokens):
        kind, value = tokens[i]
        if kind == "reset":
            flush()
            kept = []
            parts = ["&"]
            i += 1
            if i < len(tokens) and tokens[i][0] == "option" and tokens[i][1].startswith("[before"):
                parts.append(tokens[i][1]); i += 1
            if i < len(tokens) and tokens[i][0] in ("option", "text"):
                parts.append(tokens[i][1]); i += 1
            reset = "".join(parts)
        elif kind == "option":
            if value.startswith("[import") and depth < 3:
                flush()
                reset, kept = None, []
                inner = filter_rules(collation_sequence(value[7:-1].strip()), own, depth + 1)
                if inner is None:
                    return None
                out.append(inner)
            i += 1
        elif kind == "relation":
            if reset is None:
                return None
            i += 1
            if value.endswith("*"):
                chars = []
                while i < len(tokens) and tokens[i][0] == "text":
                    chars.extend(decode(tokens[i][1])); i += 1
                    if i + 1 < len(tokens) and tokens[i] == ("link", "-") and tokens[i + 1][0] == "text":
                        high = decode(tokens[i + 1][1])
                        chars.extend(chr(c) for c in range(ord(chars[-1]) + 1, ord(high[0])))
                        i += 1
                    else:
                        break
                allowed = [c for c in chars if may_order(c, own)]
                if allowed:
                    # Han as it is (never rule syntax; ICU 72 refuses a whole pinyin order
                    # written as \U escapes), anything else escaped.
                    kept.append(value + "".join(c if HAN.contains(c) else "\\U%08X" % ord(c) for c in allowed))
                continue
            pieces = [value]
            text = ""
            while i < len(tokens) and tokens[i][0] == "text":
                pieces.append(tokens[i][1]); text += decode(tokens[i][1]); i += 1
                if i < len(tokens) and tokens[i][0] == "link" and tokens[i][1] in "|/":
                    pieces.append(tokens[i][1]); i += 1
                else:
                    break
            if not text:
                return None
            if may_order(text, own):
                kept.append("".join(pieces))
        else:
            return None
    flush()
    return " ".join(out)


def own_script_rules(extra_locale, orders_han=False):
    own = own_scripts(extra_locale.getName())
    if orders_han:
        own = (own, HAN_ORDER)
    elif own is None:
        return ""
    filtered = filter_rules(icu.Collator.createInstance(extra_locale).getRules(), own)
    return filtered or ""


def extra_labels(extra_locale):
    """The extra language's own index labels, without Han ones (1劃…, radicals)."""
    index = new_index(extra_locale).buildImmutableIndex()
    labels = icu.UnicodeSet()
    for i in range(index.bucketCount):
        label, kind = index.getBucket(i)
        if kind == NORMAL and not HAN.containsSome(label):
            labels.add(label)
    return labels


def merged_collator(locale, also):
    """The primary locale's collator with the extra languages' own-script rules merged in
    (see own_script_rules), then the primary's rules (the primary wins conflicts), then
    the primary's attributes and script order."""
    base = icu.Collator.createInstance(locale)
    rules = ""
    han = han_language(locale, also)
    for extra in also:
        extra_locale = make_locale(extra)
        if extra_locale.getLanguage() == locale.getLanguage():
            continue
        rules += own_script_rules(extra_locale, orders_han=extra == han) + " "
    rules += base.getRules()
    # A script order given in the locale ID (ja-u-kr-kana-latn) is not in the rules.
    reorder = locale.getKeywordValue("colReorder")
    if reorder:
        rules += " [reorder %s]" % reorder.replace("-", " ")
    merged = icu.RuleBasedCollator(rules)
    A = icu.UCollAttribute
    for attribute in (A.FRENCH_COLLATION, A.ALTERNATE_HANDLING, A.CASE_FIRST, A.CASE_LEVEL,
                      A.NORMALIZATION_MODE, A.STRENGTH, A.NUMERIC_COLLATION):
        merged.setAttribute(attribute, base.getAttribute(attribute))
    return merged


def new_index(locale):
    index = icu.AlphabeticIndex(locale)
    index.maxLabelCount = 10000
    return index


class Sectioner:
    """Bucketing and sorting for one locale (built once per locale id)."""

    def __init__(self, locale_id, also=(), labels="locale", add_labels=None):
        locale = make_locale(locale_id)
        self.locale_id = locale_id
        self.name = resolved_name(locale_id)

        own = new_index(locale).buildImmutableIndex()
        own_labels = [label for label, kind in self._buckets(own) if kind == NORMAL]
        self.added_english = labels == "locale" and not any(LATIN_LETTERS.containsSome(l) for l in own_labels)

        # --also: more languages (a phone's language list). Unless the primary is Chinese
        # (whose index characters need the locale constructor), their tailorings are
        # merged into the collator so their letters count (es Ñ): see merged_collator.
        merge = bool(also) and locale.getLanguage() != "zh"
        self.merged = merged_collator(locale, also) if merge else None
        if labels == "none":
            # --labels none: no locale's labels. Only the --add-labels set, over the
            # collator the records use; with nothing added, an index over the root
            # collator (ICU's TestNoLabels: one underflow bucket holds everything).
            if add_labels is None:
                index = icu.AlphabeticIndex(icu.Collator.createInstance(icu.Locale.getRoot()))
            else:
                index = icu.AlphabeticIndex(self.merged or icu.Collator.createInstance(locale))
            index.maxLabelCount = 10000
        elif merge:
            index = icu.AlphabeticIndex(merged_collator(locale, also))
            index.maxLabelCount = 10000
            index.addLabels(locale)
        else:
            index = new_index(locale)
        if labels != "none":
            for extra in also:
                index.addLabels(extra_labels(make_locale(extra)))
        if self.added_english:
            index.addLabels(icu.Locale.getEnglish())
        if add_labels is not None:
            # ICU's own addLabels(UnicodeSet): "Sch*" keeps Sch although it sorts as S+c+h.
            index.addLabels(icu.UnicodeSet(add_labels))
        self.index = index.buildImmutableIndex()
        self.buckets = self._buckets(self.index)
        self.titles = [label for label, kind in self.buckets if kind == NORMAL]
        assert CATCH_ALL not in self.titles, "an ICU label collides with '#'"
        self.titles.append(CATCH_ALL)
        self.own_label_count = len(own_labels)

        self.collator = self.merged or icu.Collator.createInstance(locale)
        self.language = locale.getLanguage()
        actual = self.collator.getLocale(icu.ULocDataLocaleType.ACTUAL_LOCALE)
        self.collation_type = actual.getKeywordValue("collation")
        if not self.collation_type:
            # ICU names the type only when it is not the data locale's default
            try:
                defaults = list(icu.Collator.getKeywordValuesForLocale("collation", actual, True))
            except icu.ICUError:
                defaults = []
            self.collation_type = defaults[0] if defaults else "standard"
        self._surnames = None

    def surname_substitutes(self):
        """{surname: substitute} for name mode in this locale ({} = no change)."""
        if self._surnames is None:
            if self.language == "zh" and self.collation_type in ("pinyin", "zhuyin"):
                column = "pinyin_substitute" if self.collation_type == "pinyin" else "zhuyin_substitute"
                self._surnames = read_name_table(ZH_SURNAMES, "surname", column)
            elif self.language == "ko":
                self._surnames = read_name_table(KO_SURNAMES, "hanja", "hangul")
            else:
                self._surnames = {}
        return self._surnames

    def name_key(self, name):
        """The name with its surname (longest table match) replaced by the substitute."""
        table = self.surname_substitutes()
        if table:
            longest = max(len(s) for s in table)
            for n in range(min(longest, len(name)), 0, -1):
                substitute = table.get(name[:n])
                if substitute is not None:
                    return substitute + name[n:]
        return name

    def word_key(self, text, unit):
        """Under zh pinyin with --han-readings words (the default), each word of
        Readings/Tables/zh-words.tsv (longest first, left to right) replaced by its
        pinyin_substitute: 长沙银行 -> 肠沙银航 (cháng, háng). The text itself otherwise."""
        if unit != "words" or self.language != "zh" or self.collation_type != "pinyin":
            return text
        words = read_name_table(ZH_WORDS, "word", "pinyin_substitute")
        longest = max(len(w) for w in words)
        out, i = [], 0
        while i < len(text):
            for n in range(min(longest, len(text) - i), 1, -1):
                substitute = words.get(text[i:i + n])
                if substitute is not None:
                    out.append(substitute)
                    i += n
                    break
            else:
                out.append(text[i])
                i += 1
        return "".join(out)

    @staticmethod
    def _buckets(immutable):
        return [immutable.getBucket(i) for i in range(immutable.bucketCount)]

    def title_for(self, key):
        label, kind = self.buckets[self.index.getBucketIndex(key)]
        return label if kind == NORMAL else CATCH_ALL

    def sort_key(self, s):
        return self.collator.getSortKey(s)


_sectioners = {}
_name_tables = {}


def read_name_table(path, key_column, value_column):
    """{key: value} from a surname table (Sources/IndexedCollation/Names/Tables) (TSV, header line starting with '#')."""
    if (path, value_column) not in _name_tables:
        with open(path, encoding="utf-8") as f:
            lines = f.read().split("\n")
        header = lines[0].lstrip("#").split("\t")
        k, v = header.index(key_column), header.index(value_column)
        table = {}
        for line in lines[1:]:
            if line and not line.startswith("#"):
                cols = line.split("\t")
                table[cols[k]] = cols[v]
        _name_tables[(path, value_column)] = table
    return _name_tables[(path, value_column)]


def sectioner_for(locale_id, also=(), labels="locale", add_labels=None):
    key = (locale_id, tuple(also), labels, add_labels)
    if key not in _sectioners:
        _sectioners[key] = Sectioner(locale_id, also, labels, add_labels)
    return _sectioners[key]


# --------------------------------------------------------------------------
# input

def read_lines(path):
    with open(path, "rb") as f:
        data = f.read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    raw = data.split(b"\n")
    if raw[-1] == b"":          # text ended with "\n" (or the file is empty)
        raw.pop()
    lines = []
    for number, line in enumerate(raw, 1):
        if line.endswith(b"\r"):
            line = line[:-1]
        try:
            lines.append(line.decode("utf-8"))
        except UnicodeDecodeError as e:
            raise CaseError("%s:%d: invalid UTF-8 (%s)" % (path, number, e.reason))
    return lines


def read_args(path):
    """One argument per line; only "\\n" separates, nothing is trimmed."""
    if not os.path.exists(path):
        return []
    with open(path, "rb") as f:
        text = f.read().decode("utf-8")
    args = text.split("\n")
    if args and args[-1] == "":
        args.pop()
    return args


def parse_args(arg_list, folder_locale, where):
    opts = {"locale": folder_locale, "field": None, "reading_field": None, "delimiter": None,
            "names": False, "guess_readings": False, "also": None, "labels": "locale", "add_labels": None,
            "max_titles": None, "index_titles": "all", "han_readings": "words", "filing": "none",
            "ignore_articles": False, "skip_leading_symbols": False}
    names = {"--locale": "locale", "--field": "field",
             "--reading-field": "reading_field", "--delimiter": "delimiter", "--also": "also",
             "--labels": "labels", "--add-labels": "add_labels", "--max-titles": "max_titles",
             "--index-titles": "index_titles", "--han-readings": "han_readings", "--filing": "filing"}
    flags = {"--names": "names", "--guess-readings": "guess_readings", "--ignore-articles": "ignore_articles",
             "--skip-leading-symbols": "skip_leading_symbols"}
    i = 0
    while i < len(arg_list):
        arg = arg_list[i]
        flag, eq, value = arg.partition("=")
        if flag in flags:
            if eq:
                raise CaseError("%s: %s takes no value" % (where, flag))
            opts[flags[flag]] = True
            i += 1
            continue
        if flag not in names:
            raise CaseError("%s: unsupported argument %r" % (where, arg))
        if not eq:
            i += 1
            if i >= len(arg_list):
                raise CaseError("%s: %s needs a value" % (where, flag))
            value = arg_list[i]
        opts[names[flag]] = value
        i += 1
    for k in ("field", "reading_field"):
        if opts[k] is not None:
            try:
                opts[k] = int(opts[k])
            except ValueError:
                raise CaseError("%s: %s is not a number" % (where, opts[k]))
            if opts[k] < 1:
                raise CaseError("%s: field numbers start at 1" % where)
    if opts["filing"] not in ("locale", "none"):
        raise CaseError("%s: --filing is locale or none" % where)
    if opts["labels"] not in ("locale", "none"):
        raise CaseError("%s: --labels is locale or none" % where)
    if opts["han_readings"] not in ("words", "characters"):
        raise CaseError("%s: --han-readings is words or characters" % where)
    if opts["index_titles"] not in ("all", "nonempty"):
        raise CaseError("%s: --index-titles is all or nonempty" % where)
    if opts["max_titles"] is not None:
        try:
            opts["max_titles"] = int(opts["max_titles"])
        except ValueError:
            raise CaseError("%s: --max-titles %s is not a number" % (where, opts["max_titles"]))
        if opts["max_titles"] < 1:
            raise CaseError("%s: --max-titles must be 1 or more" % where)
    if opts["delimiter"] is None:
        opts["delimiter"] = "\t"
    if opts["delimiter"] == "":
        raise CaseError("%s: empty delimiter" % where)
    return opts


def field(line, n, delimiter):
    parts = line.split(delimiter)
    return parts[n - 1] if n <= len(parts) else ""


# --------------------------------------------------------------------------
# one case

def run_case(input_path, args_path, folder_locale):
    opts = parse_args(read_args(args_path), folder_locale, args_path)
    also = [a.strip() for a in (opts["also"] or "").split(",") if a.strip()]
    sec = sectioner_for(opts["locale"], also, opts["labels"], opts["add_labels"])
    lines = read_lines(input_path)

    # Guessed Japanese readings (--guess-readings, or --names for ja): PyICU cannot guess
    # them, so a key with kanji and no reading takes the hand-reviewed guess of
    # <case>.readings (column 4 where the dictionary reads a name otherwise, else 2).
    guesses = None
    if opts["guess_readings"] or (opts["names"] and sec.language == "ja"):
        guesses = read_reviewed_readings(os.path.splitext(input_path)[0] + ".readings")

    # Filing rules (--filing locale, --ignore-articles, --skip-leading-symbols): the key
    # without a reading is filed by scripts/filing_rules.py's reading of the same tables.
    filer = None
    if opts["filing"] == "locale" or opts["ignore_articles"] or opts["skip_leading_symbols"]:
        filer = filing_rules.Filer(opts["locale"], names=opts["filing"] == "locale", family_first=opts["names"],
                                   articles=opts["ignore_articles"], symbols=opts["skip_leading_symbols"])

    sections = {t: [] for t in sec.titles}
    for position, line in enumerate(lines):
        display = line if opts["field"] is None else field(line, opts["field"], opts["delimiter"])
        key = display
        reading = ""
        if opts["reading_field"] is not None:
            reading = field(line, opts["reading_field"], opts["delimiter"])
            if reading != "":
                key = reading
        if guesses is not None and reading == "":
            if NEEDS_READING.search(display):
                if display not in guesses:
                    raise CaseError("%s: no reviewed reading for %r in %s.readings"
                                    % (input_path, display, os.path.splitext(os.path.basename(input_path))[0]))
                key = guesses[display]
        elif reading == "":
            if filer is not None:
                key = filer.file(display)
            if opts["names"]:
                key = sec.name_key(key)
        if reading == "":
            key = sec.word_key(key, opts["han_readings"])
        title = sec.title_for(key)
        sort = (sec.sort_key(key), sec.sort_key(display), position)
        sections[title].append((sort, line))

    out_sections = []
    tsv = []
    for title in sec.titles:
        items = sorted(sections[title], key=lambda item: item[0])
        if not items:
            continue
        records = [line for _, line in items]
        out_sections.append({"title": title, "records": records})
        tsv.extend("%s\t%s\n" % (title, r) for r in records)

    doc = {"locale": sec.name, "indexTitles": sec.titles}
    if opts["max_titles"] is not None or opts["index_titles"] == "nonempty":
        counts = [len(sections[t]) for t in sec.titles]
        shown, entries = fold_index(sec.titles, counts, opts["max_titles"], opts["index_titles"] == "nonempty")
        doc["sectionIndexTitles"] = shown
        doc["sectionIndex"] = entries
    doc["sections"] = out_sections
    json_text = json.dumps(doc, ensure_ascii=False, indent=2) + "\n"
    # The CLI contract: json is always one document, also for an empty input
    # ("sections": []); the other formats print nothing then.
    return "".join(tsv).encode("utf-8"), json_text.encode("utf-8"), sec


# --------------------------------------------------------------------------
# the side index (--max-titles N, --index-titles all|nonempty)
#
# The shown candidates are every section (all) or the non-empty ones (nonempty), in
# order. When more than N, titles are folded: a position is kept when it opens a run of
# its script (the script of a title is that of its first character that is neither
# Common nor Inherited, else Common), plus floor(j*(n-1)/(m-1)) for j < m, for the
# largest m <= N whose cost fits; the cost is the kept count plus one bullet per run of
# left-out positions. If even the script openers do not fit, m of them are kept the same
# evenly spread way; if nothing fits, only the first. A bullet jumps to the first
# section it stands for, and a title's count is the records of its section and of the
# sections before the next title's. json then adds sectionIndexTitles and sectionIndex.

BULLET = "\u2022"


def title_script(title):
    for ch in title:
        name = icu.Script.getScript(ch).getShortName()
        if name not in ("Zyyy", "Zinh"):
            return name
    return "Zyyy"


def fold_index(titles, counts, max_titles, nonempty_only):
    candidates = [i for i in range(len(titles)) if not nonempty_only or counts[i] > 0]
    n = len(candidates)
    if max_titles is None or n <= max_titles:
        kept = set(range(n))
    else:
        scripts = [title_script(titles[c]) for c in candidates]
        openers = [p for p in range(n) if p == 0 or scripts[p] != scripts[p - 1]]

        def cost(keep):
            runs = sum(1 for p in range(n) if p not in keep and (p == 0 or p - 1 in keep))
            return len(keep) + runs

        def evenly(positions, m):
            if m <= 1:
                return {positions[0]}
            return {positions[j * (len(positions) - 1) // (m - 1)] for j in range(m)}

        kept = None
        for m in range(max_titles, 0, -1):
            keep = set(openers) | evenly(list(range(n)), m)
            if cost(keep) <= max_titles:
                kept = keep
                break
        if kept is None:
            for m in range(min(max_titles, len(openers)), 0, -1):
                keep = evenly(openers, m)
                if cost(keep) <= max_titles:
                    kept = keep
                    break
        if kept is None:
            kept = {0}
    shown, targets = [], []
    p = 0
    while p < n:
        if p in kept:
            shown.append(titles[candidates[p]])
            targets.append(candidates[p])
            p += 1
        else:
            if max_titles is None or len(shown) < max_titles:
                shown.append(BULLET)
                targets.append(candidates[p])
            while p < n and p not in kept:
                p += 1
    entries = []
    for k, target in enumerate(targets):
        end = targets[k + 1] if k + 1 < len(targets) else len(titles)
        entries.append({"title": shown[k], "section": target, "sectionTitle": titles[target],
                        "count": sum(counts[target:end])})
    return shown, entries


# Kanji (and the marks 々 〆 〇) that need a reading; kana, Latin and digits do not.
NEEDS_READING = re.compile("[\u3005-\u3007\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\U00020000-\U0003134F]")


def read_reviewed_readings(path):
    """{name: reading} from a hand-reviewed <case>.readings file (TSV, '#' comments):
    name, reading, set, and the dictionary's own guess where it differs."""
    if not os.path.exists(path):
        raise CaseError("%s is missing: guessed readings need hand-reviewed expectations" % path)
    readings = {}
    with open(path, encoding="utf-8") as f:
        for line in f.read().split("\n"):
            if not line or line.startswith("#"):
                continue
            columns = line.split("\t")
            readings[columns[0]] = columns[3] if len(columns) > 3 and columns[3] else columns[1]
    return readings


def names_info(args_path, sec):
    if "--names" not in read_args(args_path):
        return ""
    table = sec.surname_substitutes()
    return ", --names: %s" % ("%d surnames (%s collation)" % (len(table), sec.collation_type)
                              if table else "no surname table applies")


def cases_in(folder):
    names = sorted(os.listdir(folder))
    cases = []
    for n in names:
        if n.endswith(EXPECTED_SUFFIXES) or not n.endswith(INPUT_EXTENSIONS):
            continue
        cases.append(n.rsplit(".", 1)[0])
    dupes = {c for c in cases if cases.count(c) > 1}
    if dupes:
        raise CaseError("%s: both .txt and .tsv for case(s) %s" % (folder, ", ".join(sorted(dupes))))
    return cases, names


# --------------------------------------------------------------------------
# main

def main(argv):
    ap = argparse.ArgumentParser(description="Record or check Locales/ goldens with PyICU.")
    ap.add_argument("--check", action="store_true", help="compare only; exit 1 on any difference")
    ap.add_argument("--output", metavar="DIR",
                    help="record into a copy of the folders under DIR (DIR/<folder>/…, DIR/ICU_VERSION) and "
                    "leave Locales/ as it is: the goldens of this machine's ICU, for the test suite's "
                    "oracle mode on an ICU other than the one Locales/ was recorded with")
    ap.add_argument("folders", nargs="*", help="locale folders (default: every folder in Locales/)")
    a = ap.parse_args(argv)
    if a.check and a.output:
        ap.error("--check and --output exclude each other")

    folders = a.folders or [os.path.join(LOCALES_DIR, d) for d in sorted(os.listdir(LOCALES_DIR))
                            if os.path.isdir(os.path.join(LOCALES_DIR, d))
                            and not d.startswith((".", "_"))]
    print("make-goldens: %s" % version_line())
    version_file = os.path.join(LOCALES_DIR, "ICU_VERSION")
    if a.output:
        os.makedirs(a.output, exist_ok=True)
        copies = []
        for folder in folders:
            copy = os.path.join(a.output, os.path.basename(os.path.abspath(folder)))
            # Inputs and arguments only: every expected file in DIR is this ICU's.
            shutil.copytree(folder, copy, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.expected.*"))
            copies.append(copy)
        folders = copies
        version_file = os.path.join(a.output, "ICU_VERSION")
    if not a.check:
        # The Swift suite reads this to explain differences caused by another ICU.
        with open(version_file, "w", encoding="utf-8") as f:
            f.write(icu.ICU_VERSION + "\n")

    problems = []
    written = 0
    def shown(path):
        return os.path.relpath(path, REPO)

    for folder in folders:
        folder = os.path.abspath(folder)
        if not os.path.isdir(folder):
            problems.append("%s: not a folder" % shown(folder))
            continue
        folder_locale = os.path.basename(folder)
        try:
            cases, names = cases_in(folder)
        except CaseError as e:
            problems.append(str(e))
            continue
        if not cases:
            problems.append("%s: no cases" % shown(folder))
        # expected files (and .args) whose input is gone
        for n in names:
            for suffix in EXPECTED_SUFFIXES + (".args",):
                if n.endswith(suffix) and n[: -len(suffix)] not in cases:
                    problems.append("%s: orphan (no %s.txt/.tsv)" % (shown(os.path.join(folder, n)), n[: -len(suffix)]))
        for case in cases:
            base = os.path.join(folder, case)
            input_path = next(base + ext for ext in INPUT_EXTENSIONS if os.path.exists(base + ext))
            try:
                tsv, js, sec = run_case(input_path, base + ".args", folder_locale)
            except CaseError as e:
                problems.append(str(e))
                continue
            info = "%s: locale %s, %d titles%s%s" % (
                shown(input_path), sec.name,
                len(sec.titles), " (own %d + English)" % sec.own_label_count if sec.added_english else "",
                names_info(base + ".args", sec))
            for path, data in ((base + ".expected.tsv", tsv), (base + ".expected.json", js)):
                old = None
                if os.path.exists(path):
                    with open(path, "rb") as f:
                        old = f.read()
                if a.check:
                    if old is None:
                        problems.append("%s: missing" % shown(path))
                    elif old != data:
                        problems.append("%s: differs" % shown(path))
                elif old != data:
                    with open(path, "wb") as f:
                        f.write(data)
                    written += 1
            print("  " + info)

    if problems:
        print("\n".join(problems), file=sys.stderr)
        if a.check:
            print("make-goldens --check: %d problem(s); re-record with "
                  "/usr/bin/python3 scripts/make-goldens.py and review the diff" % len(problems),
                  file=sys.stderr)
        return 1
    if a.check:
        print("make-goldens --check: all goldens up to date")
    else:
        print("make-goldens: %d file(s) written" % written)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
