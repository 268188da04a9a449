#!/usr/bin/env python3
"""Triage on LogHub samples through the real binary: right, wrong and missed lines per system.

    python3 examples/eval_loghub.py [--errdex target/release/errdex] [--dir tests/fixtures/loghub]
                                    [--show] [--together] [SYSTEM ...]

For each system (every `SYSTEM.truth` in the folder unless named) it writes a dataset of one
record per template of `SYSTEM_templates.csv` (issue #22's protocol): `messagePattern` is the
template with `{}` for `<*>`; `errorMessage` is the part of the template's first line in the
sample that the template covers (a template opening with `<*>` takes the word before its first
literal as that value; a template with no line in the sample keeps its own text). Then it runs
`errdex triage --data DATASET --json SYSTEM.log` and compares each line's first answer with the
EventId LogHub gives it (`SYSTEM.truth`): right, wrong (another record), missed (no answer).
Every line is scored, INFO lines too. `--together`: one dataset of every named system's
records, so a line may also go to another system's record.
"""

import argparse
import csv
import json
import os
import re
import subprocess
import sys
import tempfile


def templates(path):
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    return [(r[0], r[1]) for r in rows[1:] if len(r) >= 2]


def template_regex(template):
    return "(.*?)".join(re.escape(p) for p in template.split("<*>"))


def covered(template, line):
    """The part of `line` the template covers: the shortest suffix it matches whole."""
    rx = re.compile(template_regex(template) + r"\s*")
    first = template.split("<*>")[0]
    starts = [m.start() for m in re.finditer(re.escape(first), line)] if first else []
    for s in reversed(starts):
        if rx.fullmatch(line, s):
            return line[s:].rstrip()
    if not first:
        # A leading `<*>`: its value is the word before the first literal piece.
        rest = next((p for p in template.split("<*>") if p), "")
        at = line.find(rest)
        if at >= 0:
            s = line.rfind(" ", 0, max(at - 1, 0)) + 1
            if rx.fullmatch(line, s):
                return line[s:].rstrip()
    found = re.search(template_regex(template), line)
    return line[found.start() :].rstrip() if found else None


def dataset(system, folder):
    rows = templates(os.path.join(folder, f"{system}_templates.csv"))
    with open(os.path.join(folder, f"{system}.log"), encoding="utf-8") as f:
        lines = f.read().splitlines()
    with open(os.path.join(folder, f"{system}.truth"), encoding="utf-8") as f:
        truth = f.read().split()
    if len(lines) != len(truth):
        sys.exit(f"{system}: {len(lines)} log lines but {len(truth)} EventIds")
    first = {}
    for line, event in zip(lines, truth):
        first.setdefault(event, line)
    records = []
    for event, template in rows:
        pattern = template.replace("<*>", "{}")
        message = covered(template, first[event]) if event in first else None
        records.append(
            {
                "id": f"{system}-{event}",
                "errorMessage": message or pattern,
                "messagePattern": pattern,
            }
        )
    return records, lines, truth


def score(errdex, system, folder, show, together=None):
    records, lines, truth = dataset(system, folder)
    records = together or records
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as f:
        for r in records:
            f.write(json.dumps(r) + "\n")
        data = f.name
    env = dict(os.environ, RUST_BACKTRACE="0")
    log = os.path.join(folder, f"{system}.log")
    out = subprocess.run(
        [errdex, "triage", "--data", data, "--json", log],
        capture_output=True,
        text=True,
        env=env,
    )
    os.unlink(data)
    if out.returncode not in (0, 1):
        sys.exit(f"{system}: errdex triage exited {out.returncode}: {out.stderr.strip()}")
    answer = {}
    for row in out.stdout.splitlines():
        v = json.loads(row)
        for n in range(v["line"], v["lastLine"] + 1):
            answer.setdefault(n, v["id"])
    right = wrong = missed = 0
    for n, want in enumerate(truth, start=1):
        got = answer.get(n)
        if got == f"{system}-{want}":
            right += 1
        elif got is None:
            missed += 1
            if show:
                print(f"  {system}:{n}: missed ({want}): {lines[n - 1]}")
        else:
            wrong += 1
            if show:
                print(f"  {system}:{n}: {got} instead of {want}: {lines[n - 1]}")
    return right, wrong, missed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--errdex", default="target/release/errdex")
    ap.add_argument("--dir", default="tests/fixtures/loghub")
    ap.add_argument("--show", action="store_true", help="list every wrong and missed line")
    ap.add_argument("--together", action="store_true", help="one dataset of all systems")
    ap.add_argument("systems", nargs="*")
    args = ap.parse_args()
    systems = args.systems or sorted(
        f[: -len(".truth")] for f in os.listdir(args.dir) if f.endswith(".truth")
    )
    together = None
    if args.together:
        together = [r for s in systems for r in dataset(s, args.dir)[0]]
    total = [0, 0, 0]
    print(f"{'system':<12} {'lines':>5} {'right':>7} {'wrong':>7} {'missed':>7}")
    for system in systems:
        r, w, m = score(args.errdex, system, args.dir, args.show, together)
        n = r + w + m
        print(f"{system:<12} {n:>5} {100 * r / n:>6.1f}% {100 * w / n:>6.1f}% {100 * m / n:>6.1f}%")
        for i, v in enumerate((r, w, m)):
            total[i] += v
    n = sum(total)
    r, w, m = total
    print(f"{'all':<12} {n:>5} {100 * r / n:>6.1f}% {100 * w / n:>6.1f}% {100 * m / n:>6.1f}%")


if __name__ == "__main__":
    main()
