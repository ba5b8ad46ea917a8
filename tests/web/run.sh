#!/usr/bin/env bash
# The web playground's test (CTest `web`, Release builds only): builds the
# page with scripts/web.sh into BUILD/web-build, installs playwright-core
# (tests/web/package-lock.json) into BUILD/web-test, and runs browser.mjs in
# Debian's headless chromium against the page opened from file://. The
# screenshots of every game's page are kept in BUILD/web-artefacts/.
#
#   bash tests/web/run.sh SRCDIR BUILD PUZZLELAB
#
# Snipperclips is in the page (GEOS compiled to WebAssembly once, cached in
# ~/.cache/puzzlelab: about 190 s of CPU the first time) and browser.mjs
# plays it; with PL_WEB_SNIP=0 in the environment the page is built without
# it and browser.mjs checks that the page says so and how to add it.
#
# scripts/test.sh starts scripts/web.sh into BUILD/web-build in the
# background at the lowest priority when it starts (the emscripten build
# then fills the cores' idle time during the native builds and tests), and
# writes its process group to BUILD/web-build.prebuild.pid. Here the build
# waits for that run (scripts/web.sh's lock on its build directory), after
# raising its priority to normal (renice, as root) or, when that is not
# allowed, stopping it (the next run of scripts/web.sh resumes its work);
# then scripts/web.sh finds the page up to date, or finishes what failed.
#
# Installs what is missing as root (scripts/deps.sh --web); exits 77
# (skipped) only when something is missing and cannot be installed (not
# root), saying what to install. Prints the time of each phase.
set -uo pipefail
SRC=$(cd "$1" && pwd)
BUILD=$(cd "$2" && pwd)
PUZZLELAB=$3

# shellcheck source=scripts/deps.sh
source "$SRC/scripts/deps.sh"
# shellcheck disable=SC2086
missing=$(pl_missing_deps $PL_WEB_BUILD_DEPS $PL_WEB_TEST_DEPS | tr '\n' ' ')
command -v npm >/dev/null 2>&1 || missing+="npm"
if [[ -n ${missing// /} && $(id -u) != 0 ]]; then
    echo "web: SKIPPED: missing Debian packages and not root to install them; run: sudo apt-get install -y $missing"
    exit 77
fi
phase() {
    local name=$1 t0=$SECONDS
    shift
    "$@" || { echo "web: $name failed"; exit 1; }
    echo "web: $name took $((SECONDS - t0)) s"
}
phase "installing packages" pl_ensure_deps --web
# The background run of scripts/test.sh, if it is still running: at normal
# priority from now on, since this test waits for it.
hurry_prebuild() {
    local pidf=$BUILD/web-build.prebuild.pid pgid
    [[ -f $pidf ]] || return 0
    pgid=$(cat "$pidf")
    [[ $pgid =~ ^[0-9]+$ ]] && kill -0 -- "-$pgid" 2>/dev/null || return 0
    if renice -n 0 -g "$pgid" >/dev/null 2>&1; then
        echo "web: waiting for the background build of scripts/test.sh (process group $pgid, now at normal priority)"
    else
        echo "web: stopping the background build of scripts/test.sh (process group $pgid; its priority cannot be raised): building here"
        kill -TERM -- "-$pgid" 2>/dev/null
    fi
}
web_build() {
    hurry_prebuild
    bash "$SRC/scripts/web.sh" "$BUILD/web-build" >"$BUILD/web-build.log" 2>&1 || {
        tail -n 40 "$BUILD/web-build.log"
        return 1
    }
}
phase "the emscripten build (scripts/web.sh)" web_build
npm_install() {
    mkdir -p "$BUILD/web-test"
    cp "$SRC/tests/web/package.json" "$SRC/tests/web/package-lock.json" "$SRC/tests/web/browser.mjs" "$BUILD/web-test/"
    if [[ ! -d $BUILD/web-test/node_modules/playwright-core ]] ||
        ! cmp -s "$SRC/tests/web/package-lock.json" "$BUILD/web-test/node_modules/.package-lock.json.installed"; then
        (cd "$BUILD/web-test" && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error) &&
            cp "$SRC/tests/web/package-lock.json" "$BUILD/web-test/node_modules/.package-lock.json.installed"
    fi
}
phase "npm ci (playwright-core)" npm_install
rm -rf "$BUILD/web-artefacts"
phase "the browser test" node "$BUILD/web-test/browser.mjs" "$BUILD/web-build/site" "$PUZZLELAB" "$SRC/levels" \
    "$BUILD/web-artefacts"
