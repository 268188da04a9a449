#!/bin/bash
# instrument.sh GOROOT COPY: a copy of GOROOT whose errors.New and fmt.Errorf print, to
# stderr, where each error value they make was made and its text (see label.py). Only the two
# statements that make the values change, each on its own line, so no other line of the copy
# moves.
set -euo pipefail
src=$(cd "$1" && pwd -P); copy=$2
[ -e "$copy" ] && { echo "instrument.sh: $copy exists" >&2; exit 1; }
mkdir -p "$copy"
for part in VERSION bin pkg src; do cp -rL "$src/$part" "$copy/$part"; done
patch_line() { # FILE OLD NEW: replace the one line that is exactly OLD
  python3 - "$1" "$2" "$3" <<'PY'
import sys
path, old, new = sys.argv[1:]
lines = open(path).read().split("\n")
at = [i for i, l in enumerate(lines) if l == old]
if len(at) != 1:
    sys.exit(f"{path}: expected one line {old!r}, found {len(at)}")
lines[at[0]] = new
open(path, "w").write("\n".join(lines))
PY
}
patch_line "$copy/src/errors/errors.go" $'\treturn &errorString{text}' \
  $'\te := &errorString{text}; recordSite(e); return e'
patch_line "$copy/src/fmt/errors.go" $'\t\terr = &wrapError{s, p.wrappedErr}' \
  $'\t\tw := &wrapError{s, p.wrappedErr}; recordSite(w); err = w'
for pkg in errors fmt; do
  ty=errorString; text=s
  [ $pkg = fmt ] && { ty=wrapError; text=msg; }
  cat > "$copy/src/$pkg/zz_site.go" <<GO
package $pkg

import "runtime"

// recordSite prints "ERRSITE ptr frame function file line" for the frames above the
// function that made p, then "ERRTEXT ptr hex" with the value's text, at most 512 bytes, in
// hexadecimal (println: the runtime's own unbuffered write to stderr; the packages that
// would quote a string import this one).
func recordSite(p *$ty) {
	var pcs [8]uintptr
	n := runtime.Callers(3, pcs[:])
	frames := runtime.CallersFrames(pcs[:n])
	for i := 0; ; i++ {
		f, more := frames.Next()
		println("ERRSITE", p, i, f.Function, f.File, f.Line)
		if !more {
			break
		}
	}
	const digits = "0123456789abcdef"
	var hex [1024]byte
	k := 0
	for j := 0; j < len(p.$text) && j < 512; j++ {
		hex[k], hex[k+1] = digits[p.$text[j]>>4], digits[p.$text[j]&15]
		k += 2
	}
	println("ERRTEXT", p, string(hex[:k]))
}
GO
done
