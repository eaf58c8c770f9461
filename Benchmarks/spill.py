#!/usr/bin/env python3
"""Spilling benchmark: collate in memory vs collate --buffer-size 64M vs GNU sort -S 64M.

    Benchmarks/run spill [--lines N] [--rounds R] [--buffer 64M]

Builds collate (release, in .build-bench like `Benchmarks/run pipeline`, so it never waits
for the .build lock of a concurrent `swift build`), generates N distinct Korean lines (generate-corpus.py ko N
--distinct; default 10M, ~130 MB) under Benchmarks/corpus/, then runs in one session,
alternating, R rounds of: collate in memory (--buffer-size 64G), collate --buffer-size
64M and GNU `sort -S 64M` under LC_ALL=ko_KR.UTF-8 (its order differs from ICU's: only
timed). Each run is measured with /usr/bin/time -f '%e %M %U %S' (wall seconds, peak RSS,
user and system CPU seconds). The two collate outputs must be byte-identical. The report is
a Markdown table (medians over the rounds) and two lines, also saved as
Benchmarks/results/spill.md (spill-<N>.md for other sizes, e.g. spill-100M.md, and
spill-<N>-<SIZE>.md for other bounds, e.g. spill-10M-256M.md; see results.py); the last
line is

    spill 10M ko: <s> s, <MB> MB; in-memory <s> s, <MB> MB; sort -S64M <s> s, <MB> MB

The spilled run's temporary disk use is sampled from the
free space of the -T directory's file system (runs are unlinked files, invisible to du),
so other writers on the same disk make it approximate.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import results

BENCHMARKS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(BENCHMARKS)
TIME = "/usr/bin/time"


def corpus(lines):
    label = "%dM" % (lines // 1_000_000) if lines % 1_000_000 == 0 else str(lines)
    path = os.path.join(BENCHMARKS, "corpus", "ko-distinct-%s.txt" % label)
    if not os.path.exists(path):
        os.makedirs(os.path.dirname(path), exist_ok=True)
        results.log("generating %s ..." % os.path.relpath(path, REPO))
        with open(path + ".partial", "wb") as out:
            subprocess.run([sys.executable, os.path.join(BENCHMARKS, "generate-corpus.py"), "ko", str(lines), "--distinct"],
                           stdout=out, check=True)
        os.replace(path + ".partial", path)
    return path, label


def free_bytes(directory):
    stats = os.statvfs(directory)
    return stats.f_bavail * stats.f_frsize


def timed(command, output, env=None, disk=None):
    """(wall s, peak RSS MB, CPU s); with disk=(directory, list), appends the most disk used."""
    stop = threading.Event()
    if disk:
        start_free = free_bytes(disk[0])
        lowest = [start_free]

        def sample():
            while not stop.is_set():
                lowest[0] = min(lowest[0], free_bytes(disk[0]))
                time.sleep(0.05)
        sampler = threading.Thread(target=sample)
        sampler.start()
    try:
        return run_timed(command, output, env)
    finally:
        if disk:
            stop.set()
            sampler.join()
            disk[1].append(start_free - lowest[0] - (os.path.getsize(output) if os.path.exists(output) else 0))


def run_timed(command, output, env=None):
    with tempfile.NamedTemporaryFile("r", suffix=".time") as figures, open(output, "wb") as out:
        result = subprocess.run([TIME, "-o", figures.name, "-f", "%e %M %U %S"] + command, stdout=out,
                                stderr=subprocess.PIPE, env=env)
        lines = figures.read().strip().splitlines()
    if result.returncode != 0:
        raise SystemExit("%s failed (exit %d): %s" % (command[0], result.returncode,
                                                      result.stderr.decode("utf-8", "replace")[-500:]))
    wall, rss, user, system = lines[-1].split()
    return float(wall), int(rss) / 1024, float(user) + float(system)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lines", type=int, default=10_000_000)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--buffer", default="64M")
    parser.add_argument("--no-sort", action="store_true", help="skip GNU sort")
    args = parser.parse_args()
    collate = results.build_collate()
    path, label = corpus(args.lines)
    work = tempfile.mkdtemp(prefix="collate-spill-")
    runs = {
        "spill": [collate, "--locale", "ko", "--format", "tsv", "--buffer-size", args.buffer, "-T", work, path],
        "memory": [collate, "--locale", "ko", "--format", "tsv", "--buffer-size", "64G", path],
        "sort": ["sort", "-S", args.buffer, "-T", work, path],
    }
    if args.no_sort:
        del runs["sort"]
    outputs = {name: os.path.join(work, name + ".out") for name in runs}
    measured = {name: [] for name in runs}
    disk = []
    env_sort = dict(os.environ, LC_ALL="ko_KR.UTF-8")
    results.log("load average before: %s" % " ".join("%.2f" % x for x in os.getloadavg()))
    load_before = results.load_average()
    for round_number in range(args.rounds):
        for name, command in runs.items():
            results.log("round %d/%d: %s ..." % (round_number + 1, args.rounds, name))
            measured[name].append(timed(command, outputs[name], env=env_sort if name == "sort" else None,
                                        disk=(work, disk) if name == "spill" else None))
            results.log("  %.2f s, %.0f MB, %.2f s CPU" % measured[name][-1])
        if subprocess.run(["cmp", "-s", outputs["spill"], outputs["memory"]]).returncode != 0:
            raise SystemExit("FAILURE: spilled output differs from the in-memory output")
    load_after = results.load_average()
    results.log("load average after: %s" % " ".join("%.2f" % x for x in os.getloadavg()))
    input_bytes = os.path.getsize(path)
    for output in outputs.values():
        os.remove(output)
    os.rmdir(work)

    def median(name):
        """(wall s, peak RSS MB, CPU s), each the median over the rounds."""
        return tuple(statistics.median(run[field] for run in measured[name]) for field in range(3))

    spill, memory = median("spill"), median("memory")
    report = [
        "| %s distinct Korean lines (%.0f MB), `--format tsv` | wall (median of %d) | CPU (user+sys) | peak RSS |"
        % (label, input_bytes / 1e6, args.rounds),
        "|---|---|---|---|",
        "| collate in memory (`--buffer-size 64G`) | %.2f s | %.2f s | %.0f MB |" % (memory[0], memory[2], memory[1]),
        "| collate `--buffer-size %s` | %.2f s (%.2f× in memory) | %.2f s | %.0f MB |"
        % (args.buffer, spill[0], results.ratio(spill[0], memory[0]), spill[2], spill[1]),
    ]
    line = "spill %s ko: %.2f s, %.0f MB; in-memory %.2f s, %.0f MB" % (label, spill[0], spill[1], memory[0], memory[1])
    if "sort" in measured:
        sort = median("sort")
        report.append("| GNU `sort -S %s` (`LC_ALL=ko_KR.UTF-8`; its order is not ICU's) "
                      "| %.2f s (collate spilled: %.2f×) | %.2f s | %.0f MB |"
                      % (args.buffer, sort[0], results.ratio(spill[0], sort[0]), sort[2], sort[1]))
        line += "; sort -S%s %.2f s, %.0f MB" % (args.buffer, sort[0], sort[1])
    report.append("")
    report.append("temporary disk of the spilled run: about %.0f MB (%.2f× the input; sampled free space less the output file)"
                  % (max(disk) / 1e6, max(disk) / input_bytes))
    report.append(line)
    # The default size and bound are the manual's spill table; other sizes (100M) and
    # bounds (spill-10M-256M) keep their own.
    name = "spill" if args.lines == 10_000_000 else "spill-" + label
    if args.buffer != "64M":
        name = "spill-%s-%s" % (label, args.buffer)
    results.publish(name, report, load_before, load_after, subcommand="spill")


if __name__ == "__main__":
    main()
