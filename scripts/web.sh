#!/usr/bin/env bash
# The web playground, built by one command:
#
#   bash scripts/web.sh [BUILD-DIR]     # default build-web/ -> BUILD-DIR/site/index.html
#   PL_WEB_SNIP=0 bash scripts/web.sh   # without Snipperclips (no GEOS: faster the first time)
#
# Installs what is missing first (Debian's emscripten; scripts/deps.sh --web),
# fetches jansson's Debian source package once into BUILD-DIR/_deps (apt-get
# source: the web build compiles it with emscripten), then configures
# web/CMakeLists.txt with emcmake and builds. Open BUILD-DIR/site/index.html
# in a browser (file:// works; no network is used), or serve the folder with
# any static server.
#
# Snipperclips is in the page by default (PL_WEB_SNIP=1): GEOS's Debian
# source package is fetched the same way and compiled with emscripten by
# GEOS's own CMake files in a unity build (web/geos/unity.cmake), once, into
# a cache outside the build tree (PL_CACHE_DIR, default ~/.cache/puzzlelab),
# keyed by GEOS's version, the unity file, the flags and the compiler; later
# builds reuse it. The first time takes about 190 s of CPU (docs/design.md
# has the measurements). PL_WEB_SNIP=0 builds the page without it (the page
# then lists Snipperclips as not in this build).
#
# Safe to run concurrently: one run at a time per BUILD-DIR (a lock in it),
# one GEOS build at a time per cache entry (a lock beside it); a cache entry
# is complete or absent (built aside, then renamed into place), and an
# interrupted GEOS build is resumed by the next run.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${1:-$ROOT/build-web}
mkdir -p "$BUILD"
BUILD=$(cd "$BUILD" && pwd)
exec 8>"$BUILD/.web.lock"
if ! flock -n 8; then
    echo "web: waiting for another scripts/web.sh building $BUILD to finish"
    flock 8
fi
JOBS=${JOBS:-2}

# shellcheck source=scripts/deps.sh
source "$ROOT/scripts/deps.sh"
pl_ensure_deps --web-build

# Debian's emscripten runs its JavaScript tools with the system's node, which
# finds Debian's node modules (acorn) only through NODE_PATH when node is not
# Debian's own.
export NODE_PATH=/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}
JANSSON_VERSION=2.14
JANSSON_DIR=$BUILD/_deps/jansson-$JANSSON_VERSION
if [[ ! -f $JANSSON_DIR/src/jansson.h ]]; then
    pl_fetch_debian_source jansson "$JANSSON_VERSION" "$BUILD/_deps"
fi

SNIP_ARGS=(-DPL_WEB_SNIP=OFF)
if [[ ${PL_WEB_SNIP:-1} == 1 ]]; then
    GEOS_VERSION=3.11.1
    GEOS_SRC=$BUILD/_deps/geos-$GEOS_VERSION
    GEOS_FLAGS="-O2 -DNDEBUG"
    # (sed, not head: head may exit before emcc writes its other lines, and
    # emcc's broken pipe then failed this script under pipefail, at random)
    key=$( { echo "$GEOS_VERSION $GEOS_FLAGS"; cat "$ROOT/web/geos/unity.cmake"; emcc --version | sed -n 1p; } | sha256sum | cut -c1-12)
    CACHE=${PL_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/puzzlelab}
    GEOS_PREFIX=$CACHE/geos-wasm-$GEOS_VERSION-$key
    mkdir -p "$CACHE"
    exec 9>"$GEOS_PREFIX.lock"
    if ! flock -n 9; then
        echo "web: waiting for another build of $GEOS_PREFIX to finish"
        flock 9
    fi
    if [[ ! -f $GEOS_PREFIX/lib/libgeos_c.a ]]; then
        if [[ ! -f $GEOS_SRC/capi/geos_c.h.in ]]; then
            pl_fetch_debian_source geos "$GEOS_VERSION" "$BUILD/_deps"
        fi
        echo "web: compiling GEOS $GEOS_VERSION with emscripten (once; cached in $GEOS_PREFIX)"
        start=$(date +%s)
        # kept when interrupted: the next run resumes it (under the lock)
        if [[ ! -f $GEOS_PREFIX.build/Makefile ]]; then # configured completely
            rm -rf "$GEOS_PREFIX.build"
            emcmake cmake -S "$GEOS_SRC" -B "$GEOS_PREFIX.build" -DCMAKE_BUILD_TYPE=Release \
                "-DCMAKE_CXX_FLAGS_RELEASE=$GEOS_FLAGS" -DBUILD_SHARED_LIBS=OFF -DBUILD_TESTING=OFF \
                -DBUILD_GEOSOP=OFF -DBUILD_BENCHMARKS=OFF -DCMAKE_PROJECT_INCLUDE="$ROOT/web/geos/unity.cmake" >/dev/null
        fi
        cmake --build "$GEOS_PREFIX.build" --target geos_c -j"$JOBS"
        rm -rf "$GEOS_PREFIX.tmp"
        mkdir -p "$GEOS_PREFIX.tmp/lib" "$GEOS_PREFIX.tmp/include/geos"
        cp "$GEOS_PREFIX.build/capi/geos_c.h" "$GEOS_PREFIX.tmp/include/"
        cp "$GEOS_SRC/include/geos/export.h" "$GEOS_PREFIX.tmp/include/geos/"
        cp "$GEOS_PREFIX.build/lib/libgeos.a" "$GEOS_PREFIX.build/lib/libgeos_c.a" "$GEOS_PREFIX.tmp/lib/"
        rm -rf "$GEOS_PREFIX" # (only an entry damaged by hand can be here)
        mv -T "$GEOS_PREFIX.tmp" "$GEOS_PREFIX" # atomic: the entry is complete or absent
        rm -rf "$GEOS_PREFIX.build"
        echo "web: GEOS compiled in $(($(date +%s) - start)) s (load average $(cut -d' ' -f1-3 /proc/loadavg))"
    fi
    exec 9>&-
    SNIP_ARGS=(-DPL_WEB_SNIP=ON -DGEOS_WASM_PREFIX="$GEOS_PREFIX")
fi

if [[ ! -f $BUILD/CMakeCache.txt ]]; then
    emcmake cmake -S "$ROOT/web" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DJANSSON_SOURCE_DIR="$JANSSON_DIR" \
        "${SNIP_ARGS[@]}" >/dev/null
else
    cmake "$BUILD" "${SNIP_ARGS[@]}" >/dev/null # the choice may differ from the last build's
fi
cmake --build "$BUILD" -j"$JOBS"
echo "web: open $BUILD/site/index.html (file:// works; or serve $BUILD/site)"
