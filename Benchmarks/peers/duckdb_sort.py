"""The DuckDB peer of `collate` (sort only), for Benchmarks/run pipeline.

    python3 Benchmarks/peers/duckdb_sort.py --locale ko FILE OUT

Loads FILE's lines into an in-memory DuckDB table and writes them to OUT ordered by
`ORDER BY line COLLATE <locale>` (DuckDB's own ICU extension; the whole job the way a data
user would write it, Python start included). Needs the `duckdb` package (pip).
"""
import argparse

import duckdb

ap = argparse.ArgumentParser()
ap.add_argument("--locale", required=True, help="DuckDB collation name, e.g. ko or en_us")
ap.add_argument("file")
ap.add_argument("out")
a = ap.parse_args()
con = duckdb.connect()
con.execute("CREATE TABLE t AS SELECT line FROM read_csv(?, header=false, columns={'line': 'VARCHAR'}, "
            "delim='\x01', quote='', escape='', auto_detect=false)", [a.file])
con.execute("COPY (SELECT line FROM t ORDER BY line COLLATE %s) TO '%s' (FORMAT csv, HEADER false, QUOTE '', "
            "DELIMITER '\x01')" % (a.locale, a.out.replace("'", "''")))
