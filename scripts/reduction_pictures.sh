#!/usr/bin/env bash
# Pictures of the papers' reductions for docs/algorithms.md: one small source
# per reduction, its construction (the gadgets framed and named by the level's
# regions), and a step of the forward certificate. Writes docs/pictures/.
#
#   bash scripts/reduction_pictures.sh [PUZZLELAB]   (default: build/puzzlelab)
set -euo pipefail
ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
PL=${1:-$ROOT/build/puzzlelab}
OUT=$ROOT/docs/pictures
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

# Theorem 1: X3C with 3 items and two sets, one of them the cover.
cat >"$TMP/t1.x3c" <<'X'
c three items; set 2 covers them
p x3c 3 2
1 2 3
3 1 2
X
# Theorem 2: (x1 or not x2) and (x2 or x3 or not x1).
cat >"$TMP/t2.cnf" <<'X'
p cnf 3 2
1 -2 0
2 3 -1 0
X
# Theorem 4: a path of three vertices, k = 1 (vertex 2 covers both edges).
cat >"$TMP/t4.vc" <<'X'
c k 1
p edge 3 2
e 1 2
e 2 3
X

# Theorem 14 (Clickomania): 3-Partition with m = 1, B = 7 (28 rows, the
# gadgets readable) and with m = 2, B = 7, {2, 2, 3} twice (266 rows: the
# shape; its step 4 is after the first triple and key 1).
cat >"$TMP/c14a.3p" <<'X'
p 3partition 3 7
2 3 2
X
cat >"$TMP/c14.3p" <<'X'
p 3partition 6 7
2 3 2 2 3 2
X

# Buttons & Scissors Theorem 2: the Two Dots Theorem 2 formula t2.cnf,
# (x1 or not x2) and (x2 or x3 or not x1) (14 x 14, colours a and b).
# Theorem 7: (x1 or x2) and not x1, through Graph Decycling (37 x 37).
cat >"$TMP/b7.cnf" <<'X'
p cnf 2 2
1 2 0
-1 0
X

# Buttons & Scissors Theorem 5: (x1 or x2) and not x1; x1 has a rectangle of
# each literal, so the hubs are drawn too (36 x 36, 13 colours).
cat >"$TMP/b5.cnf" <<'X'
p cnf 2 2
1 2 0
-1 0
X

# Buttons & Scissors Theorem 6: (x1 or x2) above the variable line, not x1
# below it (117 x 117, one colour).
cat >"$TMP/b6.psat" <<'X'
p planar-sat 2 2
above 1 2 0
below -1 0
X

# Theorem 8 (Buttons, partisan): (x1 or x2) and (not x1 or not x2), x1
# Blue's, x2 Red's: Red copies Blue's value and wins.
cat >"$TMP/b8.gpos" <<'X'
p gpos 2 2
b 1
r 2
1 2 0
-1 -2 0
X
# Theorems 9 and 10 (Buttons, impartial and scoring): a path 1 -> 2 -> 3 and
# the shortcut 1 -> 3 (player 1 moves to 3 and wins).
cat >"$TMP/b9.geo" <<'X'
p geography 3 3
s 1
a 1 2
a 2 3
a 1 3
X

picture() { # NAME PROBLEM SOURCE STEP CELL [GAME [THEOREM]]
    local name=$1 problem=$2 src=$3 step=$4 cell=$5 game=${6:-twodots} theorem=()
    [ -n "${7:-}" ] && theorem=(--theorem "$7")
    "$PL" "$problem" solve "$src" >"$TMP/$name.cert"
    "$PL" "$game" reduce --from "$problem" "${theorem[@]}" "$src" -o "$TMP/$name.level" \
        --witness "$TMP/$name.cert" --moves-output "$TMP/$name.moves"
    "$PL" "$game" verify "$TMP/$name.level" "$TMP/$name.moves" >/dev/null
    "$PL" "$game" render "$TMP/$name.level" -o "$OUT/$name.png" --cell-size "$cell" --letters
    "$PL" "$game" render "$TMP/$name.level" "$TMP/$name.moves" --step "$step" -o "$OUT/$name-step$step.png" \
        --cell-size "$cell" --letters
    echo "$OUT/$name.png, $OUT/$name-step$step.png"
}

picture twodots-thm1 x3c "$TMP/t1.x3c" 1 14
picture twodots-thm2 sat "$TMP/t2.cnf" 4 16
picture twodots-thm4 vertex-cover "$TMP/t4.vc" 1 28
picture clickomania-thm14-m1 3partition "$TMP/c14a.3p" 3 24 clickomania
picture clickomania-thm14 3partition "$TMP/c14.3p" 4 6 clickomania
picture buttons-thm2 sat "$TMP/t2.cnf" 4 24 buttons 2
picture buttons-thm7 sat "$TMP/b7.cnf" 12 10 buttons 7
picture buttons-thm5 sat "$TMP/b5.cnf" 6 14 buttons 5
picture buttons-thm6 planar-sat "$TMP/b6.psat" 10 5 buttons 6
picture buttons-thm8 gpos "$TMP/b8.gpos" 2 10 buttons 8
picture buttons-thm9 geography "$TMP/b9.geo" 3 8 buttons 9
picture buttons-thm10 geography "$TMP/b9.geo" 6 8 buttons 10
