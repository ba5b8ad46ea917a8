#!/usr/bin/env bash
# Bounded libFuzzer run of fuzz/fuzz_level.c (what `make fuzz` runs).
#
#   bash scripts/fuzz.sh            # FUZZ_SECONDS (default 600) of fuzzing
#
# Builds with clang in build-fuzz/ (PL_FUZZ=ON: -fsanitize=fuzzer,address,
# undefined), first replays the seed corpus, then fuzzes for FUZZ_SECONDS of
# wall time on FUZZ_JOBS processes (default: 2, or 1 on a single CPU; libFuzzer's
# -jobs mode when more than 1). Inputs are read from fuzz/corpus/level and
# fuzz/corpus/regressions; new corpus entries go to a scratch directory
# (FUZZ_SCRATCH, default build-fuzz/corpus-new), never into the repository;
# crashes, timeouts and leaks go to fuzz/crashes/. The logs are kept in
# build-fuzz/run/ (and together in build-fuzz/fuzz.log). Exit status 1 when
# libFuzzer found a crash.
#
# Other environment: FUZZ_MAX_LEN (default 4096), FUZZ_TIMEOUT (seconds per
# input, default 25), FUZZ_RSS_MB (default 2048), FUZZ_ARGS (more libFuzzer
# options), JOBS (build jobs).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 2
# shellcheck source=scripts/deps.sh
source scripts/deps.sh
pl_ensure_deps --fuzz

FUZZ_SECONDS=${FUZZ_SECONDS:-600}
NCPU=$(nproc 2>/dev/null || echo 1)
FUZZ_JOBS=${FUZZ_JOBS:-$((NCPU >= 2 ? 2 : 1))}
FUZZ_MAX_LEN=${FUZZ_MAX_LEN:-4096}
FUZZ_TIMEOUT=${FUZZ_TIMEOUT:-25}
FUZZ_RSS_MB=${FUZZ_RSS_MB:-2048}
JOBS=${JOBS:-2}
BUILD=build-fuzz
SCRATCH=${FUZZ_SCRATCH:-$BUILD/corpus-new}
CRASHES=fuzz/crashes
LOG=$BUILD/fuzz.log
CC_FUZZ=${CC_FUZZ:-clang}

if [[ -f $BUILD/CMakeCache.txt ]]; then
    home=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$BUILD/CMakeCache.txt")
    if [[ -n $home && $(cd "$home" 2>/dev/null && pwd) != "$ROOT" ]]; then
        echo "fuzz.sh: $BUILD was configured for $home; recreating it"
        rm -rf "$BUILD"
    fi
fi
echo "==> build ($BUILD, $CC_FUZZ, PL_FUZZ=ON)"
cmake -S . -B "$BUILD" -DCMAKE_C_COMPILER="$CC_FUZZ" -DCMAKE_BUILD_TYPE=Debug -DCMAKE_C_FLAGS_DEBUG="-O1 -g" \
    -DPL_FUZZ=ON -DPL_SANITIZE=OFF -DPL_WERROR=OFF >/dev/null || { echo "fuzz.sh: configure failed" >&2; exit 2; }
cmake --build "$BUILD" -j"$JOBS" --target fuzz_level fuzz_replay || { echo "fuzz.sh: build failed" >&2; exit 2; }

mkdir -p "$SCRATCH" "$CRASHES"
SCRATCH=$(cd "$SCRATCH" && pwd)
CORPORA=(fuzz/corpus/level)
[[ -d fuzz/corpus/regressions ]] && CORPORA+=(fuzz/corpus/regressions)

echo "==> replay of the seed corpus under ASan/UBSan"
"$BUILD/fuzz/fuzz_replay" "${CORPORA[@]}" || { echo "fuzz.sh: the corpus itself crashes" >&2; exit 1; }

ARGS=(-max_total_time="$FUZZ_SECONDS" -max_len="$FUZZ_MAX_LEN" -timeout="$FUZZ_TIMEOUT"
    -rss_limit_mb="$FUZZ_RSS_MB" -dict="$ROOT/fuzz/level.dict" -artifact_prefix="$ROOT/$CRASHES/"
    -print_final_stats=1)
# Several jobs: independent fuzzing processes sharing the scratch corpus
# (-reload), each logging to RUN/fuzz-N.log. (libFuzzer's -fork mode restarts
# short jobs and, for this fast target, ran at a third of the speed.)
[[ $FUZZ_JOBS -gt 1 ]] && ARGS+=(-jobs="$FUZZ_JOBS" -workers="$FUZZ_JOBS")
# shellcheck disable=SC2206 # FUZZ_ARGS is a list of options
ARGS+=(${FUZZ_ARGS:-})
# The scratch directory comes first: libFuzzer writes new entries into the first directory only.
DIRS=("$SCRATCH")
for d in "${CORPORA[@]}"; do DIRS+=("$ROOT/$d"); done

RUN=$BUILD/run
rm -rf "$RUN"
mkdir -p "$RUN"
before=$(find "$CRASHES" -type f | wc -l)
start=$(date +%s)
CMD="$BUILD/fuzz/fuzz_level ${ARGS[*]} ${DIRS[*]}"
echo "==> $CMD"
echo "    ($FUZZ_SECONDS s on $FUZZ_JOBS job(s); new corpus entries in $SCRATCH; crashes in $CRASHES/; logs in $RUN/)"
(cd "$RUN" && exec "$ROOT/$BUILD/fuzz/fuzz_level" "${ARGS[@]}" "${DIRS[@]}") >"$RUN/main.log" 2>&1 &
pid=$!
trap 'kill "$pid" 2>/dev/null' INT TERM
# Progress once a minute: the last status line of each job.
while kill -0 "$pid" 2>/dev/null; do
    for _ in $(seq 60); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 1
    done
    kill -0 "$pid" 2>/dev/null || break
    for f in "$RUN"/main.log "$RUN"/fuzz-*.log; do
        [[ -f $f ]] || continue
        line=$(grep -E '^#[0-9]+' "$f" | tail -n 1)
        [[ -n $line ]] && printf '  [%4ds] %s: %s\n' "$(($(date +%s) - start))" "$(basename "$f")" "$line"
    done
done
wait "$pid"
rc=$?
elapsed=$(($(date +%s) - start))
# In -jobs mode main.log repeats each job's log when the job ends: use the job logs.
logs=("$RUN"/fuzz-*.log)
[[ -f ${logs[0]} ]] || logs=("$RUN"/main.log)
cat "${logs[@]}" >"$LOG" 2>/dev/null

# Show what went wrong, if anything.
if grep -qE '^==[0-9]+==ERROR|^SUMMARY:|Test unit written|contract violated' "$LOG"; then
    grep -E -A40 '^==[0-9]+==ERROR|contract violated' "$LOG" | head -n 120
    grep -E 'Test unit written|^SUMMARY:' "$LOG"
fi

# Executions: the sum over jobs of "stat::number_of_executed_units" (or of their last "#N" line).
execs=0
for f in "${logs[@]}"; do
    [[ -f $f ]] || continue
    n=$(sed -n 's/^stat::number_of_executed_units: *//p' "$f" | tail -n 1)
    [[ -z $n ]] && n=$(grep -oE '^#[0-9]+' "$f" | tail -n 1 | tr -d '#')
    execs=$((execs + ${n:-0}))
done
cov=$(grep -E '^#[0-9]+' "$LOG" | grep -oE 'cov: [0-9]+' | sort -t' ' -k2 -n | tail -n 1)
after=$(find "$CRASHES" -type f | wc -l)
echo
echo "==> fuzz summary"
echo "command:    $CMD"
echo "wall time:  ${elapsed} s, jobs: $FUZZ_JOBS"
echo "executions: $execs  (max ${cov:-cov: ?} edges)"
echo "corpus:     $(find "$SCRATCH" -type f | wc -l) new entries in $SCRATCH"
echo "crashes:    $((after - before)) new file(s) in $CRASHES/ (libFuzzer exit $rc)"
if [[ $rc != 0 || $after -gt $before ]]; then
    find "$CRASHES" -type f -newermt "@$start" -print | sed 's/^/    /'
    echo "Reproduce: $BUILD/fuzz/fuzz_level FILE; minimise: $BUILD/fuzz/fuzz_level -minimize_crash=1 -runs=100000 FILE"
    echo "Then keep the minimised input in fuzz/corpus/regressions/ (replayed by ctest: fuzz_corpus_replay)."
    exit 1
fi
echo "no crash"
