#!/usr/bin/env python3
"""Benchmarks/run csv: collate on 1M CSV rows (5 columns, 2 keys) vs the same two keys as
plain lines (-k1 -k2) vs Python's csv module + PyICU doing the same job, in one run.

The job: read the file, order records by family then given name with the ko_KR collator
(ties in input order), file each under its index section (ICU AlphabeticIndex of the
first key) and write `section<TAB>family<TAB>given` per record. Wall and CPU seconds
(user+sys of the child) are reported as a Markdown table, also saved as
Benchmarks/results/csv.md (see results.py); the last line is

    csv 1M rows: <s> s, <MB> MB; lines <s> s; python csv+PyICU <s> s

Needs python3-icu (apt-get install python3-icu). Options: --rows N (default 1000000),
--runs N (best of N, default 1).
"""
import argparse
import os
import random
import subprocess
import sys

import results

BENCHMARKS = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(BENCHMARKS, "corpus")

PYTHON_JOB = r'''
import csv, sys, icu
locale = icu.Locale("ko_KR")
collator = icu.Collator.createInstance(locale)
index = icu.AlphabeticIndex(locale)
index.addLabels(icu.Locale("en"))
imm = index.buildImmutableIndex()
with open(sys.argv[1], newline="", encoding="utf-8") as f:
    reader = csv.reader(f)
    header = next(reader)
    rows = [(r[0], r[1]) for r in reader]
key = collator.getSortKey
keyed = sorted(range(len(rows)), key=lambda i: (key(rows[i][0]), key(rows[i][1]), i))
labels = [imm.getBucket(i)[0] for i in range(imm.bucketCount)]
out = sys.stdout
write = out.write
for i in keyed:
    family, given = rows[i]
    write(labels[imm.getBucketIndex(family)] + "\t" + family + "\t" + given + "\n")
'''


def ensure_icu():
    try:
        import icu  # noqa: F401
    except ImportError:
        sudo = [] if os.geteuid() == 0 else ["sudo"]
        subprocess.run(sudo + ["apt-get", "update"], check=True)
        subprocess.run(sudo + ["apt-get", "install", "-y", "python3-icu"], check=True)


def make_corpus(rows):
    os.makedirs(CORPUS, exist_ok=True)
    csv_path = os.path.join(CORPUS, f"contacts-{rows}.csv")
    lines_path = os.path.join(CORPUS, f"contacts-{rows}.tsv")
    if os.path.exists(csv_path) and os.path.exists(lines_path):
        return csv_path, lines_path
    rng = random.Random(11)
    families = list("김이박최정강조윤장임한오서신권황안송류홍") + ["남궁", "제갈", "Smith", "O'Neil", "García"]
    syllables = [chr(0xAC00 + rng.randrange(11172)) for _ in range(400)]
    with open(csv_path + ".partial", "w", encoding="utf-8", newline="") as c, \
            open(lines_path + ".partial", "w", encoding="utf-8") as t:
        c.write("family,given,phone,email,note\r\n")
        for n in range(rows):
            family = rng.choice(families)
            given = rng.choice(syllables) + rng.choice(syllables)
            phone = f"010-{rng.randrange(10000):04d}-{rng.randrange(10000):04d}"
            email = f"user{n}@example.kr"
            note = '"친구, 대학"' if n % 7 == 0 else ("\"say \"\"hi\"\"\"" if n % 11 == 0 else "동료")
            c.write(f"{family},{given},{phone},{email},{note}\r\n")
            t.write(f"{family}\t{given}\n")
    os.rename(csv_path + ".partial", csv_path)
    os.rename(lines_path + ".partial", lines_path)
    return csv_path, lines_path




def best(command, runs):
    return min(results.timed(command) for _ in range(runs))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=1)
    options = parser.parse_args()
    ensure_icu()
    binary = results.build_collate()
    csv_path, lines_path = make_corpus(options.rows)
    megabytes = os.path.getsize(csv_path) / 1e6
    collate_csv = [binary, "--locale", "ko_KR", "--key", "family", "--key", "given", "--format", "tsv", csv_path]
    collate_lines = [binary, "--locale", "ko_KR", "-k1", "-k2", "--format", "tsv", lines_path]
    python = [sys.executable, "-c", PYTHON_JOB, csv_path]
    # The same job must give the same output (sections, order, keys).
    a = subprocess.run(collate_csv, stdout=subprocess.PIPE, check=True).stdout
    b = subprocess.run(collate_lines, stdout=subprocess.PIPE, check=True).stdout
    if a != b:
        raise SystemExit("FAILURE: collate's outputs for the CSV and for the keys as lines differ")
    print("collate csv and lines outputs identical: True", file=sys.stderr)
    load_before = results.load_average()
    csv_time = best(collate_csv, options.runs)
    lines_time = best(collate_lines, options.runs)
    python_time = best(python, options.runs)
    load_after = results.load_average()
    rows = f"{options.rows // 1_000_000}M" if options.rows % 1_000_000 == 0 else str(options.rows)
    report = [
        f"| {rows} CSV rows ({megabytes:.0f} MB, 5 columns), `ko_KR`, 2 keys, best of {options.runs} | wall | CPU (user+sys) |",
        "|---|---|---|",
    ]
    for name, (wall, cpu) in (("collate csv (`--key family --key given`)", csv_time),
                              ("collate lines (the two keys as lines, `-k1 -k2`)", lines_time),
                              ("Python csv + PyICU, the same job", python_time)):
        report.append(f"| {name} | {wall:.2f} s | {cpu:.2f} s |")
    report.append("")
    report.append(f"ratios: csv/lines {results.ratio(csv_time[0], lines_time[0]):.2f}x wall ({results.ratio(csv_time[1], lines_time[1]):.2f}x CPU); "
                  f"python/csv {results.ratio(python_time[0], csv_time[0]):.1f}x wall ({results.ratio(python_time[1], csv_time[1]):.1f}x CPU)")
    report.append(f"csv {rows} rows: {csv_time[0]:.2f} s, {megabytes:.0f} MB; lines {lines_time[0]:.2f} s; "
                  f"python csv+PyICU {python_time[0]:.2f} s")
    results.publish("csv", report, load_before, load_after)


if __name__ == "__main__":
    main()
