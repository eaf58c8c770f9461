#!/usr/bin/env bash
# Benchmarks/run ja-readings [rounds] [names]: `collate --locale ja_JP --names --format tsv`
# on 1M (or `names`) Japanese full names in kanji with no reading column, so every reading
# is guessed with MeCab (the dictionary scripts/setup installs). Whole process under
# /usr/bin/time; prints the machine load, the corpus's distinct names, how many records
# each section got (a name under `#` was not read), and the best of `rounds` runs.
# Last line: `ja readings 1M: <s> s, <MB> MB`.
set -euo pipefail

benchmarks="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(dirname "$benchmarks")"
rounds="${1:-3}"
names="${2:-1000000}"
label="$names"
if ((names % 1000000 == 0)); then label="$((names / 1000000))M"; fi
corpus="$benchmarks/corpus/ja-names-$label.txt"

if [[ ! -f "$corpus" ]] || [[ "$(wc -l <"$corpus")" -ne "$names" ]]; then
    mkdir -p "$benchmarks/corpus"
    /usr/bin/python3 "$benchmarks/generate-ja-names.py" "$names" >"$corpus.partial"
    mv "$corpus.partial" "$corpus"
fi
# The collate every benchmark runs (results.build_collate: release, or debug for smoke).
collate="$(PYTHONPATH="$benchmarks" /usr/bin/python3 -c 'import results; print(results.build_collate())')"
output="$(mktemp -d)"
trap 'rm -rf "$output"' EXIT

echo "machine: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "corpus: ${corpus#"$root"/}, $(wc -l <"$corpus") names, $(sort -u "$corpus" | wc -l) distinct"
best=""
for ((round = 1; round <= rounds; round++)); do
    /usr/bin/time -f '%e %M' -o "$output/time" "$collate" --locale ja_JP --names --format tsv "$corpus" >"$output/out.tsv"
    read -r seconds kilobytes <"$output/time"
    echo "round $round: $seconds s, $((kilobytes / 1024)) MB"
    if [[ -z "$best" ]] || awk -v a="$seconds" -v b="$best" 'BEGIN { exit !(a < b) }'; then
        best="$seconds"
        best_mb="$((kilobytes / 1024))"
    fi
done
[[ "$(wc -l <"$output/out.tsv")" -eq "$names" ]] || { echo "ja-readings: output lost records" >&2; exit 1; }
echo "sections: $(cut -f1 "$output/out.tsv" | uniq -c | awk '{printf "%s %s  ", $2, $1}')"
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "ja readings $label: $best s, $best_mb MB"
