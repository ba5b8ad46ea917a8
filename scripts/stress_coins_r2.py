#!/usr/bin/env python3
"""Stress run (not part of the test suite): Theorem 3.16 with two red coins
on large 'L's, through the command line.

    python3 scripts/stress_coins_r2.py [--puzzlelab build/puzzlelab] [--seed 7] [--count 150]

Each puzzle is the canonical h x w 'L' (h even 4-16, w even 4-12: the
branch's coins on every other cell of column 0, the arm's on the odd columns
of the last row) plus two coins, in the gaps next to the 'L' (70%) or
anywhere in its rectangle, turned by one of the 8 symmetries; the target
holds the same coins with a random transposition or permutation of labels.
Each is solved with `--algorithm theorems --time-limit 5`; a certificate
must pass `verify`. Prints one line per puzzle and a summary; exits 1 when a
certificate fails or when Theorem 3.16's construction stops ("construction
stopped": the theorem says solvable but our swaps found no way), else 0.
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile


def puzzle(rng):
    h = rng.choice(range(4, 18, 2))
    w = rng.choice(range(4, 14, 2))
    pt = [(r, 0) for r in range(0, h - 1, 2)] + [(h - 1, c) for c in range(1, w, 2)]
    free = [(r, c) for r in range(h) for c in range(w) if (r, c) not in pt]
    gaps = [(h - 1, c) for c in range(0, w, 2)] + [(r, 0) for r in range(1, h - 1, 2)]
    pt += rng.sample(gaps if rng.random() < 0.7 else free, 2)
    sym = rng.randrange(8)
    pts = []
    for r, c in pt:
        if sym & 1:
            r, c = c, r
        if sym & 2:
            r = (w if sym & 1 else h) - 1 - r
        if sym & 4:
            c = (h if sym & 1 else w) - 1 - c
        pts.append((r, c))
    height = max(r for r, _ in pts) + 1
    width = max(c for _, c in pts) + 1
    labels = [chr(65 + i) if i < 26 else chr(97 + i - 26) for i in range(len(pts))]
    perm = labels[:]
    if rng.random() < 0.5:
        i, j = rng.sample(range(len(pts)), 2)
        perm[i], perm[j] = perm[j], perm[i]
    else:
        rng.shuffle(perm)

    def grid(lab):
        g = [["."] * width for _ in range(height)]
        for (r, c), ch in zip(pts, lab):
            g[r][c] = ch
        return "\n".join("".join(row) for row in g)

    return h, w, f"# h={h} w={w}\ngrid: square\nstart:\n{grid(labels)}\ntarget:\n{grid(perm)}\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--puzzlelab", default="build/puzzlelab")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--count", type=int, default=150)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    counts = {}
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        level, moves = os.path.join(tmp, "p.level"), os.path.join(tmp, "p.moves")
        for k in range(a.count):
            h, w, text = puzzle(rng)
            with open(level, "w") as f:
                f.write(text)
            out = subprocess.run([a.puzzlelab, "coins", "solve", level, "--algorithm", "theorems", "--time-limit", "5"],
                                 capture_output=True, text=True).stdout
            lines = out.split("\n")
            status = lines[0] if lines else "?"
            note = next((l for l in lines[1:] if l.startswith("# ") and not l.startswith("# algorithm")), "")
            verdict = ""
            if status == "solved":
                with open(moves, "w") as f:
                    f.write(out[out.index("moves:"):])
                v = subprocess.run([a.puzzlelab, "coins", "verify", level, moves], capture_output=True, text=True)
                verdict = v.stdout.split("\n")[0]
                if not verdict.startswith("valid"):
                    bad += 1
            if "construction stopped" in note:
                bad += 1
            how = "construction" if "certificate by its construction" in note else \
                  "stopped" if "construction stopped" in note else "other"
            key = f"{status} {how}"
            counts[key] = counts.get(key, 0) + 1
            print(f"{k:3d} h={h:2d} w={w:2d} {status} {verdict} {note[:100]}")
            if "construction stopped" in note or (status == "solved" and not verdict.startswith("valid")):
                print(text, end="")
    for key in sorted(counts):
        print(f"# {counts[key]:4d} {key}")
    print(f"# {bad} failures")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
