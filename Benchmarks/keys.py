#!/usr/bin/env python3
"""Storage-key benchmark: collate --format tsv vs the same with --with-keys.

    Benchmarks/run keys [--lines N] [--rounds R]

Builds collate (release, in .build-bench like `Benchmarks/run spill`), takes two corpora of
N lines (default 1M) under Benchmarks/corpus/, generated if missing: Korean names
(generate-corpus.py ko N, ko-1M.txt; about 6 000 distinct names, so keys are hexed once
per distinct text) and distinct Korean lines (generate-corpus.py ko N --distinct,
ko-distinct-1M.txt; one key per line). Per corpus it runs, alternating, R rounds (default 3)
of `collate --locale ko --format tsv FILE` and the same with `--with-keys`, each as a whole
process under /usr/bin/time -f '%e %M %U %S', output to a file. After the first round the
keyed output must hold the plain output's rows with the key and stamp in between
(`section<TAB>key<TAB>stamp<TAB>record`). The report is a Markdown table (medians of wall
time, CPU = user + system, peak RSS and output size; the ratios keyed / plain) and a line
per corpus, also saved as Benchmarks/results/keys.md (see results.py):

    keys 1M ko: plain <s> s (<s> s CPU), --with-keys <s> s (<s> s CPU), <x>x CPU
"""
import argparse
import os
import statistics
import sys
import tempfile

import results
from pipeline import corpus, size_label
from results import build_collate
from spill import run_timed

CORPORA = [("ko", "Korean names"), ("ko-distinct", "distinct Korean lines")]


def same_rows(plain, keyed):
    """Whether every keyed row is the plain row at the same place with two fields inserted."""
    with open(plain, "rb") as plain_rows, open(keyed, "rb") as keyed_rows:
        try:
            for expected, row in zip(plain_rows, keyed_rows, strict=True):
                section, _, record = expected.partition(b"\t")
                fields = row.split(b"\t", 3)
                if len(fields) != 4 or fields[0] != section or fields[3] != record:
                    return False
        except ValueError:  # one output has more rows than the other
            return False
    return True


def measure(collate, path, rounds, work):
    """{"plain": [(wall s, peak RSS MB, CPU s)…], "keys": […]}, alternating runs, and the output sizes."""
    runs = {
        "plain": [collate, "--locale", "ko", "--format", "tsv", path],
        "keys": [collate, "--locale", "ko", "--format", "tsv", "--with-keys", path],
    }
    outputs = {name: os.path.join(work, name + ".tsv") for name in runs}
    measured = {name: [] for name in runs}
    for round_number in range(rounds):
        for name, command in runs.items():
            results.log("round %d/%d: %s %s ..." % (round_number + 1, rounds, name, os.path.basename(path)))
            measured[name].append(run_timed(command, outputs[name]))
            results.log("  %.2f s, %.0f MB, %.2f s CPU" % measured[name][-1])
        if round_number == 0 and not same_rows(outputs["plain"], outputs["keys"]):
            raise SystemExit("FAILURE: the --with-keys rows of %s are not the plain rows plus key and stamp" % path)
    sizes = {name: os.path.getsize(output) for name, output in outputs.items()}
    for output in outputs.values():
        os.remove(output)
    return measured, sizes


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=1_000_000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    collate = build_collate()
    paths = [(corpus(lang, args.lines), name) for lang, name in CORPORA]
    work = tempfile.mkdtemp(prefix="collate-keys-")
    label = size_label(args.lines)
    load_before = results.load_average()
    measured = [(path, name) + measure(collate, path, args.rounds, work) for path, name in paths]
    load_after = results.load_average()
    os.rmdir(work)

    report = [
        "| %s lines, `collate --locale ko --format tsv` | wall (median of %d) | CPU (user+sys) | peak RSS | output |"
        % (label, args.rounds),
        "|---|---|---|---|---|",
    ]
    lines = []
    for path, name, runs, sizes in measured:
        plain, keys = ([statistics.median(run[field] for run in runs[kind]) for field in range(3)]
                       for kind in ("plain", "keys"))
        corpus_name = "%s (%.0f MB)" % (name, os.path.getsize(path) / 1e6)
        report.append("| %s, plain | %.2f s | %.2f s | %.0f MB | %.0f MB |"
                      % (corpus_name, plain[0], plain[2], plain[1], sizes["plain"] / 1e6))
        report.append("| %s, `--with-keys` | %.2f s (%.2f×) | %.2f s (%.2f×) | %.0f MB | %.0f MB (%.1f×) |"
                      % (corpus_name, keys[0], results.ratio(keys[0], plain[0]), keys[2], results.ratio(keys[2], plain[2]), keys[1],
                         sizes["keys"] / 1e6, results.ratio(sizes["keys"], sizes["plain"])))
        lines.append("keys %s %s: plain %.2f s (%.2f s CPU), --with-keys %.2f s (%.2f s CPU), %.2fx CPU"
                     % (label, os.path.basename(path).rsplit("-", 1)[0], plain[0], plain[2], keys[0], keys[2],
                        results.ratio(keys[2], plain[2])))
    report.append("")
    report.append("whole processes under /usr/bin/time, plain and keyed runs alternating, output to a file; "
                  "(N×) = keyed / plain; the keyed rows were checked to be the plain rows plus key and stamp")
    report += lines
    results.publish("keys", report, load_before, load_after)


if __name__ == "__main__":
    main()
