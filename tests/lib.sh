# shellcheck shell=bash
# Helpers shared by the shell tests (tests/cli/run.sh, tests/play/run.sh,
# tests/render/run.sh), sourced by each: a scratch directory, the pass/fail
# counters and the summary line that ctest shows.
#
#   source "$SRC/tests/lib.sh"
#   pl_test_init NAME    # $TMP (removed on exit), pass=0, fail=0
#   ... ok / bad "what went wrong" ...
#   pl_test_done NAME    # "NAME: P passed, F failed"; fails when F > 0

pl_test_init() {
    TMP=$(mktemp -d "${TMPDIR:-/tmp}/puzzlelab-$1.XXXXXX")
    trap 'rm -rf "$TMP"' EXIT
    pass=0
    fail=0
}
ok() { pass=$((pass + 1)); }
bad() {
    fail=$((fail + 1))
    echo "FAIL: $*" >&2
}
pl_test_done() {
    echo "$1: $pass passed, $fail failed"
    [[ $fail == 0 ]]
}
# pl_sanitized BINARY: true when BINARY was built with AddressSanitizer (its
# shadow memory inflates resident sizes and every run's start-up cost).
pl_sanitized() { grep -qa __asan_init "$1"; }
