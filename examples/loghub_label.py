#!/usr/bin/env python3
"""Labels LogHub log lines with their template's EventId, as LogHub's structured CSVs do.

    python3 examples/loghub_label.py FOLDER SYSTEM...           # compare with SYSTEM.truth
    python3 examples/loghub_label.py --write FOLDER SYSTEM...   # write SYSTEM.truth

A line's template is the one of `SYSTEM_templates.csv` that matches the end of the line (each
`<*>` any text, the template opening at the line's start or after a space, `:`, `]` or `|`),
the one with the most literal characters when several do. On the 8,000 lines of the sixteen
systems whose EventIds were copied from LogHub's `*_2k.log_structured.csv` (the first 400 of
each, HPC's 2,000) it gives LogHub's label for every line. (Mac's templates E168–E171 write some
values `<NUM>`, read here as `<*>`.)
"""

import csv
import re
import sys


def templates(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    return [(r[0], r[1]) for r in rows[1:]]


def compile_template(template):
    # Mac's templates E168–E171 write some values `<NUM>`: a value, as `<*>` is.
    pieces = template.replace("<NUM>", "<*>").split("<*>")
    rx = "(.*?)".join(re.escape(p) for p in pieces)
    literal = sum(len(p) for p in pieces)
    # The regex backtracks a long time on long lines: only a line holding every piece, in
    # order, is tried.
    return re.compile(r"(?:^|(?<=[\s:\]|]))" + rx + r"\s*$"), literal, [p for p in pieces if p]


def holds_in_order(line, pieces):
    at = 0
    for p in pieces:
        at = line.find(p, at)
        if at < 0:
            return False
        at += len(p)
    return True


def label(system, folder):
    compiled = [
        (event,) + compile_template(t)
        for event, t in templates(f"{folder}/{system}_templates.csv")
    ]
    out = []
    with open(f"{folder}/{system}.log", encoding="utf-8") as f:
        lines = f.read().splitlines()
    for line in lines:
        best = None
        for event, rx, literal, pieces in compiled:
            if not holds_in_order(line, pieces):
                continue
            m = rx.search(line)
            if m:
                key = (literal, -m.start())
                if best is None or key > best[0]:
                    best = (key, event)
        out.append(best[1] if best else "?")
    return out


def main():
    args = sys.argv[1:]
    write = "--write" in args
    args = [a for a in args if a != "--write"]
    if len(args) < 2:
        sys.exit(__doc__)
    folder, systems = args[0], args[1:]
    for system in systems:
        got = label(system, folder)
        if write:
            with open(f"{folder}/{system}.truth", "w", encoding="utf-8") as f:
                f.write("\n".join(got) + "\n")
            print(system, len(got), "lines,", got.count("?"), "without a template")
            continue
        with open(f"{folder}/{system}.truth", encoding="utf-8") as f:
            truth = f.read().split()
        differ = [(n + 1, g, t) for n, (g, t) in enumerate(zip(got, truth)) if g != t]
        print(system, len(truth), "lines,", len(differ), "differ", differ[:5])


if __name__ == "__main__":
    main()
