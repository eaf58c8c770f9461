#!/usr/bin/env python3
"""Benchmarks/run search: the library's search index and collate --search.

    Benchmarks/run search [--rounds R] [--queries N] [--records N] [--modes M,M…]

1. SearchBenchmark (release) on 1M Korean names, on 1M Korean names that rarely repeat
   (generate-corpus.py ko-names: 98 % distinct, an address book's shape) and on 1M mixed
   records (ko, ja with kana readings, zh, en interleaved): IndexedDataSource.buildSearchIndex() time, index
   memory per record, and the time of each keystroke of N three-character queries
   (the first searching everything, the next two narrowing the previous result), in
   each search mode: prefix (the default), words, anywhere, and keypad (digit queries).
2. collate --locale ko_KR --format tsv on the 1M Korean names with --search ㄱㅁ and
   without, whole processes, alternating, medians of R rounds (wall and CPU).

Corpora come from generate-corpus.py (fixed seeds) into Benchmarks/corpus/.
"""
import argparse
import pathlib
import subprocess
import sys

from results import build_collate, build_product, timed

here = pathlib.Path(__file__).resolve().parent


def corpus(name, make):
    path = here / "corpus" / name
    if not path.exists():
        path.parent.mkdir(exist_ok=True)
        partial = path.with_suffix(".partial")
        partial.write_text(make(), encoding="utf-8")
        partial.rename(path)
    return path


def generate(lang, count, seed=None):
    command = [sys.executable, str(here / "generate-corpus.py"), lang, str(count)] + (["--seed", str(seed)] if seed else [])
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def mixed(count):
    parts = [generate(lang, count // 4, seed=7).splitlines() for lang in ("ko", "ja", "zh", "en")]
    return "".join(line + "\n" for group in zip(*parts) for line in group)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--records", type=int, default=1_000_000)
    parser.add_argument("--modes", default="prefix,words,anywhere,keypad")
    args = parser.parse_args()
    suffix = f"{args.records // 1000}k" if args.records < 1_000_000 else f"{args.records // 1_000_000}M"
    korean = corpus(f"ko-{suffix}.txt", lambda: generate("ko", args.records))
    names = corpus(f"ko-names-{suffix}.txt", lambda: generate("ko-names", args.records))
    mixed_corpus = corpus(f"search-mixed-{suffix}.txt", lambda: mixed(args.records))
    program = build_product("SearchBenchmark", package=str(here))
    collate = build_collate()

    modes = [argument for mode in args.modes.split(",") for argument in ("--mode", mode)]
    report = subprocess.run([str(program), str(korean), str(names), str(mixed_corpus), "--queries", str(args.queries)] + modes,
                            check=True, capture_output=True, text=True).stdout
    print(report.rstrip())

    print("")
    print(f"collate --locale ko_KR --format tsv on {korean.name}, with and without --search ㄱㅁ "
          f"(alternating, medians of {args.rounds} rounds, wall and CPU):")
    runs = {"without": [], "with --search ㄱㅁ": []}
    base = [str(collate), "--locale", "ko_KR", "--format", "tsv", str(korean)]
    for _ in range(args.rounds):
        runs["without"].append(timed(base))
        runs["with --search ㄱㅁ"].append(timed(base + ["--search", "ㄱㅁ"]))
    for name, results in runs.items():
        wall = sorted(r[0] for r in results)[len(results) // 2]
        cpu = sorted(r[1] for r in results)[len(results) // 2]
        print(f"  {name}: wall {wall:.2f} s, cpu {cpu:.2f} s")


if __name__ == "__main__":
    main()
