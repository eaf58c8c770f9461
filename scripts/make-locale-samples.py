#!/usr/bin/python3
"""Create a Locales/ folder for every ICU language with index labels, and for every
regional or script variant whose index or collation differs from its language's.

For each new folder it writes `letters.txt`, a sample that exercises the locale's
letters, built from ICU's data with PyICU: every index label alone, a word starting with
each label, a word starting with each standard exemplar letter that is not a label (so
ä, ß, ơ … are seen filed under their letter), and a few records every index must place
(a Latin name, digits, an empty-looking symbol). Words are made of the locale's own
standard exemplar characters, chosen by a generator seeded with the locale ID, so the
output is the same on every run. A folder an existing suite of the same language already
covers (`de_DE` for `de`: same labels and collation) is not created. Existing folders are never changed.

Hand-written samples of real names and words (`names.txt`) live in the folders of the
most used languages; this script leaves them alone.

Then record the goldens: /usr/bin/python3 scripts/make-goldens.py

Usage: /usr/bin/python3 scripts/make-locale-samples.py [--list]
"""

import os
import random
import sys

import icu

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOCALES = os.path.join(REPO, "Locales")
NORMAL = icu.UAlphabeticIndexLabelType.NORMAL


def signature(locale_id):
    """What makes two locales' suites identical: own labels, rules and settings."""
    loc = icu.Locale(locale_id)
    index = icu.AlphabeticIndex(loc)
    index.maxLabelCount = 100000
    immutable = index.buildImmutableIndex()
    labels = tuple(immutable.getBucket(i)[0] for i in range(immutable.bucketCount)
                   if immutable.getBucket(i)[1] == NORMAL)
    collator = icu.Collator.createInstance(loc)
    A = icu.UCollAttribute
    return labels, collator.getRules(), collator.getAttribute(A.CASE_FIRST), collator.getAttribute(A.FRENCH_COLLATION)


def wanted_locales():
    names = sorted(icu.Locale.getAvailableLocales().keys())
    languages = [n for n in names if "_" not in n]
    signatures = {n: signature(n) for n in languages}
    wanted = [n for n in languages if signatures[n][0]]
    variants = {}
    for name in names:
        if "_" not in name:
            continue
        language = name.split("_")[0]
        sig = signature(name)
        if sig != signatures.get(language):
            variants.setdefault((language, sig), []).append(name)
    wanted += [min(group, key=lambda n: (len(n), n)) for group in variants.values()]
    return sorted(wanted), signatures


def existing_coverage():
    """{(language, signature)} of the folders already in Locales/."""
    covered = set()
    for folder in sorted(os.listdir(LOCALES)):
        path = os.path.join(LOCALES, folder)
        if folder.startswith((".", "_")) or not os.path.isdir(path):
            continue
        try:
            covered.add((icu.Locale(folder).getLanguage(), signature(folder)))
        except icu.ICUError:
            pass
    return covered


def exemplars(locale_id):
    data = icu.LocaleData(locale_id)
    chars = data.getExemplarSet(0, icu.ULocaleDataExemplarSetType.ES_STANDARD)
    return [s for s in chars]


def sample(locale_id, labels):
    rng = random.Random("collate:" + locale_id)
    letters = exemplars(locale_id) or ["a", "e", "i", "o", "u"]
    lower = [s for s in letters if s == s.lower()] or letters

    def word(first, length):
        return first + "".join(rng.choice(lower) for _ in range(length))

    lines = []
    for label in labels:
        lines.append(label)
        lines.append(word(label, rng.randint(2, 5)))
        lowered = label.lower()
        if lowered != label:
            lines.append(word(lowered, rng.randint(2, 5)))
    label_set = {l.lower() for l in labels}
    for letter in letters:
        if letter.lower() not in label_set:
            lines.append(word(letter, rng.randint(2, 5)))
    lines += ["Maria", "Zoë", "2024", "—"]
    rng.shuffle(lines)
    seen, unique = set(), []
    for line in lines:
        if line not in seen:
            seen.add(line)
            unique.append(line)
    return unique


README = """# {locale}: {name}

Generated sample `letters.txt` ({count} lines): every index label of `{locale}`
({labels} labels{english}), a word starting with each label, a word starting with each
standard exemplar letter that is not a label, and a Latin name, digits and a dash.
Words are made of `{locale}`'s standard exemplar characters (ICU `ExemplarCharacters`),
chosen by a generator seeded with the locale ID (`scripts/make-locale-samples.py`);
they are letter sequences, not real words.{collation}

Goldens: `scripts/make-goldens.py` (PyICU), ICU {icu}, CLDR {cldr}, Unicode {unicode}.
"""


def cldr_version():
    try:
        return icu.ResourceBundle().getWithFallback("Version").getString()
    except Exception:
        return "unknown"


def main(argv):
    wanted, signatures = wanted_locales()
    covered = existing_coverage()
    created = 0
    for locale_id in wanted:
        sig = signature(locale_id)
        if (icu.Locale(locale_id).getLanguage(), sig) in covered or os.path.isdir(os.path.join(LOCALES, locale_id)):
            continue
        if "--list" in argv:
            print(locale_id)
            continue
        folder = os.path.join(LOCALES, locale_id)
        os.makedirs(folder)
        labels = list(sig[0])
        latin = icu.UnicodeSet("[[:Script=Latin:]&[:Letter:]]")
        english = "" if any(latin.containsSome(l) for l in labels) else "; collate adds English A-Z"
        lines = sample(locale_id, labels)
        with open(os.path.join(folder, "letters.txt"), "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        collator = icu.Collator.createInstance(icu.Locale(locale_id))
        actual = collator.getLocale(icu.ULocDataLocaleType.ACTUAL_LOCALE).getName()
        collation = (" ICU has no collation rules for it: it uses the root order, legitimately."
                     if actual in ("", "root") else "")
        with open(os.path.join(folder, "README.md"), "w", encoding="utf-8") as f:
            f.write(README.format(
                locale=locale_id, name=icu.Locale(locale_id).getDisplayName(icu.Locale("en")), count=len(lines),
                labels=len(labels), english=english, collation=collation,
                icu=icu.ICU_VERSION, cldr=cldr_version(), unicode=icu.UNICODE_VERSION))
        created += 1
    if "--list" not in argv:
        print("make-locale-samples: %d locale(s) wanted, %d folder(s) created" % (len(wanted), created))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
