#!/usr/bin/python3
"""The PyICU peer of `collate --format tsv`, for Benchmarks/run pipeline.

    /usr/bin/python3 Benchmarks/peers/pyicu_collate.py --locale L [--field N]
        [--reading-field N] [--delimiter C] FILE > out.tsv

Does the same job as `collate --locale L --format tsv FILE`, as fast as PyICU allows,
and must print the same bytes (the benchmark compares them with cmp):

  * input: UTF-8 bytes, a leading BOM dropped, split on "\\n", one trailing "\\r" per
    line stripped, a last line without newline still counts;
  * key: the whole line, or field N of --delimiter (default TAB; a missing field is an
    empty key); a non-empty --reading-field value replaces it for bucketing and sorting
    and the display key breaks ties;
  * sections: icu.AlphabeticIndex(locale) with maxLabelCount 10000 (PyICU's spelling of
    setMaxLabelCount), the English labels added when no NORMAL label contains a Latin
    letter; one ImmutableIndex.getBucketIndex per record; underflow, inflow and
    overflow buckets all go to "#", last;
  * order within a section: (collator.getSortKey(key), getSortKey(display), position),
    the collator being icu.Collator.createInstance(locale) at its default strength;
  * output: "title\\trecord\\n" per record, sections in index order.

This is the policy of scripts/make-goldens.py, written for speed: every per-record ICU
call goes through map() over a bound method, records are grouped by section in one pass
and each section is sorted with list.sort (stable, so equal keys keep input order) keyed
by the precomputed sort-key bytes. Repeated names are deliberately not memoized: the
synthetic corpora repeat names far more than real name lists do, and collate computes
one key per record too.
"""
import argparse
import sys

import icu

CATCH_ALL = "#"
NORMAL = icu.UAlphabeticIndexLabelType.NORMAL
LATIN_LETTERS = icu.UnicodeSet("[[:Script=Latin:]&[:Letter:]]")


def make_locale(locale_id):
    if "-" in locale_id:
        return icu.Locale.forLanguageTag(locale_id)
    return icu.Locale(locale_id)


def build_index(locale, add_english):
    index = icu.AlphabeticIndex(locale)
    index.maxLabelCount = 10000  # setMaxLabelCount(10000)
    if add_english:
        index.addLabels(icu.Locale.getEnglish())
    immutable = index.buildImmutableIndex()
    return immutable, [immutable.getBucket(i) for i in range(immutable.bucketCount)]


def sectioning(locale):
    """Titles ("#" last) and the section of every ImmutableIndex bucket."""
    _, own = build_index(locale, False)
    add_english = not any(LATIN_LETTERS.containsSome(label) for label, kind in own if kind == NORMAL)
    immutable, buckets = build_index(locale, add_english)
    titles = [label for label, kind in buckets if kind == NORMAL]
    titles.append(CATCH_ALL)
    section_of_bucket = []
    normal = 0
    for _, kind in buckets:
        if kind == NORMAL:
            section_of_bucket.append(normal)
            normal += 1
        else:
            section_of_bucket.append(len(titles) - 1)
    return immutable, titles, section_of_bucket


def read_lines(path):
    with open(path, "rb") as f:
        data = f.read()
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    text = data.decode("utf-8")  # strict: invalid input is an error, as in collate
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    if "\r" in text:
        lines = [line[:-1] if line.endswith("\r") else line for line in lines]
    return lines


def fields(lines, n, delimiter):
    if n == 1:
        return [line.partition(delimiter)[0] for line in lines]
    out = []
    for line in lines:
        parts = line.split(delimiter, n)
        out.append(parts[n - 1] if n <= len(parts) else "")
    return out


def main(argv):
    ap = argparse.ArgumentParser(description="PyICU peer of collate --format tsv")
    ap.add_argument("--locale", required=True)
    ap.add_argument("--field", type=int)
    ap.add_argument("--reading-field", type=int)
    ap.add_argument("--delimiter", default="\t")
    ap.add_argument("file")
    a = ap.parse_args(argv)

    locale = make_locale(a.locale)
    immutable, titles, section_of_bucket = sectioning(locale)
    sort_key = icu.Collator.createInstance(locale).getSortKey

    lines = read_lines(a.file)
    display = lines if a.field is None else fields(lines, a.field, a.delimiter)
    if a.reading_field is None:
        keys = display
        sort_keys = list(map(sort_key, keys))
    else:
        readings = fields(lines, a.reading_field, a.delimiter)
        keys = [r if r else d for r, d in zip(readings, display)]
        # Sort keys end with their only 0x00 byte, so comparing the concatenation
        # key + display compares the pair (key, display) lexicographically.
        # A record without a reading pairs its key with itself (k is d).
        sort_keys = []
        append = sort_keys.append
        for k, d in zip(keys, display):
            s = sort_key(k)
            append(s + (s if k is d else sort_key(d)))

    sections = [[] for _ in titles]
    appenders = [section.append for section in sections]
    bucket_of = immutable.getBucketIndex
    for position, section in enumerate(map(section_of_bucket.__getitem__, map(bucket_of, keys))):
        appenders[section](position)

    out = []
    key_of = sort_keys.__getitem__
    line_of = lines.__getitem__
    for title, records in zip(titles, sections):
        if not records:
            continue
        records.sort(key=key_of)
        prefix = title + "\t"
        out.append(prefix + ("\n" + prefix).join(map(line_of, records)) + "\n")
    sys.stdout.buffer.write("".join(out).encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
