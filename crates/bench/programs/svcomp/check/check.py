#!/usr/bin/env python3
"""Checks the expected verdicts of the svcomp set natively (clang-16 -m32, UBSan in trap mode).

Every NAME_bug.c must reach reach_error() on the inputs of its `// witness:` line; every
NAME_ok.c must neither reach it nor trap on undefined behaviour over 400 seeded random input
streams and the single-value streams -3..1102 and a few extremes (a stream repeats its last
value, so a program with several inputs gets them all equal).

Usage: check.py [NAME...]   (default: every pair in the folder; two programs at a time)
"""
import os, re, subprocess, sys, tempfile
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
SET = os.path.dirname(HERE)
BAD = (99, 132, -4)  # reached, or trapped on UB (SIGILL)


def run(binary, env):
    e = dict(os.environ)
    e.update(env)
    r = subprocess.run([binary], env=e, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    return r.returncode


def witness(src):
    m = re.search(r"^// witness: (.*)$", open(src).read(), re.M)
    vals = []
    for part in m.group(1).split(","):
        v, _, n = part.partition("x")
        vals += [v] * int(n or 1)
    return vals


def check(name, tmp):
    out = []
    for kind in ("ok", "bug"):
        src = os.path.join(SET, f"{name}_{kind}.c")
        b = os.path.join(tmp, f"{name}_{kind}")
        c = subprocess.run(["clang-16", "-m32", "-O1", "-fsanitize=undefined", "-fsanitize-trap=all", "-w",
                            src, os.path.join(HERE, "harness.c"), "-o", b], capture_output=True, text=True)
        if c.returncode:
            out.append((False, f"{name}_{kind}: does not compile: {c.stderr.strip()[:300]}"))
            continue
        if kind == "bug":
            w = witness(src)
            rc = run(b, {"KIN": ",".join(w)})
            out.append((rc == 99, f"{name}_bug: witness {','.join(w[:6])}{'...' if len(w) > 6 else ''} -> exit {rc}"))
        else:
            bad = [("seed", s, rc) for s in range(1, 401) if (rc := run(b, {"KRAND": str(s)})) in BAD]
            vals = list(range(-3, 1103)) + [65535, 65536, 2**31 - 1, -2**31, 2**32 - 1]
            bad += [("input", v, rc) for v in vals if (rc := run(b, {"KIN": str(v)})) in BAD]
            out.append((not bad, f"{name}_ok: {'no reach, no UB' if not bad else bad[:5]}"))
    return out


def main():
    names = sys.argv[1:] or sorted(f[:-5] for f in os.listdir(SET) if f.endswith("_ok.c"))
    ok = True
    with tempfile.TemporaryDirectory() as tmp, ThreadPoolExecutor(2) as ex:
        for res in ex.map(lambda n: check(n, tmp), names):
            for good, line in res:
                ok &= good
                print(("ok   " if good else "FAIL ") + line, flush=True)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
