#!/usr/bin/env bash
# The demo: build, then solve every shipped level and check every certificate.
#
#   bash scripts/demo.sh
#
# For each level file under levels/GAME/ (the folder names the game), and for
# each objective the game has (`puzzlelab GAME help` lists them; clickomania:
# clear, max, score), runs
#     build/puzzlelab GAME solve --time-limit 10 [--objective OBJ] LEVEL
# reads the text output (status on the first line, '# algorithm NAME; T s; ...',
# value lines such as 'removed N', the certificate after 'moves:'), saves the
# certificate and checks it with
#     build/puzzlelab GAME verify [--objective OBJ] LEVEL MOVES
# which must accept it and reach the values solve reported. Prints a table.
# Exit status 1 when a certificate fails verify (or solve/verify fails on
# bad input), else 0. Unsolvable and unknown (time limit) answers are reported,
# not failures.
#
# Then the reductions: every source under levels/reductions/ (X3C, 3-SAT,
# Vertex Cover; 3-Partition for Clickomania's Theorem 14) is solved, reduced
# to its Two Dots (or Clickomania) construction, and each 3-SAT source also
# to Buttons & Scissors' Theorems 2 and 7 (with the forward certificate when
# the source has one, which verify must accept), the level is solved (Two
# Dots by exact search with --any-length, the others by auto) and its certificate
# lifted back to one the source's verifier accepts; the two answers must
# agree (unknown at the time limit is reported, not a failure). A second
# table; the constructions are drawn with their gadgets.
#
# Then the SameGame standard test set (levels/clickomania/samegame/, in
# subfolder so the loop above does not solve it): each board's shipped best
# sequence is replayed by `verify --objective score` and must reach the score
# its file claims; the total is printed.
#
# Every verified certificate is also drawn (`puzzlelab GAME render`) into
# demo-out/pictures/: a PDF with a page a step (the move about to be played
# highlighted) and, for certificates of at most 24 moves, a PNG strip of the
# same frames; a failed picture counts as a failure.
#
# Environment: DEMO_TIME_LIMIT (seconds per solve, default 10),
# DEMO_OBJECTIVES=default (only each game's default objective; default: all),
# JOBS (build jobs, default 2). Certificates are kept in demo-out/.
set -uo pipefail
export LC_ALL=C

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=scripts/deps.sh
source scripts/deps.sh
pl_ensure_deps

JOBS=${JOBS:-2}
TIME_LIMIT=${DEMO_TIME_LIMIT:-10}
OUT=demo-out
PL=build/puzzlelab

if [[ -f build/CMakeCache.txt ]]; then
    home=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' build/CMakeCache.txt)
    if [[ -n $home && $(cd "$home" 2>/dev/null && pwd) != "$ROOT" ]]; then
        echo "demo.sh: build/ was configured for $home; recreating it"
        rm -rf build
    fi
fi
echo "==> build (Release, build/)"
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null || { echo "demo.sh: cmake configure failed" >&2; exit 2; }
cmake --build build -j"$JOBS" --target puzzlelab || { echo "demo.sh: build failed" >&2; exit 2; }

rm -rf "$OUT"
mkdir -p "$OUT"
PICTURES="$OUT/pictures"
mkdir -p "$PICTURES"
NPICTURES=0

# draw GAME LEVEL MOVES NAME: the certificate as a PDF (and a PNG strip when short)
draw() {
    local game=$1 level=$2 moves=$3 name=$4 n
    n=$(grep -cv '^moves:$' "$moves")
    if ! "$PL" "$game" render "$level" "$moves" -o "$PICTURES/$name.pdf" 2>"$PICTURES/$name.err"; then
        echo "demo.sh: $game render $level: $(head -n 2 "$PICTURES/$name.err")" >&2
        FAILURES=$((FAILURES + 1))
        return
    fi
    NPICTURES=$((NPICTURES + 1))
    if ((n <= 24)); then
        "$PL" "$game" render "$level" "$moves" --frames --frames-per-row 6 --cell-size 24 \
            -o "$PICTURES/$name.png" 2>>"$PICTURES/$name.err" && NPICTURES=$((NPICTURES + 1))
    fi
    [[ -s $PICTURES/$name.err ]] || rm -f "$PICTURES/$name.err"
}

# Files under levels/GAME/ that are not levels.
is_level_file() {
    local base
    base=$(basename "$1")
    [[ -f $1 ]] || return 1
    case $base in
    README* | *.md | *.moves | *.out | *.json | *.svg | *.png | .*) return 1 ;;
    esac
    return 0
}

# The game's objectives, from its help ("objectives (--objective): clear (default) max score").
objectives_of() {
    "$PL" "$1" help 2>/dev/null | sed -n 's/^objectives (--objective)://p' | sed 's/(default)//g' | tr -s ' ' '\n' |
        sed '/^$/d'
}

# value lines "name N" of solve or verify text output (before any certificate), sorted
values_of() { sed '/^moves:$/q' "$1" | grep -E '^[a-z_]+ -?[0-9]+$' | sort; }

declare -a R_LEVEL=() R_OBJ=() R_ALG=() R_STATUS=() R_MOVES=() R_VALUES=() R_TIME=() R_VER=()
FAILURES=0
NLEVELS=0

add_row() {
    R_LEVEL+=("$1")
    R_OBJ+=("$2")
    R_ALG+=("$3")
    R_STATUS+=("$4")
    R_MOVES+=("$5")
    R_VALUES+=("$6")
    R_TIME+=("$7")
    R_VER+=("$8")
}

shopt -s nullglob
for dir in levels/*/; do
    game=$(basename "$dir")
    [[ $game == reductions ]] && continue # sources, not levels: below
    files=()
    for f in "$dir"*; do is_level_file "$f" && files+=("$f"); done
    if [[ ${#files[@]} == 0 ]]; then
        echo "demo.sh: levels/$game/ has no levels; skipped"
        continue
    fi
    if ! "$PL" "$game" help >/dev/null 2>&1; then
        echo "demo.sh: game '$game' is not in this build of puzzlelab; levels/$game/ skipped"
        continue
    fi
    mapfile -t objs < <(objectives_of "$game")
    [[ ${#objs[@]} == 0 ]] && objs=("")
    [[ ${DEMO_OBJECTIVES:-all} == default ]] && objs=("${objs[0]}")
    for level in "${files[@]}"; do
        NLEVELS=$((NLEVELS + 1))
        for obj in "${objs[@]}"; do
            optarg=()
            [[ -n $obj ]] && optarg=(--objective "$obj")
            stem="$OUT/$game-$(basename "$level")${obj:+-$obj}"
            "$PL" "$game" solve --time-limit "$TIME_LIMIT" "${optarg[@]}" "$level" >"$stem.out" 2>"$stem.err"
            rc=$?
            status=$(head -n 1 "$stem.out")
            alg=$(sed -n 's/^# algorithm \([^;]*\);.*/\1/p' "$stem.out" | head -n 1)
            secs=$(sed -n 's/^# algorithm [^;]*; *\([0-9.]*\) s;.*/\1/p' "$stem.out" | head -n 1)
            if [[ $rc == 2 || -z $status ]]; then
                echo "demo.sh: $game solve $level failed (exit $rc): $(head -n 3 "$stem.err")" >&2
                add_row "$level" "${obj:--}" "${alg:--}" "error" "-" "-" "-" "FAIL"
                FAILURES=$((FAILURES + 1))
                continue
            fi
            moves="-"
            verified="-"
            if [[ $status == solved ]]; then
                sed -n '/^moves:$/,$p' "$stem.out" >"$stem.moves"
                moves=$(($(wc -l <"$stem.moves") - 1))
                ((moves < 0)) && moves=0
                "$PL" "$game" verify "${optarg[@]}" "$level" "$stem.moves" >"$stem.verify" 2>&1
                vrc=$?
                if [[ $vrc == 0 ]]; then
                    # every value solve reported must be the one verify reaches
                    missing=$(comm -23 <(values_of "$stem.out") <(values_of "$stem.verify"))
                    if [[ -z $missing ]]; then
                        verified="yes"
                        draw "$game" "$level" "$stem.moves" "$(basename "$stem")"
                    else
                        verified="MISMATCH"
                        echo "demo.sh: $game $level ${obj}: solve reported '$(tr '\n' ' ' <<<"$missing")', verify: $(values_of "$stem.verify" | tr '\n' ' ')" >&2
                        FAILURES=$((FAILURES + 1))
                    fi
                else
                    verified="NO"
                    echo "demo.sh: $game verify $level ${obj}: $(head -n 2 "$stem.verify" | tr '\n' ' ')" >&2
                    FAILURES=$((FAILURES + 1))
                fi
            fi
            # optimisation values (removed, score, ...) and whether proven optimal
            vals=$(sed '/^moves:$/q' "$stem.out" | grep -E '^[a-z_]+ -?[0-9]+$' | tr ' ' '=' | tr '\n' ' ')
            opt=$(sed -n 's/^optimal \(yes\|no\)$/\1/p' "$stem.out" | head -n 1)
            [[ $opt == no ]] && vals+="(not proven optimal)"
            vals=${vals% }
            add_row "$level" "${obj:--}" "${alg:--}" "$status" "$moves" "${vals:--}" "${secs:--}" "$verified"
        done
    done
done

# ---- the reductions: source -> level -> both solved, forward and lift ----
declare -a X_SRC=() X_ANS=() X_SIZE=() X_GAME=() X_FWD=() X_LIFT=() X_AGREE=()
# One job a line: SOURCE GAME PROBLEM THEOREM (- for the game's only one).
# A SAT source goes to Two Dots and to each of Buttons & Scissors' theorems.
JOBS_FILE=$(mktemp)
for src in levels/reductions/*; do
    case $src in
    *.x3c) echo "$src twodots x3c -" ;;
    *.cnf) printf '%s twodots sat -\n%s buttons sat 2\n%s buttons sat 5\n%s buttons sat 7\n' "$src" "$src" "$src" "$src" ;;
    *.gr) echo "$src twodots vertex-cover -" ;;
    *.3p) echo "$src clickomania 3partition -" ;;
    esac
done >"$JOBS_FILE"
while read -r src game problem theorem <&3; do
    any=()
    [[ $game == twodots ]] && any=(--any-length)
    theorem_args=()
    label="$src ($game)"
    if [[ $theorem != - ]]; then
        theorem_args=(--theorem "$theorem")
        label="$src ($game, Theorem $theorem)"
    fi
    stem="$OUT/reduce-$(basename "$src")-$game${theorem/#-/}"
    "$PL" "$problem" solve --time-limit "$TIME_LIMIT" "$src" >"$stem.cert" 2>"$stem.err"
    answer=$(head -n 1 "$stem.cert")
    fwd="-"
    if [[ $answer == solved ]]; then
        reduce_args=(--witness "$stem.cert" --moves-output "$stem.fwd")
    else
        reduce_args=()
    fi
    if ! "$PL" "$game" reduce --from "$problem" "${theorem_args[@]}" "$src" -o "$stem.level" "${reduce_args[@]}" \
        2>>"$stem.err"; then
        echo "demo.sh: $game reduce --from $problem $src failed: $(head -n 2 "$stem.err")" >&2
        FAILURES=$((FAILURES + 1))
        continue
    fi
    size=$("$PL" "$game" info "$stem.level" | awk '/^rows:/ {r=$2} /^columns:/ {c=$2} /^colours:/ {k=$2} END {print r "x" c ", " k " colours"}')
    if [[ $answer == solved ]]; then
        if "$PL" "$game" verify "$stem.level" "$stem.fwd" >"$stem.fwd.verify" 2>&1; then
            fwd="verified"
            draw "$game" "$stem.level" "$stem.fwd" "$(basename "$stem")-forward"
        else
            fwd="FAIL"
            FAILURES=$((FAILURES + 1))
        fi
    fi
    "$PL" "$game" render "$stem.level" -o "$PICTURES/$(basename "$stem").png" --cell-size 16 --letters \
        2>>"$stem.err" && NPICTURES=$((NPICTURES + 1))
    "$PL" "$game" solve "${any[@]}" --time-limit "$TIME_LIMIT" "$stem.level" >"$stem.sol" 2>>"$stem.err"
    game_status=$(head -n 1 "$stem.sol")
    lifted="-"
    if [[ $game_status == solved ]]; then
        if "$PL" "$game" lift "$src" "$stem.level" "$stem.sol" >"$stem.lift" 2>&1; then
            lifted="verified"
        else
            lifted="FAIL"
            FAILURES=$((FAILURES + 1))
        fi
    fi
    agree="yes"
    if [[ $game_status == unknown || $answer == unknown ]]; then
        agree="(unknown)"
    elif [[ $game_status != "$answer" ]]; then
        agree="NO"
        FAILURES=$((FAILURES + 1))
    fi
    X_SRC+=("$label")
    X_ANS+=("$answer")
    X_SIZE+=("$size")
    X_GAME+=("$game_status")
    X_FWD+=("$fwd")
    X_LIFT+=("$lifted")
    X_AGREE+=("$agree")
done 3<"$JOBS_FILE"
rm -f "$JOBS_FILE"

# ---- the SameGame standard test set: the shipped best sequences ----
# levels/clickomania/samegame/NN.level with NN.moves (README.md there: how
# they were found); each replayed by verify, its score against the file's
# claim. Not solved here: a search worth the name takes minutes a board.
SG_DIR=levels/clickomania/samegame
SG_BOARDS=0 SG_TOTAL=0 SG_EMPTIED=0
for level in "$SG_DIR"/[0-9][0-9].level; do
    moves=${level%.level}.moves
    [[ -f $moves ]] || continue
    SG_BOARDS=$((SG_BOARDS + 1))
    claimed=$(sed -n '1s/^# board [0-9]*: score \([0-9]*\).*/\1/p' "$moves")
    out=$("$PL" clickomania verify --objective score "$level" "$moves" 2>&1)
    score=$(sed -n 's/^score \([0-9]*\)$/\1/p' <<<"$out")
    if [[ $(head -n 1 <<<"$out") != valid* || $score != "$claimed" ]]; then
        echo "demo.sh: $moves: verify gives '$(head -n 1 <<<"$out")' score ${score:-?}, the file claims $claimed" >&2
        FAILURES=$((FAILURES + 1))
        continue
    fi
    SG_TOTAL=$((SG_TOTAL + score))
    grep -qx 'removed 225' <<<"$out" && SG_EMPTIED=$((SG_EMPTIED + 1))
done

if [[ ${#R_LEVEL[@]} == 0 ]]; then
    echo "demo.sh: no levels found under levels/*/"
    exit 0
fi

# The table, columns as wide as their widest cell.
w=(5 9 9 6 5 6 6 8)
for i in "${!R_LEVEL[@]}"; do
    row=("${R_LEVEL[$i]}" "${R_OBJ[$i]}" "${R_ALG[$i]}" "${R_STATUS[$i]}" "${R_MOVES[$i]}" "${R_VALUES[$i]}"
        "${R_TIME[$i]}" "${R_VER[$i]}")
    for j in "${!row[@]}"; do ((${#row[$j]} > w[j])) && w[j]=${#row[$j]}; done
done
fmt="%-${w[0]}s  %-${w[1]}s  %-${w[2]}s  %-${w[3]}s  %${w[4]}s  %-${w[5]}s  %${w[6]}s  %s\n"
dashes() { printf '%*s' "$1" '' | tr ' ' -; }
echo
# shellcheck disable=SC2059 # the format is built above
printf "$fmt" level objective algorithm status moves values time/s verified
# shellcheck disable=SC2059
printf "$fmt" "$(dashes "${w[0]}")" "$(dashes "${w[1]}")" "$(dashes "${w[2]}")" "$(dashes "${w[3]}")" \
    "$(dashes "${w[4]}")" "$(dashes "${w[5]}")" "$(dashes "${w[6]}")" "$(dashes "${w[7]}")"
for i in "${!R_LEVEL[@]}"; do
    # shellcheck disable=SC2059
    printf "$fmt" "${R_LEVEL[$i]}" "${R_OBJ[$i]}" "${R_ALG[$i]}" "${R_STATUS[$i]}" "${R_MOVES[$i]}" "${R_VALUES[$i]}" \
        "${R_TIME[$i]}" "${R_VER[$i]}"
done
if [[ ${#X_SRC[@]} != 0 ]]; then
    echo
    xfmt="%-56s  %-10s  %-22s  %-10s  %-9s  %-9s  %s\n"
    # shellcheck disable=SC2059
    printf "$xfmt" "source (game, theorem)" source level "level" forward lifted agree
    # shellcheck disable=SC2059
    printf "$xfmt" "$(dashes 56)" "$(dashes 10)" "$(dashes 22)" "$(dashes 10)" "$(dashes 9)" "$(dashes 9)" "$(dashes 5)"
    for i in "${!X_SRC[@]}"; do
        # shellcheck disable=SC2059
        printf "$xfmt" "${X_SRC[$i]}" "${X_ANS[$i]}" "${X_SIZE[$i]}" "${X_GAME[$i]}" "${X_FWD[$i]}" "${X_LIFT[$i]}" \
            "${X_AGREE[$i]}"
    done
fi
if ((SG_BOARDS > 0)); then
    echo
    echo "SameGame standard test set ($SG_DIR): $SG_BOARDS shipped sequences verified, total score $SG_TOTAL, $SG_EMPTIED board(s) emptied"
fi
echo
echo "demo.sh: $NLEVELS level(s), ${#R_LEVEL[@]} solve run(s), ${#X_SRC[@]} reduction(s); certificates and outputs in $OUT/"
echo "demo.sh: $NPICTURES picture(s) of the solutions in $PICTURES/ (PDF: a page a step, the next move highlighted; PNG: the same frames in a strip)"
if [[ $FAILURES != 0 ]]; then
    echo "demo.sh: $FAILURES FAILED"
    exit 1
fi
echo "demo.sh: every certificate verified"
