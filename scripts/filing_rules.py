"""The filing rules of `collate --filing locale`, `--ignore-articles` and
`--skip-leading-symbols`, written again in Python from the same tables
(Sources/IndexedCollation/Names/Filing/<language>.tsv) for the goldens' oracle
(scripts/make-goldens.py) and the tables' checker (scripts/check-filing-tables.py).

An independent second reading of the rules in KeyFiler.swift: the filing text of a
key, or the key itself when no rule changes it.
"""

import os
import unicodedata

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLES = os.path.join(REPO, "Sources", "IndexedCollation", "Names", "Filing")
KINDS = ("particle", "keep", "prefix", "honorific", "article", "surnames")


def read_table(path):
    """Rows (kind, text, where) of one table; raises ValueError naming the line."""
    rows, header = [], False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f.read().split("\n"), 1):
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if not header:
                if cols != ["kind", "text", "where"]:
                    raise ValueError("%s:%d: header must be kind, text, where" % (path, number))
                header = True
                continue
            if len(cols) != 3 or cols[0] not in KINDS or not cols[1] or " ".join(cols[1].split()) != cols[1]:
                raise ValueError("%s:%d: malformed row %r" % (path, number, line))
            if cols[0] == "surnames" and cols[1] not in ("1", "2"):
                raise ValueError("%s:%d: surnames is 1 or 2" % (path, number))
            rows.append((cols[0], cols[1].lower(), cols[2]))
    return rows


def tables():
    return {name[:-4]: read_table(os.path.join(TABLES, name)) for name in sorted(os.listdir(TABLES)) if name.endswith(".tsv")}


def applies(scope, own, region):
    if scope == "*":
        return True
    if not own:
        return False
    if scope == "":
        return True
    if scope.startswith("!"):
        return scope[1:] != region
    return scope == region


def locale_parts(locale_id):
    base = locale_id.split("@")[0].replace("-", "_")
    parts = base.split("_")
    region = next((p for p in parts[1:] if len(p) == 2 or (len(p) == 3 and p.isdigit())), "")
    return parts[0].lower(), region.upper()


def is_east_asian(text):
    for ch in text:
        o = ord(ch)
        if (0x1100 <= o <= 0x11FF or 0x3130 <= o <= 0x318F or 0xA960 <= o <= 0xA97F or 0xAC00 <= o <= 0xD7FF
                or 0x3040 <= o <= 0x30FF or 0x31F0 <= o <= 0x31FF or 0xFF66 <= o <= 0xFF9F
                or 0x3400 <= o <= 0x4DBF or 0x4E00 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0x20000 <= o <= 0x3FFFF):
            return True
    return False


def is_arabic(text):
    return any(0x0600 <= ord(c) <= 0x06FF or 0x0750 <= ord(c) <= 0x077F for c in text)


class Filer:
    def __init__(self, locale_id, names=False, family_first=False, articles=False, symbols=False):
        language, region = locale_parts(locale_id)
        rows = [r for lang, table in tables().items() for r in table if applies(r[2], lang == language, region)]
        words = lambda kind: sorted((r[1].split(" ") for r in rows if r[0] == kind), key=len, reverse=True)
        self.names, self.family_first, self.articles_on, self.symbols = names, family_first, articles, symbols
        self.particles = words("particle") if names else []
        self.keeps = words("keep") if names else []
        self.prefixes = sorted((r[1] for r in rows if r[0] == "prefix"), key=len, reverse=True) if names else []
        self.honorifics = {r[1] for r in rows if r[0] == "honorific"} if names else set()
        arts = [r[1] for r in rows if r[0] == "article"] if articles else []
        self.articles = set(arts)
        self.surname_words = int(([r[1] for r in rows if r[0] == "surnames"] or ["1"])[-1])
        self.elided = sorted((a for a in arts if a.endswith(("'", "’", "-")) or a == "ال"), key=len, reverse=True)

    def file(self, key):
        text = key
        if self.symbols:
            i = 0
            while i < len(text) and not (unicodedata.category(text[i])[0] in "LN" or text[i].isalpha()):
                i += 1
            if i < len(text):
                text = text[i:]
        if self.articles_on:
            text = self._without_article(text)
        elif self.names:
            text = self._name(text)
        return text

    def _without_article(self, title):
        words = title.split()
        if not words:
            return title
        lower = words[0].lower()
        if len(words) > 1 and lower in self.articles:
            return " ".join(words[1:])
        for a in self.elided:
            if lower.startswith(a) and len(lower) > len(a):
                return title.lstrip(" ")[len(a):]
        return title

    def _match(self, lists, words, at):
        for lst in lists:
            if at + len(lst) <= len(words) and all(a == b.lower() for a, b in zip(lst, words[at:])):
                return len(lst)
        return None

    def _surname_start(self, words, end, both):
        start = end - 1
        while start > 1:
            length = next((len(l) for l in both if len(l) <= start and self._match([l], words, start - len(l))), None)
            if length is None or start - length < 1:
                break
            start -= length
        return start

    def _name(self, name):
        words = name.split()
        if not words:
            return name
        while len(words) > 1 and words[0].lower() in self.honorifics:
            words = words[1:]
        given = []
        comma = next((i for i, w in enumerate(words) if w.endswith(",")), None)
        both = self.particles + self.keeps
        if comma is not None:
            family, given = words[:comma + 1], words[comma + 1:]
            family[-1] = family[-1][:-1]
        elif self.family_first or len(words) == 1 or is_east_asian(name) or is_arabic(name) or self._match(both, words, 0):
            family = words
        else:
            start = self._surname_start(words, len(words), both)
            if self.surname_words == 2 and start == len(words) - 1 and start >= 2:
                start = self._surname_start(words, start, both)
            family, given = words[start:], words[:start]
        moved, i = [], 0
        while True:
            length = self._match(self.particles, family, i)
            if length is None or len(family) - i <= length:
                break
            moved += family[i:i + length]
            i += length
        family = family[i:]
        if family:
            lower = family[0].lower()
            for p in self.prefixes:
                if lower.startswith(p) and len(lower) > len(p):
                    moved.append(family[0][:len(p)])
                    family[0] = family[0][len(p):]
                    break
        return " ".join(family + given + moved)
