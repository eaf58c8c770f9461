#!/usr/bin/python3
"""collate against its peers, whole processes, in one run (`Benchmarks/run pipeline`).

Builds collate in release mode (`swift build -c release --product collate --scratch-path
.build-bench`, so it never waits for the shared .build lock) and the Foundation peer
(FoundationSortBenchmark in Benchmarks/Package.swift), makes the corpora it needs with
Benchmarks/generate-corpus.py (once: Benchmarks/corpus/<lang>-<size>.txt, reused), then,
for every language and size, runs the peers round-robin (collate, PyICU, sort, Foundation,
then again, --rounds times), each as a whole process under /usr/bin/time -f '%e %M'
(wall seconds, peak RSS KB), output written to a file. Reported: the median wall time
and the median peak RSS of the rounds, and the ratio peer time / collate time (above 1:
collate is faster).

Peers:
  collate     collate --locale L --format tsv FILE (ja: --field 1 --reading-field 2)
  PyICU       Benchmarks/peers/pyicu_collate.py: the same job (sections and order) on
              PyICU; its output must be byte-identical to collate's (cmp after every
              round), otherwise the row is a FAILURE and the run exits 1
  GNU sort    LC_ALL=<glibc locale> sort FILE: sorts whole lines only, no sections
  C sort      LC_ALL=C sort FILE: byte order (not locale-correct), the floor a locale sort
              is held to
  DuckDB      Benchmarks/peers/duckdb_sort.py: ORDER BY line COLLATE <language> in an
              in-memory DuckDB (pip duckdb, installed into .build-bench/peers-venv if no
              python3 on PATH has it), Python start included
  Node        Benchmarks/peers/node_collator.js: Intl.Collator(<locale>).compare (Node's ICU)
  ICU4J       Benchmarks/peers/ICU4JSort.java: one RawCollationKey per line (apt
              libicu4j-java), compiled into .build-bench/peers
  Go x/text   Benchmarks/peers/gotext: golang.org/x/text/collate SortStrings (apt golang-go,
              golang-golang-x-text-dev), built into .build-bench/peers
  PostgreSQL  psql: \copy the lines into a temporary table, \copy them out ORDER BY line
              COLLATE "<language>-x-icu" (apt postgresql; a throwaway cluster is started
              for the run, unix socket only, and stopped at exit). The server's CPU and
              memory are not the timed process's: the row's CPU and RSS are psql's alone,
              its wall time is the whole job's
  A peer whose tools are missing and cannot be installed is skipped with a note. The
  sort-only peers' order is compared with collate's records (the tsv's second column) on
  corpora without field flags: "same order" or where it first differs (not a failure:
  other ICU/CLDR versions may differ).
  Foundation  FoundationSortBenchmark: sorts the first --foundation-cap lines with
              String.compare(_:options:range:locale:), timed in-process, and
              extrapolated to the full size by n*log2(n); no sections, no RSS figure

The last line of the report is
  1M ko: <s> s, <MB> MB; vs PyICU <x>x, vs sort <y>x
(collate's median wall time and peak RSS on 1M Korean names, and the two speed ratios).
A run without failures also saves the figures as Markdown, one table row per corpus, in
Benchmarks/results/pipeline.md (see results.py).
"""

import argparse
import atexit
import datetime
import glob
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import zipfile

import results

BENCHMARKS = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(BENCHMARKS)
CORPUS_DIR = os.path.join(BENCHMARKS, "corpus")
SCRATCH = os.path.join(REPO, ".build-bench")
PYTHON = "/usr/bin/python3"
TIME = "/usr/bin/time"

# language -> (ICU locale for collate and PyICU, glibc locale for sort, extra collate flags)
LANGUAGES = {
    "ko": ("ko_KR", "ko_KR.UTF-8", []),
    "en": ("en_US", "en_US.UTF-8", []),
    "ja": ("ja_JP", "ja_JP.UTF-8", ["--field", "1", "--reading-field", "2"]),
    "zh": ("zh_CN", "zh_CN.UTF-8", []),
    "sv": ("sv_SE", "sv_SE.UTF-8", []),
    "mixed": ("en_US", "en_US.UTF-8", []),
    "ru": ("ru_RU", "ru_RU.UTF-8", []),
    # generated Korean names, about 98 % distinct (an address book's shape)
    "ko-names": ("ko_KR", "ko_KR.UTF-8", []),
    # generate-corpus.py LANG N --distinct: every line distinct
    "ko-distinct": ("ko_KR", "ko_KR.UTF-8", []),
    "ja-distinct": ("ja_JP", "ja_JP.UTF-8", ["--field", "1", "--reading-field", "2"]),
    "zh-distinct": ("zh_CN", "zh_CN.UTF-8", []),
    "en-distinct": ("en_US", "en_US.UTF-8", []),
    "ru-distinct": ("ru_RU", "ru_RU.UTF-8", []),
    "mixed-distinct": ("en_US", "en_US.UTF-8", []),
}
CORPUS_NAMES = {"ko": "Korean", "en": "English", "ja": "Japanese (kanji, reading field)", "zh": "Chinese",
                "sv": "Swedish", "mixed": "mixed scripts", "ru": "Russian",
                "ko-names": "Korean names, 98 % distinct",
                "ko-distinct": "Korean, every line distinct", "ja-distinct": "Japanese, every line distinct",
                "zh-distinct": "Chinese, every line distinct", "en-distinct": "English, every line distinct",
                "ru-distinct": "Russian, every line distinct", "mixed-distinct": "mixed scripts, every line distinct"}
PEERS = ["collate", "PyICU", "GNU sort", "C sort", "DuckDB", "PostgreSQL", "Node", "ICU4J", "Go x/text", "Foundation"]
SORT_ONLY = ["GNU sort", "C sort", "DuckDB", "PostgreSQL", "Node", "ICU4J", "Go x/text"]
PEER_NAMES = {"collate": "collate", "pyicu": "PyICU", "sort": "GNU sort", "csort": "C sort", "duckdb": "DuckDB",
              "postgres": "PostgreSQL", "node": "Node", "icu4j": "ICU4J", "gotext": "Go x/text", "foundation": "Foundation"}
PEERS_DIR = os.path.join(SCRATCH, "peers")


class Failure(Exception):
    pass


def size_label(n):
    if n % 1_000_000 == 0:
        return "%dM" % (n // 1_000_000)
    if n % 1_000 == 0:
        return "%dk" % (n // 1_000)
    return str(n)


def comma_list(text, convert=str):
    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items:
        raise argparse.ArgumentTypeError("empty list")
    return [convert(item) for item in items]


def positive_int(text):
    value = int(text.replace("_", ""))
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def parse_args(argv):
    ap = argparse.ArgumentParser(
        prog="Benchmarks/run pipeline",
        description="Times collate --format tsv against a PyICU implementation of the same "
        "job, GNU sort and a Foundation-comparator sort, whole processes under "
        "/usr/bin/time, round-robin, and prints a table (median wall time, peak RSS, "
        "ratio to collate). Exits 1 if a peer fails or PyICU's output is not "
        "byte-identical to collate's.",
        epilog="Corpora: Benchmarks/corpus/<lang>-<size>.txt, made by generate-corpus.py on "
        "first use and reused. Languages and locales: ko ko_KR, en en_US, ja ja_JP "
        "(name<TAB>reading; collate --field 1 --reading-field 2), zh zh_CN, sv sv_SE, "
        "ru ru_RU, mixed en_US, ko-names ko_KR (generated names, about 98 %% distinct), and ko-distinct, ja-distinct, zh-distinct, en-distinct, ru-distinct, "
        "mixed-distinct in the same locales (every line distinct: generate-corpus.py LANG N "
        "--distinct). Example: Benchmarks/run pipeline --langs ko,ja --sizes 1000000 --rounds 5")
    ap.add_argument("--langs", type=lambda t: comma_list(t), default=["ko", "en"], metavar="L,L",
                    help="corpus languages, comma-separated, from: %s (default: ko,en)"
                    % ", ".join(LANGUAGES))
    ap.add_argument("--sizes", type=lambda t: comma_list(t, positive_int),
                    default=[100_000, 1_000_000], metavar="N,N",
                    help="corpus sizes in lines, comma-separated (default: 100000,1000000; "
                    "10000000 works, but needs a few GB of disk and minutes per round)")
    ap.add_argument("--rounds", type=positive_int, default=3, metavar="N",
                    help="round-robin rounds per corpus; figures are medians (default: 3)")
    ap.add_argument("--foundation-cap", type=positive_int, default=20_000, metavar="N",
                    help="lines the Foundation peer actually sorts before extrapolating "
                    "(default: 20000)")
    ap.add_argument("--peers", type=lambda t: comma_list(t), metavar="P,P",
                    default=list(PEER_NAMES),
                    help="peers to run, from: %s (default: all; collate always runs)" % ", ".join(PEER_NAMES))
    a = ap.parse_args(argv)
    for lang in a.langs:
        if lang not in LANGUAGES:
            ap.error("unknown language %r (choose from %s)" % (lang, ", ".join(LANGUAGES)))
    names = PEER_NAMES
    for peer in a.peers:
        if peer not in names:
            ap.error("unknown peer %r (choose from %s)" % (peer, ", ".join(names)))
    a.peers = [p for p in PEERS if p == "collate" or p in {names[q] for q in a.peers}]
    return a


# --------------------------------------------------------------------------
# machine, versions, builds, corpora

def command_output(cmd, **kwargs):
    try:
        return subprocess.run(cmd, capture_output=True, text=True, check=True, **kwargs).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def memory_gb():
    try:
        with open("/proc/meminfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("MemTotal:"):
                    return "%.0f GB" % (int(line.split()[1]) / 1024 / 1024)
    except OSError:
        pass
    return "unknown"


def machine_lines():
    pyicu = command_output([PYTHON, "-c", "import icu; print(icu.ICU_VERSION, icu.VERSION)"]).split()
    glibc = command_output(["ldd", "--version"]).splitlines()
    swift = command_output(["swift", "--version"]).splitlines()
    sort_version = command_output(["sort", "--version"]).splitlines()
    return [
        "date: %s" % datetime.datetime.now().astimezone().strftime("%Y-%m-%d %H:%M %Z"),
        "machine: nproc %s, CPU %s, %s RAM, %s %s" % (
            command_output(["nproc"]), cpu_model(), memory_gb(), platform.system(), platform.release()),
        "ICU: system %s (pkg-config icu-i18n; collate links it), PyICU %s on ICU %s" % (
            command_output(["pkg-config", "--modversion", "icu-i18n"]),
            pyicu[1] if len(pyicu) > 1 else "?", pyicu[0] if pyicu else "?"),
        "tools: %s; %s; %s; Python %s" % (
            swift[0] if swift else "swift unknown", sort_version[0] if sort_version else "sort unknown",
            glibc[0] if glibc else "glibc unknown", platform.python_version()),
    ]


def load_average():
    try:
        return " ".join("%.2f" % x for x in os.getloadavg())
    except OSError:
        return "unknown"


def build():
    collate = results.build_collate()
    foundation = results.build_product("FoundationSortBenchmark", package=BENCHMARKS)
    for program in (collate, foundation):
        if not os.access(program, os.X_OK):
            raise Failure("build produced no %s" % program)
    return collate, foundation


def apt_install(packages):
    """Installs Debian packages (as the other benchmarks do for their peers); False if not."""
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    results.log("installing %s (apt-get) ..." % " ".join(packages))
    try:
        subprocess.run(sudo + ["apt-get", "install", "-y"] + packages, check=True, stdout=sys.stderr,
                       env=dict(os.environ, DEBIAN_FRONTEND="noninteractive"))
        return True
    except (OSError, subprocess.CalledProcessError):
        return False


def duckdb_python():
    """A Python with the duckdb package: python3 on PATH, else a venv in .build-bench."""
    venv = os.path.join(PEERS_DIR, "venv")
    for python in (shutil.which("python3"), os.path.join(venv, "bin", "python3")):
        if python and subprocess.run([python, "-c", "import duckdb"], capture_output=True).returncode == 0:
            return python
    results.log("installing duckdb (pip, into %s) ..." % os.path.relpath(venv, REPO))
    try:
        subprocess.run([PYTHON, "-m", "venv", venv], check=True, stdout=sys.stderr)
        subprocess.run([os.path.join(venv, "bin", "pip"), "install", "-q", "duckdb"], check=True, stdout=sys.stderr)
    except (OSError, subprocess.CalledProcessError) as e:
        raise Failure("duckdb could not be installed (%s)" % e)
    return os.path.join(venv, "bin", "python3")


class PostgresCluster:
    """A throwaway PostgreSQL cluster for the run: initdb and pg_ctl in a temporary
    directory (as `nobody` when run as root), unix socket only, fsync off; stopped and
    removed at exit."""

    def __init__(self):
        def installed():
            """The bin folders of the installed PostgreSQL versions, oldest first."""
            return sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: [int(x) for x in re.findall(r"\d+", p)])
        bins = installed()
        if not bins and apt_install(["postgresql"]):
            bins = installed()
        if not bins:
            raise Failure("postgresql is missing")
        self.bin = bins[-1]
        self.work = tempfile.mkdtemp(prefix="bench-pg.")
        os.chmod(self.work, 0o755)
        self.user = "nobody" if os.geteuid() == 0 else None
        self.data, self.socket = os.path.join(self.work, "pg"), os.path.join(self.work, "socket")
        for folder in (self.data, self.socket):
            os.makedirs(folder)
            if self.user:
                shutil.chown(folder, self.user)
        atexit.register(self.stop)
        self.as_server([os.path.join(self.bin, "initdb"), "-D", self.data, "-U", "bench", "-E", "UTF8", "--no-locale",
                        "-A", "trust"])
        self.as_server([os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-w", "-l", os.path.join(self.socket, "log"),
                        "-o", "-c listen_addresses='' -k %s -c fsync=off" % self.socket, "start"])

    def as_server(self, command):
        prefix = ["runuser", "-u", self.user, "--"] if self.user else []
        subprocess.run(prefix + command, check=True, stdout=subprocess.DEVNULL, stderr=sys.stderr)

    def stop(self):
        if os.path.exists(os.path.join(self.data, "postmaster.pid")):
            try:
                self.as_server([os.path.join(self.bin, "pg_ctl"), "-D", self.data, "-m", "immediate", "-w", "stop"])
            except (OSError, subprocess.CalledProcessError):
                pass
        shutil.rmtree(self.work, ignore_errors=True)

    def command(self, language, path, out):
        """psql loading `path` and writing it to `out` in the ICU collation's order."""
        def quoted(text):
            return "'%s'" % text.replace("'", "''")
        options = "(FORMAT csv, DELIMITER E'\\x01', QUOTE E'\\x02'%s)"
        return [os.path.join(self.bin, "psql"), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", self.socket, "-U", "bench",
                "-d", "postgres",
                "-c", "CREATE TEMPORARY TABLE t (line text)",
                "-c", "\\copy t FROM %s WITH %s" % (quoted(path), options % ", FORCE_NOT_NULL (line)"),
                "-c", "\\copy (SELECT line FROM t ORDER BY line COLLATE \"%s-x-icu\") TO %s WITH %s"
                % (language, quoted(out), options % "")]

    def version(self):
        return command_output([os.path.join(self.bin, "psql"), "--version"]).replace("psql (PostgreSQL) ", "")


def prepare_peers(peers):
    """Installs and builds the peers that need it: {peer: command prefix or Failure text}."""
    prepared = {}
    os.makedirs(PEERS_DIR, exist_ok=True)
    peer_sources = os.path.join(BENCHMARKS, "peers")
    for peer in peers:
        try:
            if peer == "DuckDB":
                prepared[peer] = [duckdb_python(), os.path.join(peer_sources, "duckdb_sort.py")]
            elif peer == "PostgreSQL":
                prepared[peer] = PostgresCluster()
            elif peer == "Node":
                if not shutil.which("node") and not apt_install(["nodejs"]):
                    raise Failure("node is missing")
                prepared[peer] = ["node", os.path.join(peer_sources, "node_collator.js")]
            elif peer == "ICU4J":
                jar = "/usr/share/java/icu4j.jar"
                if not (os.path.exists(jar) and shutil.which("javac")) and not apt_install(["libicu4j-java", "default-jdk-headless"]):
                    raise Failure("ICU4J or javac is missing")
                subprocess.run(["javac", "-d", PEERS_DIR, "-cp", jar, os.path.join(peer_sources, "ICU4JSort.java")],
                               check=True, stdout=sys.stderr)
                prepared[peer] = ["java", "-cp", "%s:%s" % (jar, PEERS_DIR), "ICU4JSort"]
            elif peer == "Go x/text":
                gopath = "/usr/share/gocode"
                if not (shutil.which("go") and os.path.isdir(os.path.join(gopath, "src/golang.org/x/text"))) \
                        and not apt_install(["golang-go", "golang-golang-x-text-dev"]):
                    raise Failure("go or golang.org/x/text is missing")
                binary = os.path.join(PEERS_DIR, "gotext")
                subprocess.run(["go", "build", "-o", binary, "."], cwd=os.path.join(peer_sources, "gotext"), check=True,
                               stdout=sys.stderr, env=dict(os.environ, GO111MODULE="off", GOPATH=gopath,
                                                           GOCACHE=os.path.join(PEERS_DIR, "gocache")))
                prepared[peer] = [binary]
        except (Failure, OSError, subprocess.CalledProcessError) as e:
            prepared[peer] = "skipped: %s" % e
    return prepared


def peer_versions(prepared):
    """One line naming the versions of the peers that run."""
    found = []
    if isinstance(prepared.get("DuckDB"), list):
        found.append("DuckDB %s" % command_output([prepared["DuckDB"][0], "-c", "import duckdb; print(duckdb.__version__)"]))
    if isinstance(prepared.get("PostgreSQL"), PostgresCluster):
        found.append("PostgreSQL %s" % prepared["PostgreSQL"].version())
    if isinstance(prepared.get("Node"), list):
        found.append("Node %s (ICU %s)" % (command_output(["node", "--version"]),
                                           command_output(["node", "-p", "process.versions.icu"])))
    if isinstance(prepared.get("ICU4J"), list):
        # The jar's manifest, not its file name (Debian's 72.1 package names it icu4j-60.2.jar).
        version = "?"
        try:
            with zipfile.ZipFile("/usr/share/java/icu4j.jar") as jar:
                for line in jar.read("META-INF/MANIFEST.MF").decode("utf-8", "replace").splitlines():
                    if line.startswith("Implementation-Version:"):
                        version = line.split(":", 1)[1].strip()
        except (OSError, KeyError, zipfile.BadZipFile):
            pass
        found.append("ICU4J %s" % version)
    if isinstance(prepared.get("Go x/text"), list):
        found.append("%s, x/text %s" % (command_output(["go", "version"]).replace("go version ", ""),
                                         command_output(["dpkg-query", "-W", "-f=${Version}", "golang-golang-x-text-dev"])))
    return "peers: " + ("; ".join(found) if found else "none beyond PyICU, sort and Foundation")


def line_count(path):
    count = 0
    with open(path, "rb") as f:
        while True:
            block = f.read(1 << 24)
            if not block:
                return count
            count += block.count(b"\n")


def corpus(lang, size):
    """Benchmarks/corpus/<lang>-<size>.txt, generated if missing (or of the wrong length)."""
    path = os.path.join(CORPUS_DIR, "%s-%s.txt" % (lang, size_label(size)))
    if os.path.exists(path) and line_count(path) == size:
        return path
    os.makedirs(CORPUS_DIR, exist_ok=True)
    results.log("generating %s ..." % os.path.relpath(path, REPO))
    partial = path + ".partial"
    generator = [lang, str(size)] if not lang.endswith("-distinct") else [lang[:-len("-distinct")], str(size), "--distinct"]
    with open(partial, "wb") as out:
        subprocess.run([PYTHON, os.path.join(BENCHMARKS, "generate-corpus.py")] + generator,
                       stdout=out, check=True)
    os.replace(partial, path)
    return path


def glibc_locale_works(name):
    result = subprocess.run(["locale", "charmap"], env=dict(os.environ, LC_ALL=name),
                            capture_output=True, text=True)
    return result.returncode == 0 and not result.stderr.strip() and result.stdout.strip() == "UTF-8"


# --------------------------------------------------------------------------
# timing

def timed(cmd, output_path, env=None):
    """Runs cmd under /usr/bin/time with stdout to output_path: (wall s, peak RSS KB, CPU s)."""
    with tempfile.NamedTemporaryFile("r", suffix=".time") as time_file, open(output_path, "wb") as out:
        result = subprocess.run([TIME, "-o", time_file.name, "-f", "%e %M %U %S"] + cmd,
                                stdout=out, stderr=subprocess.PIPE, env=env)
        figures = time_file.read().strip().splitlines()
    if result.returncode != 0:
        message = result.stderr.decode("utf-8", "replace").strip().splitlines()
        raise Failure("exit %d: %s" % (result.returncode, message[-1] if message else "no message"))
    wall, rss, user, system = figures[-1].split()
    return float(wall), int(rss), float(user) + float(system)


class Row:
    def __init__(self, lang, size, peer, note):
        self.lang, self.size, self.peer, self.note = lang, size, peer, note
        self.walls, self.rsses, self.cpus = [], [], []
        self.order = None
        self.failure = None
        self.rss_known = True

    def median_wall(self):
        return statistics.median(self.walls) if self.walls else None

    def median_cpu(self):
        return statistics.median(self.cpus) if self.cpus else None

    def median_rss_mb(self):
        return statistics.median(self.rsses) / 1024 if self.rsses and self.rss_known else None


def first_difference(path_a, path_b):
    """The first line number where two files differ, or None when they are identical."""
    with open(path_a, "rb") as a, open(path_b, "rb") as b:
        for number, (line_a, line_b) in enumerate(zip(a, b), start=1):
            if line_a != line_b:
                return number
        rest_a, rest_b = a.read(1), b.read(1)
    return None if rest_a == rest_b else number + 1


def collate_records(tsv_path, out_path):
    """collate's records in output order (the tsv's second column), for order checks."""
    with open(tsv_path, "rb") as tsv, open(out_path, "wb") as out:
        for line in tsv:
            out.write(line.split(b"\t", 1)[1])


def run_corpus(lang, size, args, programs, workdir, prepared):
    collate, foundation = programs
    locale, glibc_locale, extra = LANGUAGES[lang]
    path = corpus(lang, size)
    outputs = {peer: os.path.join(workdir, "%s-%s.%s.out" % (lang, size_label(size), peer.replace(" ", "-").replace("/", "-")))
               for peer in PEERS}
    commands = {
        "collate": [collate, "--locale", locale, "--format", "tsv"] + extra + [path],
        "PyICU": [PYTHON, os.path.join(BENCHMARKS, "peers", "pyicu_collate.py"), "--locale", locale] + extra + [path],
        "GNU sort": ["sort", path],
        "Foundation": [foundation, "--locale", locale, "--cap", str(args.foundation_cap), path],
        "C sort": ["sort", path],
    }
    language = locale.split("_")[0]
    for peer, arguments in (("DuckDB", ["--locale", language, path, outputs["DuckDB"]]), ("Node", [locale.replace("_", "-"), path]),
                            ("ICU4J", [locale, path]), ("Go x/text", [language, path])):
        if isinstance(prepared.get(peer), list):
            commands[peer] = prepared[peer] + arguments
    if isinstance(prepared.get("PostgreSQL"), PostgresCluster):
        commands["PostgreSQL"] = prepared["PostgreSQL"].command(language, path, outputs["PostgreSQL"])
    rows = {
        "collate": Row(lang, size, "collate", "sections + sort, tsv to a file"),
        "PyICU": Row(lang, size, "PyICU", "sections + sort, tsv; byte-identical to collate"),
        "GNU sort": Row(lang, size, "GNU sort", "sort only, no sections (LC_ALL=%s)" % glibc_locale),
        "Foundation": Row(lang, size, "Foundation", "sort only, no sections; extrapolated from %s"
                          % min(args.foundation_cap, size)),
        "C sort": Row(lang, size, "C sort", "byte order only (LC_ALL=C), not locale-correct"),
        "DuckDB": Row(lang, size, "DuckDB", "ORDER BY line COLLATE %s, from Python" % language),
        "PostgreSQL": Row(lang, size, "PostgreSQL", "ORDER BY line COLLATE \"%s-x-icu\", psql's CPU and RSS only" % language),
        "Node": Row(lang, size, "Node", "Intl.Collator sort only"),
        "ICU4J": Row(lang, size, "ICU4J", "RawCollationKey sort only"),
        "Go x/text": Row(lang, size, "Go x/text", "x/text/collate sort only"),
    }
    for peer, prefix in prepared.items():
        if isinstance(prefix, str):
            rows[peer].failure = prefix
    envs = {"GNU sort": dict(os.environ, LC_ALL=glibc_locale), "C sort": dict(os.environ, LC_ALL="C")}
    records = os.path.join(workdir, "collate-records.txt")
    rows["Foundation"].rss_known = False
    if "GNU sort" in args.peers and not glibc_locale_works(glibc_locale):
        rows["GNU sort"].failure = "skipped: glibc locale %s not installed (locale -a)" % glibc_locale

    for round_number in range(1, args.rounds + 1):
        results.log("%s %s round %d/%d" % (lang, size_label(size), round_number, args.rounds))
        for peer in args.peers:
            row = rows[peer]
            if row.failure:
                continue
            try:
                wall, rss, cpu = timed(commands[peer], outputs[peer], env=envs.get(peer))
                if peer == "PyICU" and not rows["collate"].failure:
                    same = subprocess.run(["cmp", "-s", outputs["collate"], outputs["PyICU"]]).returncode == 0
                    if not same:
                        detail = subprocess.run(["cmp", outputs["collate"], outputs["PyICU"]],
                                                capture_output=True, text=True)
                        raise Failure("output differs from collate's (%s)" % (
                            detail.stdout.strip() or detail.stderr.strip()))
                if peer in SORT_ONLY and line_count(outputs[peer]) != size:
                    raise Failure("sort printed %d lines for %d" % (line_count(outputs[peer]), size))
                if peer == "Foundation":
                    with open(outputs[peer], encoding="utf-8") as f:
                        fields = dict(item.split("=", 1) for item in f.read().split()[1:])
                    wall = float(fields["extrapolated"])
                    cpu = None
                if peer == "collate" and round_number == 1 and not extra:
                    collate_records(outputs[peer], records)
                if peer in SORT_ONLY and round_number == 1 and not extra and os.path.exists(records):
                    difference = first_difference(records, outputs[peer])
                    row.order = "same order as collate" if difference is None else "order differs from line %d" % difference
            except (Failure, OSError, ValueError, KeyError) as e:
                row.failure = "FAILURE: %s" % e
                continue
            row.walls.append(wall)
            row.rsses.append(rss)
            if cpu is not None:
                row.cpus.append(cpu)
    for output in list(outputs.values()) + [records]:
        if os.path.exists(output):
            os.remove(output)
    return [rows[peer] for peer in args.peers]


# --------------------------------------------------------------------------
# report

def table(rows):
    header = ["language", "size", "peer", "median wall s", "CPU s", "peak RSS MB", "ratio", "runs (wall s)", "notes"]
    body = []
    collate_time = {}
    for row in rows:
        if row.peer == "collate" and not row.failure:
            collate_time[(row.lang, row.size)] = row.median_wall()
    for row in rows:
        if row.failure:
            body.append([row.lang, size_label(row.size), row.peer, "-", "-", "-", "-", "-", row.failure])
            continue
        wall = row.median_wall()
        base = collate_time.get((row.lang, row.size))
        ratio = "%.1fx" % (wall / base) if base else "-"
        if row.peer == "collate":
            ratio = "1.0x"
        rss = row.median_rss_mb()
        runs = " ".join("%.2f" % w for w in row.walls)
        cpu = row.median_cpu()
        note = row.note + ("; " + row.order if row.order else "")
        body.append([row.lang, size_label(row.size), row.peer, "%.2f" % wall, "%.2f" % cpu if cpu is not None else "-",
                     "%.1f" % rss if rss is not None else "-", ratio, runs, note])
    widths = [max(len(r[i]) for r in [header] + body) for i in range(len(header))]
    right = {3, 4, 5, 6}

    def fmt(cells):
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    lines = [fmt(header), fmt(["-" * w for w in widths])]
    previous = None
    for row, cells in zip(rows, body):
        if previous is not None and (row.lang, row.size) != previous:
            lines.append("")
        previous = (row.lang, row.size)
        lines.append(fmt(cells))
    return "\n".join(lines)


def summary(rows):
    by_peer = {row.peer: row for row in rows if row.lang == "ko" and row.size == 1_000_000}
    collate = by_peer.get("collate")
    if collate is None:
        return "1M ko: not measured (run with ko in --langs and 1000000 in --sizes)"
    if collate.failure:
        return "1M ko: collate %s" % collate.failure

    def ratio(peer):
        row = by_peer.get(peer)
        if row is None:
            return "not measured"
        if row.failure:
            return "FAILED"
        return "%.1fx" % (row.median_wall() / collate.median_wall())

    return "1M ko: %.2f s, %.0f MB; vs PyICU %s, vs sort %s, vs DuckDB %s, vs LC_ALL=C sort %s" % (
        collate.median_wall(), collate.median_rss_mb(), ratio("PyICU"), ratio("GNU sort"), ratio("DuckDB"), ratio("C sort"))


def markdown(rows, args):
    """The figures as Markdown for README.md: a row per corpus with collate's median wall
    time and peak RSS, and for every other peer its ratio to collate, time and RSS."""
    peers = [peer for peer in args.peers if peer != "collate"]
    headings = {"PyICU": "PyICU (same output)", "GNU sort": "GNU `sort` (sorts only)",
                "C sort": "`LC_ALL=C sort` (bytes)", "DuckDB": "DuckDB `COLLATE`",
                "PostgreSQL": "PostgreSQL `COLLATE` (psql)", "Node": "Node `Intl.Collator`",
                "ICU4J": "ICU4J keys", "Go x/text": "Go x/text",
                "Foundation": "Foundation (sorts only, extrapolated)"}
    lines = ["| corpus, `--format tsv` | collate | peak RSS | %s |" % " | ".join(headings[peer] for peer in peers),
             "|---" * (3 + len(peers)) + "|"]
    corpora = {}
    for row in rows:
        corpora.setdefault((row.lang, row.size), {})[row.peer] = row
    for (lang, size), by_peer in corpora.items():
        collate = by_peer["collate"]
        cells = ["%s %s" % (size_label(size), CORPUS_NAMES[lang]),
                 "%.2f s (CPU %.2f s)" % (collate.median_wall(), collate.median_cpu()), "%.0f MB" % collate.median_rss_mb()]
        for peer in peers:
            row = by_peer[peer]
            if row.failure:
                cells.append(row.failure)
                continue
            ratio = "%.1f×" % (row.median_wall() / collate.median_wall()) if collate.median_wall() else "-"
            rss = row.median_rss_mb()
            cpu = row.median_cpu()
            cells.append("%s (%.2f s%s%s)" % (ratio, row.median_wall(), ", CPU %.2f s" % cpu if cpu is not None else "",
                                              ", %.0f MB" % rss if rss is not None else ""))
        lines.append("| %s |" % " | ".join(cells))
    lines.append("")
    rounds = "medians of %d alternating rounds" % args.rounds if args.rounds > 1 else "one round"
    lines.append("- %s, whole processes under `/usr/bin/time`; N× = the peer's wall time / collate's "
                 "(above 1: collate is faster)" % rounds)
    identical = [row for row in rows if row.peer == "PyICU" and not row.failure]
    if identical:
        lines.append("- PyICU's output is byte-identical to collate's (`cmp`, every round): %s" % ", ".join(
            "%s %s" % (row.lang, size_label(row.size)) for row in identical))
    if any(peer in SORT_ONLY + ["Foundation"] for peer in peers):
        lines.append("- CPU = user + system time; every peer but PyICU sorts whole lines only (no sections); Foundation sorts at most "
                     "the first %d lines in-process with `compare(_:options:range:locale:)` and scales the "
                     "time to the whole corpus by n·log₂ n" % args.foundation_cap)
    same = ["%s %s %s" % (row.peer, row.lang, size_label(row.size)) for row in rows if row.order == "same order as collate"]
    other = ["%s %s %s (%s)" % (row.peer, row.lang, size_label(row.size), row.order) for row in rows
             if row.order and row.order != "same order as collate"]
    order = "; in collate's order: %s" % (", ".join(same) or "none") if same or other else ""
    order += "; other order: %s" % ", ".join(other) if other else ""
    lines.append("- " + results.escape(args.peer_versions + order))
    lines.append("- " + results.escape(summary(rows)))
    return "\n".join(lines)


def main(argv):
    args = parse_args(argv)
    for tool in (TIME, PYTHON):
        if not os.access(tool, os.X_OK):
            raise SystemExit("Benchmarks/run pipeline: %s is missing" % tool)
    header = machine_lines()
    programs = build()
    prepared = prepare_peers([peer for peer in args.peers if peer in ("DuckDB", "PostgreSQL", "Node", "ICU4J", "Go x/text")])
    args.peer_versions = peer_versions(prepared)
    header.append(args.peer_versions)
    load_before = load_average()
    load_before_1 = results.load_average()
    rows = []
    workdir = tempfile.mkdtemp(prefix="collate-pipeline-")
    try:
        for lang in args.langs:
            for size in args.sizes:
                rows.extend(run_corpus(lang, size, args, programs, workdir, prepared))
    finally:
        shutil.rmtree(workdir, ignore_errors=True)
    load_after, load_after_1 = load_average(), results.load_average()

    print("collate pipeline benchmark: whole processes under /usr/bin/time -f '%%e %%M %%U %%S', "
          "round-robin over the peers, %d round(s), medians" % args.rounds)
    for line in header:
        print(line)
    print("load average (1, 5, 15 min) before the runs: %s, after: %s (other work on the machine "
          "skews the figures)" % (load_before, load_after))
    print("ratio = peer median wall time / collate median wall time (above 1: collate is faster)")
    print("every peer but PyICU sorts whole lines only (no sections); Foundation's time is "
          "the in-process sort of the first %d lines scaled by n*log2(n), so it has no RSS figure"
          % args.foundation_cap)
    print()
    print(table(rows))
    print()
    failures = [row for row in rows if row.failure and row.failure.startswith("FAILURE")]
    identical = [row for row in rows if row.peer == "PyICU" and not row.failure]
    if identical:
        print("PyICU output byte-identical to collate's (cmp, every round): %s" % ", ".join(
            "%s %s" % (row.lang, size_label(row.size)) for row in identical))
    for row in failures:
        print("FAILURE: %s %s %s: %s" % (row.lang, size_label(row.size), row.peer, row.failure))
    print(summary(rows))
    if failures:
        return 1
    results.write("pipeline", argv, markdown(rows, args), load_before_1, load_after_1)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except Failure as e:
        raise SystemExit("Benchmarks/run pipeline: %s" % e)
    except subprocess.CalledProcessError as e:
        raise SystemExit("Benchmarks/run pipeline: %s failed (exit %d)" % (" ".join(e.cmd[:4]), e.returncode))
