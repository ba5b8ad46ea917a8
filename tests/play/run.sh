#!/usr/bin/env bash
# `puzzlelab GAME play` driven through a pseudo-terminal of 80x24 with
# scripted keys (tests/play_driver.py), for every grid game: moves picked with
# the cursor (a click; the two ends of a cut; a path and a cycle; a coin and
# its target cell), undo, redo, reset, hints played with p, a board larger
# than the screen (the cursor scrolls to its far corner), saving with s and on
# quitting. Every saved MOVES file must be accepted by verify. The screen
# itself (issue 22): each game's key line, Two Dots' goals and moves left,
# text word-wrapped on a narrow terminal, the save prompt without -o, hints on
# an unsolvable and an undecided position, the too-small message. Steps
# `expect:TEXT` wait for the screen to show TEXT (play_driver.py), never for
# a time.
#
# usage: tests/play/run.sh PUZZLELAB SRCDIR
set -u
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
pl_test_args play "PL=PUZZLELAB SRC=SRCDIR" "$@"
DRIVER="$SRC/tests/play_driver.py"

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
# drive NAME [DRIVER-OPTIONS...] -- PLAY-ARGS... -- KEYS...: play without -o,
# run in $TMP (so that a file name typed at the save prompt lands there)
drive() {
    local name=$1 dopts=() args=()
    shift
    while [[ $1 != -- ]]; do
        dopts+=("$1")
        shift
    done
    shift
    while [[ $1 != -- ]]; do
        args+=("$1")
        shift
    done
    shift
    (cd "$TMP" && python3 "$DRIVER" "${dopts[@]}" --screen "$TMP/$name.screen" -- "$PL" "${args[@]}" -- "$@") \
        2>"$TMP/$name.err"
    local rc=$?
    [[ $rc == 0 ]] && ok || bad "$name: play exit $rc: $(head -c 2000 "$TMP/$name.err")"
}
# wrapped NAME WIDTH TEXT: the screen dumped to $TMP/NAME.dump has no line
# wider than WIDTH - 1 columns and shows TEXT whole on consecutive lines, so
# no word of it was split or cut
wrapped() {
    local why
    why=$(python3 - "$TMP/$1.dump" "$2" "$3" <<'PY'
import sys
lines = open(sys.argv[1]).read().split("\n")
width, text = int(sys.argv[2]), sys.argv[3]
wide = [l for l in lines if len(l) > width - 1]
if wide:
    print("wider than %d columns: %r" % (width - 1, wide[0]))
elif text not in " ".join(l.strip() for l in lines):
    print("not shown whole: %r" % text)
PY
    )
    [[ -z $why ]] && ok || bad "$1: $why; the screen:
$(cat "$TMP/$1.dump")"
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
play click clickomania "$L" -- 'expect:space/enter click the group under the cursor' '?' p '?' p '?' p '?' p '?' p '?' p '?' p '?' p s q
verify_ok click clickomania "$L"
grep -q 'objective met' "$TMP/click.screen" && ok || bad "click: the screen never said 'objective met'"
# ^C quits like q (the terminal's interrupt is a key in play) and saves.
play click2 clickomania "$L" -- '?' p ctrl-c
[[ $(grep -cv '^#\|^moves:$' "$TMP/click2.moves") == 1 ]] && ok || bad "click2: ^C did not save one move"

# Buttons: the first cut by the cursor (it starts at the centre, 2,2), undo,
# redo, reset and redo again, then hints; the moves are saved on quitting.
L="$SRC/levels/buttons/lpcp-01.level"
play buttons buttons "$L" -- "expect:space/enter pick a cut's end, the second end cuts" l l space j j space u r R r \
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
play twodots twodots "$L" -- 'expect:enter end the path here and play it' \
    'expect:goal a 0/4  goal b 0/6   moves left 4 of 4' l space j space l space k space h space \
    'expect:goal a 11/4 met  goal b 0/6   moves left 3 of 4' '?' p 'expect:moves left 2 of 4' q
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
play coins coins "$L" --hint-limit 30 -- 'expect:space/enter pick a coin, then the cell it moves to' h h space k k k l space '?' p '?' p q
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

# s without -o asks for a file name on the bottom line: the name typed (enter
# saves there, and verify accepts the file); the next prompt offers the same
# name, escape cancels it.
L="$SRC/levels/clickomania/small.level"
drive prompt -- clickomania play "$L" -- 'expect:q quit' '?' 'expect:p plays it' p 'expect:moves 1' \
    s 'expect:save to file:' text:prompt.moves enter 'expect:saved 1 move to prompt.moves' \
    s 'expect:save to file: prompt.moves' esc 'expect:not saved' q
[[ $(grep -cv '^#\|^moves:$' "$TMP/prompt.moves" 2>/dev/null) == 1 ]] && ok || bad "prompt: no one-move file saved"
out=$("$PL" clickomania verify --objective max "$L" "$TMP/prompt.moves" 2>&1) && ok || bad "prompt: verify: $out"
# the level file itself is refused as a name
cp "$L" "$TMP/level.level"
drive prompt2 -- clickomania play level.level -- 'expect:q quit' s 'expect:save to file:' text:level.level enter \
    'expect:is the level file' q
cmp -s "$L" "$TMP/level.level" && ok || bad "prompt2: the level file was overwritten"

# A hint on a level that cannot be cleared says so plainly; on a terminal of
# 50 columns the message and the status lines wrap, no word split or cut.
L="$SRC/levels/clickomania/stuck.level"
drive stuck --cols 50 -- clickomania play "$L" --hint-limit 60 -- 'expect:q quit' '?' 'expect:no solution from here' dump:"$TMP/stuck.dump" q
wrapped stuck 50 "no solution from here: this level cannot be solved for the objective clear, whatever is played (algorithm exact proves it)"
wrapped stuck 50 "25 blocks remain at the end (objective clear needs an empty board)"
wrapped stuck 50 "space/enter click the group under the cursor"
# after a move: "this position", and how to go back
drive stuck2 -- clickomania play "$L" --hint-limit 60 -- 'expect:q quit' l space 'expect:moves 1' '?' \
    'expect:no solution from here: this position cannot be solved' q
# Undecided within the hint limit (exact search on 30x30 blocks of five
# colours needs far more than 10 ms on any machine): said plainly.
"$PL" clickomania generate --rows 30 --cols 30 --colours 5 --seed 5 >"$TMP/hard.level"
drive hard -- clickomania play "$TMP/hard.level" --hint-limit 0.01 -- 'expect:q quit' '?' \
    'expect:did not finish within the hint limit' dump:"$TMP/hard.dump" q
wrapped hard 80 "no hint: the solver (algorithm exact) did not finish within the hint limit of 0.01 s (--hint-limit), so it is not known whether a solution exists from here"

# Too small a terminal (30x8): the message is wrapped to its width; grown
# back to 80x24 the game is shown again.
drive small --rows 8 --cols 30 -- clickomania play "$L" -- 'expect:press q to quit' dump:"$TMP/small.dump" \
    resize:24x80 'expect:q quit' resize:9x60 'expect:this one has 60 and 9' q
wrapped small 30 "The terminal is too small: play needs at least 40 columns and 10 lines, this one has 30 and 8. Enlarge it, or press q to quit."

# Not a terminal: a clear error, exit 2.
err=$("$PL" clickomania play "$SRC/levels/clickomania/small.level" </dev/null 2>&1 >/dev/null)
[[ $? == 2 && $err == *"play needs a terminal"* ]] && ok || bad "no terminal: '$err'"
# A graph level cannot be played.
printf 'grid: graph\nstart: 0 1\ntarget: 1 2\nedges:\n0 1\n1 2\n' >"$TMP/g.level"
err=$("$PL" coins play "$TMP/g.level" 2>&1 >/dev/null)
[[ $? == 2 && $err == *"play needs a square or triangular grid"* ]] && ok || bad "graph: '$err'"

pl_test_done play
