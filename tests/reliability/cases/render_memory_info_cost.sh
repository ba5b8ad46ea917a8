# shellcheck shell=bash
# render --memory-limit (issue 20: a 1000 x 1000 SVG took 1.17 GB). A PNG's
# pixels are counted before drawing; an SVG's or PDF's resident growth while
# drawn (cairo holds every shape until the end). Over the limit: exit 3,
# nothing written, an existing picture left as it was.
"$PL" clickomania generate --rows 300 --cols 300 --colours 5 --seed 1 -o r300.level
printf 'old picture\n' >r300.png
expect_rc "render PNG over --memory-limit" 3 "$PL" clickomania render --memory-limit 64 --cell-size 20 -o r300.png r300.level
expect_err "render PNG over --memory-limit" "139 MiB to draw, over the memory limit (64 MiB)"
if [[ $(cat r300.png) == "old picture" ]]; then ok; else bad "render PNG over the limit replaced the old file"; fi
expect_rc "render PNG under --memory-limit" 0 "$PL" clickomania render --memory-limit 64 --cell-size 4 -o r300.png r300.level
if pl_sanitized "$PL"; then
    ok # resident memory is not the program's under AddressSanitizer: the vector case is not measured there
else
    printf 'old picture\n' >r300.svg
    expect_rc "render SVG over --memory-limit" 3 "$PL" clickomania render --memory-limit 40 --json -o r300.svg r300.level
    if grep -q '"limit": "memory limit"' out; then ok; else bad "render SVG memory limit: no limit key ($(cat out))"; fi
    if [[ $(cat r300.svg) == "old picture" ]]; then ok; else bad "render SVG over the limit replaced the old file"; fi
    rss=$(python3 - "$PL" <<'PY'
import resource, subprocess, sys
subprocess.run([sys.argv[1], "clickomania", "render", "--memory-limit", "40", "-o", "r300b.pdf", "r300.level"],
               stderr=subprocess.DEVNULL)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss // 1024)
PY
)
    if [[ $rss -gt 0 && $rss -lt 56 ]]; then ok; else bad "render PDF --memory-limit 40: ${rss} MiB resident"; fi
    [[ ! -e r300b.pdf ]] && ok || bad "render PDF over the limit left a file"
fi

# info is bounded on every input the parser accepts: coins info on 20,000
# coins computed a greedy span pass outside its work budget (107 s); the
# minimal+k and extra-coin searches now share one budget, so the answers
# are lower bounds ("at least") past it. Measured in work, not time: the
# answer says the budget was reached.
if pl_sanitized "$PL"; then
    ok # the same budget code as in Release, ten times slower under AddressSanitizer: not repeated there
else
    "$PL" coins generate --coins 3000 --seed 1 -o c3k.level
    expect_rc "coins info on 3,000 coins" 0 "$PL" coins info c3k.level
    if grep -q "minimal_plus: at least" out; then ok; else bad "coins info 3,000: no budget note ($(grep minimal_plus out))"; fi
fi

# verify --time-limit is read between moves: a limit that has passed before
# the first move stops the replay there (unknown, exit 3), whatever the speed.
"$PL" clickomania solve "$SRC/levels/clickomania/small.level" -o vt.moves >/dev/null
expect_rc "verify --time-limit 1e-9" 3 "$PL" clickomania verify --time-limit 1e-9 --json \
    "$SRC/levels/clickomania/small.level" vt.moves
if grep -q '"limit": "time limit"' out && grep -q '"valid": null' out; then ok; else bad "verify time limit: $(cat out)"; fi
expect_rc "verify --time-limit 1e9" 0 "$PL" clickomania verify --time-limit 1e9 \
    "$SRC/levels/clickomania/small.level" vt.moves
