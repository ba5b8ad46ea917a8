#!/usr/bin/env bash
# The web playground's test (CTest `web`, Release builds only): builds the
# page with scripts/web.sh into BUILD/web-build, installs playwright-core
# (tests/web/package-lock.json) into BUILD/web-test, and runs browser.mjs in
# Debian's headless chromium against the page opened from file://. The
# screenshots of every game's page are kept in BUILD/web-artefacts/.
#
#   bash tests/web/run.sh SRCDIR BUILD PUZZLELAB
#
# PL_WEB_SNIP=1 in the environment (opt-in, docs/design.md): the page is
# built with Snipperclips (GEOS compiled to WebAssembly once, cached in
# ~/.cache/puzzlelab; the first time takes minutes, and on a loaded machine
# may pass the test's timeout: build the cache first with
# `PL_WEB_SNIP=1 bash scripts/web.sh BUILD/web-build`) and browser.mjs plays
# it; without it, browser.mjs checks that the page says how to add it.
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
web_build() {
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
