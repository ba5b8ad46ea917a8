#!/usr/bin/env python3
"""I/O at the physical limit (issue 21, item 5): a level of N cells read,
solved by a linear algorithm and written with its certificate, against the
time `cat` takes to copy the same bytes in and out, in one run.

    python3 bench/bench_io.py [--puzzlelab build/puzzlelab]
                              [--baseline OLD/puzzlelab] [--cells 10000000]
                              [--repeat 3] [--dir DIR]

Cases (each level built here from a seeded RNG):
  clickomania row     1 x N, two colours       two-colours (Theorems 10, 12)
  clickomania column  N x 1, two colours       two-colours
  twodots row         1 x N, three colours     row (Theorem 4, O(N) a goal),
                      goal: every 'a' in a run of two or more
Buttons & Scissors has no linear algorithm for a row (Theorem 1's parser is
O(n^3/64)), so it has no case here; it shares the level reader measured by
`info`.

Per case and binary: `solve LEVEL -o MOVES` (standard output to
/dev/null), `info LEVEL`, `verify LEVEL MOVES`; the baseline is
`cat LEVEL MOVES > COPY` (the level in, the certificate out: the same bytes
solve reads and writes, through the same page cache). Each command runs
--repeat times, interleaved, and the best run counts (the machine's other
load only ever adds). Both wall time and CPU time (user + system, from the
child's rusage) are printed: on a loaded machine the wall time mostly
measures the wait for a core, the CPU time what the command itself cost.
The ratio column is solve / cat in CPU time, then in wall time. The load
average is printed first and last.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import time


TIMEOUT = 120.0  # seconds; a command past it is killed and reported as such (the old column verify: hours)


def run(argv, stdout_path=None):
    """(wall seconds, cpu seconds, exit status, peak resident KiB) of one
    command; exit status None when it ran past TIMEOUT and was killed."""
    out = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
    try:
        t0 = time.perf_counter()
        p = subprocess.Popen(argv, stdout=out, stderr=subprocess.DEVNULL)
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - t0 > TIMEOUT:
                p.kill()
                _, status, ru = os.wait4(p.pid, 0)
                return time.perf_counter() - t0, ru.ru_utime + ru.ru_stime, None, ru.ru_maxrss
            time.sleep(0.002)
        wall = time.perf_counter() - t0
    finally:
        if stdout_path:
            out.close()
    p.returncode = os.waitstatus_to_exitcode(status)  # reaped here: keep Popen from waiting again
    return wall, ru.ru_utime + ru.ru_stime, p.returncode, ru.ru_maxrss


def build_levels(d, n, seed):
    rng = random.Random(seed)
    cases = []
    row = "".join(rng.choice("ab") for _ in range(n))
    p = os.path.join(d, "click-row.level")
    with open(p, "w") as f:
        f.write(f"# 1 x {n}, two colours, seed {seed}\n{row}\n")
    cases.append(("clickomania", "row", p))
    col = "\n".join(rng.choice("ab") for _ in range(n))
    p = os.path.join(d, "click-column.level")
    with open(p, "w") as f:
        f.write(f"# {n} x 1, two colours, seed {seed}\n{col}\n")
    cases.append(("clickomania", "column", p))
    dots = "".join(rng.choice("abc") for _ in range(n))
    goal, i = 0, 0
    while i < n:
        j = i
        while j < n and dots[j] == dots[i]:
            j += 1
        if dots[i] == "a" and j - i >= 2:
            goal += j - i
        i = j
    p = os.path.join(d, "twodots-row.level")
    with open(p, "w") as f:
        f.write(f"# 1 x {n}, three colours, seed {seed}\nmoves: {n}\ngoal: a {goal}\nboard:\n{dots}\n")
    cases.append(("twodots", "row", p))
    return cases


def best(results):
    return min(r[0] for r in results), min(r[1] for r in results)


def main():
    global TIMEOUT
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--puzzlelab", default="build/puzzlelab")
    ap.add_argument("--baseline", help="an older puzzlelab binary, measured in the same run")
    ap.add_argument("--cells", type=int, default=10_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--dir", help="where the levels and certificates go (default: a temporary directory)")
    ap.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds before a command is killed (120)")
    a = ap.parse_args()
    TIMEOUT = a.timeout
    bins = [("new", os.path.abspath(a.puzzlelab))]
    if a.baseline:
        bins.append(("baseline", os.path.abspath(a.baseline)))
    tmp = None if a.dir else tempfile.TemporaryDirectory()
    d = a.dir or tmp.name
    os.makedirs(d, exist_ok=True)
    print(f"# load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    print(f"# {a.cells} cells a level, best of {a.repeat} interleaved runs; seconds wall / CPU (user+system)")
    cases = build_levels(d, a.cells, a.seed)
    header = f"{'game':12} {'case':7} {'binary':9} {'level MB':>8} {'cert MB':>8} {'cat':>13} {'solve':>13} " \
             f"{'ratio cpu/wall':>15} {'info':>13} {'verify':>13} {'peak':>8}"
    print(header)
    for game, name, level in cases:
        moves = {tag: os.path.join(d, f"{game}-{name}-{tag}.moves") for tag, _ in bins}
        copy = os.path.join(d, "copy.out")
        res = {tag: {"cat": [], "solve": [], "info": [], "verify": []} for tag, _ in bins}
        peak = {}
        for _ in range(a.repeat):
            for tag, exe in bins:
                r = run([exe, game, "solve", level, "-o", moves[tag]])
                if r[2] != 0:
                    sys.exit(f"{tag}: {game} solve {level}: exit {r[2]}")
                res[tag]["solve"].append(r)
                res[tag]["cat"].append(run(["cat", level, moves[tag]], copy))
                res[tag]["info"].append(run([exe, game, "info", level]))
                if res[tag]["verify"] and res[tag]["verify"][-1][2] is None:
                    continue  # timed out once: not again
                res[tag]["verify"].append(run([exe, game, "verify", level, moves[tag]]))
        for tag, _ in bins:
            peak[tag] = f"{min(r[3] for r in res[tag]['solve']) / 1024:.0f} MiB"
        for tag, _ in bins:
            cw, cc = best(res[tag]["cat"])
            sw, sc = best(res[tag]["solve"])
            iw, ic = best(res[tag]["info"])
            vw, vc = best(res[tag]["verify"])
            vr = [r[2] for r in res[tag]["verify"]]
            vtext = f"{vw:6.3f}/{vc:6.3f}" if all(x == 0 for x in vr) else \
                f"> {TIMEOUT:.0f} s" if None in vr else "REFUSED"
            lm = os.path.getsize(level) / 1e6
            mm = os.path.getsize(moves[tag]) / 1e6
            print(f"{game:12} {name:7} {tag:9} {lm:8.1f} {mm:8.1f} {cw:6.3f}/{cc:6.3f} {sw:6.3f}/{sc:6.3f} "
                  f"{sc / max(cc, 1e-3):6.1f}/{sw / cw:6.1f}x {iw:6.3f}/{ic:6.3f} "
                  f"{vtext:>13} {peak[tag]:>8}")
        if len(bins) == 2:
            same = open(moves["new"], "rb").read() == open(moves["baseline"], "rb").read()
            print(f"# {game} {name}: certificates {'byte-identical' if same else 'DIFFER'}")
    print(f"# load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("# ratio: solve / cat; CPU first (cat's CPU time is floored at 1 ms), then wall")


if __name__ == "__main__":
    main()
