#!/usr/bin/env python3
"""Sort a large list with Spark exactly like `collate`, using collate's storage keys.

    python3 Examples/Spark/collate_spark.py --collate PATH [collate options] INPUT OUTPUT

OUTPUT is byte-identical to `collate [collate options] --format tsv INPUT`.

How: records are numbered globally (zipWithIndex); each partition is piped through
`collate … --format tsv --with-keys --position-offset <index of its first record>`, so
ties break by global position and every key is unique; the keyed rows are sorted by key
(bytewise, as Spark sorts `binary`) and written to one file as `section<TAB>record`.

What matters for byte-identical results:
- Lines are split at LF only (Hadoop's default text input also splits at a bare CR);
  a CR before the LF is left on the record and collate strips it, as it does for a file.
  A file with CRs and no LF at all is split at CR, like collate does.
- A U+FEFF at the very start of INPUT is a byte order mark and is dropped (collate does
  the same); at the start of any other partition it is data, which `--position-offset`
  tells collate.
- The locale is passed explicitly: collate runs with an empty environment on the
  executors, so the locale is resolved here, on the driver, the way collate resolves it
  (LC_ALL, LC_COLLATE, LANG, else en) unless --locale is given.
- All partitions must report the same key stamp; otherwise the keys are not comparable
  and the job stops.

Job options (before the collate options): --partitions N (default 4) splits the input
into about N parts; --master URL (default local[*]; a local master keeps the driver and
the shuffle on 127.0.0.1).
"""
import os
import subprocess
import sys
import tempfile


def usage(message):
    sys.stderr.write(f"collate_spark: {message}\n"
                     "usage: collate_spark.py --collate PATH [--partitions N] [--master URL] "
                     "[collate options] INPUT OUTPUT\n")
    sys.exit(64)


def parse_arguments(argv):
    collate, partitions, master, options = None, 4, "local[*]", []
    arguments = list(argv)
    while arguments:
        argument = arguments.pop(0)
        if argument == "--collate" and arguments:
            collate = arguments.pop(0)
        elif argument == "--partitions" and arguments:
            partitions = int(arguments.pop(0))
        elif argument == "--master" and arguments:
            master = arguments.pop(0)
        else:
            options.append(argument)
    if collate is None:
        usage("--collate PATH is required")
    if len(options) < 2:
        usage("INPUT and OUTPUT are required")
    *options, input_path, output_path = options
    for forbidden in ("--format", "-o", "--output", "--with-keys", "--position-offset"):
        if any(option == forbidden or option.startswith(forbidden + "=") for option in options):
            usage(f"{forbidden} is set by the job")
    return os.path.abspath(collate), max(1, partitions), master, options, input_path, output_path


def has_locale(options):
    return any(o in ("--locale", "-l") or o.startswith("--locale=") or (o.startswith("-l") and len(o) > 2)
               for o in options)


def driver_locale(environment):
    """The locale collate would take from this environment."""
    for name in ("LC_ALL", "LC_COLLATE", "LANG"):
        value = environment.get(name, "")
        if value:
            base = value.split(".", 1)[0]
            return "en" if base in ("C", "POSIX") else value
    return "en"


def keyed_partition(collate, options):
    """Runs collate over one partition of (record, global index) pairs."""

    def run(pairs):
        pairs = list(pairs)
        if not pairs:
            return []
        offset = pairs[0][1]
        with tempfile.NamedTemporaryFile(prefix="collate-part-", suffix=".txt") as part:
            for record, _ in pairs:
                part.write(record.encode("utf-8"))
                part.write(b"\n")
            part.flush()
            command = [collate, *options, "--format", "tsv", "--with-keys", "--position-offset", str(offset), part.name]
            # An empty environment: nothing but the explicit options decides the result.
            result = subprocess.run(command, env={}, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if result.returncode != 0:
            raise RuntimeError(f"collate failed (exit {result.returncode}): {result.stderr.decode('utf-8', 'replace')}")
        rows = []
        for line in result.stdout.split(b"\n")[:-1]:
            section, key, stamp, record = line.split(b"\t", 3)
            rows.append((bytes.fromhex(key.decode("ascii")), section, stamp, record))
        if len(rows) != len(pairs):
            raise RuntimeError(f"collate returned {len(rows)} rows for {len(pairs)} records")
        return rows

    return run


def main(argv):
    collate, partitions, master, options, input_path, output_path = parse_arguments(argv)
    if not has_locale(options):
        options = ["--locale", driver_locale(os.environ), *options]

    from pyspark import SparkConf, SparkContext, StorageLevel

    size = os.path.getsize(input_path)
    conf = (SparkConf().setMaster(master).setAppName("collate_spark")
            .set("spark.ui.enabled", "false").set("spark.ui.showConsoleProgress", "false"))
    if master.startswith("local"):
        # In local mode the driver and its executors are one JVM: keep the driver and the
        # shuffle's block manager on loopback. Binding to 127.0.0.1 alone is not enough: a
        # shuffle then fetches blocks from the host's own network address, which a
        # sandboxed or firewalled machine refuses. On a cluster, executors must reach the
        # driver, so Spark's defaults stay.
        conf = conf.set("spark.driver.host", "127.0.0.1").set("spark.driver.bindAddress", "127.0.0.1")
    sc = SparkContext(conf=conf)
    sc.setLogLevel("ERROR")
    try:
        hadoop = {
            # Split at LF only; Hadoop's default also ends lines at a bare CR.
            "textinputformat.record.delimiter": "\n",
            "mapreduce.input.fileinputformat.split.maxsize": str(max(1, size // partitions + 1)),
        }
        lines = sc.newAPIHadoopFile(
            "file://" + os.path.abspath(input_path), "org.apache.hadoop.mapreduce.lib.input.TextInputFormat",
            "org.apache.hadoop.io.LongWritable", "org.apache.hadoop.io.Text", conf=hadoop).map(lambda pair: pair[1])
        first = lines.take(1)
        if first and "\r" in first[0] and lines.count() == 1:
            # No LF anywhere: collate splits such a file at CR (a last empty piece is no line).
            text = first[0]
            pieces = text.split("\r")
            if pieces and pieces[-1] == "":
                pieces.pop()
            lines = sc.parallelize(pieces, partitions)
        # The file's byte order mark, as collate drops it; elsewhere U+FEFF is data.
        numbered = lines.zipWithIndex().map(lambda p: (p[0][1:] if p[1] == 0 and p[0].startswith("\ufeff") else p[0], p[1]))
        # Kept: the stamp check, the sort's sampling and the sort itself all read it.
        keyed = numbered.mapPartitions(keyed_partition(collate, options)).persist(StorageLevel.MEMORY_AND_DISK)
        stamps = keyed.map(lambda row: row[2]).distinct().collect()
        if len(stamps) > 1:
            raise RuntimeError(f"partitions made keys with different stamps: {stamps}")
        ordered = keyed.sortBy(lambda row: row[0], numPartitions=partitions)
        temporary = output_path + ".tmp-collate-spark"
        with open(temporary, "wb") as out:
            for _, section, _, record in ordered.toLocalIterator():
                out.write(section + b"\t" + record + b"\n")
        os.replace(temporary, output_path)
    finally:
        sc.stop()


if __name__ == "__main__":
    main(sys.argv[1:])
