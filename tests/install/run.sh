#!/usr/bin/env bash
# The installed tree (issue 22): `cmake --install BUILDDIR --prefix` a scratch
# directory, then
#   - the files are there (executable, libpuzzlelab.a, libpuzzlelab.so with its
#     SONAME link, headers, pkg-config file, CMake package, man page,
#     completion), and the public headers include nothing but the C library,
#     each other, jansson (declared public) and, in draw.h, cairo;
#   - tests/install/example.c (shown verbatim in docs/api.md: checked) is built
#     against the installed tree through pkg-config (`--static --libs`, the
#     static library) and through find_package(puzzlelab) (the shared library
#     and the static one), run on levels/clickomania/small.level: solved, its
#     certificate valid by its own replay and by the installed
#     `puzzlelab verify`, the same moves as `puzzlelab solve`;
#   - the man page reads (groff without warnings, or man -l) and documents
#     every game, problem and option the binary's help lists;
#   - the bash completion sources and completes games, commands and options.
#
# usage: tests/install/run.sh BUILDDIR SRCDIR CC [SANITIZER-FLAGS]
# SANITIZER-FLAGS: what a PL_SANITIZE build compiled the library with; the
# example is then compiled and linked with them too (an instrumented library
# needs the sanitizer runtimes in the program that links it).
set -u
# shellcheck source=tests/lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../lib.sh"
pl_test_args install "BUILD=BUILDDIR SRC=SRCDIR CC [SANITIZER-FLAGS]" "$@"
CC=$3
SAN=${4:-}

PREFIX=$TMP/prefix
LEVEL=$SRC/levels/clickomania/small.level
EXAMPLE=$SRC/tests/install/example.c
# shellcheck disable=SC2206 # the flags are words
SANFLAGS=($SAN)

finish() {
    pl_test_done install
    exit
}

# ---- install ----
if cmake --install "$BUILD" --prefix "$PREFIX" >"$TMP/install.log" 2>&1; then
    ok
else
    bad "cmake --install $BUILD --prefix $PREFIX failed:"
    tail -n 20 "$TMP/install.log" >&2
    finish
fi

# The library directory is lib/, lib64/ or lib/<multiarch>/ (GNUInstallDirs).
PC=$(find "$PREFIX" -name puzzlelab.pc -path '*/pkgconfig/*' | head -n 1)
if [[ -z $PC ]]; then
    bad "no puzzlelab.pc installed"
    finish
fi
LIBDIR=$(dirname "$(dirname "$PC")")
for f in "$PREFIX/bin/puzzlelab" "$LIBDIR/libpuzzlelab.a" "$LIBDIR/libpuzzlelab.so" \
    "$LIBDIR/cmake/puzzlelab/puzzlelabConfig.cmake" "$LIBDIR/cmake/puzzlelab/puzzlelabConfigVersion.cmake" \
    "$PREFIX/include/puzzlelab/game.h" "$PREFIX/include/puzzlelab/core.h" \
    "$PREFIX/share/man/man1/puzzlelab.1" "$PREFIX/share/bash-completion/completions/puzzlelab"; do
    if [[ -s $f ]]; then ok; else bad "not installed: ${f#"$PREFIX"/}"; fi
done
soname=$(readelf -d "$LIBDIR/libpuzzlelab.so" 2>/dev/null | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
if [[ $soname == libpuzzlelab.so.* && -e $LIBDIR/$soname ]]; then ok; else bad "SONAME '$soname' (or its link) missing"; fi
if "$PREFIX/bin/puzzlelab" --version | grep -q '^puzzlelab '; then ok; else bad "installed puzzlelab --version"; fi

# Every public header includes only the C library, other puzzlelab headers,
# jansson (a declared public dependency) and, in draw.h, cairo (Requires.private:
# pkg-config --cflags gives its directories; the CMake package adds them).
for h in "$PREFIX"/include/puzzlelab/*.h; do
    name=$(basename "$h")
    while read -r inc; do
        case $inc in
        puzzlelab/*.h | stdbool.h | stddef.h | stdint.h | stdio.h | stdlib.h | string.h | limits.h | stdarg.h | math.h | jansson.h) ok ;;
        cairo.h) if [[ $name == draw.h ]]; then ok; else bad "$name includes <cairo.h>"; fi ;;
        *) bad "$name includes <$inc>, a dependency the package files do not declare" ;;
        esac
    done < <(sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*[<"]\([^>"]*\)[>"].*/\1/p' "$h")
done

# ---- docs/api.md shows example.c verbatim ----
python3 - "$SRC/docs/api.md" "$EXAMPLE" <<'PY' && ok || bad "docs/api.md's program differs from tests/install/example.c"
import sys
doc = open(sys.argv[1]).read().split("\n")
want = open(sys.argv[2]).read().rstrip("\n").split("\n")
blocks, cur = [], None
for line in doc:
    if cur is None and line.strip() == "```c":
        cur = []
    elif cur is not None and line.strip() == "```":
        blocks.append(cur)
        cur = None
    elif cur is not None:
        cur.append(line)
sys.exit(0 if want in blocks else 1)
PY

# check_example NAME BINARY: runs it on the level; solved, valid, and the
# same certificate as the installed CLI's, which also verifies it.
check_example() {
    local name=$1 exe=$2 out rc
    out=$("$exe" clickomania "$LEVEL" 2>"$TMP/$name.err")
    rc=$?
    if [[ $rc != 0 ]]; then
        bad "$name: exit $rc: $(head -c 400 "$TMP/$name.err")"
        return
    fi
    printf '%s\n' "$out" >"$TMP/$name.out"
    local first last n
    first=$(head -n 1 "$TMP/$name.out")
    last=$(tail -n 1 "$TMP/$name.out")
    n=$(($(wc -l <"$TMP/$name.out") - 2))
    if [[ $first == "solved by "* ]]; then ok; else bad "$name: first line '$first'"; fi
    if [[ $last == "valid ($n moves)" && $n -gt 0 ]]; then ok; else bad "$name: last line '$last' ($n moves)"; fi
    sed '1d;$d' "$TMP/$name.out" >"$TMP/$name.moves"
    local v
    v=$("$PREFIX/bin/puzzlelab" clickomania verify "$LEVEL" "$TMP/$name.moves" 2>&1 | head -n 1)
    if [[ $v == "valid ($n moves)" ]]; then ok; else bad "$name: puzzlelab verify says '$v'"; fi
    if cmp -s "$TMP/$name.moves" "$TMP/cli.moves"; then ok; else bad "$name: moves differ from puzzlelab solve's"; fi
}
"$PREFIX/bin/puzzlelab" clickomania solve "$LEVEL" | sed '1,/^moves:$/d' >"$TMP/cli.moves"
[[ -s $TMP/cli.moves ]] && ok || bad "puzzlelab clickomania solve printed no moves"

# ---- pkg-config, static: every library it needs comes from --static --libs ----
if command -v pkg-config >/dev/null; then
    export PKG_CONFIG_PATH=$LIBDIR/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
    if cflags=$(pkg-config --cflags puzzlelab) && libs=$(pkg-config --static --libs puzzlelab); then
        ok
        # libpuzzlelab.a and libpuzzlelab.so share the directory, where -l
        # would take the .so: name the archive (GNU ld's -l:FILE).
        libs=${libs/-lpuzzlelab/-l:libpuzzlelab.a}
        # shellcheck disable=SC2086 # pkg-config's output is a list of words
        if "$CC" -std=c11 -Wall -Wextra -Wpedantic -Werror "${SANFLAGS[@]}" $cflags "$EXAMPLE" \
            -o "$TMP/example-pc" $libs 2>"$TMP/pc.err"; then
            ok
            if readelf -d "$TMP/example-pc" | grep -q 'NEEDED.*libpuzzlelab'; then
                bad "pkg-config build: linked the shared library, not libpuzzlelab.a"
            else
                ok
            fi
            check_example pkg-config-static "$TMP/example-pc"
        else
            bad "pkg-config build failed: $CC ... $cflags $libs"
            head -n 30 "$TMP/pc.err" >&2
        fi
    else
        bad "pkg-config puzzlelab: $(pkg-config --print-errors --cflags puzzlelab 2>&1 | head -n 3)"
    fi
else
    bad "pkg-config not found"
fi

# ---- CMake: find_package(puzzlelab), shared and static targets ----
CB=$TMP/consumer
if cmake -S "$SRC/tests/install/consumer" -B "$CB" -DCMAKE_PREFIX_PATH="$PREFIX" -DCMAKE_C_COMPILER="$CC" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_C_FLAGS="$SAN" -DCMAKE_EXE_LINKER_FLAGS="$SAN" >"$TMP/cmake.log" 2>&1 &&
    cmake --build "$CB" >>"$TMP/cmake.log" 2>&1; then
    ok
    if readelf -d "$CB/example_shared" | grep -q "NEEDED.*\[$soname\]"; then ok; else bad "example_shared does not need $soname"; fi
    if readelf -d "$CB/example_static" | grep -q 'NEEDED.*libpuzzlelab'; then bad "example_static needs the shared library"; else ok; fi
    # the shared one must load the installed library (RUNPATH into PREFIX)
    if ldd "$CB/example_shared" 2>/dev/null | grep -q "libpuzzlelab.*=> $LIBDIR/"; then ok; else bad "example_shared does not load $LIBDIR/$soname"; fi
    check_example cmake-shared "$CB/example_shared"
    check_example cmake-static "$CB/example_static"
else
    bad "the find_package(puzzlelab) project did not configure or build:"
    tail -n 30 "$TMP/cmake.log" >&2
fi

# ---- the man page ----
MAN=$PREFIX/share/man/man1/puzzlelab.1
if grep -q '^\.TH PUZZLELAB 1' "$MAN"; then ok; else bad "puzzlelab.1 has no .TH line"; fi
if command -v groff >/dev/null; then
    if groff -man -Tutf8 -ww -z "$MAN" 2>"$TMP/groff.err" && [[ ! -s $TMP/groff.err ]]; then
        ok
    else
        bad "groff reads puzzlelab.1 with warnings: $(head -n 5 "$TMP/groff.err")"
    fi
elif command -v man >/dev/null; then
    if MANPAGER=cat man -l "$MAN" >/dev/null 2>"$TMP/man.err"; then ok; else bad "man -l puzzlelab.1: $(head -n 3 "$TMP/man.err")"; fi
fi
# Generated, not copied: what the installed binary's help lists is on the page.
top=$("$PREFIX/bin/puzzlelab" help)
names=$(printf '%s\n' "$top" | awk '/^(games|source problems)/ {on = 1; next} /^$/ {on = 0} on && /^  [^ ]/ {print $1}')
for g in $names; do
    G=$(printf '%s' "$g" | tr '[:lower:]' '[:upper:]')
    G=${G//-/\\-} # roff's minus
    if grep -qxF -e ".SH GAME $G" -e ".SH PROBLEM $G" "$MAN"; then ok; else bad "puzzlelab.1: no section for $g"; fi
done
[[ $(wc -w <<<"$names") -ge 5 ]] && ok || bad "puzzlelab help lists too few games and problems: $names"
for opt in $("$PREFIX/bin/puzzlelab" clickomania solve --help | sed -n 's/^  \(--[a-z0-9-]*\).*/\1/p'); do
    if grep -qF -- "\\fB${opt//-/\\-}" "$MAN"; then ok; else bad "puzzlelab.1: clickomania solve's $opt missing"; fi
done

# ---- bash completion, asking the installed binary ----
COMP=$PREFIX/share/bash-completion/completions/puzzlelab
# complete WORDS...: what completing the last word offers, one line
complete_words() {
    PATH="$PREFIX/bin:$PATH" bash --norc --noprofile -c '
        source "$1" || exit 9
        shift
        COMP_WORDS=("$@")
        COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
        COMP_LINE="$*"
        COMP_POINT=${#COMP_LINE}
        _puzzlelab
        echo "${COMPREPLY[*]}"' bash "$COMP" "$@" 2>&1
}
expect_completion() {
    local want=$1 got
    shift
    got=$(complete_words "$@")
    if [[ $got == "$want" ]]; then ok; else bad "completing '$*': got '$got', expected '$want'"; fi
}
expect_completion solve puzzlelab clickomania so
expect_completion clickomania puzzlelab cl
expect_completion "--node-limit" puzzlelab clickomania solve --node-l
expect_completion "clear max score" puzzlelab clickomania solve --objective ""
expect_completion "solve" puzzlelab x3c so
expect_completion "$SRC/levels/clickomania/small.level" puzzlelab clickomania solve "$SRC/levels/clickomania/smal"

finish
