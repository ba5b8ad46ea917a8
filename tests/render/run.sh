#!/usr/bin/env bash
# `puzzlelab GAME render` from the command line, for every game: the files are
# what their extension says (PNG signature and IHDR size, SVG that parses as
# XML with an <svg> root, PDF with moves + 1 pages), --frames and --step, and
# the errors (no -o, an unknown extension, a certificate that does not replay:
# file:line:col and exit 2).
#
# usage: tests/render/run.sh PUZZLELAB SRCDIR
set -u
PL=$(realpath "$1")
SRC=$(realpath "$2")
# shellcheck source=tests/lib.sh
source "$SRC/tests/lib.sh"
pl_test_init render

# check_png FILE: signature and a non-empty IHDR; prints "W H"
png_size() {
    python3 - "$1" <<'PY'
import struct, sys
d = open(sys.argv[1], "rb").read()
if d[:8] != b"\x89PNG\r\n\x1a\n" or d[12:16] != b"IHDR":
    sys.exit(1)
w, h = struct.unpack(">II", d[16:24])
print(w, h)
PY
}
svg_ok() {
    python3 - "$1" <<'PY'
import sys
import xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
sys.exit(0 if root.tag.endswith("svg") and float(root.get("width", "0").rstrip("pt")) > 0 else 1)
PY
}
pdf_pages() {
    python3 - "$1" <<'PY'
import re, sys
d = open(sys.argv[1], "rb").read()
if not d.startswith(b"%PDF-"):
    sys.exit(1)
print(len(re.findall(rb"/Type\s*/Page(?![s\w])", d)))
PY
}

# solve LEVEL GAME -> a MOVES file (the moves: block of solve)
certificate() {
    "$PL" "$1" solve "$2" | sed -n '/^moves:$/,$p' >"$3"
}

check_game() { # GAME LEVEL NAME
    local game=$1 level=$2 name=$3 moves n size w h
    moves="$TMP/$name.moves"
    certificate "$game" "$level" "$moves"
    n=$(grep -cv '^moves:$' "$moves")
    [[ $n -gt 0 ]] && ok || bad "$name: no certificate from solve"
    if "$PL" "$game" render "$level" "$moves" -o "$TMP/$name.pdf"; then
        [[ $(pdf_pages "$TMP/$name.pdf") == $((n + 1)) ]] && ok ||
            bad "$name: PDF has $(pdf_pages "$TMP/$name.pdf") pages, expected $((n + 1))"
    else
        bad "$name: render pdf failed"
    fi
    if "$PL" "$game" render "$level" "$moves" --frames --letters -o "$TMP/$name.svg"; then
        svg_ok "$TMP/$name.svg" && ok || bad "$name: SVG does not parse"
    else
        bad "$name: render svg failed"
    fi
    if "$PL" "$game" render "$level" -o "$TMP/$name-level.png" --cell-size 20 &&
        "$PL" "$game" render "$level" "$moves" --frames --frames-per-row 1 -o "$TMP/$name-strip.png" --cell-size 20; then
        read -r w h <<<"$(png_size "$TMP/$name-level.png")"
        [[ ${w:-0} -gt 0 && ${h:-0} -gt 0 ]] && ok || bad "$name: level PNG"
        # one frame per step, stacked: the strip is (moves + 1) frames high
        read -r sw sh <<<"$(png_size "$TMP/$name-strip.png")"
        [[ ${sw:-0} -ge $w && ${sh:-0} -ge $(((n + 1) * h - n - 1)) ]] && ok ||
            bad "$name: strip ${sw}x$sh for $((n + 1)) frames of ${w}x$h"
    else
        bad "$name: render png failed"
    fi
}

check_game clickomania "$SRC/levels/clickomania/small.level" click
# a level with regions (a construction's gadgets): labelled frames, one label in a margin
check_game clickomania "$SRC/tests/cli/levels/regions.level" click-regions
check_game buttons "$SRC/levels/buttons/lpcp-01.level" buttons
check_game twodots "$SRC/levels/twodots/cycle.level" twodots
check_game coins "$SRC/levels/coins/E-to-F.level" coins-square
cat >"$TMP/tri.level" <<'L'
grid: triangular
start:
oo.
o..
...
target:
...
.o.
oo.
L
check_game coins "$TMP/tri.level" coins-tri
cat >"$TMP/graph.level" <<'L'
grid: graph
start: 0 1 2
target: 1 2 3
edges:
0 1
1 2
2 0
2 3
1 3
3 4
L
check_game coins "$TMP/graph.level" coins-graph
# Snipperclips: the needle (connected model, with a keep line) and Theorem 5
check_game snip "$SRC/levels/snip/frame-connected.level" snip-connected
# (a triangle: 157 moves, so that the one-column PNG strip stays under 32767 px)
printf 'POLYGON((0.2 0.2, 0.8 0.2, 0.5 0.7, 0.2 0.2))\n' >"$TMP/snip-triangle.level"
check_game snip "$TMP/snip-triangle.level" snip-triangle

# --step K draws one frame: the same size as the level alone
lvl="$SRC/levels/clickomania/small.level"
certificate clickomania "$lvl" "$TMP/s.moves"
"$PL" clickomania render "$lvl" "$TMP/s.moves" --step 0 -o "$TMP/s0.png" --cell-size 20 && ok || bad "--step 0"
[[ -n $(png_size "$TMP/s0.png") ]] && ok || bad "--step 0: not a PNG"

expect_error() { # EXPECTED-STDERR-SUBSTRING COMMAND...
    local want=$1 err rc
    shift
    err=$("$@" 2>&1 >/dev/null)
    rc=$?
    [[ $rc == 2 && $err == *"$want"* ]] && ok || bad "$*: exit $rc, stderr '$err' (wanted exit 2 and '$want')"
}
expect_error "render needs -o FILE" "$PL" clickomania render "$lvl"
expect_error "expected an output file ending in .png, .svg or .pdf" "$PL" clickomania render "$lvl" -o "$TMP/x.jpg"
printf '3,0\n\n9,9\n' >"$TMP/bad.moves"
expect_error "$TMP/bad.moves:3:1: move 2 (9,9) is illegal: outside the board" "$PL" clickomania render "$lvl" "$TMP/bad.moves" -o "$TMP/x.png"
printf '3,0\n0;4\n' >"$TMP/syntax.moves"
expect_error "$TMP/syntax.moves:2:2: expected ','" "$PL" clickomania render "$lvl" "$TMP/syntax.moves" -o "$TMP/x.png"
expect_error "cannot write" "$PL" clickomania render "$lvl" -o "$TMP/no/such/dir/x.pdf"
printf 'snip 2 1 0 0.2 0\nsnip 1 2 0 3 3\n' >"$TMP/snip-bad.moves"
expect_error "$TMP/snip-bad.moves:2:1: move 2 (snip 1 2 0 3 3) is illegal" "$PL" snip render "$SRC/levels/snip/pieces.level" "$TMP/snip-bad.moves" -o "$TMP/x.pdf"
expect_error "--step: expected a whole number" "$PL" clickomania render "$lvl" --step x -o "$TMP/x.png"

pl_test_done render
