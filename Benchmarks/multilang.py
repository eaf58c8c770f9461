#!/usr/bin/env python3
"""Multi-language benchmark: the first LocalizedIndexedCollation with additionalLocales,
with an empty compiled-rules cache and with a filled one.

    Benchmarks/run multilang [--rounds R] [LOCALE+EXTRA,… …]

Builds MultiLanguageBenchmark (release, Benchmarks package; see its main.swift), then for
every round (default 3) and combination (default: ko_KR, ko_KR+ja,ru, en_US+el,ru,he,
ja+ko, en_US+ja,ko,th,ar,he,el,uk,sr, zh_CN+zh_TW, ko_KR+es) runs it twice, each time in a
new process, with COLLATE_CACHE_DIR set to a new empty folder: the first run finds no
compiled rules (what a first `collate --also …` on a machine pays: merged rules compiled,
then written to the cache), the second finds the file the first wrote (what every later run
pays). Each run prints the CPU and wall time of the first collation and the CPU time of a
second one with other options in the same process. The report is a Markdown table (medians
over the rounds) and a line per combination, also saved as Benchmarks/results/multilang.md
(see results.py):

    multilang ko_KR+ja,ru: empty cache <ms> ms cpu, cached <ms> ms cpu
"""
import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

import results

BENCHMARKS = os.path.dirname(os.path.abspath(__file__))
COMBINATIONS = ["ko_KR", "ko_KR+ja,ru", "en_US+el,ru,he", "ja+ko", "en_US+ja,ko,th,ar,he,el,uk,sr", "zh_CN+zh_TW",
                "ko_KR+es"]
LINE = re.compile(r"first ([\d.]+) ms cpu \(([\d.]+) ms wall\), second ([\d.]+) ms cpu, (\d+) sections")


def build():
    return results.build_product("MultiLanguageBenchmark", package=BENCHMARKS)


def run(program, combination, cache):
    """(first CPU ms, first wall ms, second CPU ms, sections) of one process using `cache`."""
    env = dict(os.environ, COLLATE_CACHE_DIR=cache)
    env.pop("COLLATE_NO_CACHE", None)
    result = subprocess.run([program, combination], env=env, capture_output=True, text=True)
    match = LINE.search(result.stdout)
    if result.returncode != 0 or not match:
        raise SystemExit("MultiLanguageBenchmark %s failed (exit %d): %s%s" % (
            combination, result.returncode, result.stdout, result.stderr[-500:]))
    return float(match.group(1)), float(match.group(2)), float(match.group(3)), int(match.group(4))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("combinations", nargs="*", metavar="LOCALE+EXTRA,…", default=COMBINATIONS)
    args = parser.parse_args()
    program = build()
    cold = {combination: [] for combination in args.combinations}
    cached = {combination: [] for combination in args.combinations}
    compiled = {}
    load_before = results.load_average()
    for round_number in range(args.rounds):
        for combination in args.combinations:
            cache = tempfile.mkdtemp(prefix="collate-multilang-cache-")
            try:
                cold[combination].append(run(program, combination, cache))
                compiled[combination] = bool(os.listdir(cache))
                cached[combination].append(run(program, combination, cache))
            finally:
                shutil.rmtree(cache)
            results.log("round %d/%d: %s empty cache %.1f ms cpu, cached %.1f ms cpu" % (
                round_number + 1, args.rounds, combination, cold[combination][-1][0], cached[combination][-1][0]))
    load_after = results.load_average()

    def median(runs, field):
        return statistics.median(run[field] for run in runs)

    report = [
        "| primary + extras (median of %d) | sections | first collation, empty cache: CPU (wall) "
        "| first collation, cached: CPU (wall) | compiled rules cached | second collation, CPU |" % args.rounds,
        "|---|---|---|---|---|---|",
    ]
    lines = []
    for combination in args.combinations:
        empty, filled = cold[combination], cached[combination]
        report.append("| %s | %d | %.1f ms (%.1f ms) | %.1f ms (%.1f ms) | %s | %.1f ms |" % (
            combination.replace("+", " + "), empty[0][3], median(empty, 0), median(empty, 1), median(filled, 0),
            median(filled, 1), "yes" if compiled[combination] else "no (nothing to compile)", median(filled, 2)))
        lines.append("multilang %s: empty cache %.1f ms cpu, cached %.1f ms cpu"
                     % (combination, median(empty, 0), median(filled, 0)))
    report.append("")
    report.append("each figure from a new process with COLLATE_CACHE_DIR set to a new empty folder (first run) "
                  "or to the folder that run filled (cached); the second collation has other options, in the same "
                  "process as the cached first one")
    report += lines
    results.publish("multilang", report, load_before, load_after)


if __name__ == "__main__":
    main()
