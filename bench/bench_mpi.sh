#!/usr/bin/env bash
# MPI benchmark (issue 23, item 3; not a test): in one run, the wall time of
# a sweep and of a census on one process (the plain path), under
# `mpirun -np 1` (the MPI path's overhead: start-up, MPI_Init), and under
# -np 2 and 3 (rank 0 manages and does not solve, so -np P has P - 1
# workers); the speed-ups against the plain run; and the scaling projected
# for more workers from the measured per-instance costs (the records'
# seconds), the start-up and the cost of a message.
#
#   bash bench/bench_mpi.sh [BUILD_DIR] [--quick]
#
# Needs a build with MPI (CMake found Open MPI) and mpirun. Wall times are
# the median of 3 runs (1 with --quick). On a machine with C cores, -np P
# beyond C + 1 oversubscribes: the numbers then measure contention.
set -euo pipefail
SRC=$(cd "$(dirname "$0")/.." && pwd)
BUILD=${1:-$SRC/build}
REPS=3
[ "${2:-}" == "--quick" ] && REPS=1
PL=$(cd "$BUILD" && pwd)/puzzlelab
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
MPI=(mpirun --oversubscribe)
[ "$(id -u)" == 0 ] && MPI+=(--allow-run-as-root)

SWEEP=(clickomania sweep --param rows=8 --param cols=8 --param colours=4,5 --count 48 --seed 1 --node-limit 300000)
CENSUS=(clickomania census --rows 16 --colours 3)

# wall NAME CMD...: "WALL CPU" of the run with the median wall time of
# REPS runs (CPU: user + system of the command and its children, mpirun
# and every rank included: on a loaded machine the wall time measures the
# load, the CPU time what the run cost)
wall() {
    local name=$1
    shift
    for i in $(seq "$REPS"); do
        rm -f "$TMP/$name.jsonl"
        /usr/bin/time -f "%e %U %S" -o "$TMP/$name.time$i" "$@" >"$TMP/$name.out" 2>"$TMP/$name.err"
        awk '{printf "%s %.2f\n", $1, $2 + $3}' "$TMP/$name.time$i"
    done | sort -g | sed -n "$(((REPS + 1) / 2))p"
}

echo "# bench_mpi: $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), $REPS run(s) each, median wall time"
echo "# sweep: puzzlelab ${SWEEP[*]}"
echo "# census: puzzlelab ${CENSUS[*]}"
declare -A T
T[sweep_plain]=$(wall sweep_plain "$PL" "${SWEEP[@]}" -o "$TMP/sweep_plain.jsonl")
cp "$TMP/sweep_plain.jsonl" "$TMP/sweep_records.jsonl"
for P in 1 2 3; do
    T[sweep_np$P]=$(wall "sweep_np$P" "${MPI[@]}" -np $P "$PL" "${SWEEP[@]}" -o "$TMP/sweep_np$P.jsonl")
done
T[census_plain]=$(wall census_plain "$PL" "${CENSUS[@]}" --json)
for P in 1 2 3; do
    T[census_np$P]=$(wall "census_np$P" "${MPI[@]}" -np $P "$PL" "${CENSUS[@]}" --json)
done
# the MPI start-up alone: a census of one board
T[startup]=$(wall startup "${MPI[@]}" -np 2 "$PL" clickomania census --rows 1 --colours 1)
T[startup_plain]=$(wall startup_plain "$PL" clickomania census --rows 1 --colours 1)

python3 - "$TMP" "${T[sweep_plain]}" "${T[sweep_np1]}" "${T[sweep_np2]}" "${T[sweep_np3]}" \
    "${T[census_plain]}" "${T[census_np1]}" "${T[census_np2]}" "${T[census_np3]}" "${T[startup]}" \
    "${T[startup_plain]}" <<'PY'
import json, math, sys
tmp = sys.argv[1]
pairs = [tuple(map(float, a.split())) for a in sys.argv[2:]]
cpu = [c for _, c in pairs]
sp, s1, s2, s3, cp, c1, c2, c3, start, start_plain = [w for w, _ in pairs]
print("\nCPU seconds (user + system, all processes): sweep plain %.2f, -np 1 %.2f, -np 2 %.2f, -np 3 %.2f; "
      "census plain %.2f, -np 1 %.2f, -np 2 %.2f, -np 3 %.2f; start-up alone %.2f (plain %.2f)" % tuple(cpu))
recs = [json.loads(l) for l in open(f"{tmp}/sweep_records.jsonl")]
work = sum(r["seconds"] for r in recs)
tmax = max(r["seconds"] for r in recs)
census_secs = json.load(open(f"{tmp}/census_plain.out"))["seconds"]
print("\n| run | plain | mpirun -np 1 | -np 2 (1 worker) | -np 3 (2 workers) | speed-up -np 3 vs plain |")
print("| --- | ---: | ---: | ---: | ---: | ---: |")
print(f"| sweep ({len(recs)} instances) | {sp:.2f} s | {s1:.2f} s | {s2:.2f} s | {s3:.2f} s | {sp / s3:.2f}x |")
print(f"| census | {cp:.2f} s | {c1:.2f} s | {c2:.2f} s | {c3:.2f} s | {cp / c3:.2f}x |")
print(f"\nMPI path at P = 1 against the plain path: sweep {s1 - sp:+.2f} s ({s1 / sp:.2f}x), "
      f"census {c1 - cp:+.2f} s ({c1 / cp:.2f}x); mpirun's start-up and end alone (a census of one board, -np 2): "
      f"{start:.2f} s against {start_plain:.3f} s plain.")
# Projection: T(w) = start-up + max(work / w, longest instance) + messages x cost of a message / w,
# the cost of a message from the run with one worker: (T(-np 2) - start-up - work) / messages.
msgs = 2 * len(recs)  # a RESULT an instance, a READY/WORK a chunk (at most as many)
per_msg = max(0.0, (s2 - start - work) / msgs)
print(f"\nsweep: work {work:.2f} s in the records (sum of seconds), longest instance {tmax:.3f} s, "
      f"cost of a message (from -np 2) {per_msg * 1e6:.0f} us")
print("\n| workers | projected sweep | speed-up | projected census | speed-up |")
print("| ---: | ---: | ---: | ---: | ---: |")
cmsg = max(0.0, (c2 - start - census_secs))  # census: its whole overhead at one worker, spread over w
for w in (1, 2, 4, 8, 16, 32, 64):
    ts = start + max(work / w, tmax) + msgs * per_msg / w
    tc = start + census_secs / w + cmsg / w
    print(f"| {w} | {ts:.2f} s | {sp / ts:.1f}x | {tc:.2f} s | {cp / tc:.1f}x |")
PY
