#!/usr/bin/env python3
"""Replicate the lines between `// BEGIN-REPLICATE` and `// END-REPLICATE` of an MLIR
file N times, renaming every SSA value defined in them (all %names except the ones
listed with --keep), and print the result. For lit tests that need a function with
hundreds of SCoPs without storing thousands of lines.

usage: replicate.py FILE N [--keep A,n]
"""
import re
import sys


def main(argv):
    path, n = argv[0], int(argv[1])
    keep = set()
    if len(argv) > 3 and argv[2] == "--keep":
        keep = set(argv[3].split(","))
    lines = open(path).read().split("\n")
    b = next(i for i, ln in enumerate(lines) if "// BEGIN-REPLICATE" in ln)
    e = next(i for i, ln in enumerate(lines) if "// END-REPLICATE" in ln)
    body = lines[b + 1:e]
    out = lines[:b]
    for r in range(n):
        def sub(m):
            return m.group(0) if m.group(1) in keep else f"%{m.group(1)}_r{r}"
        out += [re.sub(r"%([A-Za-z_][\w$.]*|\d+)", sub, ln) for ln in body]
    out += lines[e + 1:]
    # RUN/CHECK lines of the template would be duplicated otherwise; drop them
    sys.stdout.write("\n".join(ln for ln in out if not ln.lstrip().startswith("// RUN")) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
