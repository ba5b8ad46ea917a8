#!/usr/bin/env bash
# shellcheck disable=SC2034,SC2054 # commas are values; the arrays are used through declare -n
# `puzzlelab GAME sweep` under MPI (docs/formats.md, "sweep: under mpirun";
# registered only when CMake found MPI). The records, without `seconds`,
# are the same bytes for the plain run and for `mpirun -np P`, P = 1, 2, 3
# (--oversubscribe: a 2-core machine), for a Clickomania sweep (JSON Lines)
# and a Buttons & Scissors sweep (CSV), and for a sweep whose instances
# differ in cost by orders of magnitude (records arrive out of order and
# rank 0 must put them back); the summaries are the same; only rank 0
# prints (one error line for a refused file, not P). Kill and resume: a
# sweep under P = 2 is killed (SIGTERM to mpirun) once its file has at least
# K records, resumed under P = 2, and ends with the plain run's records; the
# resumed run computes only the missing ones. No wall-clock assertions: the
# kill waits for the file to grow, never for a fixed time. `census` under
# mpirun gives the plain run's counts (JSON without `seconds`) for P = 1, 2,
# 3, one error line for a bad option, and unknown with exit 3 under a time
# limit.
#
#   tests/mpi/run.sh PUZZLELAB [SRCDIR] [MPIEXEC]   (by default this script's
#   tree and mpirun)
set -u
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
pl_test_args mpi "PL=PUZZLELAB [SRC=SRCDIR] [MPIEXEC]" "$@"
SRC=${SRC:-$(cd "$(dirname "$0")/../.." && pwd)}
MPIEXEC=${3:-mpirun}
mkdir -p "$TMP/bin"
ln -s "$PL" "$TMP/bin/puzzlelab"
export PATH="$TMP/bin:$PATH"
cd "$TMP" || exit 1

# Under ASan (build-asan) LeakSanitizer reports Open MPI's own allocations
# at MPI_Init as leaks: not ours (the plain path's leaks are the sweep
# test's), so no leak checking under mpirun. env execs mpirun: $! is its pid.
MPI=(env "ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0" "$MPIEXEC" --oversubscribe)
# Open MPI refuses root without this (or both OMPI_ALLOW_RUN_AS_ROOT=1 and
# OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 in the environment)
if [[ $(id -u) == 0 && ! (${OMPI_ALLOW_RUN_AS_ROOT:-} == 1 && ${OMPI_ALLOW_RUN_AS_ROOT_CONFIRM:-} == 1) ]]; then
    MPI+=(--allow-run-as-root)
fi

check() { # NAME COMMAND...: the command succeeds (its stderr shown otherwise)
    local name=$1
    shift
    if "$@" >"$name.out" 2>"$name.err"; then ok; else bad "$name: exit $? ($(head -c 600 "$name.err"))"; fi
}
# The records without `seconds` (the only field that differs between runs).
strip() {
    python3 - "$1" <<'PY'
import csv, json, sys
p = sys.argv[1]
if p.endswith(".csv"):
    rows = list(csv.reader(open(p, newline="")))
    col = rows[0].index("seconds")
    for r in rows:
        del r[col]
        print(json.dumps(r))
else:
    for l in open(p):
        j = json.loads(l)
        j.pop("seconds")
        print(json.dumps(j))
PY
}
# Same records and the same summary (seconds aside) as the plain run.
same() { # NAME REFERENCE FILE
    if strip "$2" >"$1.a" 2>&1 && strip "$3" >"$1.b" 2>&1 && cmp -s "$1.a" "$1.b" && [ -s "$1.a" ]; then
        ok
    else
        bad "$1: records of $3 differ from $2: $(diff "$1.a" "$1.b" | head -5)"
    fi
}
summary() { # JSON summary without the seconds' statistics and the file name
    python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
j.pop("output")
for c in j["cells"]:
    for k in ("seconds_median", "seconds_p90"): c.pop(k)
print(json.dumps(j, sort_keys=True))' "$1"
}

CLICK=(clickomania sweep --param rows=3 --param cols=3..4 --param colours=2,3 --count 6 --seed 5)
BUTTONS=(buttons sweep --param rows=4 --param cols=4 --param colours=2 --param 'fill=50;75' --param frequency=3,4
    --count 4 --seed 9 --node-limit 1000000)
# instances from microseconds to the node limit: out-of-order arrivals
UNEVEN=(clickomania sweep --param rows=8 --param cols=8 --param colours=3,5 --count 12 --seed 3 --node-limit 100000)
# Under AddressSanitizer (every MPI process instrumented, some 90 s) only
# P = 3, the case with out-of-order arrivals: the protocol's memory is
# checked there; P = 1 and 2 are the Release run's.
PS=(1 2 3)
if pl_sanitized "$PL"; then PS=(3); fi
for s in click:CLICK:jsonl buttons:BUTTONS:csv uneven:UNEVEN:jsonl; do
    IFS=: read -r name var ext <<<"$s"
    declare -n args=$var
    check "$name.plain" puzzlelab "${args[@]}" -o "$name.plain.$ext" --json
    for P in "${PS[@]}"; do
        check "$name.np$P" "${MPI[@]}" -np $P puzzlelab "${args[@]}" -o "$name.np$P.$ext" --json
        same "$name.np$P" "$name.plain.$ext" "$name.np$P.$ext"
        if [ "$(summary "$name.plain.out")" == "$(summary "$name.np$P.out")" ]; then ok; else
            bad "$name.np$P: the summary differs from the plain run's"
        fi
    done
    unset -n args
done

# Only rank 0 prints: one error for an existing file, not one a rank.
rc=0
"${MPI[@]}" -np 3 puzzlelab "${CLICK[@]}" -o click.plain.jsonl >refuse.out 2>refuse.err || rc=$?
n=$(grep -c "^puzzlelab: sweep: click.plain.jsonl exists" refuse.err)
if [ "$rc" -ne 0 ] && [ "$n" -eq 1 ]; then ok; else bad "refuse: exit $rc, $n error lines: $(cat refuse.err)"; fi
# A complete file resumed under MPI computes nothing.
check complete "${MPI[@]}" -np 2 puzzlelab "${CLICK[@]}" -o "click.np${PS[-1]}.jsonl" --resume --json
if python3 -c 'import json,sys; j=json.load(open("complete.out")); sys.exit(not (j["computed"]==0 and j["resumed"]==24))'; then
    ok
else
    bad "complete: $(head -c 300 complete.out)"
fi

# Kill and resume under P = 2.
K=8
# 40 instances (20 under ASan, where each costs about 5 times as much: CI
# time), each near the node limit: killed after K, far from the last
KCOUNT=40
if pl_sanitized "$PL"; then KCOUNT=20; fi
KILL=(clickomania sweep --param rows=10 --param cols=10 --param colours=5 --count $KCOUNT --seed 7 --node-limit 200000)
check kill.plain puzzlelab "${KILL[@]}" -o kill.plain.jsonl
total=$(wc -l <kill.plain.jsonl)
"${MPI[@]}" -np 2 puzzlelab "${KILL[@]}" -o kill.jsonl >kill.out 2>kill.err &
mpi_pid=$!
while kill -0 "$mpi_pid" 2>/dev/null; do
    [ -f kill.jsonl ] && [ "$(wc -l <kill.jsonl)" -ge $K ] && break
    sleep 0.05
done
kill -TERM "$mpi_pid" 2>/dev/null
wait "$mpi_pid" 2>/dev/null
lines=$(wc -l <kill.jsonl)
if [ "$lines" -ge $K ] && [ "$lines" -lt "$total" ]; then ok; else
    bad "kill: $lines of $total records when killed (expected $K to $((total - 1)): a bigger sweep?)"
fi
check resume "${MPI[@]}" -np 2 puzzlelab "${KILL[@]}" -o kill.jsonl --resume --json
same resume kill.plain.jsonl kill.jsonl
if python3 -c 'import json,sys; j=json.load(open("resume.out")); sys.exit(not (j["resumed"]>='"$lines"' and j["computed"]+j["resumed"]=='"$total"'))'; then
    ok
else
    bad "resume: not $lines+ resumed and the rest computed: $(head -c 300 resume.out)"
fi

# census under mpirun: rank 0 hands out chunks of the enumeration (or of
# the sample) and adds up the counts; the JSON, without `seconds`, is the
# plain run's for every P. One column with the grammar (3^11 strings in
# 3,281 prefixes of 9 cells), every length with max (lengths 1 to 8: every
# string up to renaming is a chunk, 1,094 at length 8), a 3 x 3 board by
# exact search, a sample.
census_json() { python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
j.pop("seconds")
print(json.dumps(j))' "$1"; }
CENSUS_COL=(clickomania census --rows 11 --colours 3)
CENSUS_LEN=(clickomania census --rows 8 --colours 3 --all-lengths --objective max)
CENSUS_2D=(clickomania census --rows 3 --cols 3 --colours 3 --objective max)
CENSUS_SAMPLE=(clickomania census --rows 12 --colours 4 --sample 1000 --seed 3)
for name in CENSUS_COL CENSUS_LEN CENSUS_2D CENSUS_SAMPLE; do
    declare -n args=$name
    check "$name.plain" puzzlelab "${args[@]}" --json
    for P in "${PS[@]}"; do
        check "$name.np$P" "${MPI[@]}" -np $P puzzlelab "${args[@]}" --json
        if [ -s "$name.plain.out" ] && [ "$(census_json "$name.plain.out")" == "$(census_json "$name.np$P.out")" ]; then
            ok
        else
            bad "$name.np$P: census differs from the plain run's: $(head -c 300 "$name.np$P.out")"
        fi
    done
    unset -n args
done
# The counts are the published ones (OEIS A035617, 3 colours, length 11) and
# a sample's boards are the sample's (the census of its boards by verify
# would be slow: the count is checked against the plain run above).
if python3 -c 'import json,sys; j=json.load(open("CENSUS_COL.np'"${PS[-1]}"'.out")); sys.exit(not (j["solvable"]==23697 and j["boards"]==3**11))'; then
    ok
else
    bad "census col: not A035617's 23697 of 3^11: $(head -c 300 "CENSUS_COL.np${PS[-1]}.out")"
fi
# A bad option: one error line (rank 0's), exit 2.
rc=0
"${MPI[@]}" -np 3 puzzlelab clickomania census --rows 100 --colours 2 >census_refuse.out 2>census_refuse.err || rc=$?
n=$(grep -c "^puzzlelab: 2^100 boards are too many to enumerate" census_refuse.err)
if [ "$rc" -eq 2 ] && [ "$n" -eq 1 ]; then ok; else bad "census refuse: exit $rc, $n error lines: $(cat census_refuse.err)"; fi
# A time limit stops the workers: unknown, exit 3, partial counts (fewer
# boards than the 3^20 of the whole census).
rc=0
"${MPI[@]}" -np 2 puzzlelab clickomania census --rows 20 --colours 3 --time-limit 0.2 --json >census_limit.out 2>census_limit.err || rc=$?
if [ "$rc" -eq 3 ] && python3 -c 'import json,sys; j=json.load(open("census_limit.out")); sys.exit(not (j["status"]=="unknown" and j["limit"]=="time limit" and j["boards"]<3**20))'; then
    ok
else
    bad "census limit: exit $rc: $(head -c 300 census_limit.out)"
fi

pl_test_done mpi
