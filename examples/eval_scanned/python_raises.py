"""Real Python errors, each labelled with the statement that raised it.

    python3 examples/eval_scanned/python_raises.py OUT.jsonl ROOT [ROOT ...]

Calls the public functions and classes of the importable modules under each ROOT with a fixed
set of bad arguments, and keeps every exception whose innermost frame is a `raise` statement
in a file under a ROOT. Each case is the line Python prints last for it (`ValueError: ...`,
what an alert or a log carries) and the raising statement's file and lines, taken from the
traceback: nobody picks the lines or writes the labels. Beside the last line each case
keeps the whole traceback as Python prints it (`traceback`), frames included. Run it in an
empty folder: a constructor given a path may create a file there.

A module under test may replace, close or redirect the standard streams (set sys.stderr to
None, close file descriptor 2): they are put back after every import and call, and the
cases are written through a file opened before any module is imported.
"""

import importlib
import inspect
import itertools
import json
import linecache
import os
import pkgutil
import signal
import sys
import traceback
import warnings

BAD = [None, "", "x", "-1", -1, 0, 2**70, 1.5, "a\x00b", b"\xff", [], {}, "1.2.3.4.5",
       ":::", "%", "{", "0x", "9999-99-99", "[", "a=b=c", "\u00e9", (1,), "http://[::1"]
# Modules that reach outside the process (network, processes, the terminal, files by name).
SKIP = {"os", "shutil", "subprocess", "socket", "ssl", "signal", "pty", "tty", "multiprocessing",
        "concurrent", "asyncio", "threading", "webbrowser", "smtplib", "ftplib", "poplib",
        "imaplib", "nntplib", "telnetlib", "socketserver", "http.server", "xmlrpc", "urllib.request",
        "idlelib", "tkinter", "turtle", "turtledemo", "pydoc", "ensurepip", "venv", "lib2to3",
        "test", "tests", "unittest", "doctest", "pdb", "bdb", "code", "codeop", "getpass",
        "curses", "readline", "rlcompleter", "sched", "selectors", "antigravity", "this",
        "site", "sitecustomize", "asyncore", "asynchat", "smtpd", "imghdr", "pipes", "telnetlib", "xml.etree.ElementTree", "zipfile", "tarfile", "gzip", "bz2", "lzma", "codecs", "io", "_pyio", "fcntl", "posix", "select", "builtins", "faulthandler", "tracemalloc", "gc", "sys",
        "requests", "urllib3", "botocore", "boto3", "s3transfer", "awscli", "moto", "docker",
        "pip", "setuptools", "pkg_resources", "_pytest", "pytest", "IPython", "jedi", "parso",
        "prompt_toolkit", "pexpect", "ptyprocess", "trio", "sympy", "mpmath", "networkx",
        "logging.handlers", "logging.config", "tempfile", "mailbox", "dbm", "shelve", "sqlite3",
        "zipapp", "compileall", "py_compile", "filecmp", "fileinput", "glob", "pathlib",
        "wave", "aifc", "sunau", "chunk", "mmap", "crypt", "spwd", "grp", "pwd", "resource",
        "syslog", "uuid", "random", "secrets", "platform", "sysconfig", "ctypes", "cProfile",
        "profile", "pstats", "timeit", "trace", "runpy", "modulefinder", "pickletools"}
PER_SITE = 3
CALL_SECONDS = 1


def skipped(name):
    parts = name.split(".")
    return any(".".join(parts[: i + 1]) in SKIP for i in range(len(parts))) or any(
        p.startswith("_") for p in parts)


def modules(root):
    for info in pkgutil.walk_packages([root], onerror=lambda _: None):
        if not skipped(info.name):
            yield info.name


def arities(obj):
    try:
        sig = inspect.signature(obj)
    except (TypeError, ValueError):
        return [1]
    params = [p for p in sig.parameters.values()
              if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
    required = sum(1 for p in params if p.default is p.empty)
    return sorted({min(required, 3), min(len(params), 3)})


class Timeout(Exception):
    pass


def on_alarm(*_):
    raise Timeout()


class Streams:
    """The process's standard streams as they were at start, put back after each call."""

    def __init__(self):
        self.fds = {fd: os.dup(fd) for fd in (0, 1, 2)}
        self.objects = (sys.stdin, sys.stdout, sys.stderr)
        self.report = os.fdopen(os.dup(2), "w", buffering=1)

    def restore(self):
        for fd, saved in self.fds.items():
            try:
                same = os.path.sameopenfile(fd, saved)
            except OSError:
                same = False
            if not same:
                os.dup2(saved, fd)
        names = ("stdin", "stdout", "stderr")
        for fd, (name, original) in enumerate(zip(names, self.objects)):
            if getattr(sys, name) is original and not original.closed:
                continue
            if original.closed:
                mode = "r" if fd == 0 else "w"
                original = os.fdopen(os.dup(self.fds[fd]), mode, buffering=1)
                self.objects = tuple(original if i == fd else o
                                     for i, o in enumerate(self.objects))
            setattr(sys, name, original)


def main():
    out_path, roots = sys.argv[1], [os.path.realpath(r) for r in sys.argv[2:]]
    out = open(out_path, "w")
    streams = Streams()
    signal.signal(signal.SIGALRM, on_alarm)
    warnings.simplefilter("ignore")
    sys.setrecursionlimit(200)
    seen, per_site, cases = set(), {}, 0
    for root in roots:
        sys.path.insert(0, root)
        for name in sorted(set(modules(root))):
            try:
                signal.alarm(CALL_SECONDS * 5)
                module = importlib.import_module(name)
            except BaseException:
                continue
            finally:
                signal.alarm(0)
                streams.restore()
            for attr, obj in sorted(vars(module).items()):
                if attr.startswith("_") or getattr(obj, "__module__", None) != name:
                    continue
                if not (inspect.isfunction(obj) or inspect.isclass(obj)):
                    continue
                for n in arities(obj):
                    for args in itertools.islice(itertools.product(BAD, repeat=n), 60):
                        case = call(obj, args, roots)
                        streams.restore()
                        if case is None:
                            continue
                        key = (case["line"], case["file"], case["lineNumber"])
                        site = (case["file"], case["lineNumber"])
                        if key in seen or per_site.get(site, 0) >= PER_SITE:
                            continue
                        seen.add(key)
                        per_site[site] = per_site.get(site, 0) + 1
                        case["module"] = name
                        out.write(json.dumps(case) + "\n")
                        out.flush()
                        cases += 1
    out.close()
    print(f"{cases} cases at {len(per_site)} sites", file=streams.report)


def call(obj, args, roots):
    try:
        signal.alarm(CALL_SECONDS)
        obj(*args)
        return None
    except Timeout:
        return None
    except RecursionError:
        return None
    except Exception as e:
        return label(e, roots)
    except BaseException:
        return None
    finally:
        signal.alarm(0)


def label(e, roots):
    frames = traceback.extract_tb(e.__traceback__)
    if not frames:
        return None
    last = frames[-1]
    path = os.path.realpath(last.filename)
    root = next((r for r in roots if path.startswith(r + os.sep)), None)
    if root is None:
        return None
    text = linecache.getline(last.filename, last.lineno).strip()
    if not text.startswith("raise "):
        return None
    shown = traceback.format_exception_only(type(e), e)[-1].strip()
    if not shown or "\n" in shown or len(shown) > 400:
        return None
    whole = "".join(traceback.format_exception(type(e), e, e.__traceback__)).strip()
    return {"line": shown, "file": os.path.relpath(path, root), "root": root,
            "lineNumber": last.lineno, "endLineNumber": last.end_lineno or last.lineno,
            "traceback": whole}


if __name__ == "__main__":
    main()
