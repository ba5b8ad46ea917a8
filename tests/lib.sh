# shellcheck shell=bash
# Helpers shared by the shell tests (every tests/*/run.sh except web/run.sh),
# sourced by each through its own path: the arguments, a scratch directory,
# the pass/fail counters and the summary line that ctest shows.
#
#   # shellcheck source=tests/lib.sh
#   source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
#   pl_test_args NAME "USAGE" "$@"   # the arguments, then pl_test_init NAME
#   pl_test_init NAME    # $TMP (removed on exit), pass=0, fail=0
#   ... ok / bad "what went wrong" ...
#   pl_test_done NAME    # "NAME: P passed, F failed"; fails when F > 0
#
# USAGE is the script's arguments in order, separated by spaces: VAR=WORD is
# a path, realpath'd into VAR; a bare WORD is only counted (the script reads
# it as $N); a word in [brackets] is optional and only trailing words may be
# (an absent [VAR=WORD] sets VAR to ""). Too few or too many arguments print
# "usage: $0 USAGE" without the VAR= parts to stderr and exit 2. E.g.
#   pl_test_args cli "PL=PUZZLELAB SRC=SRCDIR JM=JSON_MOVES" "$@"
#   pl_test_args mpi "PL=PUZZLELAB [SRC=SRCDIR] [MPIEXEC]" "$@"

pl_test_args() {
    local _pl_name=$1 _pl_word _pl_usage="" _pl_min=0 _pl_i=0
    local -a _pl_words _pl_args=()
    read -ra _pl_words <<<"$2"
    shift 2
    for _pl_word in "${_pl_words[@]}"; do
        if [[ $_pl_word == \[*\] ]]; then
            _pl_word=${_pl_word:1:-1}
            _pl_usage+=" [${_pl_word#*=}]"
        else
            _pl_min=$((_pl_min + 1))
            _pl_usage+=" ${_pl_word#*=}"
        fi
        _pl_args+=("$_pl_word")
    done
    if (($# < _pl_min || $# > ${#_pl_args[@]})); then
        echo "usage: $0$_pl_usage" >&2
        exit 2
    fi
    for _pl_word in "${_pl_args[@]}"; do
        _pl_i=$((_pl_i + 1))
        [[ $_pl_word == *=* ]] || continue
        if ((_pl_i <= $#)); then
            printf -v "${_pl_word%%=*}" '%s' "$(realpath "${!_pl_i}")"
        else
            printf -v "${_pl_word%%=*}" '%s' ""
        fi
    done
    pl_test_init "$_pl_name"
}
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
