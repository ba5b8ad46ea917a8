# shellcheck shell=bash
# No recursion as deep as the input in Buttons & Scissors, coins and
# Snipperclips (sourced by tests/reliability/run.sh: expect_rc, expect_err,
# ok, bad, $PL and $SRC at hand, the scratch directory as the cwd).
#
# The buttons exact, buttons row and coins cases overflowed a small stack
# before their searches became iterative (checked against a build of the
# recursive code) and must now end normally; the two-player cases check a
# recursion left in place at its bound. Limits are node limits or none; no
# case measures time.
#
# The recursions left in place have a depth bounded by a constant, stated at
# each: buttons colour_dfs (a colour of at most 64 buttons), the two-player
# solvers (128 buttons: checked at that limit below), sat's choose (cut sizes
# up to 63), coins' swap search (depth 10) and rotate_even (2 levels), snip's
# tool_split (quadtree depth 8).

# ---------- buttons exact: one stack frame per cut ----------
# A row that nests 200 cuts (ab...ab ba...ba with 2-cuts only): no safe
# colour clear, no split, one feasible cut at each node, so the search goes
# 200 nodes deep. Each recursive frame held a 4 KiB array: it overflowed a
# 256 KiB stack.
python3 - <<'EOF' >deep-exact.level
half = "ab" * 100
print("directions: -\nsizes: 2")
print(half + half[::-1])
EOF
expect_rc "buttons exact, 200 nested cuts under a 256 KiB stack" 0 \
    bash -c "ulimit -s 256 && exec '$PL' buttons solve deep-exact.level --algorithm exact --node-limit 100000"
if [[ $(head -1 out) == solved ]] && grep -q '; 200 nodes;' out; then ok; else bad "buttons exact deep: $(head -2 out)"; fi
sed -n '/^moves:/,$p' out >deep-exact.moves
expect_rc "buttons exact deep: the certificate verifies" 0 "$PL" buttons verify deep-exact.level deep-exact.moves

# ---------- buttons row (Theorem 1's grammar): the derivation ----------
# 10,000 buttons of one colour: the derivation nests 5,000 pairs. The
# recursive certificate writer overflowed a 256 KiB stack (the parse itself
# is iterative: 5e7 intervals, no node limit so that it completes).
python3 -c 'print("directions: -"); print("a" * 10000)' >deep-row.level
expect_rc "buttons row, 5000 nested pairs under a 256 KiB stack" 0 \
    bash -c "ulimit -s 256 && exec '$PL' buttons solve deep-row.level --algorithm row"
if [[ $(head -1 out) == solved ]] && [[ $(grep -c '^0,' out) == 5000 ]]; then ok; else bad "buttons row deep: $(head -2 out)"; fi
sed -n '/^moves:/,$p' out >deep-row.moves
expect_rc "buttons row deep: the certificate verifies" 0 "$PL" buttons verify deep-row.level deep-row.moves

# ---------- two-player Buttons at the 128-button limit (bounded) ----------
# Not converted: one level per cut and at most 128 buttons, so 64 levels at
# most. A row of 128 buttons with 2-cuts only: every line of play is 64 cuts
# long, and the first one searched is followed to its end. It must run under
# a 256 KiB stack (the node limit ends it: unknown, exit 3).
python3 -c 'print("players: impartial\ndirections: -\nsizes: 2"); print("a" * 128)' >deep-2p.level
sed 's/impartial/scoring/' deep-2p.level >deep-2s.level
for algo in minimax grundy; do
    expect_rc "buttons $algo, 128 buttons under a 256 KiB stack" 3 \
        bash -c "ulimit -s 256 && exec '$PL' buttons solve deep-2p.level --algorithm $algo --node-limit 1000"
done
expect_rc "buttons scoring minimax, 128 buttons under a 256 KiB stack" 3 \
    bash -c "ulimit -s 256 && exec '$PL' buttons solve deep-2s.level --algorithm minimax --node-limit 1000"

# ---------- coins info: the minimal+k subset search ----------
# A full 55 x 65 rectangle (the search removes its coins one after another,
# 3,515 deep) and a 6-coin part where the greedy first pass is one short,
# so the exact search runs; the target fits nowhere (no extra-coins search).
# The recursive search took about 20 bytes of stack per removed coin in a
# Release build (gcc folds several levels into one frame), so a 256 KiB
# stack would need some 13,000 coins and seconds of span computations: the
# case uses a 64 KiB stack, which that search overflowed here.
python3 - <<'EOF' >deep-coins.level
h, w = 55, 65
W = w + 3
start = [["."] * W for _ in range(h + 6)]
target = [["."] * W for _ in range(h + 6)]
for r in range(h):
    for c in range(w):
        start[r][c] = target[r][c] = "o"
for r, c in [(0, 0), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]:
    start[h + 3 + r][c] = "o"
for c in range(6):
    target[h + 5][w - 3 + c] = "o"
print("target-up-to: translation")
print("start:")
print("\n".join("".join(row) for row in start))
print("target:")
print("\n".join("".join(row) for row in target))
EOF
expect_rc "coins info, a 3,575-coin rectangle under a 64 KiB stack" 0 \
    bash -c "ulimit -s 64 && exec '$PL' coins info deep-coins.level"
# 3,581 coins; minimum size 60 (the rectangle: (55 + 65) / 2, Proposition
# 3.20) + 3 (the 3 x 3 part)
if grep -qx 'minimal_plus: 3518' out; then ok; else bad "coins deep: minimal_plus $(grep minimal_plus out)"; fi
