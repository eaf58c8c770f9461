#!/usr/bin/python3
"""Saves a benchmark's result as a Markdown fragment, Benchmarks/results/<name>.md, for
scripts/sync-readme-benchmarks to copy into the documentation (README.md, Benchmarks/README.md, DocC articles).

Two ways in:

* The Python benchmarks (pipeline.py, spill.py, csv.py) import this module and, once a run
  has succeeded, call `write(name, arguments, body, load_before, load_after)`.
* Benchmarks/run pipes the report of the Swift programs and of ja-readings.sh through it:

      results.py NAME --load-before L --load-after L [--code] -- ARGUMENTS… <report

  `markdown()` turns the report into Markdown: lines that start with `|` (Markdown tables)
  stay as they are; other lines become a list, one item per line, or with --code one
  fenced text block (for column-aligned reports).

A fragment is a first line saying when, where and how it was measured,

    Measured 2026-11-22 03:23 UTC on AMD EPYC 7B13 (2 cores, 24 GiB RAM), load average
    0.31 → 1.02, ICU 72.1; reproduce: `Benchmarks/run spill --lines 200000`

(one line; the load averages are the 1-minute ones just before and after the measured
runs), a blank line and the body. The file is replaced atomically (a temporary file in the
same folder, then a rename), so a failed or interrupted run leaves the previous result.
"""
import argparse
import datetime
import os
import re
import resource
import shlex
import subprocess
import sys
import tempfile
import time

BENCHMARKS = os.path.dirname(os.path.abspath(__file__))
RESULTS = os.path.join(BENCHMARKS, "results")


def log(message):
    """A progress line on standard error (the report itself goes to standard output)."""
    print(message, file=sys.stderr, flush=True)


# Which build the benchmarks run: release in .build-bench (never waiting for the shared .build
# lock), or, when Benchmarks/run smoke sets COLLATE_BENCH_CONFIG=debug, the debug build in
# .build that CI's build step has already made (timings are not judged there; only outputs).
CONFIG = os.environ.get("COLLATE_BENCH_CONFIG", "release")


def build_product(product, package=None):
    """Builds `product` of the root package (`package` None) or of the package at `package`
    in CONFIG, and returns the binary's path; every benchmark builds through here."""
    repo = os.path.dirname(BENCHMARKS)
    command = ["swift", "build", "-c", CONFIG]
    if package is None:
        command += ["--scratch-path", os.path.join(repo, ".build-bench" if CONFIG == "release" else ".build")]
    else:
        command += ["--package-path", package]
    log("building %s (%s) ..." % (product, CONFIG))
    subprocess.run(command + ["--product", product], cwd=repo, check=True, stdout=sys.stderr)
    bin_path = subprocess.run(command + ["--show-bin-path"], cwd=repo, check=True, capture_output=True,
                              text=True).stdout.strip()
    return os.path.join(bin_path, product)


def build_collate():
    """The collate every benchmark that runs collate uses (`build_product`)."""
    return build_product("collate")


def timed(command):
    """Runs `command` with its output thrown away: (wall seconds, CPU seconds of the child,
    user + system)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        subprocess.run(command, stdout=sink, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def ratio(numerator, denominator):
    """numerator / denominator, or NaN (printed "nan") when the denominator is 0: a time
    below the timer's resolution, as in `Benchmarks/run smoke`'s tiny inputs."""
    return numerator / denominator if denominator > 0 else float("nan")


def load_average():
    """The 1-minute load average, as text (`0.52`)."""
    try:
        return "%.2f" % os.getloadavg()[0]
    except OSError:
        return "unknown"


def machine():
    """`<CPU model> (<n> cores, <n> GiB RAM)`, from /proc/cpuinfo and /proc/meminfo."""
    model, cores, memory = "unknown CPU", 0, "unknown"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("processor"):
                    cores += 1
                elif line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
        with open("/proc/meminfo", encoding="utf-8") as meminfo:
            for line in meminfo:
                if line.startswith("MemTotal:"):
                    memory = "%.0f GiB" % (int(line.split()[1]) / 1024 / 1024)
    except OSError:
        pass
    return "%s (%s cores, %s RAM)" % (model, cores or os.cpu_count() or "?", memory)


def icu_version():
    """The system ICU that collate links (pkg-config icu-i18n)."""
    try:
        return subprocess.run(["pkg-config", "--modversion", "icu-i18n"], capture_output=True, text=True,
                              check=True).stdout.strip() or "unknown"
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def header(name, arguments, load_before, load_after):
    """The fragment's first line."""
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    command = shlex.join(["Benchmarks/run", name] + list(arguments))
    return "Measured %s on %s, load average %s → %s, ICU %s; reproduce: `%s`" % (
        when, machine(), load_before, load_after, icu_version(), command)


def escape(line):
    """A report line as the text of a Markdown list item, shown as written: backslashes,
    backticks, asterisks, `<` and underscores at a word's edge (not inside `ko_KR`) are
    escaped, and so is a first character that would start a heading, quote, list or rule."""
    line = re.sub(r"([\\`*<])", r"\\\1", line)
    line = re.sub(r"(?<![0-9A-Za-z])_|_(?![0-9A-Za-z])", r"\\_", line)
    line = re.sub(r"^([#>+=-])", r"\\\1", line)
    return re.sub(r"^(\d+)([.)])", r"\1\\\2", line)


def markdown(report, code=False):
    """Markdown for a plain-text report: tables kept, other lines a list or a code block."""
    groups = []
    for line in report.rstrip().splitlines():
        table = line.startswith("|")
        if groups and groups[-1][0] == table:
            groups[-1][1].append(line.rstrip())
        else:
            groups.append((table, [line.rstrip()]))
    parts = []
    for table, lines in groups:
        while lines and not lines[0]:
            lines.pop(0)
        while lines and not lines[-1]:
            lines.pop()
        if not lines:
            continue
        if table:
            parts.append("\n".join(lines))
        elif code:
            parts.append("```text\n%s\n```" % "\n".join(lines))
        else:
            parts.append("\n".join("- " + escape(line.strip()) for line in lines if line.strip()))
    return "\n\n".join(parts)


def write(name, arguments, body, load_before, load_after, subcommand=None):
    """Replaces Benchmarks/results/<name>.md with the header line and `body` (Markdown).
    `subcommand` is the Benchmarks/run subcommand when it differs from the file's name
    (`spill` writes spill-100M.md for 100M lines)."""
    if os.environ.get("COLLATE_BENCH_SMOKE") == "1":  # Benchmarks/run smoke: outputs checked, figures not kept
        print("result: not saved (smoke run)", file=sys.stderr)
        return
    os.makedirs(RESULTS, exist_ok=True)
    text = "%s\n\n%s\n" % (header(subcommand or name, arguments, load_before, load_after), body.strip("\n"))
    target = os.path.join(RESULTS, name + ".md")
    descriptor, temporary = tempfile.mkstemp(prefix="." + name + ".", suffix=".partial", dir=RESULTS)
    try:
        with os.fdopen(descriptor, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, target)
    except BaseException:
        os.unlink(temporary)
        raise
    print("result: %s" % os.path.relpath(target, os.path.dirname(BENCHMARKS)), file=sys.stderr)


def publish(name, report, load_before, load_after, subcommand=None):
    """Prints a benchmark's report lines and saves them, as Markdown, as
    Benchmarks/results/<name>.md (see `write`), with the script's own arguments."""
    text = "\n".join(report)
    print(text)
    write(name, sys.argv[1:], markdown(text), load_before, load_after, subcommand=subcommand)


def main():
    own, arguments = sys.argv[1:], []
    if "--" in own:  # the subcommand's arguments, as given, for the "reproduce" command
        own, arguments = own[:own.index("--")], own[own.index("--") + 1:]
    parser = argparse.ArgumentParser(usage="%(prog)s NAME --load-before L --load-after L [--code] -- ARGUMENTS… <report",
                                     description="Saves a benchmark report read from standard input as "
                                     "Benchmarks/results/NAME.md.")
    parser.add_argument("name", help="the Benchmarks/run subcommand")
    parser.add_argument("--load-before", required=True, help="1-minute load average before the runs")
    parser.add_argument("--load-after", required=True, help="1-minute load average after the runs")
    parser.add_argument("--code", action="store_true", help="non-table lines as one code block, not a list")
    options = parser.parse_args(own)
    report = sys.stdin.read()
    if not report.strip():
        raise SystemExit("results.py: empty report for %s, nothing written" % options.name)
    write(options.name, arguments, markdown(report, options.code), options.load_before, options.load_after)

if __name__ == "__main__":
    main()
