#!/usr/bin/env python3
"""Benchmarks/run records: structured records past the buffer.

Generates three inputs (in Benchmarks/corpus, kept between runs):

- 2M CSV rows, 5 columns (family, given, phone, email, note), quoted fields holding
  commas, doubled quotes and line ends; keys `--key family --key given`;
- 300k vCard 3.0 cards with folded lines (NOTE and ADR folded over 2-3 lines);
- 500k JSON Lines objects with nested names; keys `--key name.family --key name.given`.

Each is collated with `--format json` in memory and with each `--buffer-size` (64M and
32M by default); the spilled outputs must be byte-identical to the in-memory one (the run
fails otherwise). Reports wall seconds, CPU seconds and peak RSS (/usr/bin/time) per run,
the spilled/in-memory wall ratio and the RSS headroom against buffer + 64 MB.

Options: --scale F (multiply the record counts, e.g. 0.05 for a quick run), --buffers
64M,32M, --rounds R (median of R, default 1), --only csv,vcard,jsonl.
"""
import argparse
import os
import random
import statistics
import tempfile

import results
import spill

BENCHMARKS = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(BENCHMARKS, "corpus")
FAMILIES = list("김이박최정강조윤장임한오서신권황안송류홍") + ["남궁", "제갈", "Smith", "O'Neil", "García"]


def syllables(rng):
    return [chr(0xAC00 + rng.randrange(11172)) for _ in range(400)]


def make_csv(path, rows):
    rng = random.Random(22)
    names = syllables(rng)
    with open(path, "w", encoding="utf-8", newline="") as out:
        out.write("family,given,phone,email,note\r\n")
        for n in range(rows):
            family = rng.choice(FAMILIES)
            given = rng.choice(names) + rng.choice(names)
            if n % 13 == 0:
                given = '"' + given + ', Jr."'
            note = ('"친구, 대학\r\n2학년"' if n % 7 == 0 else ('"say ""hi"""' if n % 11 == 0 else "동료"))
            out.write(f"{family},{given},010-{rng.randrange(10000):04d}-{rng.randrange(10000):04d},"
                      f"user{n}@example.kr,{note}\r\n")


def make_vcards(path, cards):
    rng = random.Random(33)
    names = syllables(rng)
    with open(path, "w", encoding="utf-8", newline="") as out:
        for n in range(cards):
            family = rng.choice(FAMILIES)
            given = rng.choice(names) + rng.choice(names)
            out.write("BEGIN:VCARD\r\nVERSION:3.0\r\n")
            out.write(f"N:{family};{given};;;\r\nFN:{family} {given}\r\n")
            out.write(f"TEL;TYPE=CELL:010-{rng.randrange(10000):04d}-{rng.randrange(10000):04d}\r\n")
            out.write(f"NOTE:연락처 {n}번\\, 메모가 길어서 여러 줄로\r\n  접힌 값입니다 {rng.randrange(10**6)}\r\n")
            if n % 3 == 0:
                out.write(f"ADR;TYPE=HOME:;;서울특별시 종로구 {n}번길;서울;;03000;\r\n 대한민국\r\n")
            out.write("END:VCARD\r\n")


def make_jsonl(path, objects):
    rng = random.Random(44)
    names = syllables(rng)
    with open(path, "w", encoding="utf-8") as out:
        for n in range(objects):
            family = rng.choice(FAMILIES).replace('"', '\\"')
            given = rng.choice(names) + rng.choice(names)
            extra = f',"tags":["a","b{n % 5}"]' if n % 4 == 0 else ""
            out.write(f'{{"name":{{"family":"{family}","given":"{given}"}},"age":{n % 90},'
                      f'"contact":{{"email":"user{n}@example.kr"}}{extra}}}\n')


CASES = {
    "csv": ("records-{n}.csv", 2_000_000, make_csv, ["--key", "family", "--key", "given"]),
    "vcard": ("records-{n}.vcf", 300_000, make_vcards, []),
    "jsonl": ("records-{n}.jsonl", 500_000, make_jsonl, ["--key", "name.family", "--key", "name.given"]),
}


def corpus(case, scale):
    name, count, make, keys = CASES[case]
    count = max(1, int(count * scale))
    os.makedirs(CORPUS, exist_ok=True)
    path = os.path.join(CORPUS, name.format(n=count))
    if not os.path.exists(path):
        results.log(f"generating {path} ...")
        make(path + ".partial", count)
        os.rename(path + ".partial", path)
    return path, count, keys


def size_bytes(text):
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    return int(text[:-1]) * units[text[-1]] if text[-1] in units else int(text)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--buffers", default="64M,32M")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--only", default="csv,vcard,jsonl")
    args = parser.parse_args()
    collate = results.build_collate()
    buffers = args.buffers.split(",")
    work = tempfile.mkdtemp(prefix="collate-records-")
    load_before = results.load_average()
    rows = []
    failed = False
    for case in args.only.split(","):
        path, count, keys = corpus(case, args.scale)
        base = [collate, "--locale", "ko_KR", "--format", "json"] + keys
        runs = {"memory": base + ["--buffer-size", "64G", path]}
        for buffer in buffers:
            runs[buffer] = base + ["--buffer-size", buffer, "-T", work, path]
        measured = {name: [] for name in runs}
        outputs = {name: os.path.join(work, f"{case}-{name}.json") for name in runs}
        for round_number in range(args.rounds):
            for name, command in runs.items():
                results.log(f"{case} round {round_number + 1}/{args.rounds}: {name} ...")
                measured[name].append(spill.run_timed(command, outputs[name]))
                results.log("  %.2f s, %.0f MB, %.2f s CPU" % measured[name][-1])
        memory = [statistics.median(figure) for figure in zip(*measured["memory"])]
        rows.append((case, count, "in memory", memory, "", ""))
        for buffer in buffers:
            figures = [statistics.median(figure) for figure in zip(*measured[buffer])]
            same = open(outputs[buffer], "rb").read() == open(outputs["memory"], "rb").read()
            bound = size_bytes(buffer) / (1 << 20) + 64
            failed |= not same
            rows.append((case, count, f"--buffer-size {buffer}", figures,
                         "%.2f×" % results.ratio(figures[0], memory[0]),
                         ("identical" if same else "DIFFERS") + (", RSS ≤ %d MB" % bound if figures[1] <= bound else ", RSS OVER %d MB" % bound)))
        for output in outputs.values():
            os.remove(output)
    os.rmdir(work)
    load_after = results.load_average()
    report = ["| input | records | run | wall s | peak RSS MB | CPU s | wall vs memory | check |", "|---|---:|---|---:|---:|---:|---:|---|"]
    for case, count, name, (wall, rss, cpu), ratio, check in rows:
        report.append(f"| {case} | {count:,} | {name} | {wall:.2f} | {rss:.0f} | {cpu:.2f} | {ratio} | {check} |")
    if failed:
        print("\n".join(report))
        raise SystemExit("FAILURE: a spilled output differs from the in-memory output")
    results.publish("records", report, load_before, load_after, subcommand="records")


if __name__ == "__main__":
    main()
