#!/usr/bin/env python3
"""Issue 20's Z3 version measurement: the queries kappa's engine sends,
replayed by two (or more) Z3 command-line solvers.

1. Runs the kappa binary with --dump-queries on the solver benchmark's
   program sets (the same as `kappa-bench --solver`: tests/programs
   classic, tests/compact compact, tests/navigate navigate,
   tests/condition classic with pruning, crates/bench/programs/constraints
   classic and compact, crates/bench/programs/table1 compact).
2. Replays every dumped query with each Z3 (`z3 -T:CAP FILE`, the dump as
   its route's solver received it: logic, guards, check-sat-assuming),
   the versions interleaved per query so that both see the same load.
3. Prints per route and version: queries, decided, undecided, total and
   worst time, median, queries decided within kappa's own cap for them
   (the dump's `timeout-ms`), and sat/unsat answers that contradict
   kappa's or the other version's (there must be none).

It measures; it asserts nothing. Example (scripts/z3-versions.sh sets up
Z3 5.4.1 from PyPI in a cache directory):

    python3 scripts/z3_versions.py --kappa target/release/kappa \
        --z3 4.8.12=z3 --z3 5.4.1=/path/to/venv/bin/z3
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLASSIC = ["--mode", "classic"]
COMPACT = ["--mode", "compact"]
NAVIGATE = ["--mode", "navigate"]
CONDITION = ["--mode", "classic", "--prune-with-condition"]
SETS = [
    ("programs", "tests/programs", [CLASSIC]),
    ("compact", "tests/compact", [COMPACT]),
    ("navigate", "tests/navigate", [NAVIGATE]),
    ("condition", "tests/condition", [CONDITION]),
    ("constraints", "crates/bench/programs/constraints", [CLASSIC, COMPACT]),
    ("table1", "crates/bench/programs/table1", [COMPACT]),
]


def collect(kappa, out, timeout, only):
    """Dumps the queries of every run under out/SET/PROGRAM-MODE/."""
    runs = 0
    for name, rel, modes in SETS:
        if only and name not in only:
            continue
        for prog in sorted((ROOT / rel).glob("*.c")):
            for mode in modes:
                d = out / name / f"{prog.stem}-{'-'.join(m.strip('-') for m in mode)}"
                d.mkdir(parents=True, exist_ok=True)
                cmd = [kappa, "verify", "--timeout", str(timeout), "--dump-queries", str(d)]
                subprocess.run(cmd + mode + [str(prog)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, timeout=timeout * 3 + 30)
                runs += 1
    return runs


def header(text, key):
    m = re.search(rf"^; {key}: (.*)$", text, re.M)
    return m.group(1).strip() if m else None


def replay(z3, path, cap):
    """(answer, seconds) of one query under one Z3."""
    start = time.monotonic()
    try:
        p = subprocess.run([z3, f"-T:{cap}", str(path)], capture_output=True,
                           text=True, timeout=cap + 10)
        out = p.stdout
    except subprocess.TimeoutExpired:
        out = "timeout"
    secs = time.monotonic() - start
    ans = "unknown"
    for line in out.splitlines():
        line = line.strip()
        if line in ("sat", "unsat"):
            ans = line
            break
    return ans, secs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--kappa", required=True)
    ap.add_argument("--z3", action="append", required=True, help="NAME=PATH")
    ap.add_argument("--cap", type=int, default=10, help="seconds per replayed query")
    ap.add_argument("--timeout", type=int, default=10, help="kappa's --timeout per run")
    ap.add_argument("--set", action="append", default=[], help="only this set (repeatable)")
    ap.add_argument("--dumps", help="reuse (or keep) the dumps in this directory")
    a = ap.parse_args()
    versions = [tuple(v.split("=", 1)) for v in a.z3]
    tmp = None
    if a.dumps:
        out = Path(a.dumps)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="kappa-z3v-")
        out = Path(tmp.name)
    if not any(out.rglob("*.smt2")):
        t0 = time.monotonic()
        runs = collect(a.kappa, out, a.timeout, a.set)
        print(f"collected: {runs} kappa runs in {time.monotonic() - t0:.0f} s", file=sys.stderr)
    files = sorted(out.rglob("*.smt2"))
    rows = {}
    contradictions = []
    for k, f in enumerate(files):
        text = f.read_text(errors="replace")
        route = header(text, "kappa-route") or "?"
        cap_ms = header(text, "timeout-ms")
        kappa_ans = header(text, "answer") or "?"
        cap_s = int(cap_ms) / 1000 if cap_ms and cap_ms.isdigit() else None
        got = {}
        order = versions if k % 2 == 0 else list(reversed(versions))
        for name, z3 in order:
            got[name] = replay(z3, f, a.cap)
        for name, _ in versions:
            ans, secs = got[name]
            r = rows.setdefault((route, name), {"t": [], "und": 0, "in_cap": 0})
            r["t"].append(secs)
            if ans == "unknown":
                r["und"] += 1
            elif cap_s is None or secs <= cap_s:
                r["in_cap"] += 1
            if ans in ("sat", "unsat") and kappa_ans in ("sat", "unsat") and ans != kappa_ans:
                contradictions.append(f"{f}: kappa {kappa_ans}, Z3 {name} {ans}")
        decided = {got[n][0] for n, _ in versions if got[n][0] != "unknown"}
        if len(decided) > 1:
            contradictions.append(f"{f}: versions disagree: {got}")
    print(f"{len(files)} queries, cap {a.cap} s per query\n")
    print(f"| route | Z3 | queries | decided | undecided | decided within kappa's cap "
          f"| total s | worst s | median ms |")
    print("|---|---|---|---|---|---|---|---|---|")
    for route in sorted({r for r, _ in rows}):
        for name, _ in versions:
            r = rows.get((route, name))
            if not r:
                continue
            t = r["t"]
            print(f"| {route} | {name} | {len(t)} | {len(t) - r['und']} | {r['und']} "
                  f"| {r['in_cap']} | {sum(t):.1f} | {max(t):.2f} "
                  f"| {statistics.median(t) * 1000:.0f} |")
    print(f"\ncontradicting answers: {len(contradictions)}")
    for c in contradictions[:20]:
        print("  " + c)
    if tmp:
        tmp.cleanup()


if __name__ == "__main__":
    main()
