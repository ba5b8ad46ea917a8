#!/usr/bin/env bash
# Reliability regressions (the reliability issue): inputs that used to crash,
# outputs that used to be lost, limits that used to be errors. Each case is a
# reproducer scaled to what a test can afford; none depends on the machine's
# speed (limits are node limits, never wall-clock assertions).
#
# usage: tests/reliability/run.sh PUZZLELAB SRCDIR
set -u
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
pl_test_args reliability "PL=PUZZLELAB SRC=SRCDIR" "$@"
cd "$TMP" || exit 2

# expect_rc WHAT WANT CMD...: runs CMD (stdout to out, stderr to err) and
# checks its exit status.
expect_rc() {
    local what=$1 want=$2
    shift 2
    "$@" >out 2>err
    local rc=$?
    if [[ $rc == "$want" ]]; then ok; else bad "$what: exit $rc, expected $want ($(head -c 300 err))"; fi
}
# expect_err WHAT TEXT: the last command's stderr holds TEXT.
expect_err() {
    if grep -qF -- "$2" err; then ok; else bad "$1: stderr lacks '$2' ($(head -c 300 err))"; fi
}

# ---------- no recursion as deep as the input ----------
# Two Dots, bombs on, one colour: every simple cycle is enumerated along paths
# as long as the board. The recursive generator overflowed an 8 MiB stack on
# 4 x 15,000 dots; here 4 x 3,000 under a 256 KiB stack (it overflowed that).
python3 - <<'EOF' >deep.level
rows, cols = 4, 3000
print("moves: 1\ngoal: c 1\nbombs: on\nboard:")
for r in range(rows):
    print("a" * 5 + "c" + "a" * (cols - 6) if r == 1 else "a" * cols)
EOF
expect_rc "twodots bombs cycle enumeration, 4x3000 under a 256 KiB stack" 3 \
    bash -c "ulimit -s 256 && exec '$PL' twodots solve deep.level --node-limit 200000"

# ---------- nothing lost on output ----------
if [[ -w /dev/full ]]; then
    expect_rc "generate -o /dev/full" 2 "$PL" clickomania generate --seed 3 -o /dev/full
    expect_err "generate -o /dev/full" "No space left on device"
    expect_rc "generate > /dev/full" 2 bash -c "exec '$PL' clickomania generate --seed 3 >/dev/full"
    expect_err "generate > /dev/full" "standard output: No space left on device"
    expect_rc "solve > /dev/full" 2 bash -c "exec '$PL' clickomania solve '$SRC/levels/clickomania/onecol-four-colours.level' >/dev/full"
    expect_rc "sat generate > /dev/full" 2 bash -c "exec '$PL' sat generate --seed 1 >/dev/full"
else
    echo "reliability: /dev/full not writable here; the write-error cases are skipped"
fi

# Files are replaced atomically: the new content, the usual mode, no
# temporary file left behind.
echo "old" >gen.level
chmod 644 gen.level
expect_rc "generate over an existing file" 0 "$PL" clickomania generate --seed 3 -o gen.level
if grep -q old gen.level || ! grep -q '^# clickomania: generated' gen.level; then bad "generate -o did not replace the file"; else ok; fi
leftover=$(find . -name '.*.XXXXXX' -o -name '.gen.level.*' | head -1)
if [[ -n $leftover ]]; then bad "a temporary file was left: $leftover"; else ok; fi
mode=$(stat -c %a gen.level)
want=$(printf '%o' $((0666 & ~$(umask))))
if [[ $mode == "$want" ]]; then ok; else bad "generated file has mode $mode, expected $want"; fi

# A render killed at any moment leaves either the old picture or a whole new
# one, never a truncated file (the kill lands wherever it lands: both
# outcomes are accepted, only a third one fails). SVG, because cairo streams
# it while drawing (it used to be written in place from the first frame).
"$PL" clickomania generate --rows 120 --cols 120 --colours 5 --seed 9 -o big.level
"$PL" clickomania render big.level -o pic.svg >/dev/null 2>&1
cp pic.svg old.svg
"$PL" clickomania generate --rows 120 --cols 120 --colours 6 --seed 10 -o big.level
for delay in 0.02 0.1 0.3 1; do
    # (through sh, so that this shell does not report the kill)
    sh -c 'timeout -s KILL "$@"; exit 0' sh "$delay" "$PL" clickomania render big.level -o pic.svg >/dev/null 2>&1
    if cmp -s pic.svg old.svg; then
        ok
    elif tail -c 20 pic.svg | grep -q '</svg>'; then
        ok
        cp pic.svg old.svg
    else
        bad "render killed after $delay s left a broken picture ($(stat -c %s pic.svg) bytes)"
    fi
done
rm -f ./.pic.svg.*

# A NUL byte in a --batch file is an error at its place; the boards after it
# are still solved.
printf 'ab/ab\nab/ba\0x\naa/bb\n' >nul.batch
expect_rc "NUL byte in --batch" 2 "$PL" clickomania solve --batch nul.batch
expect_err "NUL byte in --batch" "nul.batch:2:6: a NUL byte"
if grep -q "^# 3 boards" out; then ok; else bad "NUL byte in --batch: expected 3 boards ($(tail -1 out))"; fi

# ---------- limits are answers ----------
# The file-size cap is the one the message names: a sparse 1.5 GiB file is
# refused before it is read.
truncate -s 1536M huge.level
expect_rc "1.5 GiB level" 2 "$PL" clickomania info huge.level
expect_err "1.5 GiB level" "larger than 1 GiB"
rm -f huge.level

# An off-board cell with a minus sign is an illegal move (exit 1), like any
# other off-board cell, not a syntax error.
printf 'moves:\n-1,0 0,0\n' >neg.moves
expect_rc "buttons move -1,0" 1 "$PL" buttons verify "$SRC/levels/buttons/2p-impartial.level" neg.moves
expect_rc "twodots move -1,0" 1 "$PL" twodots verify "$SRC/levels/twodots/column.level" neg.moves
printf 'moves:\n-1,0\n' >neg1.moves
expect_rc "clickomania move -1,0" 1 "$PL" clickomania verify "$SRC/levels/clickomania/onecol-four-colours.level" neg1.moves

# When every solver declines (here the two-player solvers' 128-button limit),
# the answer is unknown (exit 3) with the reasons, grouped.
"$PL" buttons generate --players impartial --rows 12 --cols 12 --colours 3 --seed 1 -o imp.level
expect_rc "two-player Buttons over 128 buttons" 3 "$PL" buttons solve imp.level
if grep -q "grundy, minimax: 144 buttons" out; then ok; else bad "two-player limit: reason missing ($(cat out))"; fi
# The coin search's size limit is an unknown answer too (a graph level may
# name vertex 1000000, as the docs allow).
printf 'grid: graph\nedges:\n1 2\n2 3\n3 1000000\nstart: 1 2\ntarget: 3 1000000\n' >graph.level
expect_rc "coins graph with vertex 1000000" 3 "$PL" coins solve graph.level
if grep -q "at most 65535" out; then ok; else bad "coins size limit: reason missing ($(cat out))"; fi
# A limit a solver reports only through its note still gives the 'limit' key.
"$PL" buttons generate --rows 14 --cols 14 --seed 2 -o b14.level
expect_rc "Buttons SAT over the memory limit" 3 "$PL" buttons solve b14.level --algorithm sat --memory-limit 1 --json
if grep -q '"limit": "memory limit"' out; then ok; else bad "SAT memory limit: no limit key"; fi

# --memory-limit holds for what the process really holds (issue 20): Clickomania
# exact on 200 x 200 kept a board, a group list, an order and a sleep set a
# search level outside its count (64 MiB asked, 170 MB resident). Measured as
# the child's peak resident size (ru_maxrss), with room for the program and
# the level: under 32 MiB asked, below 64 MiB.
"$PL" clickomania generate --rows 200 --cols 200 --colours 4 --seed 1 -o c200.level
rss=0
pl_sanitized "$PL" || rss=$(python3 - "$PL" <<'EOF'
import resource, subprocess, sys
subprocess.run([sys.argv[1], "clickomania", "solve", "c200.level", "--algorithm", "exact",
                "--memory-limit", "32", "--node-limit", "1000000"], stdout=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
EOF
)
if pl_sanitized "$PL"; then
    ok # AddressSanitizer's shadow memory and quarantine are not the program's: not measured there
elif [[ $rss -gt 0 && $rss -lt 64 ]]; then
    ok
else
    bad "clickomania exact --memory-limit 32 on 200 x 200: ${rss} MiB resident"
fi
# A generated two-player level is one its own reader accepts (a --solvable
# sparse board may lack a colour the partisan header used to name).
expect_rc "partisan generate seed 97" 0 "$PL" buttons generate --players partisan --rows 3 --cols 3 --colours 3 \
    --directions va --fill 50 --solvable --seed 97 -o p97.level
expect_rc "partisan level seed 97 reads back" 0 "$PL" buttons info p97.level

# More cases, one file per subject (each sourced here, with expect_rc,
# expect_err, ok and bad at hand, in the scratch directory).
for case in "$SRC"/tests/reliability/cases/*.sh; do
    [[ -e $case ]] || continue
    # shellcheck source=/dev/null
    source "$case"
done

pl_test_done reliability
