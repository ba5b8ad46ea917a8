# shellcheck shell=bash
# Debian packages puzzlelab needs. Sourced by the other scripts:
#
#   source scripts/deps.sh
#   pl_ensure_deps            # what the build and the tests need
#   pl_ensure_deps --fuzz     # also what `make fuzz` needs (clang, libFuzzer)
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
    if [[ ${1:-} == --fuzz ]]; then
        # shellcheck disable=SC2206
        entries+=($PL_FUZZ_DEPS)
    fi
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

# Run directly: check (and install) now.
if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
    set -euo pipefail
    pl_ensure_deps "$@"
    echo "deps: all present"
fi
