#!/usr/bin/env bash
# The web playground, built by one command:
#
#   bash scripts/web.sh [BUILD-DIR]     # default build-web/ -> BUILD-DIR/site/index.html
#
# Installs what is missing first (Debian's emscripten; scripts/deps.sh --web),
# fetches jansson's Debian source package once into BUILD-DIR/_deps (apt-get
# source: the web build compiles it with emscripten), then configures
# web/CMakeLists.txt with emcmake and builds. Open BUILD-DIR/site/index.html
# in a browser (file:// works; no network is used), or serve the folder with
# any static server.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BUILD=${1:-$ROOT/build-web}
mkdir -p "$BUILD"
BUILD=$(cd "$BUILD" && pwd)
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

if [[ ! -f $BUILD/CMakeCache.txt ]]; then
    emcmake cmake -S "$ROOT/web" -B "$BUILD" -DCMAKE_BUILD_TYPE=Release -DJANSSON_SOURCE_DIR="$JANSSON_DIR" >/dev/null
fi
cmake --build "$BUILD" -j"$JOBS"
echo "web: open $BUILD/site/index.html (file:// works; or serve $BUILD/site)"
