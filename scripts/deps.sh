# shellcheck shell=bash
# Debian packages puzzlelab needs. Sourced by the other scripts:
#
#   source scripts/deps.sh
#   pl_ensure_deps            # what the build and the tests need
#   pl_ensure_deps --fuzz     # also what `make fuzz` needs (clang, libFuzzer)
#   pl_ensure_deps --web-build   # also what scripts/web.sh needs (emscripten, node)
#   pl_ensure_deps --web      # and what the browser test needs (chromium, npm)
#
# or run directly: `bash scripts/deps.sh [--fuzz]`.
#
# Missing packages (dpkg-query) are installed with apt-get when running as
# root; otherwise the exact `sudo apt-get install -y ...` line is printed and
# the script exits 1. On a system without dpkg the check is skipped with a
# warning (the build then says what is missing).
#
# To add a dependency (a new game needing libcairo2-dev, say), add it to
# PL_DEPS below. An entry "a|b+c" is satisfied by package a, or by b and c
# together; the first alternative is the one installed.

# libopenmpi-dev and openmpi-bin: `sweep` under mpirun and its test (optional
# in CMake: the build works without them).
PL_DEPS="build-essential|gcc+make+libc6-dev cmake pkg-config libjansson-dev libcadical-dev libcairo2-dev libncurses-dev libgeos-dev libopenmpi-dev openmpi-bin"
# Only for fuzzing (make fuzz); the compiler-rt version follows Debian 12's clang.
PL_FUZZ_DEPS="clang libclang-rt-14-dev"
# Only for the web playground (scripts/web.sh) and its browser test
# (tests/web): emscripten 3.1.6 and node; chromium driven by playwright-core
# from npm (npm is checked as a command: NodeSource's nodejs brings its own).
PL_WEB_BUILD_DEPS="emscripten nodejs"
PL_WEB_TEST_DEPS="chromium"

# True when every package of a "+"-joined list is installed.
pl__installed() {
    local p status
    local IFS='+'
    for p in $1; do
        status=$(dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null) || return 1
        [[ $status == ii* ]] || return 1
    done
    return 0
}

# Prints the packages to install for the entries given (one per missing entry).
pl_missing_deps() {
    local entry alt ok missing=()
    for entry in "$@"; do
        ok=0
        local IFS='|'
        for alt in $entry; do
            if pl__installed "$alt"; then
                ok=1
                break
            fi
        done
        unset IFS
        [[ $ok == 1 ]] || missing+=("${entry%%|*}")
    done
    local m
    for m in "${missing[@]}"; do printf '%s\n' "${m//+/ }"; done
}

pl_ensure_deps() {
    local entries
    # shellcheck disable=SC2206 # word splitting of the lists is intended
    entries=($PL_DEPS)
    case ${1:-} in
    --fuzz)
        # shellcheck disable=SC2206
        entries+=($PL_FUZZ_DEPS)
        ;;
    --web-build)
        # shellcheck disable=SC2206
        entries+=($PL_WEB_BUILD_DEPS)
        ;;
    --web)
        # shellcheck disable=SC2206
        entries+=($PL_WEB_BUILD_DEPS $PL_WEB_TEST_DEPS)
        command -v npm >/dev/null 2>&1 || entries+=(npm)
        ;;
    esac
    if ! command -v dpkg-query >/dev/null 2>&1; then
        echo "deps: dpkg-query not found (not Debian?): not checking packages; needed: ${entries[*]}" >&2
        return 0
    fi
    local missing
    missing=$(pl_missing_deps "${entries[@]}" | tr '\n' ' ')
    missing=${missing% }
    if [[ -z $missing ]]; then
        return 0
    fi
    if [[ $(id -u) == 0 ]]; then
        echo "deps: installing missing packages: $missing" >&2
        # shellcheck disable=SC2086 # one word per package
        if ! { DEBIAN_FRONTEND=noninteractive apt-get update &&
            DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $missing; }; then
            echo "deps: apt-get failed; install by hand: apt-get install -y $missing" >&2
            exit 1
        fi
        missing=$(pl_missing_deps "${entries[@]}" | tr '\n' ' ')
        if [[ -n $missing ]]; then
            echo "deps: still missing after apt-get: $missing" >&2
            exit 1
        fi
        return 0
    fi
    echo "deps: missing Debian packages; run:" >&2
    echo "sudo apt-get install -y $missing"
    exit 1
}

# The source package NAME at upstream VERSION (Debian 12's), unpacked into
# DIR/NAME-VERSION: `apt-get source --download-only`, whose files apt checks
# against the signed archive. Needs a deb-src entry: as root one is added
# for Debian 12's main (/etc/apt/sources.list.d/puzzlelab-deb-src.sources);
# otherwise the lines to add are printed and the script exits 1.
pl_fetch_debian_source() {
    local name=$1 version=$2 dir=$3 list=/etc/apt/sources.list.d/puzzlelab-deb-src.sources
    mkdir -p "$dir"
    if ! (cd "$dir" && apt-get source --download-only "$name" >/dev/null 2>&1); then
        if [[ $(id -u) != 0 ]]; then
            echo "deps: apt-get source $name needs a deb-src entry; as root add $list:" >&2
            printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' >&2
            exit 1
        fi
        echo "deps: adding Debian 12's source packages to apt ($list)" >&2
        printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: bookworm\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' >"$list"
        DEBIAN_FRONTEND=noninteractive apt-get update >/dev/null
        (cd "$dir" && apt-get source --download-only "$name" >/dev/null 2>&1) || {
            echo "deps: apt-get source --download-only $name failed" >&2
            exit 1
        }
    fi
    local tarball
    tarball=$(ls "$dir/${name}_${version}".orig.tar.* 2>/dev/null | head -n 1)
    if [[ -z $tarball ]]; then
        echo "deps: $name $version's source not found in $dir (another version in Debian?)" >&2
        exit 1
    fi
    tar -xf "$tarball" -C "$dir"
}

# Run directly: check (and install) now.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    set -euo pipefail
    pl_ensure_deps "$@"
    echo "deps: all present"
fi
