#!/usr/bin/env bash
# CLI tests of puzzlelab (spec/formats.md): golden outputs, exit codes, error
# messages on stderr, help, generate --seed, and solve -> verify round trips.
#
# usage: tests/cli/run.sh PUZZLELAB SRCDIR JSON_MOVES
#   PUZZLELAB   the puzzlelab binary
#   SRCDIR      the source tree (its tests/cli/ holds levels/ and golden/)
#   JSON_MOVES  the tests/json_moves.c helper (extracts moves and fields from
#               solve --json output; no python or jq needed)
#
# Commands run in SRCDIR/tests/cli with relative level paths, so the paths in
# the outputs are stable. Before comparing with golden/NAME.out, stdout is
# normalised: the '# algorithm ...' comment line (timings) and the JSON
# "seconds" value. Everything else (node counts, notes, moves) is compared.
#
# UPDATE_GOLDEN=1 tests/cli/run.sh ... rewrites golden/*.out from the current
# output; review the diff (git diff tests/cli/golden) before committing.
set -u
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
pl_test_args cli "PL=PUZZLELAB SRC=SRCDIR JM=JSON_MOVES" "$@"
CLI="$SRC/tests/cli"
GOLD="$CLI/golden"
cd "$CLI" || exit 2
UPDATE=${UPDATE_GOLDEN:-}


normalise() {
    sed -E -e 's/^# algorithm ([^;]*);.*$/# algorithm \1; (timings normalised)/' \
        -e 's/^( *"seconds": )[-+0-9.eE]+/\10/' \
        -e 's/^(# [0-9]+ boards: .*); [0-9.]+ s$/\1; (time normalised)/' \
        -e 's/^seconds: [-+0-9.eE]+$/seconds: 0/'
}

# run NAME ARGS...: runs puzzlelab; stdout in $TMP/NAME.raw, stderr in
# $TMP/NAME.err, exit status in $RC.
RC=0
run() {
    local name=$1
    shift
    RC=0
    "$PL" "$@" >"$TMP/$name.raw" 2>"$TMP/$name.err" || RC=$?
    echo "puzzlelab $*" >"$TMP/$name.cmd"
}

expect_rc() { # NAME WANT
    if [ "$RC" -eq "$2" ]; then
        ok
    else
        bad "$1: exit status $RC, expected $2 ($(cat "$TMP/$1.cmd"))"
        sed 's/^/    stderr: /' "$TMP/$1.err" >&2
    fi
}

expect_stderr() { # NAME TEXT: stderr is exactly TEXT (one line)
    local got
    got=$(cat "$TMP/$1.err")
    if [ "$got" == "$2" ]; then
        ok
    else
        bad "$1: stderr differs ($(cat "$TMP/$1.cmd"))"
        echo "    got:      $got" >&2
        echo "    expected: $2" >&2
    fi
}

expect_no_stderr() { # NAME
    if [ -s "$TMP/$1.err" ]; then
        bad "$1: unexpected output on stderr ($(cat "$TMP/$1.cmd"))"
        sed 's/^/    stderr: /' "$TMP/$1.err" >&2
    else
        ok
    fi
}

expect_no_stdout() { # NAME
    if [ -s "$TMP/$1.raw" ]; then
        bad "$1: unexpected output on stdout ($(cat "$TMP/$1.cmd"))"
        sed 's/^/    stdout: /' "$TMP/$1.raw" >&2
    else
        ok
    fi
}

compare_golden() { # NAME
    local name=$1
    normalise <"$TMP/$name.raw" >"$TMP/$name.out"
    if [ -n "$UPDATE" ]; then cp "$TMP/$name.out" "$GOLD/$name.out"; fi
    if [ ! -f "$GOLD/$name.out" ]; then
        bad "$name: no golden/$name.out (run with UPDATE_GOLDEN=1 and review it)"
    elif diff -u "$GOLD/$name.out" "$TMP/$name.out" >"$TMP/$name.diff"; then
        ok
    else
        bad "$name: stdout differs from golden/$name.out ($(cat "$TMP/$name.cmd"))"
        sed 's/^/    /' "$TMP/$name.diff" >&2
    fi
}

# golden NAME WANT_RC ARGS...: stdout matches golden/NAME.out, exit status
# WANT_RC, and nothing on stderr.
golden() {
    local name=$1 want=$2
    shift 2
    run "$name" "$@"
    compare_golden "$name"
    expect_rc "$name" "$want"
    expect_no_stderr "$name"
}

# error NAME WANT_RC STDERR ARGS...: exit status WANT_RC, stderr exactly
# STDERR, nothing on stdout.
error() {
    local name=$1 want=$2 msg=$3
    shift 3
    run "$name" "$@"
    expect_rc "$name" "$want"
    expect_stderr "$name" "$msg"
    expect_no_stdout "$name"
}

same_output() { # NAME1 NAME2: raw stdout identical
    if cmp -s "$TMP/$1.raw" "$TMP/$2.raw"; then ok; else bad "$1 and $2 print different output"; fi
}

# a --json error: one JSON object on stdout as well as text on stderr
check_json_error() { # NAME WANT_MESSAGE [WANT_FILE WANT_LINE WANT_COL]
    local name=$1
    expect_rc "$name" 2
    if [ "$("$JM" "$TMP/$name.raw" status 2>/dev/null)" = error ] &&
        [ "$("$JM" "$TMP/$name.raw" error)" = "$2" ] &&
        [ "$("$JM" "$TMP/$name.raw" exit_status)" = 2 ] &&
        { [ $# -lt 3 ] || { [ "$("$JM" "$TMP/$name.raw" file)" = "$3" ] &&
            [ "$("$JM" "$TMP/$name.raw" line)" = "$4" ] && [ "$("$JM" "$TMP/$name.raw" col)" = "$5" ]; }; }; then
        ok
    else
        bad "$name: stdout is not the JSON error expected"
        sed 's/^/    stdout: /' "$TMP/$name.raw" >&2
    fi
    if [ -s "$TMP/$name.err" ]; then ok; else bad "$name: nothing on stderr"; fi
}

C=clickomania

# ---------------------------------------------------------------- help
golden help_top 0 help
run help_noargs
expect_rc help_noargs 2
same_output help_top help_noargs
run help_dashdash --help
expect_rc help_dashdash 0
same_output help_top help_dashdash
run help_h -h
expect_rc help_h 0
same_output help_top help_h
golden version 0 --version
golden help_game 0 $C help
run help_game_noargs $C
expect_rc help_game_noargs 2
same_output help_game help_game_noargs
golden help_solve 0 $C solve --help
golden help_verify 0 $C verify --help
golden help_info 0 $C info --help
golden help_generate 0 $C generate --help
# --help wins over everything else on the line
run help_solve_h $C solve levels/small.level --objective max -h
expect_rc help_solve_h 0
same_output help_solve help_solve_h

# ---------------------------------------------------------------- solve
golden solve_small 0 $C solve levels/small.level
golden solve_small_json 0 $C solve --json levels/small.level
golden solve_small_max 0 $C solve --objective max levels/small.level
golden solve_small_score 0 $C solve --objective=score levels/small.level
golden solve_opt_clear 1 $C solve levels/opt.level
golden solve_opt_clear_json 1 $C solve levels/opt.level --json
golden solve_opt_max 0 $C solve --objective max levels/opt.level
golden solve_opt_max_json 0 $C solve --objective max --json levels/opt.level
golden solve_opt_score 0 $C solve --objective score levels/opt.level
golden solve_opt_score_json 0 $C solve --objective score --json levels/opt.level
golden solve_stuck 1 $C solve levels/stuck.level
golden solve_stuck_max 0 $C solve --objective max levels/stuck.level
golden solve_ragged 1 $C solve levels/ragged.level
golden solve_ragged_score 0 $C solve --objective score levels/ragged.level
golden solve_hard 1 $C solve levels/hard.level
# degenerate boards: already empty (cleared by no move), a single block
golden solve_empty 0 $C solve levels/empty.level
golden solve_empty_score 0 $C solve --objective score levels/empty.level
golden solve_one 1 $C solve levels/one.level
golden solve_one_max_json 0 $C solve --objective max --json levels/one.level
# limits: exit 3, status unknown
golden solve_hard_node_limit 3 $C solve --node-limit 1 levels/hard.level
golden solve_hard_node_limit_json 3 $C solve --node-limit 1 --json levels/hard.level
golden solve_hard_node_limit_100 3 $C solve --node-limit 100 levels/hard.level
golden solve_big_time_limit 3 $C solve --time-limit 0.000001 levels/big.level
golden solve_big_memory_limit_json 3 $C solve --memory-limit 1 --node-limit 20000 --json levels/big.level
# an optimisation objective under a limit: solved with the best found, optimal no
golden solve_hard_max_node_limit 0 $C solve --objective max --node-limit 1 levels/hard.level
# --algorithm exact is what auto picks
run solve_small_exact $C solve --algorithm exact levels/small.level
expect_rc solve_small_exact 0
normalise <"$TMP/solve_small_exact.raw" >"$TMP/solve_small_exact.out"
if cmp -s "$TMP/solve_small_exact.out" "$GOLD/solve_small.out"; then ok; else bad "solve --algorithm exact differs from auto"; fi

# ---------------------------------------------------------------- verify
golden verify_small 0 $C verify levels/small.level levels/small.moves
golden verify_small_json 0 $C verify --json levels/small.level levels/small.moves
golden verify_small_max 0 $C verify --objective max levels/small.level levels/small.moves
golden verify_partial 1 $C verify levels/small.level levels/small_partial.moves
golden verify_partial_json 1 $C verify --json levels/small.level levels/small_partial.moves
golden verify_partial_max 0 $C verify --objective max levels/small.level levels/small_partial.moves
golden verify_partial_score 0 $C verify --objective score levels/small.level levels/small_partial.moves
golden verify_none 1 $C verify levels/small.level levels/none.moves
golden verify_none_max 0 $C verify --objective max levels/stuck.level levels/none.moves
golden verify_empty_none 0 $C verify levels/empty.level levels/none.moves
golden verify_single 1 $C verify levels/opt.level levels/single.moves
golden verify_single_json 1 $C verify --objective score --json levels/opt.level levels/single.moves
golden verify_empty_cell 1 $C verify levels/small.level levels/empty_cell.moves
golden verify_outside 1 $C verify --objective max levels/small.level levels/outside.moves
# syntax errors in a MOVES file are bad input: exit 2, file:line:col
error verify_syntax 2 "levels/syntax.moves:2:3: expected a column number" \
    $C verify levels/small.level levels/syntax.moves
error verify_syntax2 2 "levels/syntax2.moves:2:4: expected ',' between row and column (a cell is written r,c)" \
    $C verify levels/small.level levels/syntax2.moves
printf '1,0\n1,0 ,\n' >"$TMP/trailing.moves"
error verify_syntax3 2 "$TMP/trailing.moves:2:4: unexpected ' ' after the cell (a clickomania move is one cell r,c)" \
    $C verify levels/small.level "$TMP/trailing.moves"
printf '1,0\n\x01\n' >"$TMP/control.moves"
error verify_control 2 "$TMP/control.moves:2:1: non-ASCII or control byte 0x01" \
    $C verify levels/small.level "$TMP/control.moves"
# the MOVES file from standard input
RC=0
"$PL" $C verify levels/small.level - <levels/small.moves >"$TMP/verify_stdin.raw" 2>"$TMP/verify_stdin.err" || RC=$?
echo "puzzlelab $C verify levels/small.level - <levels/small.moves" >"$TMP/verify_stdin.cmd"
expect_rc verify_stdin 0
same_output verify_small verify_stdin

# ---------------------------------------------------------------- info
golden info_small 0 $C info levels/small.level
golden info_opt_json 0 $C info --json levels/opt.level
golden info_ragged_max 0 $C info --objective max levels/ragged.level
golden info_empty 0 $C info levels/empty.level
golden info_regions 0 $C info levels/regions.level

# ---------------------------------------------------------------- bad input: exit 2, file:line:col on stderr
SETTLED_GAP="(the board must be settled: blocks stand on the bottom with no gap)"
SETTLED_COLS="(the board must be settled: non-empty columns are contiguous from the left)"
BAD_CHAR="(expected '.' or a colour a-z A-Z 0-9)"
for cmd in solve info verify; do
    extra=()
    if [ $cmd = verify ]; then extra=(levels/small.moves); fi
    error bad_char_$cmd 2 "levels/bad_char.level:2:2: unexpected character '-' $BAD_CHAR" \
        $C $cmd levels/bad_char.level "${extra[@]}"
    error bad_rows_$cmd 2 \
        "levels/bad_rows.level:2:3: row has 3 cells, expected 2 like the first row of section 'board' (line 1)" \
        $C $cmd levels/bad_rows.level "${extra[@]}"
    error bad_gap_$cmd 2 "levels/bad_gap.level:2:1: empty cell below a block $SETTLED_GAP" \
        $C $cmd levels/bad_gap.level "${extra[@]}"
    error bad_column_$cmd 2 \
        "levels/bad_column.level:3:2: column 1 holds blocks but column 0 to its left is empty $SETTLED_COLS" \
        $C $cmd levels/bad_column.level "${extra[@]}"
    error bad_key_$cmd 2 "levels/bad_key.level:1:1: unknown key 'colours' (this game takes no headers)" \
        $C $cmd levels/bad_key.level "${extra[@]}"
    error bad_section_$cmd 2 "levels/bad_section.level:1:1: unknown section 'target' (expected one of: board, regions)" \
        $C $cmd levels/bad_section.level "${extra[@]}"
    error bad_header_$cmd 2 \
        "levels/bad_header.level:1:9: expected a space after 'colours:' (a header line is 'key: value')" \
        $C $cmd levels/bad_header.level "${extra[@]}"
    error bad_ascii_$cmd 2 "levels/bad_ascii.level:2:1: non-ASCII byte 0xC3 (level files are plain ASCII)" \
        $C $cmd levels/bad_ascii.level "${extra[@]}"
    error bad_empty_$cmd 2 "levels/bad_empty.level:1:1: expected board rows (the level has none)" \
        $C $cmd levels/bad_empty.level "${extra[@]}"
    error bad_twice_$cmd 2 "levels/bad_twice.level:3:1: section 'board' opened twice (first at line 1)" \
        $C $cmd levels/bad_twice.level "${extra[@]}"
    error bad_region_$cmd 2 \
        "levels/bad_region.level:5:7: expected a column number (a region is 'r0,c0 r1,c1 label')" \
        $C $cmd levels/bad_region.level "${extra[@]}"
    error missing_$cmd 2 "levels/nope.level: cannot open: No such file or directory" \
        $C $cmd levels/nope.level "${extra[@]}"
done
error missing_moves 2 "levels/nope.moves: cannot open: No such file or directory" \
    $C verify levels/small.level levels/nope.moves
error directory_level 2 "levels: cannot read: Is a directory" $C solve levels

# ---------------------------------------------------------------- bad usage: exit 2
error usage_game 2 "puzzlelab: unknown game or problem 'chess' (expected one of: buttons clickomania twodots coins snip sat x3c vertex-cover 3partition geography planar-sat gpos decycling; see 'puzzlelab help')" chess solve x
error usage_command 2 "puzzlelab: unknown command 'frobnicate' for clickomania (see 'puzzlelab GAME help')" \
    $C frobnicate
error usage_option 2 "puzzlelab: unknown option --fast for 'clickomania solve' (see 'puzzlelab clickomania solve --help')" \
    $C solve --fast levels/small.level
error usage_verify_option 2 "puzzlelab: unknown option --node-limit for 'clickomania verify' (see 'puzzlelab clickomania verify --help')" \
    $C verify --node-limit 5 levels/small.level levels/small.moves
error usage_objective 2 "puzzlelab: unknown objective 'most' for clickomania (expected clear max score)" \
    $C solve --objective most levels/small.level
error usage_verify_objective 2 "puzzlelab: unknown objective 'most' for clickomania (expected clear max score)" \
    $C verify --objective most levels/small.level levels/small.moves
error usage_node_limit 2 "puzzlelab: --node-limit: expected a non-negative whole number, got 'many'" \
    $C solve --node-limit many levels/small.level
error usage_node_limit_neg 2 "puzzlelab: --node-limit: expected a non-negative whole number, got '-1'" \
    $C solve --node-limit=-1 levels/small.level
error usage_time_limit 2 "puzzlelab: --time-limit: expected a number, got '1s'" $C solve --time-limit 1s levels/small.level
error usage_memory_limit 2 "puzzlelab: --memory-limit: expected 1 to 4194304 MiB" \
    $C solve --memory-limit 0 levels/small.level
error usage_needs_value 2 "puzzlelab: option --node-limit needs a value (N)" $C solve levels/small.level --node-limit
error usage_flag_value 2 "puzzlelab: option --json takes no value" $C solve --json=yes levels/small.level
error usage_algorithm 2 "puzzlelab: unknown algorithm 'magic' for clickomania (see 'puzzlelab GAME help')" \
    $C solve --algorithm magic levels/small.level
error usage_algorithm_objective 2 "puzzlelab: algorithm 'greedy' does not apply to levels/small.level: anytime optimisers need --objective max or score (clear is a yes/no question: use exact)" \
    $C solve --algorithm greedy levels/small.level
error usage_solve_nofile 2 "puzzlelab: solve takes a LEVEL file (see 'puzzlelab clickomania solve --help')" \
    $C solve
error usage_verify_files 2 "puzzlelab: verify takes a LEVEL and a MOVES file (see 'puzzlelab clickomania verify --help')" \
    $C verify levels/small.level
error usage_info_files 2 "puzzlelab: info takes one LEVEL file (see 'puzzlelab clickomania info --help')" $C info
error usage_generate_files 2 "puzzlelab: generate takes no files, only options (see 'puzzlelab clickomania generate --help')" \
    $C generate levels/small.level
error usage_generate_colours 2 "puzzlelab: --colours: 0 is out of range [1, 62]" $C generate --colours 0
error usage_generate_seed 2 "puzzlelab: --seed: expected a non-negative whole number, got 'x'" $C generate --seed x
error usage_generate_output 2 "puzzlelab: cannot write /nonexistent-dir/x.level: No such file or directory" \
    $C generate -o /nonexistent-dir/x.level

# ---------------------------------------------------------------- generate
golden generate_seed7 0 $C generate --seed 7 --rows 4 --cols 6 --colours 3
run generate_seed7_again $C generate --colours 3 --cols 6 --rows 4 --seed 7
expect_rc generate_seed7_again 0
same_output generate_seed7 generate_seed7_again
run generate_seed8 $C generate --seed 8 --rows 4 --cols 6 --colours 3
expect_rc generate_seed8 0
if cmp -s "$TMP/generate_seed7.raw" "$TMP/generate_seed8.raw"; then bad "generate: seeds 7 and 8 give the same level"; else ok; fi
golden generate_default 0 $C generate
run generate_file $C generate --seed 7 --rows 4 --cols 6 --colours 3 -o "$TMP/gen7.level"
expect_rc generate_file 0
expect_no_stdout generate_file
if cmp -s "$TMP/generate_seed7.raw" "$TMP/gen7.level"; then ok; else bad "generate -o FILE differs from stdout"; fi
run generate_file2 $C generate --seed=7 --rows=4 --cols=6 --colours=3 --output="$TMP/gen7b.level"
expect_rc generate_file2 0
if cmp -s "$TMP/generate_seed7.raw" "$TMP/gen7b.level"; then ok; else bad "generate --output=FILE differs from stdout"; fi
# a generated level is a valid level
run generate_info $C info "$TMP/gen7.level"
expect_rc generate_info 0
expect_no_stderr generate_info

# ---------------------------------------------------------------- solve -> verify round trips
# check_round_trip NAME LEVEL OBJECTIVE [SOLVE OPTIONS...]: solve --json, then
# the certificate through verify --objective; exit codes match the status, and
# verify reaches the values solve claims. Outputs go to $TMP/rt_NAME_OBJECTIVE.*
check_round_trip() {
    local name=$1 level=$2 obj=$3
    shift 3
    local tag=rt_${name}_$obj
    run "$tag" $C solve --json --objective "$obj" "$@" "$level"
    local status
    if ! status=$("$JM" "$TMP/$tag.raw" status 2>"$TMP/$tag.jm.err"); then
        bad "$tag: solve --json output is not readable: $(cat "$TMP/$tag.jm.err")"
        return
    fi
    local want_rc
    case $status in
    solved) want_rc=0 ;;
    unsolvable) want_rc=1 ;;
    unknown) want_rc=3 ;;
    *)
        bad "$tag: status '$status'"
        return
        ;;
    esac
    expect_rc "$tag" "$want_rc"
    expect_no_stderr "$tag"
    if [ "$status" = unsolvable ] && [ "$obj" != clear ]; then bad "$tag: 'unsolvable' for an optimisation objective"; fi
    "$JM" "$TMP/$tag.raw" >"$TMP/$tag.moves" || bad "$tag: no moves array"
    if [ "$status" != solved ]; then
        if [ -s "$TMP/$tag.moves" ]; then bad "$tag: moves printed with status $status"; else ok; fi
        return
    fi
    run "$tag.verify" $C verify --json --objective "$obj" "$level" "$TMP/$tag.moves"
    expect_rc "$tag.verify" 0
    expect_no_stderr "$tag.verify"
    local v
    v=$("$JM" "$TMP/$tag.verify.raw" valid)
    if [ "$v" = true ]; then ok; else bad "$tag: verify says valid=$v: $("$JM" "$TMP/$tag.verify.raw" reason)"; fi
    local n
    n=$(wc -l <"$TMP/$tag.moves")
    if [ "$("$JM" "$TMP/$tag.verify.raw" moves)" = "$n" ]; then ok; else bad "$tag: verify counted a different number of moves"; fi
    if [ "$obj" != clear ]; then
        local key
        for key in removed score; do
            local a b
            a=$("$JM" "$TMP/$tag.raw" $key)
            b=$("$JM" "$TMP/$tag.verify.raw" $key)
            if [ "$a" = "$b" ]; then ok; else bad "$tag: solve claims $key $a, verify reaches $b"; fi
        done
    fi
    # the text output's moves: block, saved alone, is a MOVES file too
    run "$tag.text" $C solve --objective "$obj" "$@" "$level"
    sed -n '/^moves:$/,$p' "$TMP/$tag.text.raw" >"$TMP/$tag.text.moves"
    run "$tag.textverify" $C verify --objective "$obj" "$level" "$TMP/$tag.text.moves"
    expect_rc "$tag.textverify" 0
}

for name in small opt stuck ragged hard empty one; do
    for obj in clear max score; do check_round_trip $name levels/$name.level $obj; done
done
for seed in 1 2 3 4 5 6; do
    "$PL" $C generate --seed $seed --rows 5 --cols 5 --colours 3 -o "$TMP/g$seed.level"
    for obj in clear max score; do check_round_trip gen$seed "$TMP/g$seed.level" $obj; done
done
for obj in clear max score; do check_round_trip gen7 "$TMP/gen7.level" $obj; done
# under a limit the certificate is still legal and worth what it claims
check_round_trip big levels/big.level max --node-limit 3000
check_round_trip big levels/big.level score --node-limit 3000

# The streamed one-line solve (issue 21, item 5) against the general path:
# the same level with a blank line after it goes through the general reader.
# Same exit status, report (timings and peak memory aside) and certificate;
# -o - puts the certificate on stdout and the report on stderr; an
# unsolvable row writes no MOVES file; a failed write is an error.
stream_norm() { sed -E -e 's/^# algorithm ([^;]*);.*$/# algorithm \1/' "$1"; }
awk 'BEGIN { srand(11); for (k = 0; k < 4; k++) { s = ""; for (i = 0; i < 3000 + 17 * k; i++) s = s (rand() < 0.5 ? "a" : "b"); print s > ("'"$TMP"'/st_row" k ".level") } }'
awk 'BEGIN { srand(12); for (i = 0; i < 2001; i++) print (rand() < 0.5 ? "Z" : "9") }' >"$TMP/st_row4.level"
printf '# one row, checkerboard\nababab\n' >"$TMP/st_row5.level"
for k in 0 1 2 3 4 5; do
    lv="$TMP/st_row$k.level"
    { cat "$lv"; echo; } >"$TMP/st_gen$k.level"
    run "st_$k" $C solve "$lv" -o "$TMP/st_$k.moves"
    rc_s=$RC
    run "st_gen_$k" $C solve "$TMP/st_gen$k.level" -o "$TMP/st_gen_$k.moves"
    if [ "$rc_s" -eq "$RC" ] && [ "$(stream_norm "$TMP/st_$k.raw")" == "$(stream_norm "$TMP/st_gen_$k.raw")" ]; then ok; else bad "st_$k: streamed report or status ($rc_s) differs from the general path's ($RC)"; fi
    if [ "$rc_s" -eq 0 ]; then
        if cmp -s <(tail -n +2 "$TMP/st_$k.moves") <(tail -n +2 "$TMP/st_gen_$k.moves"); then ok; else bad "st_$k: streamed certificate differs"; fi
        run "st_${k}_verify" $C verify "$lv" "$TMP/st_$k.moves"
        expect_rc "st_${k}_verify" 0
        # the streamed verify against the general one (the level with a blank line), text and JSON
        run "st_${k}_verify_gen" $C verify "$TMP/st_gen$k.level" "$TMP/st_$k.moves"
        if cmp -s "$TMP/st_${k}_verify.raw" "$TMP/st_${k}_verify_gen.raw"; then ok; else bad "st_${k}_verify: streamed report differs"; fi
        run "st_${k}_verify_json" $C verify --json --objective score "$lv" "$TMP/st_$k.moves"
        run "st_${k}_verify_json_gen" $C verify --json --objective score "$TMP/st_gen$k.level" "$TMP/st_$k.moves"
        if cmp -s "$TMP/st_${k}_verify_json.raw" "$TMP/st_${k}_verify_json_gen.raw"; then ok; else bad "st_${k}_verify_json: streamed report differs"; fi
        # one move short: blocks remain (streamed); a move repeated at the end: the general path names it
        head -n -1 "$TMP/st_$k.moves" >"$TMP/st_${k}_short.moves"
        run "st_${k}_short" $C verify "$lv" "$TMP/st_${k}_short.moves"
        run "st_${k}_short_gen" $C verify "$TMP/st_gen$k.level" "$TMP/st_${k}_short.moves"
        if [ "$RC" -eq 1 ] && cmp -s "$TMP/st_${k}_short.raw" "$TMP/st_${k}_short_gen.raw" && grep -q 'remain' "$TMP/st_${k}_short.raw"; then ok; else bad "st_${k}_short: $(cat "$TMP/st_${k}_short.raw")"; fi
        { cat "$TMP/st_$k.moves"; tail -n 1 "$TMP/st_$k.moves"; } >"$TMP/st_${k}_extra.moves"
        run "st_${k}_extra" $C verify "$lv" "$TMP/st_${k}_extra.moves"
        if [ "$RC" -eq 1 ] && grep -q '^invalid: move' "$TMP/st_${k}_extra.raw"; then ok; else bad "st_${k}_extra: $(cat "$TMP/st_${k}_extra.raw")"; fi
        run "st_${k}_dash" $C solve "$lv" -o -
        expect_rc "st_${k}_dash" 0
        if cmp -s "$TMP/st_${k}_dash.raw" "$TMP/st_$k.moves" && grep -q '^solved$' "$TMP/st_${k}_dash.err"; then ok; else bad "st_${k}_dash: -o - certificate or report"; fi
    else
        if [ -e "$TMP/st_$k.moves" ]; then bad "st_$k: MOVES written for status $rc_s"; else ok; fi
    fi
done
# "-" is standard input even beside a file called "-" (read once, by the general path)
printf '0,2\n0,0\n' >"$TMP/st_dash.moves"
got=$(cd "$TMP" && : >./- && printf 'aabbaa\n' | "$PL" clickomania verify - "$TMP/st_dash.moves" 2>&1)
if [ "$got" == "$(printf 'valid (2 moves)\nremoved 6\nscore 1004')" ]; then ok; else bad "verify - beside a file '-': $got"; fi
rm -f "$TMP/-"
run st_full $C solve "$TMP/st_row0.level" -o /dev/full
if [ "$RC" -eq 0 ]; then
    run st_full $C solve "$TMP/st_row1.level" -o /dev/full
fi
ws=$(grep -c . "$TMP/st_full.err")
if [ "$RC" -eq 2 ] && grep -q 'cannot write /dev/full' "$TMP/st_full.err" && [ "$ws" -eq 1 ]; then ok; else bad "st_full: exit $RC, stderr $(cat "$TMP/st_full.err")"; fi

# the levels shipped in levels/clickomania/, when there are any
shopt -s nullglob
for level in "$SRC"/levels/clickomania/*.level; do
    name=shipped_$(basename "$level" .level)
    run "${name}_info" $C info "$level"
    expect_rc "${name}_info" 0
    expect_no_stderr "${name}_info"
    for obj in clear max score; do check_round_trip "$name" "$level" $obj --node-limit 200000; done
done
shopt -u nullglob

# ---------------------------------------------------------------- corrupted certificates: exit 1, precise reason
# a valid certificate with a click on a single block in front
run corrupt_src $C solve --json --objective max levels/opt.level
{
    echo "0,0"
    "$JM" "$TMP/corrupt_src.raw"
} >"$TMP/corrupt1.moves"
golden corrupt_single 1 $C verify --objective max levels/opt.level "$TMP/corrupt1.moves"
if grep -qx 'invalid: move 1 (0,0): group of size 1' "$TMP/corrupt_single.raw"; then ok; else bad "corrupt_single: reason"; fi
# the clear certificate of small.level with its first move repeated at the end
{
    "$JM" "$TMP/rt_small_clear.raw"
    "$JM" "$TMP/rt_small_clear.raw" | head -1
} >"$TMP/corrupt2.moves"
golden corrupt_extra 1 $C verify levels/small.level "$TMP/corrupt2.moves"
# the last move dropped: legal, but the board is not empty
"$JM" "$TMP/rt_small_clear.raw" | head -n -1 >"$TMP/corrupt3.moves"
golden corrupt_short 1 $C verify levels/small.level "$TMP/corrupt3.moves"

# ---------------------------------------------------------------- one column / one row (issue 3)
golden onecol_info 0 $C info levels/onecol_long.level
golden onecol_solve 0 $C solve levels/onecol_long.level
golden onecol_solve_max 0 $C solve --objective max levels/onecol_long.level
golden row_two_colours 0 $C solve levels/row_two.level
golden row_two_colours_unsolvable 1 $C solve levels/row_two_stuck.level
check_round_trip onecol_long levels/onecol_long.level clear
check_round_trip onecol_long levels/onecol_long.level max
check_round_trip row_two levels/row_two.level clear
error grammar_not_applicable 2 "puzzlelab: algorithm 'grammar' does not apply to levels/small.level: needs one column or one row" \
    $C solve --algorithm grammar levels/small.level

# ---------------------------------------------------------------- solve --batch and census
golden batch_clear 0 $C solve --batch levels/batch.txt
golden batch_max 0 $C solve --batch levels/batch.txt --objective max
run batch_json $C solve --batch levels/batch.txt --json
expect_rc batch_json 0
compare_golden batch_json
# a bad line is reported with its place and skipped; the others are solved; exit 2
run batch_bad $C solve --batch levels/batch_bad.txt
expect_rc batch_bad 2
expect_stderr batch_bad "levels/batch_bad.txt:3:5: unexpected character '?' (expected '.' or a colour a-z A-Z 0-9)"
compare_golden batch_bad
golden census_col 0 $C census --rows 10 --colours 2
golden census_lengths 0 $C census --rows 8 --colours 3 --all-lengths
golden census_max 0 $C census --rows 2 --cols 3 --colours 3 --objective max
golden census_sample 0 $C census --rows 12 --colours 4 --sample 500 --seed 3
error census_too_many 2 "puzzlelab: 2^100 boards are too many to enumerate; use --sample N" $C census --rows 100 --colours 2

# ---------------------------------------------------------------- snip
golden snip_help 0 snip help
golden snip_info 0 snip info levels/snip_frame.level
golden snip_solve_quarter 0 snip solve levels/snip_quarter.level
golden snip_verify 0 snip verify levels/snip_quarter.level levels/snip_quarter.moves
golden snip_verify_bad 1 snip verify levels/snip_quarter.level levels/snip_quarter_bad.moves
error snip_verify_syntax 2 "levels/snip_quarter_syntax.moves:2:12: expected a number, got 'nope'" snip verify levels/snip_quarter.level levels/snip_quarter_syntax.moves
error snip_bowtie 2 "levels/snip_bowtie.level:2:10: invalid target: Self-intersection near (0.5 0.5)" snip info levels/snip_bowtie.level
error snip_tolerance 2 "puzzlelab: --tolerance: -1 is out of range [0, 1]" snip verify --tolerance -1 levels/snip_quarter.level levels/snip_quarter.moves
# two targets (issue 25): Observation 1 in info and solve, the grid search, its options
golden snip_info_obs1 0 snip info levels/snip_obs1_two.level
golden snip_solve_obs1 1 snip solve levels/snip_obs1_two.level
golden snip_solve_obs1_grid 1 snip solve --algorithm grid levels/snip_obs1_two.level
golden snip_solve_two 0 snip solve levels/snip_two.level -o $TMP/snip_two.moves
golden snip_verify_two 0 snip verify levels/snip_two.level $TMP/snip_two.moves
error snip_grid_bad 2 "puzzlelab: --grid: expected 1, 2, 4 or 8 (the lattice step 1/M must be a power of two), got 3" snip solve --algorithm grid --grid 3 levels/snip_two.level
error snip_angle_bad 2 "puzzlelab: --angle: expected 90, 180 or 360 (quarter turns keep the lattice), got 45" snip solve --algorithm grid --angle 45 levels/snip_two.level
error snip_target2_empty 2 "levels/snip_target2_empty.level:2:1: expected tool 2's target as WKT after 'target2:': POLYGON or MULTIPOLYGON" snip info levels/snip_target2_empty.level

# ---------------------------------------------------------------- source problems and reductions (issue 17)
golden sat_help 0 sat help
golden sat_info 0 sat info levels/r_sat.cnf
golden sat_solve 0 sat solve levels/r_sat.cnf
golden sat_solve_unsat 1 sat solve levels/r_unsat.cnf
golden sat_solve_json 0 sat solve --json levels/r_sat.cnf
golden sat_verify_competition 0 sat verify levels/r_sat.cnf levels/r_sat_comp.cert
golden sat_verify_bad 1 sat verify levels/r_sat.cnf levels/r_sat_bad.cert
error sat_parse 2 "levels/r_bad.cnf:3:6: literal 4 names variable 4, but the header says 3 variables" sat info levels/r_bad.cnf
error sat_unknown_command 2 "puzzlelab: unknown command 'play' for sat (see 'puzzlelab PROBLEM help')" sat play levels/r_sat.cnf
golden x3c_info 0 x3c info levels/r_yes.x3c
golden x3c_solve 0 x3c solve levels/r_yes.x3c
golden x3c_solve_json 0 x3c solve --json levels/r_yes.x3c
golden x3c_no 1 x3c solve levels/r_no.x3c
# info --memory-limit: the limit solve would run under changes what auto picks
"$PL" buttons generate --rows 14 --cols 14 --colours 3 --seed 2 -o "$TMP/b14.level"
run info_mem_default buttons info "$TMP/b14.level"
run info_mem_small buttons info "$TMP/b14.level" --memory-limit 16
if grep -qx 'algorithm: sat' "$TMP/info_mem_default.raw" && grep -qx 'algorithm: exact' "$TMP/info_mem_small.raw" &&
    grep -q 'sat not run: the formula would take about [0-9]* MiB, over the memory limit (16 MiB)' "$TMP/info_mem_small.raw"; then
    ok
else
    bad "info --memory-limit 16 on a 14 x 14 board: sat by default, exact (sat not run) under 16 MiB"
fi
# a problem's solve -o CERTIFICATE: a file verify reads; -o - puts it on stdout
run x3c_o x3c solve levels/r_yes.x3c -o "$TMP/r_yes.cert"
expect_rc x3c_o 0
if "$PL" x3c verify levels/r_yes.x3c "$TMP/r_yes.cert" >/dev/null &&
    head -n 1 "$TMP/r_yes.cert" | grep -q '^# puzzlelab x3c solve levels/r_yes.x3c: algorithm '; then
    ok
else
    bad "x3c solve -o: the certificate file does not verify or lacks its comment line"
fi
if "$PL" x3c solve levels/r_yes.x3c -o - 2>/dev/null | cmp -s - "$TMP/r_yes.cert"; then ok; else bad "x3c solve -o - is stdout"; fi
rm -f "$TMP/r_no.cert"
run x3c_o_no x3c solve levels/r_no.x3c -o "$TMP/r_no.cert"
expect_rc x3c_o_no 1
if [ -e "$TMP/r_no.cert" ]; then bad "x3c solve -o wrote a certificate for a no-instance"; else ok; fi
golden vc_info 0 vertex-cover info levels/r_square.vc
golden vc_solve 0 vertex-cover solve levels/r_square.vc
golden vc_no 1 vertex-cover solve levels/r_square_k1.vc
golden sat_generate 0 sat generate --vars 4 --clauses 6 --answer yes --seed 3
golden x3c_generate 0 x3c generate --q 2 --sets 4 --answer no --seed 2
golden vc_generate 0 vertex-cover generate --vertices 5 --edges 6 --answer no --seed 1
error vc_generate_k 2 "puzzlelab: vertex-cover generate: --k goes with --answer any (yes and no choose k)" \
    vertex-cover generate --answer yes --k 2
golden 3p_help 0 3partition help
golden 3p_info 0 3partition info levels/r_yes.3p
golden 3p_solve 0 3partition solve levels/r_yes.3p
golden 3p_solve_json 0 3partition solve --json levels/r_yes.3p
golden 3p_no 1 3partition solve levels/r_no.3p
golden 3p_node_limit 3 3partition solve --node-limit 3 levels/r_no.3p
golden 3p_verify 0 3partition verify levels/r_yes.3p levels/r_3p.cert
golden 3p_verify_bad 1 3partition verify levels/r_yes.3p levels/r_3p_bad.cert
golden 3p_verify_solved 0 3partition verify levels/r_yes.3p "$TMP/3p_solve.raw"
golden 3p_generate 0 3partition generate --m 2 --bound 15 --answer no --seed 2
error 3p_parse 2 "levels/r_bad.3p:4:6: number 6 is 8, not strictly between B/4 and B/2 (5..7 for B = 16)" \
    3partition info levels/r_bad.3p
error 3p_generate_none 2 "puzzlelab: 3partition generate --answer no: with m = 2 and B = 14, each of the 3 multisets of numbers strictly between B/4 and B/2 summing to mB splits into triples; choose a larger --bound" \
    3partition generate --bound 14 --answer no
golden twodots_help 0 twodots help
# the refill model (footnote 3): info, solve, verify (a move legal only on the refilled board, a mixed one)
golden twodots_refill_info 0 twodots info levels/td_refill.level
golden twodots_refill_solve 0 twodots solve levels/td_refill.level
golden twodots_refill_solve_json 0 twodots solve --json levels/td_refill.level
golden twodots_refill_verify 0 twodots verify levels/td_refill.level levels/td_refill.moves
golden twodots_refill_verify_solved 0 twodots verify levels/td_refill.level "$TMP/twodots_refill_solve.raw"
golden twodots_refill_verify_bad 1 twodots verify levels/td_refill.level levels/td_refill_bad.moves
golden twodots_refill_generate 0 twodots generate --rows 3 --cols 4 --moves 2 --refill 2 --solvable --seed 3
# Two Dots' streamed row (issue 21, item 5) against the general path (the
# same level with a blank line after it): report, certificate, verify.
awk 'BEGIN { srand(21); s = ""; for (i = 0; i < 4000; i++) s = s substr("abc", int(rand() * 3) + 1, 1); print "# streamed\nmoves: 900\ngoal: a 500\ngoal: c 300\nboard:\n" s > "'"$TMP"'/tds.level" }'
{ cat "$TMP/tds.level"; echo; } >"$TMP/tds_gen.level"
run tds twodots solve "$TMP/tds.level" -o "$TMP/tds.moves"
rc_s=$RC
run tds_gen twodots solve "$TMP/tds_gen.level" -o "$TMP/tds_gen.moves"
if [ "$rc_s" -eq 0 ] && [ "$RC" -eq 0 ] && [ "$(stream_norm "$TMP/tds.raw")" == "$(stream_norm "$TMP/tds_gen.raw")" ] &&
    cmp -s <(tail -n +2 "$TMP/tds.moves") <(tail -n +2 "$TMP/tds_gen.moves"); then ok; else bad "tds: streamed Two Dots row differs from the general path (exit $rc_s, $RC)"; fi
run tds_verify twodots verify --json "$TMP/tds.level" "$TMP/tds.moves"
run tds_verify_gen twodots verify --json "$TMP/tds_gen.level" "$TMP/tds.moves"
if [ "$RC" -eq 0 ] && cmp -s "$TMP/tds_verify.raw" "$TMP/tds_verify_gen.raw"; then ok; else bad "tds_verify: streamed verify differs"; fi
head -n -1 "$TMP/tds.moves" >"$TMP/tds_short.moves"
run tds_short twodots verify "$TMP/tds.level" "$TMP/tds_short.moves"
run tds_short_gen twodots verify "$TMP/tds_gen.level" "$TMP/tds_short.moves"
if [ "$RC" -eq 1 ] && cmp -s "$TMP/tds_short.raw" "$TMP/tds_short_gen.raw" && grep -q 'not met' "$TMP/tds_short.raw"; then ok; else bad "tds_short: $(cat "$TMP/tds_short.raw")"; fi
error twodots_refill_gap 2 "levels/td_refill_gap.level:2:2: column 1's refill queue has a gap: this dot stands above an empty cell (a queue is read from the section's last row up and ends at its first '.')" \
    twodots info levels/td_refill_gap.level
error twodots_refill_zero 2 "puzzlelab: --refill: 0 is out of range [1, 10000]" \
    twodots generate --refill 0
golden reduce_x3c 0 twodots reduce --from x3c levels/r_yes.x3c
golden reduce_sat 0 twodots reduce --from sat levels/r_sat.cnf
golden reduce_vc 0 twodots reduce --from vertex-cover levels/r_square.vc
# forward: the source's certificate gives the level's moves, which verify accepts; lift takes them back
for src in r_square.vc r_sat.cnf r_yes.x3c; do
    case $src in *.vc) P=vertex-cover ;; *.cnf) P=sat ;; *) P=x3c ;; esac
    run "cert_$src" $P solve "levels/$src"
    expect_rc "cert_$src" 0
    run "reduce_w_$src" twodots reduce --from $P "levels/$src" -o "$TMP/$src.level" --witness "$TMP/cert_$src.raw" \
        --moves-output "$TMP/$src.moves"
    expect_rc "reduce_w_$src" 0
    expect_no_stderr "reduce_w_$src"
    golden "verify_forward_$src" 0 twodots verify "$TMP/$src.level" "$TMP/$src.moves"
    golden "lift_forward_$src" 0 twodots lift "levels/$src" "$TMP/$src.level" "$TMP/$src.moves"
    # the lifted certificate is one of the source (lift -o writes it)
    run "lift_o_$src" twodots lift "levels/$src" "$TMP/$src.level" "$TMP/$src.moves" -o "$TMP/$src.lifted"
    golden "verify_lifted_$src" 0 $P verify "levels/$src" "$TMP/$src.lifted"
done
# exact search's own certificate of a constructed level lifts too
run solve_reduced twodots solve "$TMP/r_square.vc.level"
golden lift_solved 0 twodots lift levels/r_square.vc "$TMP/r_square.vc.level" "$TMP/solve_reduced.raw"
golden lift_json 0 twodots lift --json levels/r_square.vc "$TMP/r_square.vc.level" "$TMP/solve_reduced.raw"
# moves that are not a certificate of the level: exit 1 with the reason
head -n 3 "$TMP/r_square.vc.moves" >"$TMP/short.moves"
golden lift_short 1 twodots lift levels/r_square.vc "$TMP/r_square.vc.level" "$TMP/short.moves"
# a level that is not the construction of the source: exit 2
error lift_wrong_level 2 "puzzlelab: $TMP/r_square.vc.level is not the construction of levels/r_square_k1.vc by any reduction of the game (tried: vertex-cover theorem 4)" \
    twodots lift levels/r_square_k1.vc "$TMP/r_square.vc.level" "$TMP/r_square.vc.moves"
error reduce_no_from 2 "puzzlelab: reduce needs --from PROBLEM (see 'puzzlelab twodots help' for the reductions)" \
    twodots reduce levels/r_sat.cnf
error reduce_wrong_format 2 "levels/r_sat.cnf:2:3: expected 'x3c' (the header is 'p x3c ITEMS SETS')" \
    twodots reduce --from x3c levels/r_sat.cnf
error reduce_bad_witness 1 "puzzlelab: levels/r_sat_bad.cert is not a certificate of levels/r_sat.cnf: clause 1 (line 3: 1 -2 3) is not satisfied" \
    twodots reduce --from sat levels/r_sat.cnf -o "$TMP/x.level" --witness levels/r_sat_bad.cert --moves-output "$TMP/x.moves"
error reduce_theorem 2 "puzzlelab: twodots has no reduction from sat with that --theorem (see 'puzzlelab twodots help')" \
    twodots reduce --from sat --theorem 1 levels/r_sat.cnf

# Clickomania, Theorem 14: 3-Partition -> two columns, five colours
golden reduce_3p 0 clickomania reduce --from 3partition levels/r_m1.3p
run info_reduce_3p clickomania info "$TMP/reduce_3p.raw"
if grep -q '^columns: 2$' "$TMP/info_reduce_3p.raw" && grep -q '^colours: 5$' "$TMP/info_reduce_3p.raw"; then
    ok
else
    bad "info_reduce_3p: the construction should have 2 columns and 5 colours"
fi
for src in r_m1.3p r_yes.3p; do
    run "cert_$src" 3partition solve "levels/$src"
    expect_rc "cert_$src" 0
    run "reduce_w_$src" clickomania reduce --from 3partition "levels/$src" -o "$TMP/$src.level" \
        --witness "$TMP/cert_$src.raw" --moves-output "$TMP/$src.moves"
    expect_rc "reduce_w_$src" 0
    expect_no_stderr "reduce_w_$src"
    golden "verify_forward_$src" 0 clickomania verify "$TMP/$src.level" "$TMP/$src.moves"
    golden "lift_forward_$src" 0 clickomania lift "levels/$src" "$TMP/$src.level" "$TMP/$src.moves"
    # the level's own solution lifts too
    run "solve_reduced_$src" clickomania solve "$TMP/$src.level"
    golden "lift_solved_$src" 0 clickomania lift "levels/$src" "$TMP/$src.level" "$TMP/solve_reduced_$src.raw"
done
# a no-instance's construction is unsolvable
run reduce_no_m2 clickomania reduce --from 3partition levels/r_no_m2.3p -o "$TMP/r_no_m2.level"
expect_rc reduce_no_m2 0
golden solve_reduced_no 1 clickomania solve --node-limit 10000000 "$TMP/r_no_m2.level"
head -n 4 "$TMP/r_m1.3p.moves" >"$TMP/short3p.moves"
golden lift_short_3p 1 clickomania lift levels/r_m1.3p "$TMP/r_m1.3p.level" "$TMP/short3p.moves"

# Buttons & Scissors objective max (issue 19, item 4): the fewest buttons
# left and its certificate through verify --objective max (clear refuses
# it); a node limit gives the best found, optimal no, exit 0; two-player
# levels have no max (unknown, exit 3, the reasons).
golden buttons_max 0 buttons solve --objective max levels/b_max.level -o "$TMP/b_max.moves"
golden buttons_max_verify 0 buttons verify --objective max levels/b_max.level "$TMP/b_max.moves"
golden buttons_max_verify_clear 1 buttons verify levels/b_max.level "$TMP/b_max.moves"
golden buttons_max_json 0 buttons solve --objective max --json levels/b_max.level
golden buttons_max_node_limit 0 buttons solve --objective max --node-limit 2 levels/b_max.level
golden buttons_max_2p 3 buttons solve --objective max levels/b_max_2p.level
golden buttons_max_info 0 buttons info --objective max levels/b_max.level
error buttons_max_exact 2 "puzzlelab: algorithm 'exact' does not apply to levels/b_max.level: decides objective clear only" \
    buttons solve --objective max --algorithm exact levels/b_max.level

# Buttons & Scissors, Theorem 5: 3-SAT -> colours of at most 4 buttons,
# directions *, sizes {2,3}; forward, verify, lift of the forward moves and
# of the level's own solution; the colour cap
golden reduce_b5 0 buttons reduce --from sat --theorem 5 levels/r_sat.cnf
run info_reduce_b5 buttons info "$TMP/reduce_b5.raw"
if grep -q '^max_frequency: 4$' "$TMP/info_reduce_b5.raw" && grep -q '^directions: \*$' "$TMP/info_reduce_b5.raw" &&
    grep -q '^sizes: {2,3}$' "$TMP/info_reduce_b5.raw"; then
    ok
else
    bad "info_reduce_b5: the construction should have F = 4, directions * and sizes {2,3}"
fi
run cert_b5 sat solve levels/r_sat.cnf
run reduce_w_b5 buttons reduce --from sat --theorem 5 levels/r_sat.cnf -o "$TMP/b5.level" \
    --witness "$TMP/cert_b5.raw" --moves-output "$TMP/b5.moves"
expect_rc reduce_w_b5 0
expect_no_stderr reduce_w_b5
golden verify_forward_b5 0 buttons verify "$TMP/b5.level" "$TMP/b5.moves"
golden lift_forward_b5 0 buttons lift levels/r_sat.cnf "$TMP/b5.level" "$TMP/b5.moves"
run solve_reduced_b5 buttons solve "$TMP/b5.level"
golden lift_solved_b5 0 buttons lift levels/r_sat.cnf "$TMP/b5.level" "$TMP/solve_reduced_b5.raw"
{ echo "p cnf 3 16"; for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do echo "1 2 3 0"; done; } >"$TMP/b5_big.cnf"
error reduce_b5_colours 2 "$TMP/b5_big.cnf:1:1: the construction needs 88 colours; a buttons level has at most 62 (a-z, A-Z, 0-9)" \
    buttons reduce --from sat --theorem 5 "$TMP/b5_big.cnf"

# Planar 3-SAT with its embedding (the source of Theorem 6)
golden planar_help 0 planar-sat help
golden planar_info 0 planar-sat info levels/r_planar.psat
golden planar_solve 0 planar-sat solve levels/r_planar.psat
run planar_cert planar-sat solve levels/r_planar.psat
golden planar_verify 0 planar-sat verify levels/r_planar.psat "$TMP/planar_cert.raw"
golden planar_generate 0 planar-sat generate --vars 5 --clauses 7 --answer no --seed 2
error planar_cross 2 "levels/r_planar_cross.psat:4:1: clause 2 (above) crosses clause 1: its span 2..4 and the span 1..3 of clause 1 interleave" \
    planar-sat info levels/r_planar_cross.psat
# Buttons & Scissors, Theorem 6: planar 3-SAT -> one colour, sizes {3,4}
run reduce_w_b6 buttons reduce --from planar-sat --theorem 6 levels/r_planar.psat -o "$TMP/b6.level" \
    --witness "$TMP/planar_cert.raw" --moves-output "$TMP/b6.moves"
expect_rc reduce_w_b6 0
expect_no_stderr reduce_w_b6
run info_reduce_b6 buttons info "$TMP/b6.level"
if grep -q '^colours: 1$' "$TMP/info_reduce_b6.raw" && grep -q '^sizes: {3,4}$' "$TMP/info_reduce_b6.raw"; then
    ok
else
    bad "info_reduce_b6: the construction should have one colour and sizes {3,4}"
fi
golden verify_forward_b6 0 buttons verify "$TMP/b6.level" "$TMP/b6.moves"
golden lift_forward_b6 0 buttons lift levels/r_planar.psat "$TMP/b6.level" "$TMP/b6.moves"
run solve_reduced_b6 buttons solve "$TMP/b6.level"
golden lift_solved_b6 0 buttons lift levels/r_planar.psat "$TMP/b6.level" "$TMP/solve_reduced_b6.raw"

# Geography and G_pos(CNF) (issue 19): solve, verify, info, generate, the
# Buttons reductions (Theorems 8 and 9) with a witness, verify and lift
golden geo_solve 0 geography solve levels/r_small.geo
golden geo_verify 0 geography verify levels/r_small.geo "$TMP/geo_solve.raw"
golden geo_info 0 geography info levels/r_small.geo
golden geo_generate 0 geography generate --vertices 5 --answer no --seed 2
golden gpos_solve 0 gpos solve levels/r_small.gpos
golden gpos_verify 0 gpos verify levels/r_small.gpos "$TMP/gpos_solve.raw"
golden gpos_info 0 gpos info levels/r_small.gpos
golden gpos_generate 0 gpos generate --vars 4 --clauses 3 --answer yes --seed 5
golden gpos_solve_copy 0 gpos solve levels/r_copy.gpos
printf 'winner 2\n1 2 0\n' >"$TMP/gpos_short.cert"
golden gpos_verify_bad 1 gpos verify levels/r_copy.gpos "$TMP/gpos_short.cert"
error gpos_bad_halves 2 "levels/r_bad.gpos:1:8: player 1 ('b') has 2 variables and player 2 ('r') 1: the game needs halves of equal size" \
    gpos solve levels/r_bad.gpos
for src in r_small.gpos r_copy.gpos r_small.geo; do
    case $src in *.gpos) P=gpos T=8 ;; *) P=geography T=9 ;; esac
    run "cert_$src" $P solve "levels/$src"
    golden "reduce_$src" 0 buttons reduce --from $P --theorem $T "levels/$src" -o "$TMP/$src.level" \
        --witness "$TMP/cert_$src.raw" --moves-output "$TMP/$src.moves"
    golden "verify_forward_$src" 0 buttons verify "$TMP/$src.level" "$TMP/$src.moves"
    golden "solve_reduced_$src" 0 buttons solve "$TMP/$src.level"
    golden "lift_forward_$src" 0 buttons lift "levels/$src" "$TMP/$src.level" "$TMP/$src.moves"
done
golden reduce_gpos_level 0 buttons reduce --from gpos --theorem 8 levels/r_copy.gpos

# Graph Decycling (issue 19): solve, verify (a cycle left: exit 1), info,
# generate, a file error, the node limit, and Lemma 2 alone (buttons reduce
# --from decycling --theorem 7) with a witness, verify and lift
golden dec_solve 0 decycling solve levels/r_small.dec
golden dec_verify 0 decycling verify levels/r_small.dec "$TMP/dec_solve.raw"
printf '1\n6\n' >"$TMP/dec_cycle.cert"
golden dec_verify_cycle 1 decycling verify levels/r_small.dec "$TMP/dec_cycle.cert"
printf '1\n4\n' >"$TMP/dec_both.cert"
golden dec_verify_both 1 decycling verify levels/r_small.dec "$TMP/dec_both.cert"
golden dec_solve_no 1 decycling solve levels/r_no.dec
golden dec_info 0 decycling info levels/r_small.dec
golden dec_generate_yes 0 decycling generate --vertices 6 --answer yes --seed 3
golden dec_generate_no 0 decycling generate --vertices 8 --arcs 14 --pairs 3 --answer no --seed 3
golden dec_from_sat 0 decycling generate --from-sat levels/r_unsat.cnf
error dec_from_sat_seed 2 "puzzlelab: decycling generate: --seed does not go with --from-sat" \
    decycling generate --from-sat levels/r_unsat.cnf --seed 2
error dec_bad 2 "levels/r_bad.dec:3:3: vertex 2 is already in the pair of line 2 (pairs are disjoint)" \
    decycling solve levels/r_bad.dec
run dec_branching decycling generate --vertices 20 --arcs 70 --pairs 10 --seed 2
run dec_limit decycling solve --node-limit 1 "$TMP/dec_branching.raw"
expect_rc dec_limit 3
golden reduce_dec 0 buttons reduce --from decycling --theorem 7 levels/r_small.dec -o "$TMP/dec.level" \
    --witness "$TMP/dec_solve.raw" --moves-output "$TMP/dec.moves"
golden reduce_dec_level 0 buttons reduce --from decycling --theorem 7 levels/r_small.dec
golden verify_forward_dec 0 buttons verify "$TMP/dec.level" "$TMP/dec.moves"
golden lift_forward_dec 0 buttons lift levels/r_small.dec "$TMP/dec.level" "$TMP/dec.moves"
run solve_reduced_dec buttons solve "$TMP/dec.level"
golden lift_solved_dec 0 buttons lift levels/r_small.dec "$TMP/dec.level" "$TMP/solve_reduced_dec.raw"
golden reduce_dec_no 0 buttons reduce --from decycling --theorem 7 levels/r_no.dec -o "$TMP/dec_no.level"
golden solve_reduced_dec_no 1 buttons solve "$TMP/dec_no.level"

# ------------------------------------------- one interface (issue 22, item 2)
# Every game's and command's --help is a golden file, and the options it
# lists are exactly those the parser accepts: each listed option is not an
# "unknown option", each option some other command or game lists is. That
# is some 3,000 runs of the binary, checking tables, not memory: under
# AddressSanitizer (some 70 ms a run) only the goldens and the help aliases.
CHECK_OPTIONS=1
if pl_sanitized "$PL"; then CHECK_OPTIONS=0; fi
ALL_OPTS=$(for g in buttons clickomania twodots coins snip; do
    for cmd in $("$PL" "$g" help | sed -n '/^commands:/,/^$/p' | awk 'NR > 1 && NF {print $1}'); do
        "$PL" "$g" "$cmd" --help | sed -n 's/^  --\([a-z0-9-]*\).*/\1/p'
    done
done | sort -u)
for g in buttons clickomania twodots coins snip; do
    golden "help_game_$g" 0 help "$g"
    for cmd in $("$PL" "$g" help | sed -n '/^commands:/,/^$/p' | awk 'NR > 1 && NF {print $1}'); do
        golden "help_${g}_$cmd" 0 "$g" "$cmd" --help
        run "help_alias_${g}_$cmd" help "$g" "$cmd"
        expect_rc "help_alias_${g}_$cmd" 0
        same_output "help_${g}_$cmd" "help_alias_${g}_$cmd"
        listed=$(sed -n 's/^  --\([a-z0-9-]*\)\( [A-Za-z|,._-]*\)\{0,1\} .*/\1 \2/p' "$TMP/help_${g}_$cmd.raw")
        # commands that take no files get one (an error after parsing);
        # the others a file that does not exist
        [ "$CHECK_OPTIONS" = 1 ] || continue
        for opt in $ALL_OPTS; do
            [ "$opt" = help ] && continue
            line=$(printf '%s\n' "$listed" | awk -v o="$opt" '$1 == o')
            if [ -n "$line" ]; then
                set -- "--$opt"
                [ -n "$(printf '%s' "$line" | awk '{print $2}')" ] && set -- "--$opt" x
                RC=0
                "$PL" "$g" "$cmd" "$@" /nonexistent/x >/dev/null 2>"$TMP/opt.err" || RC=$?
                if grep -q "unknown option" "$TMP/opt.err"; then
                    bad "$g $cmd --help lists --$opt but the parser refuses it"
                else
                    ok
                fi
            else
                RC=0
                "$PL" "$g" "$cmd" "--$opt" /nonexistent/x >/dev/null 2>"$TMP/opt.err" || RC=$?
                if [ "$RC" -eq 2 ] && grep -q "unknown option --$opt for '$g $cmd'" "$TMP/opt.err"; then
                    ok
                else
                    bad "$g $cmd --help does not list --$opt but the parser accepts it (exit $RC)"
                fi
            fi
        done
    done
done
# the common solve options exist only where an algorithm reads them
for pair in "buttons threads" "buttons seed" "twodots progress" "snip threads" "coins seed"; do
    set -- $pair
    if grep -q -- "--$2 " "$TMP/help_$1_solve.raw"; then bad "$1 solve --help lists --$2"; else ok; fi
done
# coins: shortest expands its large layers on --threads threads
if grep -q -- "--threads " "$TMP/help_coins_solve.raw"; then ok; else bad "coins solve --help lacks --threads"; fi
for o in seed threads progress memory-limit; do
    if grep -q -- "--$o " "$TMP/help_clickomania_solve.raw"; then ok; else bad "clickomania solve --help lacks --$o"; fi
done
golden help_problem_alias 0 help sat
run help_problem_alias2 sat help
same_output help_problem_alias help_problem_alias2
error help_too_many 2 "puzzlelab: help takes at most a GAME (or PROBLEM) and a COMMAND" help $C solve extra

# unknown short options are option errors, not files
error short_option 2 "puzzlelab: unknown option -v for 'clickomania info' (see 'puzzlelab clickomania info --help')" \
    $C info -v levels/small.level
# '-' is standard input
run stdin_level $C info - <levels/small.level
expect_rc stdin_level 0
if grep -q '^level: -$' "$TMP/stdin_level.raw"; then ok; else bad "info - did not read standard input"; fi

# solve -o MOVES writes the certificate; -o - writes it to stdout
run solve_o $C solve levels/small.level -o "$TMP/small_o.moves"
expect_rc solve_o 0
golden solve_o_file 0 $C verify levels/small.level "$TMP/small_o.moves"
if head -n 1 "$TMP/small_o.moves" | grep -q '^# puzzlelab clickomania solve levels/small.level: algorithm exact, '; then
    ok
else
    bad "solve -o: the MOVES file lacks its comment line"
fi
RC=0
"$PL" $C solve levels/small.level -o - 2>"$TMP/solve_dash.err" >"$TMP/solve_dash.moves" || RC=$?
if [ "$RC" -eq 0 ] && head -n 1 "$TMP/solve_dash.err" | grep -qx solved && cmp -s "$TMP/solve_dash.moves" "$TMP/small_o.moves"; then
    ok
else
    bad "solve -o -: the MOVES file on stdout, the report on stderr (exit $RC)"
fi
rm -f "$TMP/none.moves"
run solve_o_none $C solve levels/stuck.level -o "$TMP/none.moves"
expect_rc solve_o_none 1
if [ -e "$TMP/none.moves" ]; then bad "solve -o wrote a MOVES file for an unsolvable level"; else ok; fi
error solve_o_two 2 "puzzlelab: solve -o MOVES takes one LEVEL file" $C solve -o "$TMP/x.moves" levels/small.level levels/opt.level
run solve_o_json $C solve --json -o - levels/small.level
expect_stderr solve_o_json "puzzlelab: solve: --json and -o - both want standard output (write the MOVES to a file)"
check_json_error solve_o_json "solve: --json and -o - both want standard output (write the MOVES to a file)"

# several LEVEL files: one report each, exit 0 unless one cannot be read
golden solve_several 0 $C solve levels/small.level levels/opt.level
run solve_several_bad $C solve levels/small.level /nonexistent/x.level --json
expect_rc solve_several_bad 2
if [ "$("$JM" "$TMP/solve_several_bad.raw" bad)" = 1 ] && [ "$("$JM" "$TMP/solve_several_bad.raw" solved)" = 1 ]; then
    ok
else
    bad "solve several --json: counts"
fi

# --json: errors are one JSON object on stdout as well as text on stderr
printf 'ab\nb!\n' >"$TMP/badchar.level"
run json_err_file $C solve --json "$TMP/badchar.level"
check_json_error json_err_file "unexpected character '!' (expected '.' or a colour a-z A-Z 0-9)" "$TMP/badchar.level" 2 2
run json_err_option $C info --json --frobnicate levels/small.level
check_json_error json_err_option "unknown option --frobnicate for 'clickomania info' (see 'puzzlelab clickomania info --help')"
run json_err_verify $C verify --json levels/small.level /nonexistent/x.moves
check_json_error json_err_verify "cannot open: No such file or directory"
run json_err_generate buttons generate --json --rows 0
check_json_error json_err_generate "--rows: 0 is out of range [1, 255]"
printf 'ab/ba\nzz!\n' >"$TMP/bad.batch"
run json_batch_bad $C solve --batch "$TMP/bad.batch" --json
expect_rc json_batch_bad 2
if [ "$("$JM" "$TMP/json_batch_bad.raw" bad)" = 1 ]; then ok; else bad "batch --json: a bad line is counted in the one object"; fi

# generate --json: the level's parameters, its text when no -o
run gen_json buttons generate --seed 4 --rows 3 --cols 4 --json
expect_rc gen_json 0
"$PL" buttons generate --seed 4 --rows 3 --cols 4 >"$TMP/gen_plain.level"
echo >>"$TMP/gen_plain.level" # json_moves ends the string it prints with a newline
"$JM" "$TMP/gen_json.raw" text >"$TMP/gen_json.level"
if cmp -s "$TMP/gen_plain.level" "$TMP/gen_json.level" && [ "$("$JM" "$TMP/gen_json.raw" rows)" = 3 ]; then
    ok
else
    bad "generate --json: text and parameters"
fi
run gen_dash buttons generate --seed 4 --rows 3 --cols 4 -o -
if cmp -s <(sed '$d' "$TMP/gen_plain.level") "$TMP/gen_dash.raw"; then ok; else bad "generate -o - is stdout"; fi

pl_test_done cli
