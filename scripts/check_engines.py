#!/usr/bin/env python3
"""The checks behind scripts/check-engines (run that; it installs and starts what this needs).

For each option set: `collate --format tsv` is the expected output; `--format csv
--with-keys` (one run, and the input split into parts keyed with --position-offset) is
loaded into each engine, ordered by the key as bytes, and written back as
`section<TAB>record`, which must equal the expected output byte for byte.
"""
import argparse
import os
import random
import subprocess
import sys
import time
import unicodedata

OPTION_SETS = [
    ["--locale", "ko_KR"],
    ["--locale", "en_US", "--field", "2"],
    ["--locale", "ja_JP", "--field", "1", "--reading-field", "2", "--reverse"],
    ["--locale", "de", "--ignore-punctuation", "--numeric"],
]


def hostile_input(count, seed=13):
    """Lines full of what engines and CSV readers like to change, with many ties."""
    rng = random.Random(seed)
    words = ["Müller", "Muller", "MÜLLER", "Ångström", "김민준", "까치", "山田", "やまだ", "Smith", "smith", "file10", "file2",
             "Zoë", unicodedata.normalize("NFD", "Zoë"), "é", "e\u0301", "Ŝ", "10", "2"]
    specials = ["", " ", "  lead", "trail  ", "\\N", "NULL", "null", "\\", "back\\slash\\", "a\\tb", "\"", "\"quoted\"",
                "say \"hi\"", "a,b", ",", "a\rb", "\r", "\ufeffbom", "\ufeff", "#", "\\.", "x\u00a0y", "tab\tinside"]
    lines = []
    for index in range(count):
        roll = rng.random()
        if roll < 0.3:
            first = rng.choice(specials)
        elif roll < 0.32:
            first = "김" * rng.randint(200, 400) + rng.choice(words)  # long records
        else:
            first = rng.choice(words)
        second = rng.choice(words + specials)
        lines.append(first if rng.random() < 0.2 else f"{first}\t{second}")
    text = "\ufeff" + "\n".join(lines) + "\n"
    return text.encode("utf-8")


def run(command, **kwargs):
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, **kwargs)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(map(str, command))} failed ({result.returncode}): {result.stderr.decode(errors='replace')}")
    return result.stdout


def keyed_parts(collate, options, path, parts, work, name):
    """`--format csv --with-keys` of `path` split into `parts` line-wise parts (first part
    without an offset, so the file's byte order mark is dropped as in one run)."""
    data = open(path, "rb").read()
    lines = data.split(b"\n")[:-1]
    size = max(1, len(lines) // parts + 1)
    rows = []
    for number, start in enumerate(range(0, len(lines), size)):
        part = os.path.join(work, f"{name}.part{number}")
        with open(part, "wb") as out:
            out.write(b"".join(line + b"\n" for line in lines[start:start + size]))
        offset = [] if start == 0 else ["--position-offset", str(start)]
        csv = run([collate, *options, "--format", "csv", "--with-keys", *offset, part])
        header, _, body = csv.partition(b"\r\n")
        rows.append(body)
    return header + b"\r\n" + b"".join(rows)


def check_postgres(csv_path, expected, label):
    psql = [os.environ["CHECK_PSQL"], "-X", "-q", "-v", "ON_ERROR_STOP=1", "-At"]
    run(psql + ["-c", "DROP TABLE IF EXISTS keyed; CREATE TABLE keyed (section text, key text, stamp text, record text)"])
    with open(csv_path, "rb") as data:
        run(psql + ["-c", "COPY keyed FROM STDIN WITH (FORMAT csv, HEADER)"], stdin=data)
    run(psql + ["-c", "ALTER TABLE keyed ADD COLUMN sort_key bytea; UPDATE keyed SET sort_key = decode(key, 'hex');"
                      "CREATE UNIQUE INDEX keyed_sort_key ON keyed (sort_key)"])
    # Hex of every output line: nothing on the way back can change a byte.
    for plan in ("SET enable_sort = on", "SET enable_seqscan = off; SET enable_sort = off"):
        hex_lines = run(psql + ["-c", f"{plan}; SELECT encode(convert_to(section || E'\\t' || record || E'\\n', 'UTF8'), 'hex') "
                                       "FROM keyed ORDER BY sort_key"])
        got = b"".join(bytes.fromhex(line) for line in hex_lines.decode("ascii").split())
        report("postgres", f"{label} ({'index scan' if 'seqscan' in plan else 'sort'})", got, expected)


def check_duckdb(csv_path, expected, label):
    import duckdb
    con = duckdb.connect()
    rows = con.execute(
        "SELECT section, record FROM read_csv(?, all_varchar = true, header = true, delim = ',', quote = '\"', "
        "escape = '\"', allow_quoted_nulls = false) ORDER BY from_hex(key)", [csv_path]).fetchall()
    got = b"".join(f"{section}\t{'<NULL>' if record is None else record}\n".encode("utf-8") for section, record in rows)
    report("duckdb", label, got, expected)


def check_spark_csv(spark, csv_path, expected, label):
    from pyspark.sql import functions as F
    frame = spark.read.csv("file://" + os.path.abspath(csv_path), header=True, multiLine=True, escape='"', mode="FAILFAST")
    # Spark reads "" as NULL whatever the quoting; collate never writes NULL, so NULL is "".
    rows = frame.orderBy(F.unhex("key")).select("section", F.coalesce("record", F.lit("")).alias("record")).collect()
    got = b"".join(f"{row.section}\t{'<NULL>' if row.record is None else row.record}\n".encode("utf-8") for row in rows)
    report("spark", label, got, expected)


FAILURES = []


def report(engine, label, got, expected):
    if got == expected:
        print(f"ok    {engine:8} {label}")
        return
    got_lines, expected_lines = got.split(b"\n"), expected.split(b"\n")
    differ = sum(1 for a, b in zip(got_lines, expected_lines) if a != b) + abs(len(got_lines) - len(expected_lines))
    first = next((i for i, (a, b) in enumerate(zip(got_lines, expected_lines)) if a != b), min(len(got_lines), len(expected_lines)))
    print(f"FAIL  {engine:8} {label}: {differ} lines differ; first at line {first + 1}: "
          f"{got_lines[first][:80] if first < len(got_lines) else b'<end>'!r} vs "
          f"{expected_lines[first][:80] if first < len(expected_lines) else b'<end>'!r}")
    FAILURES.append(f"{engine} {label}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--collate", required=True)
    parser.add_argument("--only", default="postgres,duckdb,spark")
    parser.add_argument("--work", required=True)
    parser.add_argument("--lines", type=int, default=3000)
    parser.add_argument("--spark-example", required=True)
    parser.add_argument("--spark-lines", type=int, default=0,
                        help="also run the Spark example on this many lines (0: no); 1M or more shuffles")
    arguments = parser.parse_args()
    engines = set(arguments.only.split(","))
    started = time.time()

    input_path = os.path.join(arguments.work, "input.txt")
    with open(input_path, "wb") as out:
        out.write(hostile_input(arguments.lines))
    cases = []
    for number, options in enumerate(OPTION_SETS):
        expected = run([arguments.collate, *options, "--format", "tsv", input_path])
        one = os.path.join(arguments.work, f"one{number}.csv")
        with open(one, "wb") as out:
            out.write(run([arguments.collate, *options, "--format", "csv", "--with-keys", input_path]))
        parts = os.path.join(arguments.work, f"parts{number}.csv")
        with open(parts, "wb") as out:
            out.write(keyed_parts(arguments.collate, options, input_path, 5, arguments.work, f"in{number}"))
        for path, kind in ((one, "one run"), (parts, "5 parts")):
            cases.append((path, expected, f"{' '.join(options)}, {kind}"))
        os.chmod(one, 0o644)
        os.chmod(parts, 0o644)

    if "postgres" in engines:
        for path, expected, label in cases:
            check_postgres(path, expected, label)
    if "duckdb" in engines:
        for path, expected, label in cases:
            check_duckdb(path, expected, label)
    if "spark" in engines:
        from pyspark.sql import SparkSession
        spark = (SparkSession.builder.master("local[2]").appName("check-engines")
                 .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false")
                 .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
                 .getOrCreate())
        spark.sparkContext.setLogLevel("ERROR")
        try:
            for path, expected, label in cases:
                check_spark_csv(spark, path, expected, label)
        finally:
            spark.stop()
        for number in (0, 2):
            options = OPTION_SETS[number]
            output = os.path.join(arguments.work, f"spark{number}.tsv")
            run([sys.executable, arguments.spark_example, "--collate", arguments.collate, "--partitions", "4", *options,
                 input_path, output], env={k: v for k, v in os.environ.items() if not k.startswith("LC_") and k != "LANG"})
            expected = run([arguments.collate, *options, "--format", "tsv", input_path])
            report("spark", f"collate_spark.py {' '.join(options)}", open(output, "rb").read(), expected)
        if arguments.spark_lines > 0:
            # Large enough that Spark shuffles blocks between tasks (the small inputs above
            # fit one block and never exercise the shuffle's network path).
            big = os.path.join(arguments.work, "big.txt")
            with open(big, "wb") as out:
                out.write(hostile_input(arguments.spark_lines, seed=29))
            output = os.path.join(arguments.work, "spark-big.tsv")
            options = OPTION_SETS[0]
            began = time.time()
            run([sys.executable, arguments.spark_example, "--collate", arguments.collate, "--partitions", "8", *options,
                 big, output], env={k: v for k, v in os.environ.items() if not k.startswith("LC_") and k != "LANG"})
            took = time.time() - began
            expected = run([arguments.collate, *options, "--format", "tsv", big])
            report("spark", f"collate_spark.py {' '.join(options)} on {arguments.spark_lines} lines ({took:.0f} s)",
                   open(output, "rb").read(), expected)

    print(f"check-engines: {len(FAILURES)} failure(s), {time.time() - started:.0f} s")
    sys.exit(1 if FAILURES else 0)


if __name__ == "__main__":
    main()
