#!/usr/bin/env python3
"""Checks `collate --format table` output the way users' terminals see it: every line of
a table has the same display width (Python's wcwidth.wcswidth) and no raw control
character (C0, C1, DEL) or escape sequence appears.

    python3 scripts/check-table-widths.py [collate-binary] FILE [collate args...]

Exit 0 when the output passes; 1 with the offending lines otherwise.
"""
import subprocess
import sys
import unicodedata

import wcwidth


def main():
    binary = sys.argv[1]
    args = sys.argv[2:]
    result = subprocess.run([binary, "--format", "table"] + args, capture_output=True)
    if result.returncode != 0:
        print("collate failed: %s" % result.stderr.decode(errors="replace"))
        return 1
    text = result.stdout.decode("utf-8")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    problems = []
    widths = set()
    for number, line in enumerate(lines, 1):
        for char in line:
            if unicodedata.category(char) == "Cc":
                problems.append("line %d: raw control character U+%04X" % (number, ord(char)))
        width = wcwidth.wcswidth(line)
        widths.add(width)
    if len(widths) > 1:
        counts = {}
        for line in lines:
            counts.setdefault(wcwidth.wcswidth(line), []).append(line)
        problems.append("line widths differ: %s" % {w: len(l) for w, l in counts.items()})
        common = max(counts, key=lambda w: len(counts[w]))
        for w, group in counts.items():
            if w != common:
                problems.extend("  width %d: %s" % (w, l) for l in group[:5])
    for problem in problems:
        print(problem)
    print("%s: %d lines, widths %s, %s" % (" ".join(args), len(lines), sorted(widths), "OK" if not problems else "FAIL"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
