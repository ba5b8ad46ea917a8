# shellcheck shell=bash
# No recursion as deep as the input in Clickomania and Two Dots (sourced by
# tests/reliability/run.sh: expect_rc, expect_err, ok, bad, $PL and $SRC at
# hand, the scratch directory as the cwd).
#
# Each case overflowed a small stack before its function became iterative
# (checked against builds of the recursive code: a Release build, and for
# line-max's M and chain recursions, which gcc turns into loops at -O2, the
# Debug + ASan build) and must now end normally, with a certificate that
# verifies. The stack is 256 KiB where an input that overflowed it costs
# little; lower where such an input would cost seconds or hundreds of MiB
# (the tables of the one-line and one-column algorithms are cubic in time),
# never below 32 KiB (the program itself needs some 20 KiB). Limits are node
# limits, as safety nets; no case measures time.
#
# Census's enumeration was converted too (one colour lets a board of 100,000
# cells pass its size check). Left in place: Clickomania's nmcs and nrpa,
# whose depth is their nesting level (--level, at most 8), not the board.

# small_stack KIB CMD...: runs CMD under a stack of KIB KiB.
small_stack() {
    local kib=$1
    shift
    bash -c 'ulimit -s "$1" && shift && exec "$@"' small_stack "$kib" "$@"
}

# ---------- clickomania exact: one search level per click ----------
# 2 x 1600, rows of two blocks of three colours: the first line of clicks
# found clears the board some 800 clicks deep (the reported reproducer was
# 2 x 4000 under 256 KiB, at some 140 MiB of search levels; this is the same
# overflow at a sixth of the memory).
python3 -c 'import random; random.seed(1); [print(random.choice(["aa", "bb", "cc"])) for _ in range(1600)]' \
    >deep-click.level
expect_rc "clickomania exact, 2 x 1600 under a 128 KiB stack" 0 \
    small_stack 128 "$PL" clickomania solve deep-click.level --algorithm exact --node-limit 100000
sed -n '/^moves:/,$p' out >deep-click.moves
if [[ $(head -1 out) == solved ]] && (($(wc -l <deep-click.moves) > 700)); then ok; else
    bad "clickomania exact deep: $(head -2 out), $(wc -l <deep-click.moves) lines of moves"
fi
expect_rc "clickomania exact deep: the certificate verifies" 0 "$PL" clickomania verify deep-click.level deep-click.moves

# ---------- clickomania grammar: the parse tree ----------
# A row of 1,000 groups (aabb...): S -> S S nests 1,000 deep.
python3 -c 'print("aabb" * 500)' >deep-grammar.level
expect_rc "clickomania grammar, a row of 1000 groups under a 256 KiB stack" 0 \
    small_stack 256 "$PL" clickomania solve deep-grammar.level --algorithm grammar --node-limit 10000000
sed -n '/^moves:/,$p' out >deep-grammar.moves
if [[ $(head -1 out) == solved ]]; then ok; else bad "clickomania grammar deep: $(head -2 out)"; fi
expect_rc "clickomania grammar deep: the certificate verifies" 0 \
    "$PL" clickomania verify deep-grammar.level deep-grammar.moves

# ---------- clickomania line-max: the certificate's R, Chain and M ----------
# aabbcc... (900 letters): clearing the row nests R -> Chain -> R 450 deep.
# abc... (600 letters, nothing removable): M splits 600 deep. The tables
# cost O(L^3), so these are short rows under a 32 KiB stack.
python3 -c 'print("aabbcc" * 150)' >deep-linemax.level
expect_rc "clickomania line-max, 450 nested clearings under a 32 KiB stack" 0 \
    small_stack 32 "$PL" clickomania solve deep-linemax.level --algorithm line-max --objective max --node-limit 1000000
sed -n '/^moves:/,$p' out >deep-linemax.moves
if grep -qx 'removed 900' out; then ok; else bad "clickomania line-max deep: $(head -2 out)"; fi
expect_rc "clickomania line-max deep: the certificate verifies" 0 \
    "$PL" clickomania verify deep-linemax.level deep-linemax.moves --objective max
python3 -c 'print("abc" * 200)' >deep-linemax-m.level
expect_rc "clickomania line-max, 600 splits under a 32 KiB stack" 0 \
    small_stack 32 "$PL" clickomania solve deep-linemax-m.level --algorithm line-max --objective max --node-limit 1000000
if grep -qx 'removed 0' out; then ok; else bad "clickomania line-max splits: $(head -2 out)"; fi

# ---------- clickomania census: one level per cell ----------
# One colour: 1^20000 boards pass the size check, and the enumeration went
# one call deeper per cell.
expect_rc "clickomania census, 20000 cells of one colour under a 256 KiB stack" 0 \
    small_stack 256 "$PL" clickomania census --rows 20000 --colours 1
if grep -qx 'boards: 1' out && grep -qx 'solvable: 1' out; then ok; else bad "census deep: $(head -c 300 out)"; fi

# ---------- two dots column (Theorem 3): the certificate's C and H ----------
# a, 500 b, a with goal a 2: the two a need the 500 b cleared between them,
# one move chained 500 deep (C). 300 a with goal a 300: one move chained 300
# deep (H). The tables are cubic, so short columns under a 32 KiB stack.
python3 -c 'print("goal: a 2\nboard:\na"); print("b\n" * 500, end=""); print("a")' >deep-col-c.level
python3 -c 'print("goal: a 300\nboard:"); print("a\n" * 300, end="")' >deep-col-h.level
for what in c:2 h:1; do
    f=deep-col-${what%:*}
    expect_rc "twodots column, $f under a 32 KiB stack" 0 \
        small_stack 32 "$PL" twodots solve "$f.level" --algorithm column --node-limit 100000
    if grep -qx "moves_used ${what#*:}" out; then ok; else bad "twodots column $f: $(head -2 out)"; fi
    sed -n '/^moves:/,$p' out >"$f.moves"
    expect_rc "twodots column $f: the certificate verifies" 0 "$PL" twodots verify "$f.level" "$f.moves"
done

# ---------- two dots exact: one search level per move ----------
# One row of 400 aab, goal every a, no move limit: the first line searched
# (the discrepancy pass) is the 400 moves of an aa each.
python3 -c 'print("goal: a 800\nboard:"); print("aab" * 400)' >deep-td.level
expect_rc "twodots exact, 400 moves under a 64 KiB stack" 0 \
    small_stack 64 "$PL" twodots solve deep-td.level --algorithm exact --any-length --node-limit 100000
if grep -qx 'moves_used 400' out; then ok; else bad "twodots exact deep: $(head -2 out)"; fi
sed -n '/^moves:/,$p' out >deep-td.moves
expect_rc "twodots exact deep: the certificate verifies" 0 "$PL" twodots verify deep-td.level deep-td.moves
