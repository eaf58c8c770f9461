#!/usr/bin/python3
"""Write Tests/ICUExpectations/alphabetic-index.tsv: ICU's own AlphabeticIndex test
expectations, each with the ICU 72 answer (PyICU) and this toolkit's answer under its
policy (the independent PyICU oracle of scripts/make-goldens.py).

The expectations below were transcribed by hand from two public ICU test files (the data
only: locales, label lists, strings and the labels or bucket numbers they must get):

  C   = icu4c/source/test/intltest/alphaindextst.cpp
        (unicode-org/icu @ 0c4d745af610decaa2a1ad0aa44e8addeb027103)
  J   = icu4j/main/collate/src/test/java/com/ibm/icu/dev/test/collator/AlphabeticIndexTest.java
        (unicode-org/icu @ 201af462fc1f939f569c70e748f63bb36dd4b2a4)

Verdicts:
  A   = Android packages/providers/ContactsProvider ContactLocaleUtilsTest.java (two cases;
        for them icu72 is a plain AlphabeticIndex's answer, shown for comparison only, and
        the verdict compares collate with Android's expectation)

  agree   ICU 72 gives what the ICU test expects, and so does collate
  drift   ICU 72's CLDR data differs from the test's expectation; the icu72 column is
          PyICU 72's answer, which collate must give (or its policy form)
  policy  ICU 72 agrees with the test, but collate's documented policy differs
          (DESIGN.md: one `#` section for under/in/overflow; English A-Z added to a
          locale whose own labels have no Latin letter; ICU's `…` buckets in --style icu)

Usage: /usr/bin/python3 scripts/make-icu-expectations.py [--check | --output FILE]
(--output writes the table computed on this machine's ICU to FILE instead of the repository's)
"""

import importlib.util
import os
import sys

import icu

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, "Tests", "ICUExpectations", "alphabetic-index.tsv")
C_FILE = "icu4c/source/test/intltest/alphaindextst.cpp@0c4d745af610decaa2a1ad0aa44e8addeb027103"
J_FILE = ("icu4j/main/collate/src/test/java/com/ibm/icu/dev/test/collator/AlphabeticIndexTest.java"
          "@201af462fc1f939f569c70e748f63bb36dd4b2a4")

spec = importlib.util.spec_from_file_location("goldens", os.path.join(REPO, "scripts", "make-goldens.py"))
goldens = importlib.util.module_from_spec(spec)
spec.loader.exec_module(goldens)

U = lambda s: s.encode("ascii").decode("unicode_escape") if "\\u" in s else s


def latin(first, last):
    return [chr(c) for c in range(ord(first), ord(last) + 1)]


AZ = latin("A", "Z")
# Index character lists (TestIndexCharactersList), both files; ":"-joined as in the tests.
LISTS_C = {
    "ar": r"\u0627:\u0628:\u062A:\u062B:\u062C:\u062D:\u062E:\u062F:\u0630:\u0631:\u0632:\u0633:\u0634:\u0635:\u0636:\u0637:\u0638:\u0639:\u063A:\u0641:\u0642:\u0643:\u0644:\u0645:\u0646:\u0647:\u0648:\u064A",
    "bg": r"\u0410:\u0411:\u0412:\u0413:\u0414:\u0415:\u0416:\u0417:\u0418:\u0419:\u041A:\u041B:\u041C:\u041D:\u041E:\u041F:\u0420:\u0421:\u0422:\u0423:\u0424:\u0425:\u0426:\u0427:\u0428:\u0429:\u042E:\u042F",
    "ca": ":".join(AZ),
    "cs": r"A:B:C:\u010C:D:E:F:G:H:CH:I:J:K:L:M:N:O:P:Q:R:\u0158:S:\u0160:T:U:V:W:X:Y:Z:\u017D",
    "da": ":".join(AZ) + r":\u00C6:\u00D8:\u00C5",
    "de": ":".join(AZ),
    "el": r"\u0391:\u0392:\u0393:\u0394:\u0395:\u0396:\u0397:\u0398:\u0399:\u039A:\u039B:\u039C:\u039D:\u039E:\u039F:\u03A0:\u03A1:\u03A3:\u03A4:\u03A5:\u03A6:\u03A7:\u03A8:\u03A9",
    "en": ":".join(AZ),
    "es": r"A:B:C:D:E:F:G:H:I:J:K:L:M:N:\u00D1:O:P:Q:R:S:T:U:V:W:X:Y:Z",
    "et": r"A:B:C:D:E:F:G:H:I:J:K:L:M:N:O:P:Q:R:S:\u0160:Z:\u017D:T:U:V:W:\u00D5:\u00C4:\u00D6:\u00DC:X:Y",
    "eu": ":".join(AZ),
    "fi": ":".join(AZ) + r":\u00C5:\u00C4:\u00D6",
    "fil": r"A:B:C:D:E:F:G:H:I:J:K:L:M:N:\u00D1:Ng:O:P:Q:R:S:T:U:V:W:X:Y:Z",
    "fr": ":".join(AZ),
    "he": r"\u05D0:\u05D1:\u05D2:\u05D3:\u05D4:\u05D5:\u05D6:\u05D7:\u05D8:\u05D9:\u05DB:\u05DC:\u05DE:\u05E0:\u05E1:\u05E2:\u05E4:\u05E6:\u05E7:\u05E8:\u05E9:\u05EA",
    "is": r"A:\u00C1:B:C:D:\u00D0:E:\u00C9:F:G:H:I:\u00CD:J:K:L:M:N:O:\u00D3:P:Q:R:S:T:U:\u00DA:V:W:X:Y:\u00DD:Z:\u00DE:\u00C6:\u00D6",
    "it": ":".join(AZ),
    "ja": r"\u3042:\u304B:\u3055:\u305F:\u306A:\u306F:\u307E:\u3084:\u3089:\u308F",
    "ko": r"\u3131:\u3134:\u3137:\u3139:\u3141:\u3142:\u3145:\u3147:\u3148:\u314A:\u314B:\u314C:\u314D:\u314E",
    "lt": r"A:B:C:\u010C:D:E:F:G:H:I:J:K:L:M:N:O:P:R:S:\u0160:T:U:V:Z:\u017D",
    "lv": r"A:\u0100:B:C:\u010C:D:E:\u0112:F:G:\u0122:H:I:Y:\u012A:J:K:\u0136:L:\u013B:M:N:\u0145:O:P:Q:R:S:\u0160:T:U:\u016A:V:W:X:Z:\u017D",
    "nb": ":".join(AZ) + r":\u00C6:\u00D8:\u00C5",
    "nl": ":".join(AZ),
    "pl": r"A:B:C:\u0106:D:E:F:G:H:I:J:K:L:\u0141:M:N:O:\u00D3:P:Q:R:S:\u015A:T:U:V:W:X:Y:Z:\u0179:\u017B",
    "pt": ":".join(AZ),
    "ro": r"A:\u0102:\u00C2:B:C:D:E:F:G:H:I:\u00CE:J:K:L:M:N:O:P:Q:R:S:\u0218:T:\u021A:U:V:W:X:Y:Z",
    "ru": r"\u0410:\u0411:\u0412:\u0413:\u0414:\u0415:\u0416:\u0417:\u0418:\u0419:\u041A:\u041B:\u041C:\u041D:\u041E:\u041F:\u0420:\u0421:\u0422:\u0423:\u0424:\u0425:\u0426:\u0427:\u0428:\u0429:\u042B:\u042D:\u042E:\u042F",
    "sk": r"A:\u00C4:B:C:\u010C:D:E:F:G:H:CH:I:J:K:L:M:N:O:\u00D4:P:Q:R:S:\u0160:T:U:V:W:X:Y:Z:\u017D",
    "sl": r"A:B:C:\u010C:\u0106:D:\u0110:E:F:G:H:I:J:K:L:M:N:O:P:Q:R:S:\u0160:T:U:V:W:X:Y:Z:\u017D",
    "sr": r"\u0410:\u0411:\u0412:\u0413:\u0414:\u0402:\u0415:\u0416:\u0417:\u0418:\u0408:\u041A:\u041B:\u0409:\u041C:\u041D:\u040A:\u041E:\u041F:\u0420:\u0421:\u0422:\u040B:\u0423:\u0424:\u0425:\u0426:\u0427:\u040F:\u0428",
    "sv": ":".join(AZ) + r":\u00C5:\u00C4:\u00D6",
    "tr": r"A:B:C:\u00C7:D:E:F:G:H:I:\u0130:J:K:L:M:N:O:\u00D6:P:Q:R:S:\u015E:T:U:\u00DC:V:W:X:Y:Z",
    "uk": r"\u0410:\u0411:\u0412:\u0413:\u0490:\u0414:\u0415:\u0404:\u0416:\u0417:\u0418:\u0406:\u0407:\u0419:\u041A:\u041B:\u041C:\u041D:\u041E:\u041F:\u0420:\u0421:\u0422:\u0423:\u0424:\u0425:\u0426:\u0427:\u0428:\u0429:\u042E:\u042F",
    "vi": r"A:\u0102:\u00C2:B:C:D:\u0110:E:\u00CA:F:G:H:I:J:K:L:M:N:O:\u00D4:\u01A0:P:Q:R:S:T:U:\u01AF:V:W:X:Y:Z",
    "zh": ":".join(AZ),
    "zh_Hant": ":".join("%d\u5283" % n for n in list(range(1, 34)) + [35, 36, 39, 48]),
}
# The ICU4J file lists the same data for every one of these locales.
LISTS_J = dict(LISTS_C)

# HackPinyinTest (C) / hackPinyin (J): a letter, then three Han characters listed under it.
PINYIN_GROUPS = [
    ("A", "\u5416\u58ba"), ("B", "\u516b\u62d4\u8500"), ("C", "\u5693\u7938\u9e7e"), ("D", "\u5491\u8fcf\u964a"),
    ("E", "\u59b8\u92e8\u834b"), ("F", "\u53d1\u9197\u99a5"), ("G", "\u7324\u91d3\u8142"), ("H", "\u598e\u927f\u593b"),
    ("J", "\u4e0c\u6785\u9d58"), ("K", "\u5494\u958b\u7a52"), ("L", "\u5783\u62c9\u9ba5"), ("M", "\u5638\u9ebb\u65c0"),
    ("N", "\u62ff\u80ad\u685b"), ("O", "\u5662\u6bee\u8bb4"), ("P", "\u5991\u8019\u8c31"), ("Q", "\u4e03\u6053\u7f56"),
    ("R", "\u5465\u72aa\u6e03"), ("S", "\u4ee8\u9491\u93c1"), ("T", "\u4ed6\u9248\u67dd"), ("W", "\u5c72\u5558\u5a7a"),
    ("X", "\u5915\u5438\u6bbe"), ("Y", "\u4e2b\u82bd\u8574"), ("Z", "\u5e00\u707d\u5c0a"),
]

FLOW = "\u2026"


def split_also(also):
    """An `also` column's languages and its label options: "add=SET" (addLabels of a
    UnicodeSet) and "labels=none" (no locale's labels) are options, not languages."""
    languages = tuple(a for a in also if not a.startswith(("add=", "labels=")))
    add = next((a[4:] for a in also if a.startswith("add=")), None)
    labels = next((a[7:] for a in also if a.startswith("labels=")), "locale")
    return languages, labels, add


def icu_index(locale_id, also=(), max_labels=None):
    languages, labels, add = split_also(also)
    if labels == "none":  # ICU's TestNoLabels: an index over a bare (root) collator
        index = icu.AlphabeticIndex(icu.Collator.createInstance(icu.Locale.getRoot()))
    else:
        index = icu.AlphabeticIndex(goldens.make_locale(locale_id))
    if max_labels:
        index.maxLabelCount = max_labels
    for extra in languages:
        index.addLabels(goldens.make_locale(extra))
    if add is not None:
        index.addLabels(icu.UnicodeSet(add))
    return index.buildImmutableIndex()


def buckets(immutable):
    return [immutable.getBucket(i) for i in range(immutable.bucketCount)]


def ours(locale_id, also=()):
    languages, labels, add = split_also(also)
    return goldens.sectioner_for(locale_id, languages, labels, add)


rows = []


def add(kind, locale, also, inp, expected, icu72, mine, source, policy_note="", note=""):
    if icu72 != expected:
        verdict = "drift"
    elif mine != icu72:
        verdict = "policy"
    else:
        verdict = "agree"
    if verdict == "policy" and not policy_note:
        raise SystemExit("policy difference without a note: %s %s %s" % (kind, locale, inp))
    text = policy_note if verdict == "policy" else note
    if verdict == "drift":
        text = "ICU %s (CLDR %s) data differs from the test's expectation; icu72 is PyICU's answer%s" % (
            icu.ICU_VERSION, goldens.cldr_version(), ("; " + policy_note) if mine != icu72 else "")
    rows.append([kind, locale, ",".join(also), inp, str(expected), str(icu72), str(mine), verdict, source, text])


def labels_case(locale, listing, source):
    expected = U(listing)
    im = icu_index(locale)
    icu72 = ":".join(l for l, k in buckets(im) if k == goldens.NORMAL)
    sec = ours(locale)
    mine = ":".join(sec.titles[:-1])
    note = "collate adds English A-Z because the locale's own labels have no Latin letter" if sec.added_english else ""
    if icu72 == expected and mine != icu72 and not note:
        note = "collate's labels differ"
    add("labels", locale, (), "", expected, icu72, mine, source, note)


def bucket_case(locale, also, text, expected_label, source, max_labels=None):
    im = icu_index(locale, also, max_labels)
    label, kind = im.getBucket(im.getBucketIndex(text))
    icu72 = label if kind == goldens.NORMAL else FLOW
    mine = ours(locale, also).title_for(text)
    note = ""
    if icu72 == FLOW and mine == "#":
        note = "collate files ICU's under/in/overflow buckets in one # section"
    elif mine != icu72:
        note = "collate adds English A-Z (the locale's own labels have no Latin letter), so a Latin word gets its letter"
    add("bucket", locale, also, text, expected_label, icu72, mine, source, note)


def icu_style_index(locale, also, text):
    """The section (bucket) number collate's --style icu gives: its buckets include the
    English A-Z collate adds to a locale without Latin labels."""
    sec = ours(locale, also)
    return sec.index.getBucketIndex(text), len(buckets(sec.index))


def main(argv):
    # --- label lists
    for locale, listing in LISTS_C.items():
        same = LISTS_J.get(locale) == listing
        source = "C TestIndexCharactersList" + ("; J TestIndexCharactersList" if same else "")
        labels_case(locale, listing, source)
    for locale, listing in LISTS_J.items():
        if LISTS_C.get(locale) != listing:
            labels_case(locale, listing, "J TestIndexCharactersList")

    # --- APITest (C): English and Russian buckets
    for name, label in [("Adam", "A"), ("Baker", "B"), ("Zed", "Z"), ("\u0410\u0443\u0435", FLOW)]:
        bucket_case("en", (), name, label, "C APITest")
    # Russian sorts Cyrillic first ([reorder Cyrl]), so Latin names go to the overflow bucket.
    for name, label in [("Adam", FLOW), ("Baker", FLOW), ("Zed", FLOW), ("\u0410\u0443\u0435", "\u0410")]:
        bucket_case("ru", (), name, label, "C APITest")

    # --- HackPinyinTest (C) / hackPinyin (J): each Han character under its group's letter
    # ICU asserts only that none lands in an under/overflow bucket (the exact letter is
    # "subject to change with evolution of the collation rules"), so that is the case.
    im = icu_index("zh")
    for letter, chars in PINYIN_GROUPS:
        for ch in letter.lower() + chars:
            label, kind = im.getBucket(im.getBucketIndex(ch))
            icu72 = "letter" if kind == goldens.NORMAL else FLOW
            mine = "letter" if ours("zh").title_for(ch) != "#" else "#"
            add("bucket-is-letter", "zh", (), ch, "letter", icu72, mine, "C HackPinyinTest; J hackPinyin",
                note="ICU 72 and collate: %s" % ours("zh").title_for(ch))

    # --- TestHaniFirst / TestPinyinFirst (C, J): Han reordered first, as a locale keyword
    for name, label in [("\u897f", FLOW), ("i", "I"), ("\u03b1", FLOW), ("\U00050005", FLOW), ("\uffff", FLOW)]:
        bucket_case("und-u-kr-hani", (), name, label, "C, J TestHaniFirst (root collator with [reorder Hani] + English labels)")
    for name, label in [("\u897f", "X"), ("i", "I"), ("\u03b1", FLOW), ("\U00050005", FLOW), ("\uffff", FLOW)]:
        bucket_case("zh-u-kr-hani", (), name, label, "C, J TestPinyinFirst (zh collator with [reorder Hani])")

    # --- TestJapaneseKanji (C, J): kanji go to the overflow bucket
    for ch in "\u4e9c\u95c7\u4e00\u58f1":
        bucket_case("ja", (), ch, FLOW, "C, J TestJapaneseKanji")

    # --- TestA (J)
    bucket_case("zh_Hant", (), "\u6e21\u8fba", "12\u5283", "J TestA")
    bucket_case("zh", (), "\u6e21\u8fba", "D", "J TestA")

    # --- TestTraditional (J): zh_Hant + English, bucket 亟 holds 南門 (radical-era data)
    bucket_case("zh_Hant", ("en",), "\u5357\u9580", "\u4e9f", "J TestTraditional",)

    # --- TestSetGetSpecialLabels (J): de + ru
    for name in ["0", "\u03a9", "\u5b57"]:
        bucket_case("de", ("ru",), name, FLOW, "J TestSetGetSpecialLabels (0 underflow, Ω inflow, 字 overflow)")

    # --- testFlowLabels (J): en + ru
    for name in ["!", "\u03b1", "\uab70"]:
        bucket_case("en", ("ru",), name, FLOW, "J testFlowLabels (! underflow, α inflow, Cherokee ꭰ overflow)")

    # --- TestInflow (J): number of inflow buckets
    for expected, also in [(0, ()), (0, ("el",)), (1, ("ru",)), (2, ("ru", "ja"))]:
        im = icu_index("en", also)
        icu72 = sum(1 for _, k in buckets(im) if k == icu.UAlphabeticIndexLabelType.INFLOW)
        mine = sum(1 for _, k in buckets(ours("en", also).index) if k == icu.UAlphabeticIndexLabelType.INFLOW)
        add("inflow-count", "en", also, "", expected, icu72, mine, "J TestInflow (collate --style icu)",
            "collate's extra labels differ from ICU's addLabels")

    # --- TestInflow (J), the case with a UnicodeSet: en + el + [Ⲁ] (Coptic) + ru
    also = ("el", "ru", "add=[\u2C80]")
    im = icu_index("en", also)
    icu72 = sum(1 for _, k in buckets(im) if k == icu.UAlphabeticIndexLabelType.INFLOW)
    mine = sum(1 for _, k in buckets(ours("en", also).index) if k == icu.UAlphabeticIndexLabelType.INFLOW)
    add("inflow-count", "en", also, "", 0, icu72, mine, "J TestInflow (collate --style icu --add-labels)",
        "collate's extra labels differ from ICU's addLabels")

    # --- TestSchSt (C; J TestSchSt): de + [Æ{Sch*}{St*}]: 31 buckets, Sch and St kept
    also = ("add=[\u00C6{Sch*}{St*}]",)
    im = icu_index("de", also)
    add("bucket-count", "de", also, "", 31, im.bucketCount, len(buckets(ours("de", also).index)),
        "C TestSchSt (collate --style icu --add-labels)")
    for name, number, label in [("Adelbert", 1, "A"), ("Afrika", 1, "A"), ("\u00C6sculap", 2, "\u00C6"),
                                ("Aesthet", 2, "\u00C6"), ("Berlin", 3, "B"), ("Rilke", 19, "R"), ("Sacher", 20, "S"),
                                ("Seiler", 20, "S"), ("Sultan", 20, "S"), ("Schiller", 21, "Sch"), ("Steiff", 22, "St"),
                                ("Thomas", 23, "T")]:
        bucket_case("de", also, name, label, "C TestSchSt (collate --add-labels)")
        add("bucket-index", "de", also, name, number, im.getBucketIndex(name), icu_style_index("de", also, name)[0],
            "C TestSchSt (collate --style icu --add-labels)")

    # --- TestNoLabels (C): an index without labels has one (underflow) bucket for everything
    also = ("labels=none",)
    im = icu_index("und", also)
    add("bucket-count", "und", also, "", 1, im.bucketCount, len(buckets(ours("und", also).index)),
        "C TestNoLabels (collate --style icu --labels none)")
    for text in ["\u897f", "i", "\u03b1"]:
        label, kind = im.getBucket(im.getBucketIndex(text))
        icu72 = label if kind == goldens.NORMAL else FLOW
        mine = ours("und", also).title_for(text)
        add("bucket", "und", also, text, FLOW, icu72, mine, "C TestNoLabels (collate --labels none)",
            "collate files ICU's under/in/overflow buckets in one # section")

    # --- Android ContactLocaleUtilsTest: a phone's second language (not ICU: icu72 is
    # the answer of a plain AlphabeticIndex with addLabels, for comparison only)
    for also, expected, name, note in [
            (("zh_CN",), "D", "testPinyinEnabledSecondaryLocale", ""),
            (("ja",), "\u4ed6", "testPinyinDisabledSecondaryLocale",
             "Android's Japanese catch-all is titled 他; collate's is #")]:
        text = "\u675c\u9d51"
        im = icu_index("en", also)
        label, kind = im.getBucket(im.getBucketIndex(text))
        icu72 = label if kind == goldens.NORMAL else FLOW
        mine = ours("en", also).title_for(text)
        verdict = "agree" if mine == expected else "policy"
        rows.append(["bucket", "en", ",".join(also), text, expected, icu72, mine, verdict,
                     "A ContactLocaleUtilsTest %s" % name,
                     note if verdict == "policy" else "Han goes to the first extra language with a Han rule"])

    # --- TestChineseZhuyin (C, J): 38 buckets, labels 1-5 ㄅ ㄆ ㄇ ㄈ ㄉ
    im = icu_index("zh-u-co-zhuyin")
    sec = ours("zh-u-co-zhuyin")
    add("bucket-count", "zh-u-co-zhuyin", (), "", 38, im.bucketCount, len(buckets(sec.index)), "C, J TestChineseZhuyin (collate --style icu)",
        "collate adds English A-Z (Bopomofo labels have no Latin letter): 26 more buckets")
    for i, label in enumerate("\u3105\u3106\u3107\u3108\u3109", 1):
        add("label-at", "zh-u-co-zhuyin", (), str(i), label, im.getBucket(i)[0], sec.buckets[i][0],
            "C, J TestChineseZhuyin (collate --style icu)", "collate adds English A-Z before Bopomofo, so bucket %d is a Latin letter" % i)

    # --- TestChineseUnihan (C, J): maxLabelCount 500; 九 in bucket 5, 甧 in bucket 101
    for text, expected in [("\u4e5d", 5), ("\u7527", 101)]:
        im = icu_index("zh-u-co-unihan", (), 500)
        icu72 = im.getBucketIndex(text)
        mine, _ = icu_style_index("zh-u-co-unihan", (), text)
        add("bucket-index", "zh-u-co-unihan", (), text, expected, icu72, mine, "C, J TestChineseUnihan (collate --style icu)",
            "collate adds English A-Z (radical labels have no Latin letter) before the radicals: bucket numbers shift by 27 (26 letters and an inflow bucket)")

    # --- testHasBuckets (C, J): bucket 1 is a letter of the locale's script
    for locale, script in [("am", "Ethi"), ("haw", "Latn"), ("hy", "Armn"), ("vai", "Vaii")]:
        im = icu_index(locale)
        first = im.getBucket(1)[0]
        icu72 = icu.Script.getScript(first[0]).getShortName()
        mine_label = ours(locale).titles[0]
        mine = icu.Script.getScript(mine_label[0]).getShortName()
        add("first-label-script", locale, (), mine_label, script, icu72, mine, "C, J testHasBuckets",
            "collate adds English A-Z (the locale's own labels have no Latin letter); Latin sorts before %s, so the first section is A" % script)

    # --- ManyLocalesTest (C) / KEY_LOCALES (J): every key locale builds an index
    for locale in ["en", "es", "de", "fr", "ja", "it", "tr", "pt", "zh", "nl", "pl", "ar", "ru", "zh_Hant", "ko", "th", "sv", "fi",
                   "da", "he", "nb", "el", "hr", "bg", "sk", "lt", "vi", "lv", "sr", "pt_PT", "ro", "hu", "cs", "id", "sl", "fil",
                   "fa", "uk", "ca", "hi", "et", "eu", "is", "sw", "ms", "bn", "am", "ta", "te", "mr", "ur", "ml", "kn", "gu", "or"]:
        im = icu_index(locale)
        icu72 = "yes" if any(k == goldens.NORMAL for _, k in buckets(im)) else "no"
        mine = "yes" if len(ours(locale).titles) > 1 else "no"
        add("has-labels", locale, (), "", "yes", icu72, mine, "C ManyLocalesTest; J KEY_LOCALES")

    lines = ["# ICU's AlphabeticIndex test expectations, checked against ICU %s (PyICU %s) and collate's policy." % (icu.ICU_VERSION, icu.VERSION),
             "# Written by scripts/make-icu-expectations.py; sources: C = %s" % C_FILE,
             "#   J = %s" % J_FILE,
             "# Columns: kind, locale, also, input, expected (ICU test), icu72 (PyICU), collate, verdict, source (file and test), note.",
             "# \u2026 = ICU's under/in/overflow bucket. Counts: %s" % ", ".join(
                 "%s %d" % (v, sum(1 for r in rows if r[7] == v)) for v in ("agree", "drift", "policy"))]
    text = "\n".join(lines + ["\t".join(r) for r in rows]) + "\n"
    if "--check" in argv:
        with open(OUT, encoding="utf-8") as f:
            if f.read() != text:
                print("make-icu-expectations --check: %s differs; re-run the script and review" % OUT, file=sys.stderr)
                return 1
        print("make-icu-expectations --check: up to date (%d cases)" % len(rows))
        return 0
    out = OUT
    if "--output" in argv:  # the table of this machine's ICU, for the test suite's oracle mode
        out = argv[argv.index("--output") + 1]
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        f.write(text)
    print(lines[-1].lstrip("# "), "-", len(rows), "cases")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
