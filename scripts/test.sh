#!/usr/bin/env bash
# Every test, twice: a Release build with -Werror (build/) and a Debug build
# under AddressSanitizer + UndefinedBehaviorSanitizer (build-asan/; warnings
# shown, not fatal).
#
#   bash scripts/test.sh              # both
#   bash scripts/test.sh --release    # only build/
#   bash scripts/test.sh --asan       # only build-asan/ (make asan)
#
# Installs missing Debian packages first (scripts/deps.sh). Works from a fresh
# clone and when rerun (build directories are reused; a build directory made
# for another checkout is recreated). Prints a summary at the end; exits
# non-zero when any step failed.
#
# Environment: JOBS (parallel build and test jobs, default 2), CC (compiler,
# as CMake reads it; used only when a build directory is first configured).
set -uo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$ROOT" || exit 2

DO_RELEASE=1
DO_ASAN=1
for arg in "$@"; do
    case $arg in
    --release) DO_ASAN=0 ;;
    --asan) DO_RELEASE=0 ;;
    -h | --help)
        sed -n '2,16p' "$0"
        exit 0
        ;;
    *)
        echo "test.sh: unknown argument '$arg' (expected --release or --asan)" >&2
        exit 2
        ;;
    esac
done

# shellcheck source=scripts/deps.sh
source scripts/deps.sh
pl_ensure_deps

JOBS=${JOBS:-2}
# The web test's page has Snipperclips (GEOS compiled to WebAssembly, about
# 190 s of CPU from a cold cache, as CI has) unless PL_WEB_SNIP=0 is given.
# Earlier on 2026-11-27 the default here was 0: with Snipperclips the command
# took 796 s on an idle 2-core machine, too near CI's 900 s; the ASan pass at
# -O1 (below) and lighter ASan volumes of the longest tests made the room
# (tests/README.md has the times).
export PL_WEB_SNIP=${PL_WEB_SNIP:-1}
declare -a SUMMARY=()
FAILED=0

note() { printf '\n==> %s\n' "$*"; }

# record NAME STATUS DETAIL
record() {
    SUMMARY+=("$(printf '%-6s %-28s %s' "$2" "$1" "$3")")
    [[ $2 == PASS || $2 == WARN ]] || FAILED=1
}

# A build directory configured for another source tree (a copied checkout)
# cannot be reused: CMake refuses it. Recreate it.
fresh_if_foreign() {
    local dir=$1 home
    [[ -f $dir/CMakeCache.txt ]] || return 0
    home=$(sed -n 's/^CMAKE_HOME_DIRECTORY:INTERNAL=//p' "$dir/CMakeCache.txt")
    if [[ -n $home && $(cd "$home" 2>/dev/null && pwd) != "$ROOT" ]]; then
        echo "test.sh: $dir was configured for $home; recreating it"
        rm -rf "$dir"
    fi
}

# build NAME DIR CMAKE-ARGS...
build() {
    local name=$1 dir=$2
    shift 2
    fresh_if_foreign "$dir"
    note "configure $name ($dir)"
    if ! cmake -S . -B "$dir" "$@"; then
        record "$name: configure" FAIL "cmake -S . -B $dir $*"
        return 1
    fi
    note "build $name"
    if ! cmake --build "$dir" -j"$JOBS"; then
        record "$name: build" FAIL "cmake --build $dir"
        return 1
    fi
    record "$name: build" PASS "$dir"
    return 0
}

# run_ctest NAME DIR: ctest in DIR (environment already set by the caller).
run_ctest() {
    local name=$1 dir=$2 log rc summary
    log=$(mktemp)
    note "ctest $name"
    (cd "$dir" && ctest --output-on-failure -j"$JOBS") 2>&1 | tee "$log"
    rc=${PIPESTATUS[0]}
    summary=$(grep -E 'tests passed|No tests were found' "$log" | tail -n 1)
    rm -f "$log"
    if [[ $rc == 0 ]]; then
        record "$name: ctest" PASS "${summary:-ok}"
    else
        record "$name: ctest" FAIL "${summary:-ctest exit $rc}"
    fi
}

# Whether LeakSanitizer can run here: it needs ptrace-like access to the
# process (it stops the threads to scan them), which some sandboxes forbid.
# Probe with a tiny program built like build-asan (the compiler CMake chose).
lsan_works() {
    local cc tmp ok=1 out
    cc=$(sed -n 's/^CMAKE_C_COMPILER:[A-Z]*=//p' build-asan/CMakeCache.txt 2>/dev/null)
    cc=${cc:-${CC:-cc}}
    tmp=$(mktemp -d)
    printf '#include <stdlib.h>\nint main(void) { void *p = malloc(16); free(p); return 0; }\n' >"$tmp/p.c"
    if "$cc" -fsanitize=address -g -o "$tmp/p" "$tmp/p.c" >/dev/null 2>&1; then
        if ! out=$(ASAN_OPTIONS=detect_leaks=1 "$tmp/p" 2>&1); then
            ok=0
            LSAN_REASON=$(printf '%s\n' "$out" | grep -m1 -iE 'LeakSanitizer|ptrace|error' || echo "probe failed")
        fi
    else
        ok=0
        LSAN_REASON="could not build an ASan probe with $cc"
    fi
    rm -rf "$tmp"
    [[ $ok == 1 ]]
}

# The web test's emscripten build (scripts/web.sh into build/web-build, with
# GEOS for Snipperclips the first time: about 190 s of CPU) started now in
# the background at the lowest priority, so that it uses the time a core is
# idle during the native builds and tests (configure steps, links, the last
# long tests of a pass); the `web` test waits for it (raising it to normal
# priority) and rebuilds whatever it failed to build. Stopped at exit if
# still running. Its own process group, so that it can be reniced or stopped
# as one, but not its own session: Linux's autogroup scheduling (on by
# default) shares the CPU between sessions first, and nice orders processes
# only within one, so a background job in a session of its own (setsid) got
# as much CPU as the whole suite at any nice. Only when the Release pass
# runs and the web build's packages are present or can be installed (as
# root) now, before anything else uses apt. PL_WEB_PREBUILD=0 turns it off.
PREBUILD_PGID=""
stop_prebuild() {
    if [[ -n $PREBUILD_PGID ]] && kill -0 -- "-$PREBUILD_PGID" 2>/dev/null; then
        kill -TERM -- "-$PREBUILD_PGID" 2>/dev/null
    fi
    rm -f build/web-build.prebuild.pid
}
start_prebuild() {
    [[ $DO_RELEASE == 1 && ${PL_WEB_PREBUILD:-1} == 1 ]] || return 0
    # shellcheck disable=SC2086
    if [[ -n $(pl_missing_deps $PL_WEB_BUILD_DEPS $PL_WEB_TEST_DEPS) ]] || ! command -v npm >/dev/null 2>&1; then
        [[ $(id -u) == 0 ]] || return 0
        (pl_ensure_deps --web) || return 0
    fi
    fresh_if_foreign build
    mkdir -p build
    note "the web build in the background (build/web-prebuild.log)"
    set -m # its own process group (not its own session: see above)
    nice -n 19 bash scripts/web.sh build/web-build >build/web-prebuild.log 2>&1 </dev/null &
    PREBUILD_PGID=$!
    set +m
    echo "$PREBUILD_PGID" >build/web-build.prebuild.pid
    trap stop_prebuild EXIT
}

START=$(date +%s)
start_prebuild

# ---- Release, -Werror ----
if [[ $DO_RELEASE == 1 ]] && build release build -DCMAKE_BUILD_TYPE=Release -DPL_WERROR=ON -DPL_SANITIZE=OFF -DPL_FUZZ=OFF; then
    run_ctest release build
fi

# ---- Debug, ASan + UBSan, at -O1 ----
# -O1 as the sanitizers' documentation advises (and scripts/fuzz.sh does):
# measured 2026-11-27 on seven of the longest tests, 128 CPU s against 203
# at -O0, for 71 CPU s more to build. -Werror here too: gcc's flow-based
# warnings at -O1 differ from -O2, and the code must be clean under both.
if [[ $DO_ASAN == 1 ]] && build asan build-asan -DCMAKE_BUILD_TYPE=Debug "-DCMAKE_C_FLAGS_DEBUG=-g -O1" -DPL_WERROR=ON -DPL_SANITIZE=ON -DPL_FUZZ=OFF; then
    LEAKS=1
    LSAN_REASON=""
    if ! lsan_works; then
        LEAKS=0
        echo "test.sh: WARNING: LeakSanitizer cannot run here (${LSAN_REASON}); running with detect_leaks=0" >&2
        record "asan: leak detection" WARN "off: LeakSanitizer cannot run here (ptrace?)"
    fi
    export ASAN_OPTIONS="detect_leaks=${LEAKS}:abort_on_error=0:strict_string_checks=1${ASAN_OPTIONS:+:$ASAN_OPTIONS}"
    export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1${UBSAN_OPTIONS:+:$UBSAN_OPTIONS}"
    run_ctest asan build-asan
fi

ELAPSED=$(($(date +%s) - START))
printf '\n==> summary (%d s)\n' "$ELAPSED"
printf '%s\n' "${SUMMARY[@]}"
if [[ $FAILED != 0 ]]; then
    echo "test.sh: FAILED"
    exit 1
fi
echo "test.sh: all passed"
