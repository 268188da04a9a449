"""Label each error go_errors logged with the statement that made it.

    python3 label.py OUT.jsonl STDOUT.jsonl STDERR.txt GOROOT_COPY ROOT

go_errors runs against a copy of GOROOT (instrument.sh) whose errors.New and fmt.Errorf print
"ERRSITE ptr frame function file line" for the first frames above them each time they make an
error value; after each case go_errors prints "ERRDONE n ptr..." with the addresses of the
error's Unwrap chain, outermost first. All of it goes to stderr in order, so an address means
the value made last at it.

The statement a line is labelled with: the outermost error value of the chain that errors.New
or fmt.Errorf made (the one whose text covers the most of the logged line), and of the frames
that made it, the innermost whose line holds a string literal, if that literal has words in
it, not only verbs: a helper such as text/template's `s.errorf(format, args...)` writes its
caller's words, and frames inside fmt.Errorf are passed over. When that frame writes no words
(a parser's `t.errorf("%s", item)` passes on text its lexer wrote earlier; net/http's
`fmt.Errorf("%s %q", what, val)`), the line has no label and is left out, and so are errors
made another way (a struct literal, an errno). A case is the logged line, the file relative
to ROOT and the line; at most 3 cases per statement, each logged line once.

A line that is a chain (`gif: reading header: unexpected EOF`) also gets its root cause, when
one can be told: the error value whose text ends the line after a `: `, the shortest such (the
innermost), made during the case or, failing that, before main ran (a package's `io.EOF`),
labelled by its frames as above. Two statements that made values of that text leave the root
unlabelled. The case then carries "rootFile" and "rootLineNumber" beside its own label.

A line no errors.New or fmt.Errorf value labels may be the text of an error type's own
Error() method (`asn1.SyntaxError`: `return "asn1: syntax error: " + e.Msg`): after each case
go_errors prints "ERRTYPES n type..." for the chain, outermost first, and the line is labelled
with the first type whose Error() method, in the package's source, has a `return` statement
every word of whose literals the line shows: of several, the one with the most words; two
with as many leave the line out.
"""

import json
import os
import re
import sys

PER_SITE = 3


def main():
    out_path, stdout_path, stderr_path, copy, root = sys.argv[1:6]
    copy_src = os.path.join(os.path.realpath(copy), "src") + os.sep
    made = {}  # address -> [(function, file, line)], frames innermost first
    done = {}  # case number -> the chain's frames of its labelled value
    types = {}  # case number -> the chain's types, outermost first
    at_init = []  # (text, frames) of the values made before main ran
    during = {}  # case number -> (text, frames) of the values made since the case before
    window = None  # values made since the last case, once main runs
    with open(stderr_path, encoding="utf-8", errors="replace") as f:
        for raw in f:
            parts = raw.split()
            if len(parts) == 6 and parts[0] == "ERRSITE":
                _, ptr, i, function, file, line = parts
                if i == "0":
                    made[ptr] = []
                made.setdefault(ptr, []).append((function, file, int(line)))
            elif parts and parts[0] == "ERRTEXT" and len(parts) in (2, 3):
                text = bytes.fromhex(parts[2] if len(parts) == 3 else "")
                value = (text.decode("utf-8", "replace"), made.get(parts[1], []))
                (at_init if window is None else window).append(value)
            elif parts == ["ERRMAIN"]:
                window = []
            elif parts and parts[0] == "ERRTYPES" and len(parts) >= 2:
                types[int(parts[1])] = parts[2:]
            elif parts and parts[0] == "ERRDONE":
                chain = parts[2:]
                frames = next((made[p] for p in chain if p in made), None)
                if frames:
                    done[int(parts[1])] = frames
                during[int(parts[1])] = window or []
                window = []
    per_site = {}
    seen = set()
    kept = 0
    with open(stdout_path, encoding="utf-8") as f, open(out_path, "w", encoding="utf-8") as out:
        for raw in f:
            case = json.loads(raw)
            frames = done.get(case["n"])
            site = frames and statement(frames, copy_src, case["line"])
            if not site and case["n"] not in done:
                site = method_return(types.get(case["n"], []), copy_src, case["line"])
            if not site:
                continue
            file, line = site
            shown = case["line"].split(" ", 2)[-1]  # without log's date and time
            if (shown, site) in seen or per_site.get(site, 0) >= PER_SITE:
                continue
            seen.add((shown, site))
            per_site[site] = per_site.get(site, 0) + 1
            labelled = {"line": case["line"], "file": file, "root": root,
                        "lineNumber": line, "endLineNumber": line, "case": case["case"]}
            cause = root_cause(shown, during.get(case["n"], []), at_init, copy_src)
            if cause and cause != site:
                labelled["rootFile"], labelled["rootLineNumber"] = cause
            out.write(json.dumps(labelled) + "\n")
            kept += 1
    print(f"{kept} cases, {len(per_site)} statements", file=sys.stderr)


def root_cause(shown, during, at_init, copy_src):
    """The statement that made the innermost link of the chain `shown` is: see the module's
    text."""
    for values in (during, at_init):
        ends = [(text, frames) for text, frames in values
                if WORD.search(text.lower()) and len(text) < len(shown)
                and shown.endswith(": " + text)]
        if not ends:
            continue
        shortest = min(len(text) for text, _ in ends)
        sites = {statement(frames, copy_src, text) for text, frames in ends
                 if len(text) == shortest}
        return sites.pop() if len(sites) == 1 else None
    return None


def statement(frames, copy_src, logged):
    frames = [f for f in frames if f[0] not in ("fmt.Errorf", "errors.New")]
    inside = [f for f in frames if f[1].startswith(copy_src)]
    for _, file, line in inside:
        with open(file, encoding="utf-8", errors="replace") as f:
            text = f.read().split("\n")
        if line <= len(text) and LITERAL.search(text[line - 1]):
            source = text[line - 1]
            return (file[len(copy_src):], line) if writes_text(source, logged) else None
    return None


def method_return(types, copy_src, logged):
    for t in types:
        package, _, name = t.rpartition(".")
        folder = os.path.join(copy_src, package)
        if not package or not name or not os.path.isdir(folder):
            continue
        found = []
        header = re.compile(r"^func \(\w*\s*\*?" + re.escape(name) + r"\) Error\(\) string \{")
        for file in sorted(os.listdir(folder)):
            if not file.endswith(".go") or file.endswith("_test.go"):
                continue
            with open(os.path.join(folder, file), encoding="utf-8", errors="replace") as f:
                text = f.read().split("\n")
            for at, source in enumerate(text):
                if not header.match(source):
                    continue
                end = at if source.rstrip().endswith("}") else next(
                    (i for i in range(at, len(text)) if text[i] == "}"), at)
                for i in range(at, end + 1):
                    if "return " not in text[i]:
                        continue
                    shown = all_shown(statement_text(text, i), logged)
                    if shown:
                        found.append((shown, os.path.join(package, file), i + 1))
        found.sort(reverse=True)
        # Two returns that show as much (`"html/template:%s: %s"` with a position or a
        # name) leave the line without a label.
        if found and (len(found) == 1 or found[0][0] > found[1][0]):
            return found[0][1:]
    return None


def statement_text(text, at):
    """The lines of the statement starting at `at`: on while a line ends with `+`, `,` or
    `(` (Go's continued expressions)."""
    end = at
    while end + 1 < len(text) and text[end].rstrip().endswith(("+", ",", "(")):
        end += 1
    return " ".join(text[at:end + 1])


def all_shown(source, logged):
    """The number of words of the literals in `source`, when the logged line shows every
    one of them; 0 otherwise."""
    shown = set(WORD.findall(logged.lower()))
    words = [w for m in LITERAL.finditer(source)
             for w in WORD.findall(VERB.sub("", m.group(0)[1:-1]).lower())]
    return len(words) if words and all(w in shown for w in words) else 0


LITERAL = re.compile(r'"(?:[^"\\]|\\.)*"|`[^`]*`')
VERB = re.compile(r"%[-+# 0-9.*\[\]]*[a-zA-Z%]")


def writes_text(line, logged):
    """Whether a literal on the line holds words, not only verbs (`"%s: %v"` does not), and
    the logged line shows them. An address freed by the collector is reused, so a chain can
    name a value made last at its address by another case (tar's header error, a struct,
    once pointed at zlib's `errors.New`): words the line does not show mean that happened."""
    shown = set(WORD.findall(logged.lower()))
    for m in LITERAL.finditer(line):
        words = WORD.findall(VERB.sub("", m.group(0)[1:-1]).lower())
        if words and sum(w in shown for w in words) * 2 >= len(words):
            return True
    return False


WORD = re.compile(r"[a-z0-9]+")


if __name__ == "__main__":
    main()
