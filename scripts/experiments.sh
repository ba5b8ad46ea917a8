#!/usr/bin/env bash
# The experiments of docs/experiments.md (issue 23, item 4), every figure and
# table from its exact command:
#
#   bash scripts/experiments.sh [BUILD_DIR] [OUT_DIR]
#
# BUILD_DIR (default build) holds the puzzlelab binary; the records (JSON
# Lines) go to OUT_DIR (default BUILD_DIR/experiments), the pictures to
# docs/experiments/ and the tables (markdown, pasted into
# docs/experiments.md) to OUT_DIR/tables.md. Each sweep is resumable: run
# again after a kill and it continues (--resume). The Clickomania section's
# commands are in docs/experiments.md itself (4.5 minutes; not rerun here).
# Whole run: about a minute of CPU (7 minutes of wall time on the loaded
# 2-core build machine).
set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$SRC/build}
OUT=${2:-$BUILD/experiments}
PICS=$SRC/docs/experiments
PL=$(cd "$BUILD" && pwd)/puzzlelab
mkdir -p "$OUT" "$PICS"
cd "$OUT"

# sweep FILE GAME ARGS...: the sweep into FILE, resumed when FILE exists.
sweep() {
    local file=$1 game=$2
    shift 2
    local resume=()
    [ -s "$file" ] && resume=(--resume)
    echo "+ puzzlelab $game sweep $* -o $file" >&2
    "$PL" "$game" sweep "$@" -o "$file" "${resume[@]}" >"${file%.jsonl}.summary"
}
plot() { # TABLE GAME OUT ARGS...
    local table=$1 game=$2 out=$3
    shift 3
    echo "+ puzzlelab $game plot $table -o $out $*" >&2
    "$PL" "$game" plot "$table" -o "$PICS/$out" "$@" 2>/dev/null
}

# 1. Buttons & Scissors, colours 1, 2, 3 (Theorem 3: one colour with sizes
# {2,3} is polynomial; Theorem 2: two colours, directions + and sizes {2,3}
# NP-complete): full boards of R x 6, exact search.
sweep bs-colours.jsonl buttons --param rows=2..6 --param cols=6 --param colours=1..3 --param directions=+ \
    --param 'sizes=2,3;' --count 100 --seed 1 --algorithm exact --node-limit 100000
plot bs-colours.jsonl buttons bs-colours.png --x rows --series colours
plot bs-colours.jsonl buttons bs-colours-nodes.png --x rows --series colours --y nodes

# 2. Buttons & Scissors around the frequency threshold (Theorem 4: F <= 3
# greedy; F = 4 NP-complete): 6 x 6 boards, 80% filled (29 buttons), every
# colour at most F times and as few colours as that allows (ceil(29 / F)),
# random and planted (--solvable) boards, exact search (not the greedy).
rm -f bs-frequency.jsonl
for F in 2 3 4 5 6; do
    K=$(((29 + F - 1) / F))
    sweep "bs-frequency-$F.jsonl" buttons --param rows=6 --param cols=6 --param fill=80 --param colours=$K \
        --param frequency=$F --param solvable=no,yes --count 100 --seed 1 --algorithm exact --node-limit 100000
    cat "bs-frequency-$F.jsonl" >>bs-frequency.jsonl
done
plot bs-frequency.jsonl buttons bs-frequency.png --x frequency --series solvable
plot bs-frequency.jsonl buttons bs-frequency-nodes.png --x frequency --series solvable --y nodes

# 3. Two Dots against the move limit K and the colours: 6 x 6 boards, two
# random goals (the generator's default), exact search.
sweep twodots.jsonl twodots --param rows=6 --param cols=6 --param colours=2..6 --param moves=1..8 \
    --count 60 --seed 1 --node-limit 1000000
plot twodots.jsonl twodots twodots.png --x moves --series colours
plot twodots.jsonl twodots twodots-nodes.png --x moves --series colours --y nodes

# 4. Coins on the square grid: random start and target (independent), 3 to
# 9 coins; the extra coins of each instance from `coins info` (derived
# table coins-extra.jsonl: the same records with params coins and
# extra_coins).
sweep coins.jsonl coins --param coins=3..9 --count 150 --seed 1 --node-limit 300000
plot coins.jsonl coins coins.png --x coins --series none
python3 "$SRC/scripts/experiments.py" coins-extra "$PL" coins.jsonl coins-extra.jsonl
plot coins-extra.jsonl coins coins-extra.png --x coins --series extra_coins

# 5. Two-player Buttons & Scissors: 3 x C boards, 2 and 3 colours, all
# directions and sizes (the generator's defaults). Impartial games by the
# Grundy solver (Grundy values in the records' notes), scoring and partisan
# games by minimax.
sweep bs2-impartial.jsonl buttons --param rows=3 --param cols=2..6 --param colours=2,3 --param players=impartial \
    --count 100 --seed 1 --algorithm grundy --node-limit 2000000
sweep bs2-games.jsonl buttons --param rows=3 --param cols=2..6 --param colours=2,3 --param 'players=scoring;partisan' \
    --count 100 --seed 1 --algorithm minimax --node-limit 2000000
python3 "$SRC/scripts/experiments.py" two-player bs2-impartial.jsonl bs2-games.jsonl "$PICS"

python3 "$SRC/scripts/experiments.py" tables . >tables.md
echo "tables in $OUT/tables.md, pictures in $PICS" >&2
