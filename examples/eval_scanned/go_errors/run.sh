#!/bin/bash
# run.sh CASES.jsonl [WORK]: build go_errors against an instrumented copy of the Go in
# use, run it in an empty folder, and label what it logged (label.py) into CASES.jsonl.
# GO_ERRORS=held-out (or held-out-2) in the environment runs the held-out cases
# (held_out.go, held_out_2.go) instead.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cases=$(realpath -m "$1"); work=${2:-$(mktemp -d)}
goroot=$(go env GOROOT)
[ -d "$work/goroot" ] || "$here/instrument.sh" "$goroot" "$work/goroot"
(cd "$here" && GOROOT="$work/goroot" GOFLAGS=-modcacherw go build -o "$work/go_errors" .)
mkdir -p "$work/run"
(cd "$work/run" && "$work/go_errors" > "$work/stdout.jsonl" 2> "$work/stderr.txt")
python3 "$here/label.py" "$cases" "$work/stdout.jsonl" "$work/stderr.txt" "$work/goroot" \
  "$(cd "$goroot/src" && pwd -P)"
