#!/usr/bin/env python3
"""Benchmarks/run vcard: what charsets cost. collate on Japanese address books in UTF-8 and
in the charsets Japanese phones and Excel write, same contacts, paired runs.

Four files hold the same N contacts (kanji names with katakana readings, a phone, an
e-mail): a vCard 3.0 file in UTF-8, a vCard 2.1 file whose values are raw Shift_JIS
(`CHARSET=SHIFT_JIS`, as Japanese carriers export), a Google-style CSV in UTF-8 and the same
CSV in CP932 (Excel on Japanese Windows; no flag: ICU's detector with the ja_JP hint). Each
is collated with `collate --locale ja_JP --format tsv`; the outputs of each pair must be
identical. Rounds alternate which of a pair runs first; the report gives the median wall
and CPU seconds and the median of the per-round ratios:

- UTF-8 `--encoding auto` (the default: a UTF-8 check, no ICU call) vs `--encoding UTF-8`:
  what the automatic decoding costs on UTF-8 input (the issue's bound: at most 1.10x);
- Shift_JIS vCard vs UTF-8 vCard, CP932 CSV vs UTF-8 CSV (bound: at most 1.5x);
- with --baseline PATH, also this build vs another collate binary (e.g. the main branch's)
  on the UTF-8 files.

Options: --cards N (default 200000), --rounds R (default 5), --baseline PATH. The last
line is `vcard <N> cards: utf8 <s> s, sjis <ratio>x; csv utf8 <s> s, cp932 <ratio>x; auto <ratio>x`.
Under COLLATE_BENCH_SMOKE=1 (Benchmarks/run smoke) give a small --cards; the outputs are
still compared, the figures not saved.
"""
import argparse
import os
import random
import statistics
import subprocess
import sys

import results

BENCHMARKS = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(BENCHMARKS, "corpus")

FAMILIES = [("佐藤", "サトウ"), ("鈴木", "スズキ"), ("高橋", "タカハシ"), ("田中", "タナカ"), ("伊藤", "イトウ"),
            ("渡辺", "ワタナベ"), ("山本", "ヤマモト"), ("中村", "ナカムラ"), ("小林", "コバヤシ"), ("加藤", "カトウ"),
            ("吉田", "ヨシダ"), ("山田", "ヤマダ"), ("佐々木", "ササキ"), ("山口", "ヤマグチ"), ("松本", "マツモト"),
            ("井上", "イノウエ"), ("木村", "キムラ"), ("林", "ハヤシ"), ("斎藤", "サイトウ"), ("清水", "シミズ")]
GIVEN = [("健", "ケン"), ("一郎", "イチロウ"), ("花子", "ハナコ"), ("直美", "ナオミ"), ("翔", "ショウ"), ("美咲", "ミサキ"),
         ("大輔", "ダイスケ"), ("陽菜", "ヒナ"), ("蓮", "レン"), ("結衣", "ユイ"), ("悠真", "ユウマ"), ("さくら", "サクラ")]


def make_corpus(cards):
    os.makedirs(CORPUS, exist_ok=True)
    paths = {kind: os.path.join(CORPUS, f"ja-contacts-{cards}-{kind}") for kind in
             ("utf8.vcf", "sjis.vcf", "utf8.csv", "cp932.csv")}
    if all(os.path.exists(path) for path in paths.values()):
        return paths
    rng = random.Random(23)
    utf8_cards, sjis_cards, rows = [], [], ["First Name,Last Name,Phonetic First Name,Phonetic Last Name,E-mail 1 - Value,Phone 1 - Value\r\n"]
    for n in range(cards):
        (family, family_reading), (given, given_reading) = rng.choice(FAMILIES), rng.choice(GIVEN)
        phone = f"090-{rng.randrange(10000):04d}-{rng.randrange(10000):04d}"
        email = f"user{n}@example.jp"
        utf8_cards.append(f"BEGIN:VCARD\r\nVERSION:3.0\r\nN:{family};{given};;;\r\nFN:{family} {given}\r\n"
                          f"X-PHONETIC-LAST-NAME:{family_reading}\r\nX-PHONETIC-FIRST-NAME:{given_reading}\r\n"
                          f"TEL;TYPE=CELL:{phone}\r\nEMAIL:{email}\r\nEND:VCARD\r\n")
        sjis_cards.append(b"BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=SHIFT_JIS:" + f"{family};{given};;;".encode("cp932")
                          + b"\r\nFN;CHARSET=SHIFT_JIS:" + f"{family} {given}".encode("cp932")
                          + b"\r\nSOUND;X-IRMC-N;CHARSET=SHIFT_JIS:" + f"{family_reading};{given_reading};;;".encode("cp932")
                          + f"\r\nTEL;CELL:{phone}\r\nEMAIL;INTERNET:{email}\r\nEND:VCARD\r\n".encode("ascii"))
        rows.append(f"{given},{family},{given_reading},{family_reading},{email},{phone}\r\n")
    contents = {"utf8.vcf": "".join(utf8_cards).encode("utf-8"), "sjis.vcf": b"".join(sjis_cards),
                "utf8.csv": "".join(rows).encode("utf-8"), "cp932.csv": "".join(rows).encode("cp932")}
    for kind, data in contents.items():
        with open(paths[kind] + ".partial", "wb") as out:
            out.write(data)
        os.rename(paths[kind] + ".partial", paths[kind])
    return paths




def paired(first, second, rounds):
    """Median (wall, CPU) of each command and the median per-round wall ratio second/first;
    the order within a round alternates, so drift in the machine's load hits both alike."""
    a, b, ratios = [], [], []
    for round_ in range(rounds):
        if round_ % 2 == 0:
            x, y = results.timed(first), results.timed(second)
        else:
            y, x = results.timed(second), results.timed(first)
        a.append(x)
        b.append(y)
        ratios.append(results.ratio(y[0], x[0]))
    med = lambda values, i: statistics.median(v[i] for v in values)  # noqa: E731
    return (med(a, 0), med(a, 1)), (med(b, 0), med(b, 1)), statistics.median(ratios)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--cards", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--baseline", help="another collate binary to compare on the UTF-8 files")
    options = parser.parse_args()
    binary = results.build_collate()
    paths = make_corpus(options.cards)

    def command(path, *extra, collate=binary):
        return [collate, "--locale", "ja_JP", "--format", "tsv", *extra, path]

    for one, other in (("utf8.vcf", "sjis.vcf"), ("utf8.csv", "cp932.csv")):
        a = subprocess.run(command(paths[one]), stdout=subprocess.PIPE, check=True).stdout
        b = subprocess.run(command(paths[other]), stdout=subprocess.PIPE, check=True).stdout
        if a != b or not a:
            raise SystemExit(f"FAILURE: collate's outputs for {one} and {other} differ")
    print("UTF-8 and Shift_JIS/CP932 outputs identical: True", file=sys.stderr)
    load_before = results.load_average()
    rounds = options.rounds
    pairs = [
        ("vCard: `--encoding UTF-8` → auto (default), UTF-8 file", command(paths["utf8.vcf"], "--encoding", "UTF-8"),
         command(paths["utf8.vcf"])),
        ("CSV: `--encoding UTF-8` → auto (default), UTF-8 file", command(paths["utf8.csv"], "--encoding", "UTF-8"),
         command(paths["utf8.csv"])),
        ("vCard: UTF-8 3.0 → Shift_JIS 2.1 (`CHARSET=SHIFT_JIS`)", command(paths["utf8.vcf"]), command(paths["sjis.vcf"])),
        ("CSV: UTF-8 → CP932 (detected, no flag)", command(paths["utf8.csv"]), command(paths["cp932.csv"])),
    ]
    if options.baseline:
        pairs.append(("vCard UTF-8: baseline binary → this build", command(paths["utf8.vcf"], collate=options.baseline),
                      command(paths["utf8.vcf"])))
        # The same keys for both: a build without the contacts-CSV name rule sorts by the
        # first column alone.
        keys = ["--key", "Last Name", "--key", "First Name", "--reading-key", "Phonetic Last Name",
                "--reading-key", "Phonetic First Name"]
        pairs.append(("CSV UTF-8 (explicit keys): baseline binary → this build",
                      command(paths["utf8.csv"], *keys, collate=options.baseline), command(paths["utf8.csv"], *keys)))
    measured = [(name, *paired(first, second, rounds)) for name, first, second in pairs]
    load_after = results.load_average()
    size = lambda kind: os.path.getsize(paths[kind]) / 1e6  # noqa: E731
    report = [
        f"| {options.cards} Japanese contacts, `ja_JP`, median of {rounds} paired rounds "
        f"(vCard {size('utf8.vcf'):.0f}/{size('sjis.vcf'):.0f} MB, CSV {size('utf8.csv'):.0f} MB) "
        "| first: wall, CPU | second: wall, CPU | second/first (wall, median of rounds) |",
        "|---|---|---|---|",
    ]
    for name, first, second, ratio in measured:
        report.append(f"| {name} | {first[0]:.2f} s, {first[1]:.2f} s | {second[0]:.2f} s, {second[1]:.2f} s | {ratio:.2f}x |")
    report.append("")
    report.append(f"vcard {options.cards} cards: utf8 {measured[2][1][0]:.2f} s, sjis {measured[2][3]:.2f}x; "
                  f"csv utf8 {measured[3][1][0]:.2f} s, cp932 {measured[3][3]:.2f}x; "
                  f"auto on UTF-8 {measured[0][3]:.2f}x (vCard), {measured[1][3]:.2f}x (CSV)")
    results.publish("vcard", report, load_before, load_after)


if __name__ == "__main__":
    main()
