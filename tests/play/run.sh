#!/usr/bin/env bash
# `puzzlelab GAME play` driven through a pseudo-terminal of 80x24 with
# scripted keys (tests/play_driver.py), for every grid game: moves picked with
# the cursor (a click; the two ends of a cut; a path and a cycle; a coin and
# its target cell), undo, redo, reset, hints played with p, a board larger
# than the screen (the cursor scrolls to its far corner), saving with s and on
# quitting. Every saved MOVES file must be accepted by verify.
#
# usage: tests/play/run.sh PUZZLELAB SRCDIR
set -u
PL=$(realpath "$1")
SRC=$(realpath "$2")
DRIVER="$SRC/tests/play_driver.py"
# shellcheck source=tests/lib.sh
source "$SRC/tests/lib.sh"
pl_test_init play

# play NAME GAME LEVEL [PLAY-OPTIONS...] -- KEYS...: runs play with -o NAME.moves
play() {
    local name=$1 game=$2 level=$3 opts=()
    shift 3
    while [[ $1 != -- ]]; do
        opts+=("$1")
        shift
    done
    shift
    python3 "$DRIVER" --screen "$TMP/$name.screen" -- "$PL" "$game" play "$level" -o "$TMP/$name.moves" "${opts[@]}" \
        -- "$@" 2>"$TMP/$name.err"
    local rc=$?
    [[ $rc == 0 ]] && ok || bad "$name: play exit $rc: $(head -c 600 "$TMP/$name.err")"
}
# expect_moves NAME "MOVE|MOVE|...": the saved moves, in order
expect_moves() {
    local got
    got=$(grep -v '^#' "$TMP/$1.moves" 2>/dev/null | grep -v '^moves:$' | paste -sd '|')
    [[ $got == "$2" ]] && ok || bad "$1: saved moves '$got', expected '$2'"
}
# verify_ok NAME GAME LEVEL [VERIFY-OPTIONS...]
verify_ok() {
    local name=$1 game=$2 level=$3 out
    shift 3
    if out=$("$PL" "$game" verify "$@" "$level" "$TMP/$name.moves" 2>&1); then
        ok
    else
        bad "$name: verify: $out"
    fi
}

# Clickomania: every move from a hint (? then p); saved with s, then q.
L="$SRC/levels/clickomania/small.level"
play click clickomania "$L" -- '?' p '?' p '?' p '?' p '?' p '?' p '?' p '?' p s q
verify_ok click clickomania "$L"
grep -q 'objective met' "$TMP/click.screen" && ok || bad "click: the screen never said 'objective met'"
# ^C quits like q (the terminal's interrupt is a key in play) and saves.
play click2 clickomania "$L" -- '?' p ctrl-c
[[ $(grep -cv '^#\|^moves:$' "$TMP/click2.moves") == 1 ]] && ok || bad "click2: ^C did not save one move"

# Buttons: the first cut by the cursor (it starts at the centre, 2,2), undo,
# redo, reset and redo again, then hints; the moves are saved on quitting.
L="$SRC/levels/buttons/lpcp-01.level"
play buttons buttons "$L" -- l l space j j space u r R r \
    '?' p '?' p '?' p '?' p '?' p '?' p '?' p '?' p '?' p '?' p q
verify_ok buttons buttons "$L"
[[ $(grep -v '^#' "$TMP/buttons.moves" | sed -n 2p) == "2,4 4,4" ]] && ok || bad "buttons: first cut not 2,4 4,4"
# A pick of the same end twice is refused; escape drops the selection.
play buttons2 buttons "$L" -- l l space space esc j space q
expect_moves buttons2 ""
grep -q "pick the other end of the cut" "$TMP/buttons2.screen" && ok || bad "buttons2: no refusal on the screen"
# Two cuts picked by hand, ends in either order; verify replays them (the
# board is not empty yet: exit 1 with the buttons left).
play buttons3 buttons "$L" -- l l space j j space h h j j space h h space q
expect_moves buttons3 "2,4 4,4|4,2 4,0"
out=$("$PL" buttons verify "$L" "$TMP/buttons3.moves")
[[ $? == 1 && $out == *"buttons remain at the end"* ]] && ok || bad "buttons3: verify said '$out'"

# Two Dots: the cycle 3,4 4,4 4,5 3,5 3,4 traced from the centre (3,3), closed
# by picking its first dot again; then a path ended with enter, then a hint.
L="$SRC/levels/twodots/cycle.level"
play twodots twodots "$L" -- l space j space l space k space h space '?' p q
expect_moves twodots "3,4 4,4 4,5 3,5 3,4|$(grep -v '^#' "$TMP/twodots.moves" | sed -n 3p)"
verify_ok twodots twodots "$L"
# a path: 5,2 5,3 ended by selecting its last dot again; backspace drops a pick
play twodots2 twodots "$L" -- j j h space l space l space bksp h space q
expect_moves twodots2 "5,2 5,3"

# Coins on the square grid: pick the coin at 3,0 and the cell 0,1 (the
# cursor starts at the centre of the frame plus a margin, 3,2), then hints.
L="$SRC/levels/coins/E-to-F.level"
# (auto's Theorem 3.8 construction takes about a second here before exact
# search shortens its certificate to the 2 moves left, so a generous limit
# keeps the hints shortest on a loaded machine)
play coins coins "$L" --hint-limit 30 -- h h space k k k l space '?' p '?' p q
verify_ok coins coins "$L"
[[ $(grep -v '^#' "$TMP/coins.moves" | sed -n 2p) == "3,0 0,1" ]] && ok || bad "coins: first move not 3,0 0,1"
# a free cell first is refused; an illegal move is reported and not saved
play coins2 coins "$L" -- space h h space l space q
expect_moves coins2 ""
grep -q "illegal" "$TMP/coins2.screen" && ok || bad "coins2: no 'illegal' on the screen"

# Triangular grid: the coin 0,0 to 1,1 (two coins adjacent there); the
# window is the frame plus a margin (-1..3), so the cursor starts at 1,1.
cat >"$TMP/tri.level" <<'L'
grid: triangular
start:
oo.
o..
...
target:
...
.o.
oo.
L
# Hints come from auto (Theorem 2.4 on this grid, not a shortest plan), so
# hint until the position is won; extra hints after the win play nothing.
keys=(k h space j l space)
for _ in $(seq 12); do keys+=('?' p); done
play tri coins "$TMP/tri.level" --hint-limit 30 -- "${keys[@]}" q
expect_moves tri "0,0 1,1|$(grep -v '^#' "$TMP/tri.moves" | sed -n '3,$p' | paste -sd '|')"
verify_ok tri coins "$TMP/tri.level"

# A board larger than 80x24: 30 rows x 100 columns of a, two b at the bottom
# right. The cursor starts at 15,50; 49 l and 14 j take it to 29,99.
python3 - "$TMP/big.level" <<'PY'
import sys
rows = ["a" * 100 for _ in range(30)]
rows[28] = "a" * 99 + "b"
rows[29] = "a" * 99 + "b"
open(sys.argv[1], "w").write("\n".join(rows) + "\n")
PY
keys=()
for _ in $(seq 49); do keys+=(l); done
for _ in $(seq 14); do keys+=(j); done
play big clickomania "$TMP/big.level" -- "${keys[@]}" space q
expect_moves big "29,99"
verify_ok big clickomania "$TMP/big.level" --objective max
grep -q "(scrolls)" "$TMP/big.screen" && ok || bad "big: the title does not say the board scrolls"

# Not a terminal: a clear error, exit 2.
err=$("$PL" clickomania play "$SRC/levels/clickomania/small.level" </dev/null 2>&1 >/dev/null)
[[ $? == 2 && $err == *"play needs a terminal"* ]] && ok || bad "no terminal: '$err'"
# A graph level cannot be played.
printf 'grid: graph\nstart: 0 1\ntarget: 1 2\nedges:\n0 1\n1 2\n' >"$TMP/g.level"
err=$("$PL" coins play "$TMP/g.level" 2>&1 >/dev/null)
[[ $? == 2 && $err == *"play needs a square or triangular grid"* ]] && ok || bad "graph: '$err'"

pl_test_done play
