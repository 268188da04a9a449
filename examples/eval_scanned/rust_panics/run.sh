#!/bin/bash
# run.sh WORK: build rust_panics offline (target in WORK), run it into WORK/cases.jsonl, and
# list the folders of the crates its cases are in (WORK/crates.txt), for `errdex scan`.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(realpath -m "$1"); mkdir -p "$work"
root=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/index.crates.io-*/ | head -1)
root=${root%/}
CARGO_TARGET_DIR="$work/target" cargo build --offline --release --quiet \
  --manifest-path "$here/Cargo.toml"
(cd "$work" && "$work/target/release/rust_panics" "$root" > "$work/cases.jsonl")
python3 -c 'import json,sys; print("\n".join(sorted({sys.argv[1] + "/" + json.loads(l)["file"].split("/")[0] for l in open(sys.argv[2])})))' \
  "$root" "$work/cases.jsonl" > "$work/crates.txt"
echo "$(wc -l < "$work/cases.jsonl") cases in $(wc -l < "$work/crates.txt") crates" >&2
